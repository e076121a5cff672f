import Foundation
@testable import TagCloud
import Testing
import TOMLKit

/// The TOML that stops toml++ (an `assert` in its parser) is refused before it gets there, and
/// valid TOML that looks like it (arrays of arrays on their own lines, dates as keys, brackets
/// in strings and comments) is not.
@Suite struct TOMLGuardTests {
    /// Each of these aborted the process inside TOMLKit (the fuzzer's finds, in Fuzz/regressions).
    @Test(arguments: [
        ("[#a]\n", 1), ("title = 'x'\n[ {b]\n", 2), ("[[ +1]]\n", 1), ("[\r\r\rz]\n", 1), ("[\nb = 1\n", 1),
        ("d = 2024-03-08ta\n", 1), ("d = [2024-03-08T]\n", 1), ("l=[[[}'\n", 1), ("a = }\n", 1), ("a = [,1]\n", 1),
        ("a = ]\n", 1), ("a = # none\n", 1), ("a =\nb = 1\n", 1), ("a =", 1),
    ])
    func fatalConstructsAreRefused(_ text: String, _ line: Int) {
        #expect(TOMLGuard.firstFatalConstruct(in: text)?.line == line, "\(text.debugDescription)")
    }

    /// Valid TOML passes, and TOMLKit reads it.
    @Test(arguments: [
        "tags = [\n  [ \"a\" ],\n  [ # a comment\n \"b\"],\n]\n",
        "2024-03-08ta = 1\nd = 2024-03-08T10:00:00Z\nday = 2024-03-08\nt = 07:32:00\n",
        "s = \"[#not a header]\"\nm = '''\n[#nor this]\n'''\nb = \"\"\"\n[ {x]\n\"\"\"\n# [#comment]\n",
        "[\"quoted key\"]\na = {b = 1, c = [1, 2]}\n[[list]]\nx = 1\n[ spaced ]\n",
        "e = []\nf = [1,]\ng = [\n]\n",
    ])
    func validTOMLPasses(_ text: String) throws {
        #expect(TOMLGuard.firstFatalConstruct(in: text) == nil, "\(text.debugDescription)")
        _ = try TOMLTable(string: text)
    }

    /// A page whose TOML front matter would have stopped `collect` is a problem at its line, and
    /// the rest of the site is counted.
    @Test func aPageThatBrokeTOMLKitIsAProblem() throws {
        let folder = try site(["bad.md": "+++\ntitle = 'x'\n[#a]\n+++\n", "good.md": "+++\ntags = ['kept']\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let collected = try SiteTags.collect(from: [folder])
        #expect(collected.terms.map(\.name) == ["kept"])
        #expect(collected.problems.map(\.line) == [3] && collected.problems.first?.message.contains("a table header must start with a key") == true,
                "\(collected.problems)")
    }
}
