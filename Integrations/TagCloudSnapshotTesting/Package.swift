// swift-tools-version:6.1
//
// TagCloudSnapshotTesting: swift-snapshot-testing strategies for TagCloudUI views on Linux, so that
// `assertSnapshot(of: view, as: .tagCloudImage)` works in an existing suite. A package of its own,
// so that TagCloud's users do not fetch swift-snapshot-testing.

import PackageDescription

// The TagCloud checkout. A path dependency's package identity is the last component of its path,
// and this manifest names the package "TagCloud" below, so the path must end in a folder named
// TagCloud: "../.." is right in a clone named TagCloud; elsewhere set TAGCLOUD_PACKAGE_PATH to a
// symlink named TagCloud that points at the checkout (TagCloud's own tests do).
let tagCloud = Context.environment["TAGCLOUD_PACKAGE_PATH"] ?? "../.."

let package = Package(
    name: "TagCloudSnapshotTesting",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TagCloudSnapshotTesting", targets: ["TagCloudSnapshotTesting"]),
    ],
    dependencies: [
        .package(path: tagCloud),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .target(
            name: "TagCloudSnapshotTesting",
            dependencies: [
                .product(name: "TagCloudTesting", package: "TagCloud"),
                .product(name: "TagCloudUI", package: "TagCloud"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
