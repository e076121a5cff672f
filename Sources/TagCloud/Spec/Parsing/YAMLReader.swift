import Yams

/// Composes JSON and YAML text into Yams nodes, so that every key and value has a line and
/// column, and turns libyaml's errors into ``TagCloudError`` values.
///
/// Before libyaml sees the text: raw control characters are refused with their place (libyaml
/// would only give a byte offset), nesting is bounded by ``maxSpecNesting`` (Yams composes
/// recursively, so a deep input could exhaust the stack), and JSON is checked strictly by
/// ``JSONChecker``. Composition uses Yams' basic resolver: scalars are typed by the spec decoder
/// from their style and text, never by YAML 1.1's implicit rules (`yes`, `on`, `0x1F`, dates).
enum YAMLReader {
    /// The composed root node (`nil` for an empty YAML document) and how to locate its marks.
    struct Composed {
        /// The root, or `nil` when the document is empty.
        var root: SpecNode?
        /// Turns a Yams mark into a location in the original input.
        var locate: @Sendable (Mark?) -> SpecLocation
    }

    /// Composes the input as JSON or YAML.
    ///
    /// - Parameters:
    ///   - input: The checked input.
    ///   - format: ``SpecFormat/json`` or ``SpecFormat/yaml``.
    /// - Returns: The root node and a locator.
    /// - Throws: ``TagCloudError/syntax(format:_:message:)``,
    ///   ``TagCloudError/duplicateKey(path:_:previous:)``,
    ///   ``TagCloudError/controlCharacter(_:tag:key:_:)``.
    /// - Complexity: O(n).
    static func compose(_ input: TextInput, format: SpecFormat) throws(TagCloudError) -> Composed {
        if let (scalar, location) = input.firstRawControlCharacter(noncharacters: format == .yaml) {
            throw .controlCharacter(scalar, tag: nil, key: nil, location)
        }
        let text: String
        var columns = ColumnMap()
        if format == .json {
            let prepared = try JSONChecker.prepare(input)
            text = prepared.text
            columns = prepared.columns
        } else if let (offset, message) = structureProblem(input.bytes) {
            throw .syntax(format: format, input.location(ofByte: offset), message: message)
        } else {
            text = input.text
        }
        let source = input.source
        let columnMap = columns
        let locate: @Sendable (Mark?) -> SpecLocation = { mark in
            guard let mark else { return SpecLocation(source: source) }
            return SpecLocation(source: source, line: mark.line,
                                column: columnMap.originalColumn(line: mark.line, column: mark.column))
        }
        do {
            let root = try Yams.compose(yaml: text, .basic, .default, .utf8)
            guard let root else { return Composed(root: nil, locate: locate) }
            let limit = maxComposedValues(textBytes: input.bytes.count)
            var budget = limit
            var exhaustedAt: Mark?
            var unknownTag: (tag: String, mark: Mark?)?
            guard let converted = SpecNode(root, budget: &budget, exhaustedAt: &exhaustedAt, unknownTag: &unknownTag) else {
                if let unknownTag {
                    throw TagCloudError.syntax(format: format, locate(unknownTag.mark), message: "the YAML tag \(unknownTag.tag) names "
                                               + "a type a tag cloud spec does not have (only YAML's own, such as !!str, are read); remove it")
                }
                throw TagCloudError.syntax(format: format, locate(exhaustedAt), message: "its aliases (*name) stand for more "
                                           + "than \(limit) values; write the values out")
            }
            return Composed(root: converted, locate: locate)
        } catch let error as TagCloudError {
            throw error
        } catch let error as YamlError {
            throw translate(error, input: input, format: format, locate: locate)
        } catch {
            throw .internalError("the YAML parser failed: \(error)")
        }
    }

    /// A libyaml error in our words, at its place.
    private static func translate(_ error: YamlError, input: TextInput, format: SpecFormat,
                                  locate: (Mark?) -> SpecLocation) -> TagCloudError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = problem
            if problem == "but found another document" {
                message = "the input holds more than one YAML document (a second ---); keep only one"
            } else if let context {
                message += " (\(context.text) that starts at line \(context.mark.line), column \(context.mark.column))"
            }
            let firstLine = max(1, min(context?.mark.line ?? mark.line, mark.line) - 2)
            if commentedHexColor(lines: firstLine...max(firstLine, mark.line), in: input) {
                message += "; note that in YAML # after a space starts a comment: put colours in quotes (\"#ff0000\")"
            }
            if problem.contains("cannot start any token"), character(at: mark, in: input) == "\t" {
                message += "; YAML does not allow tabs for indentation, indent with spaces"
            } else if problem.contains("cannot start any token"), character(at: mark, in: input) == "@"
                        || character(at: mark, in: input) == "`" {
                message += "; put text that starts with @ or ` in quotes"
            }
            // The parser puts the end of an input without a final line break on the line after
            // it, which the file does not have: such a place is the input's end.
            let end = input.bytes.last == 0x0A || input.bytes.last == 0x0D ? nil : input.location(ofByte: input.bytes.count)
            if let end, let lastLine = end.line, mark.line > lastLine {
                return .syntax(format: format, end, message: message)
            }
            return .syntax(format: format, locate(mark), message: message)
        case let .reader(problem, offset, _, _):
            let location = offset.map { input.location(ofByte: $0) } ?? SpecLocation(source: input.source)
            return .syntax(format: format, location, message: problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.first ?? "?"
            let first = locate(context.mark)
            if let second = secondOccurrence(of: key, after: context.mark, in: input) {
                return .duplicateKey(path: key, second, previous: first)
            }
            if let places = flowOccurrences(of: key, at: context.mark, in: input) {
                return .duplicateKey(path: key, places.second, previous: places.first)
            }
            return .duplicateKey(path: key, first, previous: nil)
        case .dataCouldNotBeDecoded:
            return .invalidUTF8(SpecLocation(source: input.source), detail: "the YAML parser could not decode it")
        default:
            return .internalError("the YAML parser failed: \(error)")
        }
    }

    /// Whether one of the lines holds ` #` followed by 3 to 8 hex digits: a colour YAML took for
    /// a comment.
    private static func commentedHexColor(lines: ClosedRange<Int>, in input: TextInput) -> Bool {
        for number in lines {
            guard let line = input.line(number) else { break }
            let scalars = Array(line.unicodeScalars)
            for index in scalars.indices.dropFirst() where scalars[index] == "#" && (scalars[index - 1] == " " || scalars[index - 1] == "\t") {
                let digits = scalars[(index + 1)...].prefix { $0.properties.isASCIIHexDigit }
                if (3...8).contains(digits.count) { return true }
            }
        }
        return false
    }

    /// The character at a mark, if any.
    private static func character(at mark: Mark, in input: TextInput) -> Character? {
        guard let line = input.line(mark.line) else { return nil }
        let scalars = line.unicodeScalars
        guard mark.column - 1 < scalars.count,
              let index = scalars.index(scalars.startIndex, offsetBy: mark.column - 1, limitedBy: scalars.endIndex)
        else { return nil }
        return Character(scalars[index])
    }

    /// Yams reports a duplicate key at its first occurrence; this finds the second in block
    /// style: a later line with `key:` at the same column, before the mapping ends.
    private static func secondOccurrence(of key: String, after mark: Mark, in input: TextInput) -> SpecLocation? {
        let lines = input.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        var lineNumber = mark.line + 1
        while lineNumber <= lines.count {
            let line = lines[lineNumber - 1]
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            let isBlank = indent == scalars.count || scalars[indent] == "#"
            if !isBlank {
                if indent < mark.column - 1 { return nil }
                if indent == mark.column - 1 {
                    let rest = String(String.UnicodeScalarView(scalars[indent...]))
                    for candidate in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(candidate) {
                        let after = rest.unicodeScalars.dropFirst(candidate.unicodeScalars.count)
                            .drop { $0 == " " }
                        if after.first == ":" {
                            return input.location(line: lineNumber, column: indent + 1)
                        }
                    }
                }
            }
            lineNumber += 1
        }
        return nil
    }

    /// The first two places of `key` in the flow mapping whose first `key` is at `mark`
    /// (`{size: 3, size: 4}`, where Yams marks the first): its keys are read at the mapping's own
    /// depth, after a `,`, quoted or plain, across lines; quoted scalars and nested brackets are
    /// skipped. (A duplicate key there was located at the first, with no second place.)
    private static func flowOccurrences(of key: String, at mark: Mark, in input: TextInput) -> (first: SpecLocation, second: SpecLocation)? {
        let lines = input.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        var depth = 1
        var found: [SpecLocation] = []
        var expectsKey = true
        var lineNumber = mark.line
        var column = mark.column - 1
        while lineNumber <= lines.count {
            let scalars = Array(lines[lineNumber - 1].unicodeScalars)
            while column < scalars.count {
                let scalar = scalars[column]
                if depth == 1, expectsKey, scalar != " ", scalar != "\t" {
                    expectsKey = false
                    let quote: Unicode.Scalar? = scalar == "\"" || scalar == "'" ? scalar : nil
                    let start = column + (quote == nil ? 0 : 1)
                    var end = start
                    while end < scalars.count, quote.map({ scalars[end] != $0 }) ?? !":,}".unicodeScalars.contains(scalars[end]) { end += 1 }
                    var slice = scalars[start..<end]
                    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
                    let token = String(String.UnicodeScalarView(slice))
                    if token == key {
                        found.append(input.location(line: lineNumber, column: column + 1))
                        if found.count == 2 { return (found[0], found[1]) }
                    }
                    column = quote == nil ? end : Swift.min(end + 1, scalars.count)
                    continue
                }
                switch scalar {
                case "{", "[":
                    depth += 1
                    if depth == 1 { expectsKey = true }
                case "}", "]":
                    depth -= 1
                    if depth <= 0 { return nil }
                case ",":
                    if depth == 1 { expectsKey = true }
                case "\"", "'":
                    // A quoted value: skipped to its closing quote on this line.
                    var end = column + 1
                    while end < scalars.count, scalars[end] != scalar { end += 1 }
                    column = end
                case "#" where column == 0 || scalars[column - 1] == " ":
                    column = scalars.count
                    continue
                default:
                    break
                }
                column += 1
            }
            lineNumber += 1
            column = 0
        }
        return nil
    }

    /// The most values (scalars, lists and mappings, an alias's counted each time it is used)
    /// a text of `textBytes` bytes may compose into: twice as many as its bytes, which no text
    /// without aliases reaches, and 100,000 more for aliases (a style written once and used by
    /// every tag). A few hundred bytes of nested aliases would otherwise stand for billions.
    static func maxComposedValues(textBytes: Int) -> Int { 2 * textBytes + 100_000 }

    /// The most aliases (`*name`) a YAML spec may use. An alias stands for a whole node, so a
    /// chain of aliases can nest far deeper than the text does; with at most this many, a node
    /// tree is at most `(maxSpecAliases + 1) × maxSpecNesting` deep.
    static let maxSpecAliases = 64

    /// Where YAML text would compose into a tree too deep or too large to handle safely, and
    /// why: nesting deeper than ``maxSpecNesting``, estimated from above (open flow brackets plus,
    /// per line, the indentation and the `- ` / `? ` indicators that open compact nested
    /// collections); more than ``maxSpecAliases`` aliases; or an alias anywhere but as a value
    /// (after `key: `, `- `, or as an element of a flow list that is not a key). An alias in a
    /// key is refused because Yams hashes keys to find duplicates, and a key that is an alias of
    /// an alias of a list of nine aliases… is hashed in time exponential in its text (a 300-byte
    /// "billion laughs" took 40 s and 5 GB); aliases as values are bounded when the tree is
    /// converted (``SpecNode/init(_:budget:exhaustedAt:)``). Quoted scalars, plain scalars outside flow
    /// collections, block scalars (`|`, `>`) and comments are skipped.
    ///
    /// - Complexity: O(n).
    static func structureProblem(_ bytes: [UInt8]) -> (offset: Int, message: String)? {
        let tooDeep = "the mappings and lists nest more than \(maxSpecNesting) levels deep"
        let notAValue = "an alias (*name) may only stand for a value (after \"key: \" or \"- \", or in a [list]), not in a key"
        var aliases = 0
        var flowDepth = 0
        var index = 0
        var atLineStart = true
        var previous: UInt8 = 0x0A
        let count = bytes.count
        // The open flow collections: their bracket, and whether an alias is inside.
        var flows: [(bracket: UInt8, hasAlias: Bool)] = []
        // Where an explicit key (`? `) was met, which may hold an alias across lines.
        var explicitKey: Int?
        var firstAlias: Int?
        // The current line's indentation, and the column after its last `- ` / `? ` indicator.
        var lineStart = 0
        var contentColumn = 0
        // The indentation a block scalar's lines are deeper than, while in one.
        var blockScalarParent: Int?
        /// Whether the next character after `position` (spaces and tabs skipped) is a `:` that
        /// ends a key (followed by white space, a flow indicator or the end).
        func isFollowedByKeyColon(_ position: Int) -> Bool {
            var next = position
            while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            guard next < count, bytes[next] == UInt8(ascii: ":") else { return false }
            guard next + 1 < count else { return true }
            switch bytes[next + 1] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "{"): return true
            default: return false
            }
        }
        /// Whether the alias at `position` stands where a value goes: after `key: `, a `- `
        /// indicator, or `[` / `,` in a flow list; on a line of its own after a line ending in
        /// `:` or `-`.
        func isInValuePosition(_ position: Int) -> Bool {
            var back = position - 1
            while back >= 0, bytes[back] == 0x20 || bytes[back] == 0x09 { back -= 1 }
            guard back >= 0 else { return false }
            switch bytes[back] {
            case UInt8(ascii: ":"), UInt8(ascii: "-"): return true
            case UInt8(ascii: "["), UInt8(ascii: ","): return flows.last?.bracket == UInt8(ascii: "[")
            case 0x0A, 0x0D:
                // The value of the line above (`tags:` then `  *all`): its last character that
                // is not a space, past blank lines.
                while back >= 0, bytes[back] == 0x0A || bytes[back] == 0x0D || bytes[back] == 0x20 || bytes[back] == 0x09 { back -= 1 }
                return back >= 0 && (bytes[back] == UInt8(ascii: ":") || bytes[back] == UInt8(ascii: "-"))
            default: return false
            }
        }
        func isTokenStart(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
                 UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?"): true
            default: false
            }
        }
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        /// Whether a plain scalar starts here: not an indicator (YAML 1.2, ns-plain-first), and
        /// `-`, `?`, `:` only when followed by a character that is not a space.
        func startsPlainScalar(at position: Int) -> Bool {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "&"),
                 UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"),
                 UInt8(ascii: "@"), UInt8(ascii: "`"):
                return false
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                return position + 1 < count && !isSpace(bytes[position + 1])
            default:
                return isTokenStart(previous)
            }
        }
        while index < count {
            if atLineStart {
                atLineStart = false
                lineStart = index
                var column = 0
                while index < count, bytes[index] == 0x20 { column += 1; index += 1 }
                // A block scalar's lines (deeper than its parent, or blank) are text.
                if let parent = blockScalarParent, flowDepth == 0 {
                    if index >= count || bytes[index] == 0x0A || bytes[index] == 0x0D || column > parent {
                        while index < count, bytes[index] != 0x0A { index += 1 }
                        index += 1
                        atLineStart = true
                        continue
                    }
                    blockScalarParent = nil
                }
                var indicators = 0
                while index + 1 < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "?"),
                      bytes[index + 1] == 0x20 {
                    if bytes[index] == UInt8(ascii: "?") { explicitKey = explicitKey ?? index }
                    indicators += 1
                    index += 2
                    while index < count, bytes[index] == 0x20 { index += 1 }
                }
                if column + indicators + flowDepth > maxSpecNesting { return (index, tooDeep) }
                contentColumn = index - lineStart
                previous = 0x20
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                atLineStart = true
            case UInt8(ascii: "#") where previous == 0x20 || previous == 0x09:
                while index < count, bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard isTokenStart(previous) else { break }
                index += 1
                while index < count {
                    if byte == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if bytes[index] == byte {
                        if byte == UInt8(ascii: "'"), index + 1 < count, bytes[index + 1] == byte {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if isTokenStart(previous) {
                    flowDepth += 1
                    flows.append((byte, false))
                    if flowDepth > maxSpecNesting { return (index, tooDeep) }
                }
            case UInt8(ascii: "|"), UInt8(ascii: ">"):
                // A block scalar: its lines are deeper than the mapping whose key is on this line
                // (`key: |`), or than the `- ` it follows (`- |`).
                if flowDepth == 0, isTokenStart(previous) {
                    var back = index - 1
                    while back >= lineStart, bytes[back] == 0x20 { back -= 1 }
                    if back >= lineStart, bytes[back] == UInt8(ascii: "-") || bytes[back] == UInt8(ascii: "?") {
                        blockScalarParent = back - lineStart
                    } else {
                        blockScalarParent = contentColumn
                    }
                }
            case UInt8(ascii: "*"):
                if isTokenStart(previous), index + 1 < count, !isSpace(bytes[index + 1]) {
                    aliases += 1
                    if aliases > maxSpecAliases {
                        return (index, "more than \(maxSpecAliases) aliases (*name); write the values out")
                    }
                    firstAlias = firstAlias ?? index
                    // The alias's name, as libyaml scans it: ASCII letters, digits, `-` and `_`.
                    var end = index + 1
                    while end < count, bytes[end] < 0x80,
                          Character(Unicode.Scalar(bytes[end])).isLetter || Character(Unicode.Scalar(bytes[end])).isNumber
                            || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "_") {
                        end += 1
                    }
                    guard isInValuePosition(index), !isFollowedByKeyColon(end) else { return (index, notAValue) }
                    if !flows.isEmpty { flows[flows.count - 1].hasAlias = true }
                    index = end - 1
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                flowDepth = max(0, flowDepth - 1)
                if let closed = flows.popLast(), closed.hasAlias {
                    // A flow collection holding an alias is a value too, not a key.
                    if isFollowedByKeyColon(index + 1) { return (index, notAValue) }
                    if !flows.isEmpty { flows[flows.count - 1].hasAlias = true }
                }
            default:
                // A plain scalar outside flow collections (`href: a{{b`, a key) runs to the end of
                // the line, a `: ` or a ` #`: its brackets open nothing, so they are skipped
                // (counting them refused text our own encoder writes).
                guard flowDepth == 0, startsPlainScalar(at: index) else { break }
                while index + 1 < count, bytes[index + 1] != 0x0A, bytes[index + 1] != 0x0D,
                      !(bytes[index + 1] == UInt8(ascii: ":") && (index + 2 == count || isSpace(bytes[index + 2]))),
                      !(bytes[index + 1] == UInt8(ascii: "#") && isSpace(bytes[index])) {
                    index += 1
                }
            }
            previous = index < count ? bytes[index] : 0
            index += 1
        }
        // An explicit key (`? `) can hold an alias on the lines below it.
        if explicitKey != nil, let firstAlias { return (firstAlias, notAValue) }
        return nil
    }
}

extension TextInput {
    /// The text of a 1-based line, without its line break.
    func line(_ number: Int) -> Substring? {
        var current = 1
        var start = text.startIndex
        if number < 1 { return nil }
        while current < number {
            guard let newline = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else {
                return nil
            }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) ?? text.endIndex
        return text[start..<end]
    }
}
