// swift-tools-version:6.1
//
// GoldenFixture: a package that depends on TagCloud as a team's package would, and tests its own
// views with TagCloudTesting in Swift Testing and XCTest, and with swift-snapshot-testing through
// TagCloudSnapshotTesting. TagCloud's own tests build and run it
// (Tests/TagCloudTestingTests/DownstreamFixtureTests.swift).

import PackageDescription

// The TagCloud checkout. A path dependency's package identity is the last component of its path,
// and `.product(name:package:)` below names the package "TagCloud", so the path must end in a
// folder named TagCloud: "../.." is right in a clone named TagCloud; TagCloud's tests set
// TAGCLOUD_PACKAGE_PATH to a symlink named TagCloud (.build/downstream/TagCloud), so any checkout
// folder works.
let tagCloud = Context.environment["TAGCLOUD_PACKAGE_PATH"] ?? "../.."

let package = Package(
    name: "GoldenFixture",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: tagCloud),
        .package(path: "\(tagCloud)/Integrations/TagCloudSnapshotTesting"),
    ],
    targets: [
        .target(name: "CloudViews", dependencies: [.product(name: "TagCloudUI", package: "TagCloud")]),
        .testTarget(
            name: "CloudViewsTests",
            dependencies: [
                "CloudViews",
                .product(name: "TagCloudTesting", package: "TagCloud"),
                .product(name: "TagCloudSnapshotTesting", package: "TagCloudSnapshotTesting"),
            ],
            // Goldens are data, not sources: without this SwiftPM warns about every file in them.
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
