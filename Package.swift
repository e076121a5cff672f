// swift-tools-version:6.1
//
// TagCloud: tag clouds with real, shaped text, wrapped by a SwiftUI-compatible flow layout and drawn
// by Cairo to PNG, SVG and PDF. See ARCHITECTURE in the README for the stages and their boundaries.

import PackageDescription

/// Strict settings shared by every Swift target: Swift 6 language mode is the package default
/// (`swiftLanguageModes` below); these add the upcoming features we rely on.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The strict settings without member import visibility, for the targets that read the fields of
/// C's `struct stat` (file checks). Its header is included by Glibc and by the C shims (CCairo, …),
/// and which module defines the struct depends on the order the modules are built in: with
/// member import visibility, `status.st_mode` failed now and then in a clean build ("not available
/// due to missing import of defining module 'CCairo'"), as in one CI run of stop 40.
let fileCheckingSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The articles' code is compiled as it was written: in the Swift 5 language mode.
let articleSwift: [SwiftSetting] = strictSwift + [.swiftLanguageMode(.v5)]

let package = Package(
    name: "TagCloud",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        .library(name: "Typesetting", targets: ["Typesetting"]),
        .library(name: "Canvas", targets: ["Canvas"]),
        .library(name: "TagCloudUI", targets: ["TagCloudUI"]),
        .library(name: "TagCloud", targets: ["TagCloud"]),
        .library(name: "TagCloudTesting", targets: ["TagCloudTesting"]),
        .executable(name: "tagcloud", targets: ["tagcloud"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `tagcloud preview`'s server (loopback only), and the logging, NIO and HTTP types it hands us.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // MARK: System libraries (never products; only the module named beside each imports it)
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),                       // Canvas
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16",
                       providers: [.apt(["libpng-dev"])]),                          // Canvas
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),                      // Canvas
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),                     // Typesetting
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),                     // Typesetting
        .systemLibrary(name: "CHarfBuzzSubset", path: "Sources/CHarfBuzzSubset", pkgConfig: "harfbuzz-subset",
                       providers: [.apt(["libharfbuzz-dev"])]),                     // Typesetting
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),                   // Typesetting
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),                      // Typesetting
        // ICU's line break iterator, for the word breaks of Thai, Lao, Khmer and Myanmar (Debian's
        // libicu-dev): a C target, so that no ICU header meets the copy of ICU in Foundation's module.
        .target(name: "CTagCloudBreaks", path: "Sources/CTagCloudBreaks",
                linkerSettings: [.linkedLibrary("icuuc")]),                         // Typesetting
        // The PNG encoder's pixel conversion with SSSE3's byte shuffle, chosen at run time.
        .target(name: "CTagCloudPixels", path: "Sources/CTagCloudPixels"),         // Canvas

        // MARK: Libraries, one per stage
        .target(name: "LayoutKit", swiftSettings: strictSwift),
        .target(name: "Typesetting",
                dependencies: ["CFreeType", "CHarfBuzz", "CHarfBuzzSubset", "CFontconfig", "CFriBidi", "CTagCloudBreaks"],
                swiftSettings: strictSwift),
        .target(name: "Canvas",
                dependencies: ["Typesetting", "CCairo", "CFreeType", "CPNG", "CDeflate", "CTagCloudPixels"],
                swiftSettings: strictSwift),
        .target(name: "TagCloudUI",
                dependencies: ["LayoutKit", "Typesetting", "Canvas"],
                swiftSettings: strictSwift),
        // Specs (one table of keys), presets, themes, weights, and the front door `Cloud`. Knows
        // nothing of processes: the command's logic lives in TagCloudCommandLine.
        .target(name: "TagCloud",
                dependencies: ["TagCloudUI", "Canvas", "Typesetting", "LayoutKit",
                               .product(name: "Yams", package: "Yams"), .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: fileCheckingSwift),
        // Golden-image assertions for Swift Testing and XCTest. CTagCloudTesting starts its XCTest
        // observer when the test binary loads, so the kit knows which XCTest case is running.
        .target(name: "CTagCloudTesting", path: "Sources/CTagCloudTesting"),
        // glibc's malloc_trim, for `tagcloud preview` to give back what a large render left free
        // (nothing where the C library has no such call).
        .target(name: "CTagCloudMemory", path: "Sources/CTagCloudMemory"),
        // The command's SIGINT, SIGTERM and SIGHUP handler, in C so that it is async-signal-safe.
        .target(name: "CTagCloudSignals", path: "Sources/CTagCloudSignals"),
        .target(name: "TagCloudTesting", dependencies: ["Canvas", "Typesetting", "LayoutKit", "TagCloudUI", "TagCloud", "CTagCloudTesting"],
                swiftSettings: strictSwift),
        // The articles' example views, for the golden tests and `tagcloud samples`.
        .target(name: "Gallery", dependencies: ["TagCloudUI", "GlobulusFlowLayout", "EidhofCollectionView"],
                path: "samples/Swift", swiftSettings: strictSwift),
        // Two articles' code as written (2019, Swift 5), each in its own module so that their
        // `FlowLayout`s keep their names: only the import line is changed.
        .target(name: "GlobulusFlowLayout", dependencies: ["TagCloudUI"], path: "samples/Articles/GlobulusFlowLayout",
                swiftSettings: articleSwift),
        .target(name: "EidhofCollectionView", dependencies: ["TagCloudUI"], path: "samples/Articles/EidhofCollectionView",
                swiftSettings: articleSwift),

        // The tagcloud command: argument parsing (render's options derived from the spec's key
        // tables), the commands, files, standard streams and exit codes. The only target that
        // links the Gallery (for `tagcloud samples`).
        .target(name: "TagCloudCommandLine",
                dependencies: ["TagCloud", "TagCloudUI", "LayoutKit", "Canvas", "Typesetting", "Gallery", "CTagCloudMemory", "CTagCloudSignals",
                               .product(name: "ArgumentParser", package: "swift-argument-parser"),
                               .product(name: "Hummingbird", package: "hummingbird"),
                               .product(name: "HummingbirdCore", package: "hummingbird"),
                               .product(name: "Logging", package: "swift-log"),
                               .product(name: "NIOCore", package: "swift-nio"),
                               .product(name: "NIOHTTP1", package: "swift-nio"),
                               .product(name: "HTTPTypes", package: "swift-http-types")],
                swiftSettings: fileCheckingSwift),

        // MARK: Executables (thin)
        .executableTarget(name: "tagcloud", dependencies: ["TagCloudCommandLine"], swiftSettings: strictSwift),
        // Renders many clouds in one process for LeakSanitizer (make leak-check).
        .executableTarget(name: "LeakCheck", dependencies: ["TagCloud", "Canvas", "TagCloudCommandLine"], path: "Tests/LeakCheck",
                          swiftSettings: strictSwift),
        // The fuzz targets (make fuzz builds this with libFuzzer; built normally it replays inputs).
        .executableTarget(name: "TagCloudFuzz", dependencies: ["TagCloud", "Canvas", "Typesetting"], swiftSettings: strictSwift),
        .executableTarget(name: "TagCloudBench",
                          dependencies: ["LayoutKit", "Typesetting", "Canvas", "TagCloudUI", "TagCloud", "Gallery"],
                          path: "Benchmarks/TagCloudBench",
                          swiftSettings: strictSwift),

        // MARK: Tests
        // The seeded generator every property test draws its cases from (no dependencies, so the
        // layout engine's tests stay free of fonts and Cairo).
        .target(name: "TestRandom", path: "Tests/TestRandom", swiftSettings: strictSwift),
        .testTarget(name: "LayoutKitTests", dependencies: ["LayoutKit", "TestRandom"], swiftSettings: strictSwift),
        .testTarget(name: "ArticleLayoutTests", dependencies: ["LayoutKit", "TestRandom"], swiftSettings: strictSwift),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "TestRandom"],
                    resources: [.copy("Fixtures")], swiftSettings: strictSwift),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "Typesetting", "TagCloudTesting", "TestRandom"],
                    exclude: ["__Snapshots__"], swiftSettings: strictSwift),
        // The golden-image kit itself, and the downstream fixture package (Tests/Downstream) it builds
        // and runs.
        .testTarget(name: "TagCloudTestingTests",
                    dependencies: ["TagCloudTesting", "Canvas", "Typesetting", "TagCloudUI", "TagCloud", "TestRandom"],
                    exclude: ["__Snapshots__"], swiftSettings: strictSwift),
        .testTarget(name: "TagCloudUITests", dependencies: ["TagCloudUI", "TagCloudTesting", "TestRandom"],
                    exclude: ["__Snapshots__"], swiftSettings: strictSwift),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "TagCloudUI", "TagCloudTesting"],
                    exclude: ["__Snapshots__"], swiftSettings: strictSwift),
        .testTarget(name: "TagCloudCommandLineTests",
                    dependencies: ["TagCloudCommandLine", "TagCloud", "Canvas", "Typesetting", "TestRandom",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser")],
                    swiftSettings: fileCheckingSwift),
        .testTarget(name: "TagCloudTests", dependencies: ["TagCloud", "TagCloudTesting", "Gallery", "TagCloudUI",
                                                          "Canvas", "Typesetting", "TestRandom"],
                    exclude: ["Fixtures", "__Snapshots__", "Readme/__Snapshots__", "Rendering/__Snapshots__"], swiftSettings: strictSwift),
    ],
    swiftLanguageModes: [.v6]
)
