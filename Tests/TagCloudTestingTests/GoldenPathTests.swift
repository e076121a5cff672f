import Canvas
import Foundation
import TagCloudTesting
import Testing
import Typesetting

/// Every assertion gets a golden of its own: the full suite path, a part per argument of a
/// parameterised test, a number per unnamed assertion, `named:` and `testName:` everywhere, and
/// two assertions that resolve to one golden fail naming both.
@Suite struct GoldenPathTests {
    /// One folder for this suite's goldens, shared by the cases of the parameterised test.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-paths-\(UUID().uuidString)")

    static func verify(_ list: DisplayList = Fixtures.chip(color: .black), named name: String? = nil, testName: String? = nil,
                       fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) -> SnapshotResult {
        verifySnapshot(of: list, as: .image(), named: name, record: .missing, testName: testName, snapshotDirectory: folder,
                       artifactsDirectory: folder, environment: [:], fileID: fileID, filePath: filePath, line: line)
    }

    static func relativePath(_ result: SnapshotResult) -> String? {
        result.goldenURL.map { String($0.path.dropFirst(folder.path.count + 1)) }
    }

    /// Each case of a parameterised test has its golden (they shared one).
    @Test(arguments: ["leading", "center", "trailing"])
    func parameterised(_ alignment: String) {
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/parameterised.\(alignment).1.png")
    }

    /// Several arguments, and values that are not names, become stable file-name parts.
    @Test(arguments: [("x/y", 1), ("b", 2)])
    func severalArguments(_ text: String, _ number: Int) {
        let expected = text == "x/y" ? "x_y,1" : "b,2"
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/severalArguments.\(expected).1.png")
    }

    /// Unnamed assertions are numbered in the order they run; `named:` chooses the name.
    @Test func numberedAndNamed() {
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/numberedAndNamed.1.png")
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/numberedAndNamed.2.png")
        #expect(Self.relativePath(Self.verify(named: "dark mode")) == "GoldenPathTests/numberedAndNamed.dark_mode.png")
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/numberedAndNamed.3.png")
    }

    /// A test run again in one process (`--repetitions`) numbers its goldens from 1 again under the
    /// `.snapshots` trait: each run is a scope of the trait. Without a new scope the numbers go on.
    @Test func eachRunUnderTheTraitNumbersFromOne() async throws {
        let test = try #require(Test.current)
        let found = Locked<[String?]>([])
        for _ in 0..<2 {
            try await SnapshotsTrait().provideScope(for: test, testCase: Test.Case.current) {
                found.withLock { $0.append(Self.relativePath(Self.verify())) }
                found.withLock { $0.append(Self.relativePath(Self.verify())) }
            }
        }
        let paths = found.withLock { $0 }
        let expected = ["GoldenPathTests/eachRunUnderTheTraitNumbersFromOne.1.png", "GoldenPathTests/eachRunUnderTheTraitNumbersFromOne.2.png"]
        #expect(paths == (expected + expected).map(Optional.some))
        // Outside a new scope, the numbering goes on.
        #expect(Self.relativePath(Self.verify()) == "GoldenPathTests/eachRunUnderTheTraitNumbersFromOne.3.png")
    }

    /// The trait is given as Swift Testing code writes it, on a suite.
    @Suite(.snapshots) struct UnderTheTrait {
        @Test func numbered() {
            #expect(GoldenPathTests.relativePath(GoldenPathTests.verify()) == "GoldenPathTests/UnderTheTrait/numbered.1.png")
        }
    }

    /// `testName:` replaces the running test's name inside a Swift Testing test too.
    @Test func testNameIsHonoured() {
        #expect(Self.relativePath(Self.verify(testName: "renamed")) == "GoldenPathTests/renamed.1.png")
    }

    /// Two assertions at different places that resolve to one golden both fail to claim it: the
    /// second is an error naming both call sites, and the first golden is left alone.
    @Test func collidingNamesAreReported() throws {
        let (first, firstLine) = (Self.verify(named: "same"), #line)
        #expect(first.outcome == .recorded)
        let (second, secondLine) = (Self.verify(Fixtures.chip(color: .white), named: "same"), #line)
        #expect(second.outcome == .error)
        let message = try #require(second.failureMessage)
        #expect(message.contains("two assertions resolve to the golden"))
        #expect(message.contains("GoldenPathTests.swift:\(firstLine):") && message.contains("GoldenPathTests.swift:\(secondLine):"), "\(message)")
        #expect(try RGBAImage(contentsOf: try #require(first.goldenURL)) == Fixtures.chip(color: .black).rgbaImage())
        // The same call site may check its golden again (a loop, a helper).
        for _ in 0..<2 {
            #expect(Self.verify(named: "loop").outcome != .error)
        }
        // But not under names that make one file name: they are two goldens, and the second
        // would overwrite the first.
        let results = ["x/y", "x_y"].map { Self.verify(named: $0) }
        #expect(results[0].outcome != .error && results[1].outcome == .error)
        #expect(results[1].failureMessage?.contains("differ only in characters a file name cannot hold") == true,
                "\(results[1].failureMessage ?? "")")
    }

    /// Cases whose arguments make one file name ("a/b" and "a_b") are two tests: both resolve to
    /// one golden, and the second to claim it fails (they shared a counter, and their goldens were
    /// numbered in whatever order the cases ran).
    @Test(arguments: ["a/b", "a_b"]) func argumentsThatMakeOneFileName(_ text: String) {
        let result = Self.verify()
        #expect(Self.relativePath(result) == "GoldenPathTests/argumentsThatMakeOneFileName.a_b.1.png")
        #expect(result.outcome == .recorded || result.failureMessage?.contains("two assertions resolve to the golden") == true,
                "\(result.failureMessage ?? "")")
    }

    /// An argument that describes itself as another does ("same") is still another case: the
    /// two cases resolve to one golden and the second to claim it fails (they were taken for one
    /// test run twice, numbered in whatever order they ran, and each took the other's golden).
    struct Variant: CustomStringConvertible, Sendable {
        var title: String
        var label: String
        var description: String { label }
    }

    @Test(arguments: [Variant(title: "One", label: "same"), Variant(title: "Two", label: "same")])
    func argumentsThatDescribeThemselvesAlike(_ variant: Variant) {
        let result = Self.verify(Fixtures.chip(color: variant.title == "One" ? .black : .white))
        #expect(Self.relativePath(result) == "GoldenPathTests/argumentsThatDescribeThemselvesAlike.same.1.png")
        #expect(result.outcome == .recorded || result.failureMessage?.contains("two assertions resolve to the golden") == true,
                "\(result.failureMessage ?? "")")
    }

    /// The full suite path: two suites' `Inner.test` have different goldens (they shared the folder
    /// `Inner`).
    @Suite struct A {
        @Suite struct Inner {
            @Test func test() {
                #expect(GoldenPathTests.relativePath(GoldenPathTests.verify()) == "GoldenPathTests/A/Inner/test.1.png")
            }
        }
    }

    @Suite struct B {
        @Suite struct Inner {
            @Test func test() {
                #expect(GoldenPathTests.relativePath(GoldenPathTests.verify()) == "GoldenPathTests/B/Inner/test.1.png")
            }
        }
    }
}
