import Canvas
import Foundation
import Testing
import TestRandom

/// The link checker: the allowed kinds, every other scheme refused in any letter case and
/// disguise, malformed links reported, never dropped.
@Suite struct WebLinkTests {
    @Test(arguments: [
        ("https://www.swift.org", WebLink.Kind.web), ("HTTP://EXAMPLE.COM/a?b=c#d", .web), ("http://[::1]:8080/", .web),
        ("https://example.com:443/path", .web), ("https://例え.jp/パス", .web), ("mailto:me@example.com", .mail),
        ("MailTo:me@example.com", .mail), ("tel:+1-555-0100", .telephone), ("/tags/swift", .relative),
        ("tags/swift.html", .relative), ("../up", .relative), ("?page=2", .relative), ("/search?q=a\\b", .relative), ("//cdn.example.com/x", .relative),
        ("#swift", .fragment), ("a%20b", .relative),
        // A combining mark after # makes one character of both; the link is still a fragment.
        ("#\u{64E}x", .fragment),
    ])
    func allowedLinks(href: String, kind: WebLink.Kind) throws {
        let link = try WebLink(checking: href)
        #expect(link.kind == kind)
        #expect(link.href == href)
    }

    /// A link is bounded: 8 KiB, the longest accepted; one byte more is refused, with a message
    /// that does not echo it whole.
    @Test func aLinkOverEightKilobytesIsRefused() throws {
        let path = "https://example.com/?q="
        let longest = path + String(repeating: "a", count: WebLink.maximumLength - path.utf8.count)
        #expect(try WebLink(checking: longest).href == longest)
        let error = #expect(throws: CanvasError.self) { try WebLink(checking: longest + "é") }
        let message = error?.description ?? ""
        #expect(message.contains("cannot be used: it is too long: 8198 bytes as a URL (percent-encoded), and a link may be at most 8192 bytes as a URL"), "\(message)")
        #expect(message.utf8.count < 400, "the message cuts the link: \(message.utf8.count) bytes")
        let huge = #expect(throws: CanvasError.self) { try WebLink(checking: String(repeating: "/", count: 5_000_000)) }
        #expect(huge?.description.contains("it is too long: 5000000 bytes, and a link may be at most 8192 bytes as a URL") == true,
                "\(huge?.description.prefix(300) ?? "")")
        // Counted as written: 3,000 × é is 6,000 bytes of text but 18,000 of URL, which the SVG,
        // PDF and HTML writers, checking the URL again, refused after the spec had accepted it.
        let accented = "https://example.com/" + String(repeating: "é", count: 3000)
        #expect(throws: CanvasError.self) { try WebLink(checking: accented) }
        let fits = "https://example.com/" + String(repeating: "é", count: (WebLink.maximumLength - 20) / 6)
        let link = try WebLink(checking: fits)
        #expect(try WebLink(checking: link.url).url == link.url, "what is accepted is accepted again as written")
    }

    @Test func surroundingSpacesAndControlsAndInnerTabsAndLineBreaksAreRemoved() throws {
        #expect(try WebLink(checking: " https://swift.org ").href == "https://swift.org")
        #expect(try WebLink(checking: "\u{0}\u{1F}\t\nhttps://swift.org\r\n\u{7}").href == "https://swift.org")
        #expect(try WebLink(checking: "\u{A0}https://swift.org\u{3000}").href == "https://swift.org")
        #expect(try WebLink(checking: "https://swi\nft.org/a\tb").href == "https://swift.org/ab")
    }

    /// The URL a link is written from keeps its percent escapes, and encodes what a URL cannot
    /// hold (Foundation alone turned `a%20b` into `a%2520b` when the link also had a `é`).
    @Test func theURLKeepsEscapesAndEncodesTheRest() throws {
        let cases = [
            ("/tags/café/?q=ü&r=a%20b#x", "/tags/caf%C3%A9/?q=%C3%BC&r=a%20b#x"),
            ("https://example.com/a b%20c", "https://example.com/a%20b%20c"),
            ("https://exämple.com/ü%20", "https://xn--exmple-cua.com/%C3%BC%20"),
            ("//exämple.com/ü?%41", "//xn--exmple-cua.com/%C3%BC?%41"),
            ("#frag%20ü", "#frag%20%C3%BC"),
            ("/a\"b<c>{d}|^`", "/a%22b%3Cc%3E%7Bd%7D%7C%5E%60"),
            ("mailto:zoë@example.com?subject=%C3%A9 é", "mailto:zo%C3%AB@example.com?subject=%C3%A9%20%C3%A9"),
            ("/plain/a%2Fb?x=1&y=2", "/plain/a%2Fb?x=1&y=2"),
        ]
        for (given, written) in cases {
            #expect(try WebLink(checking: given).url.absoluteString == written, "\(given)")
        }
    }

    /// Property: for random paths of ASCII, escapes and other characters, the written URL decodes
    /// to what the given link decodes to (nothing encoded twice, nothing lost).
    @Test func theWrittenURLDecodesToTheGivenLink() throws {
        var random = SeededRandom(seed: 0x11_4E_C0DE)
        let pieces = ["a", "Z", "0", "-", "/", "%20", "%2F", "%C3%A9", "é", "ü", "中", "😀", " ", "=", "&", "~", "!", "'", "(", ")"]
        for _ in 0..<500 {
            let path = "/p/" + (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let cleaned = path.trimmingCharacters(in: .whitespaces)
            guard let link = try? WebLink(checking: path) else { continue }
            let written = link.url.absoluteString
            #expect(written.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " }, "\(path) → \(written)")
            #expect(written.removingPercentEncoding == cleaned.removingPercentEncoding, "\(path) → \(written)")
        }
    }

    static let refused = ["javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>",
                          "file:///etc/passwd", "ftp://example.com", "blob:https://x/1", "about:blank", "chrome://settings",
                          "ws://example.com", "view-source:https://x", "jar:x", "c:\\windows"]

    @Test(arguments: refused)
    func otherSchemesAreRefused(href: String) throws {
        let scheme = String(href.prefix(while: { $0 != ":" }))
        #expect(throws: CanvasError.refusedLink(href: href, scheme: scheme)) { try WebLink(checking: href) }
    }

    /// `javascript:` in any mix of letter case, with spaces, C0 controls and NBSP around it and
    /// tabs or line breaks inside (which browsers remove), is always refused.
    @Test func javascriptInAnyDisguiseIsRefused() {
        var random = SeededRandom(seed: 7)
        let padding = [" ", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{A0}", "\u{2028}", ""]
        for _ in 0..<500 {
            var text = ""
            for character in "javascript" {
                text.append(Bool.random(using: &random) ? Character(character.uppercased()) : character)
                if Int.random(in: 0..<6, using: &random) == 0 { text += ["\t", "\n", "\r"].randomElement(using: &random) ?? "" }
            }
            let href = (0..<Int.random(in: 0...3, using: &random)).map { _ in padding.randomElement(using: &random) ?? "" }.joined()
                + text + ":alert(1)"
            let error = #expect(throws: CanvasError.self) { try WebLink(checking: href) }
            guard case .refusedLink(_, let scheme)? = error else {
                Issue.record("\(href.debugDescription) gave \(String(describing: error))")
                continue
            }
            #expect(scheme.lowercased() == "javascript")
        }
    }

    @Test(arguments: [
        ("", "empty"), ("   ", "empty"), ("https://", "host"), ("https:", "//"), ("https:example.com", "//"),
        ("https://exa mple.com", "host contains"), ("https://a.com:99999/", "port"), ("https://a.com:x/", "port"),
        ("https://a.com/%zz", "%"), ("https://a.com/%4", "%"), ("mailto:", "address"), ("tel:", "number"),
        ("https://a.com/\u{7F}", "control"), ("/a\u{1}b", "control"), ("https://[::1/", "IPv6"), ("1abc:x", "read as a URL"),
        // A URL percent-encodes a backslash, which would move the host; browsers read it as /.
        ("https:\\\\example.com\\a", "backslash"), ("https://a.com\\@b.com/", "backslash"),
        // A relative link too: `/\evil.com` is `//evil.com` to a browser, another host.
        ("/\\evil.com", "backslash"), ("\\\\evil.com/x", "backslash"), ("tags\\swift/", "backslash"), ("/a\\b?q=1", "backslash"),
        // An invisible character is named (the message echoed it unseen).
        ("\u{200B}javascript:alert(1)", "invisible character U+200B (ZERO WIDTH SPACE)"), ("/tags/c\u{AD}d/", "U+00AD"),
        ("https://a.com/\u{202E}gpj.exe", "U+202E"),
        // A user name before the host: the link reads as kernel.org and goes to evil.com.
        ("https://kernel.org@evil.com/", "user name"), ("https://user:pw@example.com/", "user name"),
        ("//kernel.org@evil.com/x", "user name"), ("https://evil.com%2F@kernel.org", "user name"),
    ])
    func malformedLinksAreErrors(href: String, reason: String) {
        let error = #expect(throws: CanvasError.self) { try WebLink(checking: href) }
        guard case .malformedLink(let given, let message)? = error else {
            Issue.record("\(href.debugDescription) gave \(String(describing: error))")
            return
        }
        #expect(given == href)
        #expect(message.contains(reason), "\(message)")
    }

    @Test func messagesNameTheLinkWithoutItsControlCharacters() {
        let message = CanvasError.refusedLink(href: "\u{1B}[31mjavascript:x", scheme: "javascript").description
        #expect(message.contains("\\u{1B}[31mjavascript:x") && !message.contains("\u{1B}"))
        #expect(message.contains("http, https, mailto, tel, relative or a #fragment"))
    }

    /// A huge link (the link fuzz target found one of control characters) is shown cut at 80
    /// characters, escapes included.
    @Test func messagesShowAtMost80CharactersOfTheLink() {
        let controls = String(repeating: "\u{1D}", count: 200) + "x"
        let malformed = CanvasError.malformedLink(href: controls, reason: "it contains the control character U+001D").description
        #expect(malformed.hasPrefix("the link \"" + String(repeating: "\\u{1D}", count: 13) + "…\" cannot be used"), "\(malformed)")
        let long = "javascript:" + String(repeating: "a", count: 10_000)
        let refused = CanvasError.refusedLink(href: long, scheme: "javascript").description
        #expect(refused.contains("\"javascript:" + String(repeating: "a", count: 69) + "…\" uses the scheme javascript:"), "\(refused)")
        #expect(CanvasError.refusedLink(href: String(long.prefix(80)), scheme: "javascript").description.contains(String(long.prefix(80)) + "\""))
    }

    /// The reason quotes a bad port cut at 80 characters too (a 30-minute run of the link fuzz
    /// target found a 1,500-character port echoed whole: Fuzz/regressions/link/long-port-in-message.txt).
    @Test func aLongBadPortIsShownCut() throws {
        let port = String(repeating: "7l", count: 1_000)
        #expect(throws: CanvasError.self) { try WebLink(checking: "https://example.com:\(port)/") }
        do {
            _ = try WebLink(checking: "https://example.com:\(port)/")
        } catch {
            guard case .malformedLink(_, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reason.hasPrefix("the port \"" + String(port.prefix(80)) + "…\" is not a number"), "\(reason)")
            #expect(String(describing: error).count < 300)
        }
    }

    /// A refused scheme is quoted cut at 80 characters too (a 30-minute run of the link fuzz target
    /// found a 1,000-character scheme echoed whole: Fuzz/regressions/link/long-refused-scheme-in-message.txt).
    @Test func aLongRefusedSchemeIsShownCut() throws {
        let scheme = "x" + String(repeating: "N", count: 1_000)
        do {
            _ = try WebLink(checking: "\(scheme):alert(1)")
            Issue.record("the scheme was accepted")
        } catch {
            guard case .refusedLink(_, let refused) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(refused == scheme)
            let message = String(describing: error)
            #expect(message.contains("uses the scheme " + String(scheme.prefix(80)) + "…:"), "\(message)")
            #expect(message.count < 400)
        }
        let short = String(describing: CanvasError.refusedLink(href: "javascript:x", scheme: "javascript"))
        #expect(short.contains("uses the scheme javascript:, which is refused"))
    }
}
