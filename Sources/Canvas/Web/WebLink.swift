public import Foundation

/// A link that is safe to write into a web page, a PDF or an SVG: its scheme is one a reader can
/// follow without running anything, and it is a well-formed URL.
///
/// Allowed are `http` and `https` URLs with a host, `mailto:` and `tel:` URLs, relative URLs
/// (`docs/intro.html`, `/tags/swift`, `//cdn.example.com/x`, `?page=2`) and fragments (`#swift`).
/// Every other scheme (`javascript:`, `vbscript:`, `data:`, `file:`, …) is refused, in any letter
/// case. The text is read as the WHATWG URL standard reads an `href` (§ 4.4, "basic URL parser"):
/// leading and trailing spaces and C0 control characters are removed, and so are ASCII tabs and
/// line breaks inside it (so `java\nscript:` is the `javascript` scheme, as a browser would see it,
/// and is refused). A link is never dropped or repaired silently: anything else that is wrong is an
/// error naming what.
///
/// ```swift
/// let link = try WebLink(checking: " https://www.swift.org ")   // link.href == "https://www.swift.org"
/// try WebLink(checking: "JavaScript:alert(1)")                  // throws CanvasError.refusedLink
/// ```
///
/// The spec stage checks every tag's `href` with this type, and the SVG, HTML and PDF backends
/// check every link again before writing it.
public struct WebLink: Sendable, Hashable {
    /// What a link points at.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An `http:` or `https:` URL.
        case web
        /// A `mailto:` URL.
        case mail
        /// A `tel:` URL.
        case telephone
        /// A URL relative to the page (a path, a query or a scheme-relative `//host/path`).
        case relative
        /// A fragment of the page: `#id`.
        case fragment
    }

    /// The schemes a link may name (compared without letter case).
    public static let allowedSchemes: [String] = ["http", "https", "mailto", "tel"]

    /// The longest link, in bytes of the URL every output writes (percent-encoded, so `é` counts
    /// 6): 8 KiB, about what web servers accept in a request line
    /// (Apache's `LimitRequestLine` is 8,190 bytes), so a longer link would not be served anyway,
    /// and a spec's links cannot make every page that inlines the cloud megabytes larger.
    public static let maximumLength = 8192

    /// The link as it is written into a document: the given text without its surrounding spaces
    /// and control characters and without tabs and line breaks. Not yet escaped for XML or HTML.
    public let href: String
    /// What the link points at.
    public let kind: Kind
    /// The link as a Foundation URL (characters a URL cannot hold percent-encoded, a host in
    /// IDNA form), for APIs that take one.
    public let url: URL

    /// Checks a link.
    ///
    /// - Parameter text: The link as given (a spec's `href`, a URL's `absoluteString`).
    /// - Throws: ``CanvasError/refusedLink(href:scheme:)`` for a scheme other than `http`, `https`,
    ///   `mailto` and `tel`; ``CanvasError/malformedLink(href:reason:)`` for a link over
    ///   ``maximumLength`` bytes, an empty link, a
    ///   control character inside it, a bad percent escape, a web URL without a host, with a bad
    ///   port or with a backslash before its query, a `mailto:` or `tel:` URL with nothing after
    ///   the colon, or text Foundation cannot read as a URL.
    /// - Complexity: O(n) in the length of `text`.
    public init(checking text: String) throws(CanvasError) {
        // A text far over the limit is refused before anything else reads it: only the spaces
        // around a link and the tabs and line breaks in it are dropped, and no real link has
        // three times its length of those.
        guard text.utf8.count <= 4 * Self.maximumLength else { throw Self.tooLong(text, bytes: text.utf8.count, encoded: false) }
        let cleaned = Self.clean(text)
        guard !cleaned.isEmpty else { throw .malformedLink(href: text, reason: "it is empty") }
        if let bad = cleaned.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .malformedLink(href: text, reason: "it contains the control character U+\(String(format: "%04X", bad.value))")
        }
        // An invisible character (a zero-width space, a soft hyphen, a direction mark) is named: the
        // message echoed the link with it unseen ("\u{200B}javascript:…" "cannot be read as a
        // URL"). Joiners stay, which some scripts' names need.
        if let hidden = cleaned.unicodeScalars.first(where: { $0.properties.generalCategory == .format && $0 != "\u{200C}" && $0 != "\u{200D}" }) {
            let name = hidden.properties.name.map { " (\($0))" } ?? ""
            throw .malformedLink(href: text, reason: "it contains the invisible character U+\(String(format: "%04X", hidden.value))\(name); remove it")
        }
        try Self.checkPercentEscapes(cleaned, original: text)
        let kind: Kind
        if let scheme = Self.scheme(of: cleaned) {
            let rest = cleaned.unicodeScalars.dropFirst(scheme.unicodeScalars.count + 1)
            switch scheme.lowercased() {
            case "http", "https":
                try Self.checkAuthority(String(String.UnicodeScalarView(rest)), original: text)
                kind = .web
            case "mailto":
                guard !rest.isEmpty else { throw .malformedLink(href: text, reason: "a mailto: link needs an address after the colon") }
                kind = .mail
            case "tel":
                guard !rest.isEmpty else { throw .malformedLink(href: text, reason: "a tel: link needs a number after the colon") }
                kind = .telephone
            default:
                throw .refusedLink(href: text, scheme: scheme)
            }
        } else {
            kind = cleaned.unicodeScalars.first == "#" ? .fragment : .relative
            // On an http(s) page a browser reads a backslash before the query as a slash, so
            // `/\evil.com` goes to another host; a URL (the SVG and PDF links) percent-encodes it,
            // a page's `href` (the HTML fragment) keeps it: neither link would be the one given.
            if kind == .relative, cleaned.unicodeScalars.prefix(while: { $0 != "?" && $0 != "#" }).contains("\\") {
                throw .malformedLink(href: text, reason: "a relative link's path contains a backslash; write / (or %5C)")
            }
            // `//host/path` names a host as a web link does, and is checked as one.
            if kind == .relative, cleaned.hasPrefix("//") { try Self.checkAuthority(cleaned, original: text) }
        }
        guard let url = URL(string: Self.encodingOutsideAuthority(cleaned)) else {
            throw .malformedLink(href: text, reason: "it cannot be read as a URL")
        }
        // Measured as the URL every output writes (percent-encoded, the host in IDNA form), so
        // that a link the spec accepts is one SVG, PDF and HTML accept when they check it again.
        let written = url.absoluteString.utf8.count
        guard written <= Self.maximumLength else { throw Self.tooLong(text, bytes: written, encoded: true) }
        self.href = cleaned
        self.kind = kind
        self.url = url
    }

    /// The error of a link over ``maximumLength`` bytes as written: `bytes` is its length as a
    /// URL (`encoded`), or as given when it is already far too long to be encoded at all.
    private static func tooLong(_ text: String, bytes: Int, encoded: Bool) -> CanvasError {
        .malformedLink(href: text, reason: "it is too long: \(bytes) bytes\(encoded ? " as a URL (percent-encoded)" : ""), and a link may be at most \(maximumLength) bytes as a URL")
    }

    /// The text with every character a URL cannot hold percent-encoded as UTF-8 (spaces, `"`,
    /// `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}` and anything outside ASCII), except in the
    /// authority (`//host:port`, which Foundation turns into IDNA form), and with its percent
    /// escapes kept: Foundation, given a text it must encode, encodes the `%` of `a%20b` too, so
    /// that `/café?q=a%20b` became `/caf%C3%A9?q=a%2520b`, another link.
    ///
    /// - Complexity: O(n).
    static func encodingOutsideAuthority(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        // Where the authority ends: after `scheme://` or a leading `//`, at the first / ? #.
        var authorityEnd = 0
        var start: Int?
        if scalars.starts(with: ["/", "/"]) {
            start = 2
        } else if let colon = scalars.firstIndex(of: ":"), scalars[(colon + 1)...].starts(with: ["/", "/"]) {
            start = colon + 3
        }
        if let start {
            authorityEnd = scalars[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.count
        }
        var result = String.UnicodeScalarView(scalars[..<authorityEnd])
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for scalar in scalars[authorityEnd...] {
            if scalar.isASCII, !" \"<>\\^`{|}".unicodeScalars.contains(scalar) {
                result.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0xF)])
            }
        }
        return String(result)
    }

    /// Checks a URL, as the backends do before writing a link.
    ///
    /// - Throws: What ``init(checking:)`` throws for its `absoluteString`.
    public init(checking url: URL) throws(CanvasError) {
        try self.init(checking: url.absoluteString)
    }


    // MARK: Reading the text

    /// The text without leading and trailing spaces, C0 controls and Unicode white space, and
    /// without ASCII tabs and line breaks anywhere (WHATWG URL, basic URL parser, steps 1–3).
    static func clean(_ text: String) -> String {
        func strippable(_ scalar: Unicode.Scalar) -> Bool { scalar.value <= 0x20 || scalar.properties.isWhitespace }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !strippable($0) }),
              let last = scalars.lastIndex(where: { !strippable($0) }) else { return "" }
        var result = String.UnicodeScalarView()
        for scalar in scalars[first...last] where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            result.append(scalar)
        }
        return String(result)
    }

    /// The scheme, when the text starts with one: an ASCII letter, then letters, digits, `+`, `-`
    /// and `.`, then `:` (WHATWG URL, "scheme start state" and "scheme state").
    static func scheme(of text: String) -> String? {
        var scheme = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : String(scheme) }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.append(scalar)
        }
        return nil
    }

    /// Every `%` starts a two-digit hexadecimal escape.
    private static func checkPercentEscapes(_ text: String, original: String) throws(CanvasError) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    throw .malformedLink(href: original, reason: "a % is not followed by two hexadecimal digits (write %25 for a percent sign)")
                }
                index += 3
            } else {
                index += 1
            }
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What follows `http:` or `https:`: `//`, a host, and an optional port of at most 65535.
    private static func checkAuthority(_ rest: String, original: String) throws(CanvasError) {
        let scalars = Array(rest.unicodeScalars)
        // Browsers read a backslash before the query as a slash; a URL holds it percent-encoded,
        // which moves the host (`https:\\a.com\b` would become `https:%5C%5Ca.com%5Cb`).
        if scalars.prefix(while: { $0 != "?" && $0 != "#" }).contains("\\") {
            throw .malformedLink(href: original, reason: "a web link's address contains a backslash; write / (or %5C in a path)")
        }
        let slashes = scalars.prefix(while: { $0 == "/" || $0 == "\\" }).count
        guard slashes == 2 else {
            throw .malformedLink(href: original, reason: "a web link needs // and a host after the scheme, as in https://example.com")
        }
        let authority = scalars.dropFirst(2).prefix(while: { !["/", "\\", "?", "#"].contains($0) })
        // A user name before the host reads as the host to a person and goes elsewhere:
        // `https://kernel.org@evil.com/` under a tag named Linux opens evil.com.
        if authority.contains("@") {
            throw .malformedLink(href: original, reason: "it has a user name or password before \"@\", and goes to the host after it; "
                                 + "a link names its host alone, as in https://example.com/page")
        }
        var host = authority[...]
        var port: ArraySlice<Unicode.Scalar> = []
        if host.first == "[" {
            guard let close = host.firstIndex(of: "]") else {
                throw .malformedLink(href: original, reason: "the IPv6 host has no closing ]")
            }
            let after = host[host.index(after: close)...]
            if after.first == ":" { port = after.dropFirst() } else if !after.isEmpty {
                throw .malformedLink(href: original, reason: "unexpected text after the IPv6 host")
            }
            host = host[...close]
        } else if let colon = host.firstIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty else { throw .malformedLink(href: original, reason: "a web link needs a host, as in https://example.com") }
        let forbidden: Set<Unicode.Scalar> = [" ", "<", ">", "^", "|", "%", "\"", "`", "{", "}"]
        if host.first != "[", let bad = host.first(where: { forbidden.contains($0) || $0.properties.isWhitespace }) {
            throw .malformedLink(href: original, reason: "the host contains \"\(bad)\", which a host name cannot hold")
        }
        if !port.isEmpty {
            guard port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(String(String.UnicodeScalarView(port.prefix(6)))),
                  port.count <= 5, number <= 65535 else {
                throw .malformedLink(href: original, reason: "the port \(CanvasError.quoted(String(String.UnicodeScalarView(port)))) is not a number from 0 to 65535")
            }
        }
    }
}

/// Where a followed link opens, as HTML's `target` attribute names it.
public enum LinkTarget: String, Sendable, Hashable, CaseIterable, Codable {
    /// In the frame that holds the cloud (the browser's default).
    case current = "_self"
    /// In the whole window, leaving any frames.
    case top = "_top"
    /// In a new tab or window, written with `rel="noopener"` so the new page cannot reach this one.
    case blank = "_blank"

    /// The attributes an `<a>` element gets for this target, with a leading space: nothing for
    /// ``current``, `target="_top"`, or `target="_blank" rel="noopener"`.
    package var anchorAttributes: String {
        switch self {
        case .current: ""
        case .top: " target=\"_top\""
        case .blank: " target=\"_blank\" rel=\"noopener\""
        }
    }

    /// The attributes for a link of `kind`: the target's for a page (``WebLink/Kind/web`` and
    /// ``WebLink/Kind/relative``), none for a fragment, a `mailto:` or a `tel:` link, which stay
    /// where they are (a fragment scrolls the page the reader is on, and a mail or telephone link
    /// opens an application: in a new tab they left an empty one behind).
    package func anchorAttributes(for kind: WebLink.Kind) -> String {
        switch kind {
        case .web, .relative: anchorAttributes
        case .fragment, .mail, .telephone: ""
        }
    }
}
