import Foundation

/// Where a value of a spec came from: a source the caller names (a file's path, `<stdin>`), with
/// a line and column when the value came from text.
///
/// Lines and columns start at 1; columns count Unicode scalars (what an editor shows as
/// characters, apart from combining sequences), as libyaml does. `byteOffset` counts bytes from
/// the start of the input (0-based) and is set where a byte position matters, such as invalid
/// UTF-8.
public struct SpecLocation: Sendable, Hashable, CustomStringConvertible {
    /// The name of the text the value came from, as the caller gave it when parsing (a path,
    /// `<stdin>`, `<yaml>`).
    public var source: String
    /// The 1-based line, when the value came from text.
    public var line: Int?
    /// The 1-based column in Unicode scalars, when known.
    public var column: Int?
    /// The 0-based byte offset from the start of the input, when it matters.
    public var byteOffset: Int?

    /// Makes a location.
    ///
    /// - Parameters:
    ///   - source: The name of the text.
    ///   - line: The 1-based line, if any.
    ///   - column: The 1-based column in Unicode scalars, if any.
    ///   - byteOffset: The 0-based byte offset, if it matters.
    public init(source: String, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil) {
        self.source = source
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// `path:line:column` as compilers print it (`tags.yaml:4:3`), `path:line`, or the source alone;
    /// control characters of the path escaped (`\u{1B}`), so that a file's name never drives the
    /// terminal the message is printed on.
    public var description: String {
        let source = escapingControls(source)
        return switch (line, column) {
        case let (line?, column?): "\(source):\(line):\(column)"
        case let (line?, nil): "\(source):\(line)"
        default: source
        }
    }
}

/// The locations of the values of a parsed spec, by key path (`chip.padding.horizontal`,
/// `tags[3].fill`), so that later stages can point at the spec when a value turns out to be
/// unusable there (an unknown font family, for example).
public struct SpecSourceMap: Sendable {
    private var locations: [String: SpecLocation] = [:]
    private var tagLocations: [SpecLocation] = []

    /// An empty map.
    public init() {}

    /// The location of the value at a key path (`font.family`, `tags[2].text`), if it was given.
    ///
    /// - Parameter keyPath: Dotted keys with 0-based list indices, as in error messages.
    /// - Returns: Where the value was written, or `nil` if the spec did not give it.
    public subscript(keyPath: String) -> SpecLocation? {
        if let location = locations[keyPath] { return location }
        if keyPath.hasPrefix("tags["), let close = keyPath.firstIndex(of: "]"),
           let index = Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: 5)..<close]),
           close == keyPath.index(before: keyPath.endIndex) {
            return tag(index)
        }
        return nil
    }

    /// The location of the tag at a 0-based index in the spec's `tags`.
    ///
    /// - Parameter index: The tag's index.
    /// - Returns: Where the tag was written, or `nil` if there is no such tag.
    public func tag(_ index: Int) -> SpecLocation? {
        tagLocations.indices.contains(index) ? tagLocations[index] : nil
    }

    mutating func record(_ keyPath: String, _ location: SpecLocation) {
        locations[keyPath] = location
    }

    mutating func recordTag(_ location: SpecLocation) {
        tagLocations.append(location)
    }

    /// A source map, or the means to make it once when first asked for (the fast JSON path reads
    /// valid input without locations, which are rarely needed).
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var made: SpecSourceMap?
        private var make: (@Sendable () -> SpecSourceMap)?

        init(_ map: SpecSourceMap) { made = map }
        init(_ make: @escaping @Sendable () -> SpecSourceMap) { self.make = make }

        /// Whether the map was made (for a large JSON spec, by parsing the text again).
        var isMade: Bool { lock.withLock { made != nil } }

        /// The map, made on first use.
        var map: SpecSourceMap {
            lock.withLock {
                if let made { return made }
                let map = make?() ?? SpecSourceMap()
                made = map
                make = nil
                return map
            }
        }
    }
}

/// Text as a message prints it unquoted: control characters (and the line and paragraph
/// separators) escaped as ``controlEscape(_:)`` writes them, everything else as it is.
package func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { controlEscape($0) != nil }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if let escape = controlEscape(scalar) {
            result.append(contentsOf: escape.unicodeScalars)
        } else {
            result.append(scalar)
        }
    }
    return String(result)
}

/// How every message writes a control character of a name or value, so that it never drives the
/// terminal: `\n`, `\t` and `\r` as Swift writes them, any other (and the line and paragraph
/// separators, the bidirectional formatting characters, which reorder the rest of a terminal's
/// line, and the noncharacters) as `\u{1B}`; `nil` for a scalar printed as it is. A file named
/// `bad⏎name.yaml` is `"bad\nname.yaml"` when quoted and `bad\nname.yaml:2:1` in a location,
/// never two spellings, and one named with U+202E is not shown reversed.
package func controlEscape(_ scalar: Unicode.Scalar) -> String? {
    let value = scalar.value
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    default:
        let isBidiControl = value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
        guard scalar.properties.generalCategory == .control || value == 0x2028 || value == 0x2029 || isBidiControl
                || scalar.properties.isNoncharacterCodePoint
        else { return nil }
        return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
}
