import Foundation
import Testing

/// TagCloudTesting as a team uses it: the fixture package in Tests/Downstream depends on this
/// checkout by path and tests its own views in Swift Testing and XCTest (and with
/// swift-snapshot-testing through Integrations/TagCloudSnapshotTesting). These tests build it once
/// and run its test binary.
///
/// The build goes to `.build/downstream/scratch`, so a second run only rebuilds what changed. The
/// fixture reaches this checkout through `.build/downstream/TagCloud`, a symlink: a path
/// dependency's package identity is the last component of its path, and the fixture names the
/// package "TagCloud", so a checkout in a folder of another name would not resolve.
@Suite(.serialized) struct DownstreamFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = root.appendingPathComponent("Tests/Downstream")
    static let work = root.appendingPathComponent(".build/downstream")
    static let goldens = fixture.appendingPathComponent("Tests/CloudViewsTests/__Snapshots__")

    /// The fixture's test binary, built once per process; the build's output when it fails.
    static let binary: Result<URL, BuildFailure> = build()

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// What a run of the fixture's tests printed.
    struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var output: String

        var succeeded: Bool { reason == .exit && status == 0 }
    }

    private static func build() -> Result<URL, BuildFailure> {
        do {
            let link = work.appendingPathComponent("TagCloud")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != root.path {
                try? FileManager.default.removeItem(at: link)
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root)
            }
            let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/opt/swift/usr/bin"
            guard let swift = paths.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                return .failure(BuildFailure(description: "no swift on the PATH to build the fixture with"))
            }
            let scratch = work.appendingPathComponent("scratch")
            // SwiftPM reuses its build plan while the root package's manifest is unchanged, and so
            // misses a source file added to this checkout (a dependency of the fixture): removing
            // the plan makes it plan again, and still compile only what changed.
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent("debug.yaml"))
            let run = try launch(swift, ["build", "--build-tests", "--package-path", fixture.path, "--scratch-path", scratch.path],
                                 environment: ["TAGCLOUD_PACKAGE_PATH": link.path])
            guard run.succeeded else {
                return .failure(BuildFailure(description: "the fixture did not build:\n\(run.output.suffix(6000))"))
            }
            return .success(scratch.appendingPathComponent("debug/GoldenFixturePackageTests.xctest"))
        } catch {
            return .failure(BuildFailure(description: "the fixture could not be built: \(error)"))
        }
    }

    /// Runs `executable` with this process's environment less the snapshot settings, plus `extra`,
    /// its standard output and error in one text.
    static func launch(_ executable: URL, _ arguments: [String], environment extra: [String: String]) throws -> Run {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("downstream-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        var environment = ProcessInfo.processInfo.environment
        for name in ["TAGCLOUD_RECORD", "TAGCLOUD_SNAPSHOT_ARTIFACTS", "CI", "SNAPSHOT_TESTING_RECORD"] { environment[name] = nil }
        environment.merge(extra) { $1 }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Run(status: process.terminationStatus, reason: process.terminationReason,
                   output: try String(contentsOf: log, encoding: .utf8))
    }

    /// Runs the fixture's tests: XCTest's by default, Swift Testing's with `--testing-library
    /// swift-testing`, as SwiftPM runs them (one process per framework).
    static func runTests(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> Run {
        let binary = try Self.binary.get()
        return try launch(binary, arguments, environment: environment)
    }

    @Test func swiftTestingGoldensPass() throws {
        let run = try Self.runTests(["--testing-library", "swift-testing"])
        #expect(run.succeeded, "\(run.output)")
        #expect(run.output.contains("Test run with 13 tests in 8 suites passed"), "\(run.output)")
        // One golden per case of the parameterised test, and one per suite path.
        for name in ["leading", "center", "trailing"] {
            #expect(FileManager.default.fileExists(atPath: Self.goldens.appendingPathComponent("CloudGoldenTests/alignments.\(name).1.png").path))
        }
        for suite in ["Light", "Dark"] {
            #expect(FileManager.default.fileExists(atPath: Self.goldens.appendingPathComponent("CloudGoldenTests/\(suite)/Chips/chip.1.png").path))
        }
    }

    /// XCTest, including an `@MainActor` class and swift-snapshot-testing's assertion.
    @Test func xcTestGoldensPass() throws {
        let run = try Self.runTests()
        #expect(run.succeeded, "\(run.output)")
        #expect(run.output.contains("Test Case 'MainActorCloudXCTests.testCloud' passed"), "\(run.output)")
        #expect(run.output.contains("Test Case 'SnapshotTestingIntegrationXCTests.testCloud' passed"), "\(run.output)")
        for name in ["LightCloudXCTests", "DarkCloudXCTests"] {
            #expect(FileManager.default.fileExists(atPath: Self.goldens.appendingPathComponent("\(name)/testCloud.1.png").path))
        }
    }

    /// The fixture's assertions that must fail do, in Swift Testing, with messages that say why;
    /// none of them writes into the fixture's source tree.
    @Test func swiftTestingFailuresAreReported() throws {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("downstream-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let run = try Self.runTests(["--testing-library", "swift-testing", "--filter", "ExpectedFailures"],
                                    environment: ["FIXTURE_EXPECTED_FAILURES": "1", "TAGCLOUD_SNAPSHOT_ARTIFACTS": artifacts.path])
        #expect(!run.succeeded)
        // The detached task's assertion: an issue of no test, which fails the run.
        #expect(run.output.contains("Test «unknown» recorded an issue"), "\(run.output)")
        #expect(run.output.contains("assertSnapshot ran while no test was running (CloudViewsTests/ExpectedFailures.swift:18"), "\(run.output)")
        // Colliding names, with both call sites.
        #expect(run.output.contains("two assertions resolve to the golden"))
        #expect(run.output.contains("ExpectedFailures.swift:24:") && run.output.contains("ExpectedFailures.swift:25:"), "\(run.output)")
        // A character the bundled fonts lack, named.
        #expect(run.output.contains("the text \"Bold 𝐀𝐁𝐂\" needs \"𝐀\" (U+1D400 MATHEMATICAL BOLD CAPITAL A)"), "\(run.output)")
        // A missing golden: the actual picture among the artifacts, not in the source tree.
        #expect(run.output.contains("no golden file at \(Self.goldens.path)/ExpectedFailures/missingGolden.1.png"), "\(run.output)")
        let actual = artifacts.appendingPathComponent("Tests/CloudViewsTests/ExpectedFailures/missingGolden.1.actual.png")
        #expect(FileManager.default.fileExists(atPath: actual.path))
        #expect(!FileManager.default.fileExists(atPath: Self.goldens.appendingPathComponent("ExpectedFailures").path))
        #expect(run.output.contains("Drawn with Cairo "))
        // swift-snapshot-testing's strategy: a view that cannot be drawn says why at once.
        #expect(run.output.contains("TagCloudSnapshotTesting: the view could not be drawn, so no golden can be recorded from it"),
                "\(run.output)")
    }

    /// In XCTest a failure goes to the running test case.
    @Test func xcTestFailuresGoToTheirTestCase() throws {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("downstream-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let run = try Self.runTests(["CloudViewsTests.ExpectedFailureXCTests/testMissingGolden"],
                                    environment: ["FIXTURE_EXPECTED_FAILURES": "1", "TAGCLOUD_SNAPSHOT_ARTIFACTS": artifacts.path])
        #expect(!run.succeeded)
        #expect(run.output.contains("ExpectedFailureXCTests.testMissingGolden : no golden file at"), "\(run.output)")
        #expect(run.output.contains("Test Case 'ExpectedFailureXCTests.testMissingGolden' failed"), "\(run.output)")
    }

    /// An assertion where XCTest runs no case would be dropped by XCTest: the process stops with
    /// the message instead.
    @Test func anXCTestAssertionOutsideATestStopsTheRun() throws {
        let run = try Self.runTests(["CloudViewsTests.ExpectedFailureXCTests/testMissingGolden"],
                                    environment: ["FIXTURE_EXPECTED_FAILURES": "1", "FIXTURE_ASSERTION_OUTSIDE_A_TEST": "1",
                                                  "TAGCLOUD_SNAPSHOT_ARTIFACTS": FileManager.default.temporaryDirectory.path])
        #expect(run.reason == .uncaughtSignal, "\(run.output)")
        #expect(run.output.contains("TagCloudTesting: assertSnapshot ran while no test was running (CloudViewsTests/ExpectedFailures.swift:"),
                "\(run.output)")
    }
}

/// The "Golden tests" article shows the fixture's own code, so that its examples compile: every
/// line of its Swift examples is a line of the fixture (its manifest names TagCloud by URL
/// instead of by path, as a team's would).
@Test func theGoldenTestsArticleShowsTheFixturesCode() throws {
    let article = try String(contentsOf: DownstreamFixtureTests.root.appendingPathComponent(
        "Sources/TagCloudTesting/TagCloudTesting.docc/GoldenTests.md"), encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 4)
    let fixtureFiles = try FileManager.default.subpathsOfDirectory(atPath: DownstreamFixtureTests.fixture.path)
        .filter { $0.hasSuffix(".swift") && !$0.contains("__Snapshots__") }
    let fixtureLines = Set(try fixtureFiles.flatMap { path in
        try String(contentsOf: DownstreamFixtureTests.fixture.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    })
    for block in blocks {
        for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty && !line.hasPrefix("//") && !line.hasPrefix(".package(url:") {
            #expect(fixtureLines.contains(line), "the article's line \"\(line)\" is not in Tests/Downstream")
        }
    }
}
