import Canvas
import Yams

/// The fast path for JSON specs: a strict RFC 8259 reader that builds the same Yams node tree the
/// located path (``JSONChecker``, then libyaml through Yams) builds for valid input, several
/// times faster, but without lines and columns.
///
/// It accepts only what the located path accepts: any syntax error, duplicate key, raw control
/// character (``TextInput/isControl(_:)`` other than whitespace), lone surrogate escape or
/// nesting deeper than ``maxSpecNesting`` makes it give up (`nil`), and the caller then reads the
/// input the located way, which reports the problem with its place. Strings become
/// double-quoted scalars with their escapes decoded (surrogate pairs combined); numbers, `true`,
/// `false` and `null` become plain scalars holding their text, as libyaml gives them.
///
/// - Complexity: O(n) time, one pass over the bytes; O(depth) stack.
struct FastJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The long list read ahead on every core (``ListSplit``), with its elements.
    private var prepared: (split: ListSplit, elements: [SpecNode])?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Inputs at least this long (1 MiB) have their longest list read on every core.
    static let concurrentLength = 1 << 20

    /// Reads a JSON document.
    ///
    /// A long input's longest list at the top (the root, or a value of the root object: a
    /// spec's `tags`) is read in consecutive pieces on every core (``ListSplit``), the rest in
    /// one pass; the result is the one pass's, `nil` included.
    ///
    /// - Parameters:
    ///   - input: The checked input.
    ///   - concurrentLength: The shortest input read on every core (tests lower it).
    ///   - pieceLength: Roughly how many bytes of the list a piece holds.
    /// - Returns: The root node, or `nil` when the input is not plain, valid, strict JSON (the
    ///   located path then reports why).
    static func read(_ input: TextInput, concurrentLength: Int = Self.concurrentLength,
                     pieceLength: Int = ListSplit.pieceLength) -> SpecNode? {
        input.bytes.withUnsafeBufferPointer { buffer in
            var reader = FastJSONReader(buffer)
            if buffer.count >= concurrentLength, let split = ListSplit(buffer, pieceLength: pieceLength), split.cuts.count > 2 {
                guard let elements = readConcurrently(split, in: buffer) else { return nil }
                reader.prepared = (split, elements)
            }
            reader.skipWhitespace()
            guard let root = reader.value() else { return nil }
            reader.skipWhitespace()
            return reader.index == buffer.count ? root : nil
        }
    }

    /// Where a long list may be cut into pieces read apart: found by a first pass that follows
    /// only strings and brackets (in valid JSON a quote inside a string is escaped, so the pass
    /// knows which commas separate the list's elements).
    ///
    /// Nothing is trusted: each piece is read by the strict reader, which must end each element
    /// exactly at the next cut (a separating comma, or the list's closing bracket), so a piece cut
    /// wrongly (in input that is not valid JSON) fails to read and so does the document.
    struct ListSplit {
        /// The list's opening bracket.
        let start: Int
        /// Where each piece starts and ends: the list's opening bracket, then commas between
        /// elements, then its closing bracket; piece `i` is the elements between cut `i` and cut
        /// `i + 1`.
        let cuts: [Int]
        /// The depth the list's elements are read at (the lists and objects open around them).
        let depth: Int

        /// Roughly how many bytes a piece holds.
        static let pieceLength = 1 << 18

        /// The longest list at the top of `bytes`, cut about every `pieceLength` bytes; `nil`
        /// if there is none, or the brackets do not balance.
        init?(_ bytes: UnsafeBufferPointer<UInt8>, pieceLength: Int = Self.pieceLength) {
            var best: (start: Int, cuts: [Int], depth: Int)?
            var current: (start: Int, cuts: [Int], depth: Int)?
            var depth = 0, index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    // To the closing quote, over escapes.
                    index += 1
                    while index < count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if byte == UInt8(ascii: "["), depth <= 2, current == nil { current = (index, [index], depth) }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if var list = current, depth == list.depth {
                        guard byte == UInt8(ascii: "]") else { return nil }
                        list.cuts.append(index)
                        if index - list.start > (best.map { $0.cuts[$0.cuts.count - 1] - $0.start } ?? 0) { best = list }
                        current = nil
                    }
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: ","):
                    if let list = current, depth == list.depth, let last = list.cuts.last, index - last >= pieceLength {
                        current?.cuts.append(index)
                    }
                default:
                    break
                }
                index += 1
            }
            guard depth == 0, let best else { return nil }
            start = best.start
            cuts = best.cuts
            self.depth = best.depth
        }
    }

    /// The elements of a split list, each piece read on some core; `nil` if any piece is not
    /// valid JSON or does not end at its cut.
    private static func readConcurrently(_ split: ListSplit, in bytes: UnsafeBufferPointer<UInt8>) -> [SpecNode]? {
        // Unchecked: each piece only reads the bytes.
        nonisolated(unsafe) let bytes = bytes
        let pieces = Parallel.map(split.cuts.count - 1) { piece in
            var reader = FastJSONReader(bytes)
            reader.depth = split.depth
            reader.index = split.cuts[piece] + 1
            return reader.elements(upTo: split.cuts[piece + 1])
        }
        var elements: [SpecNode] = []
        elements.reserveCapacity(pieces.reduce(0) { $0 + ($1?.count ?? 0) })
        for piece in pieces {
            guard let piece else { return nil }
            elements.append(contentsOf: piece)
        }
        return elements
    }

    /// The elements from here to `end` (a comma or closing bracket), separated by commas; `nil`
    /// unless the last ends exactly at `end`.
    private mutating func elements(upTo end: Int) -> [SpecNode]? {
        var items: [SpecNode] = []
        while true {
            skipWhitespace()
            guard index < end, let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            if index == end { return items }
            guard index < end, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> SpecNode? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map { .scalar(SpecNode.Scalar($0, .doubleQuoted)) }
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object() -> SpecNode? {
        guard depth < maxSpecNesting else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var pairs: [(key: SpecNode, value: SpecNode)] = []
        pairs.reserveCapacity(4)
        // Duplicate keys are found among the pairs while there are few (a tag has two or three,
        // and a set for each of 100,000 tags cost a third of the reading), with a set beyond.
        var manyKeys: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .mapping(SpecNode.Mapping(pairs: pairs))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            if manyKeys != nil {
                guard manyKeys?.insert(key).inserted == true else { return nil }
            } else {
                for pair in pairs {
                    if case .scalar(let known) = pair.key, known.string == key { return nil }
                }
                if pairs.count == 15 {
                    manyKeys = Set(pairs.compactMap { if case .scalar(let known) = $0.key { known.string } else { nil } } + [key])
                }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let item = value() else { return nil }
            pairs.append((.scalar(SpecNode.Scalar(key, .doubleQuoted)), item))
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .mapping(SpecNode.Mapping(pairs: pairs))
        }
    }

    private mutating func array() -> SpecNode? {
        guard depth < maxSpecNesting else { return nil }
        if let prepared, index == prepared.split.start {
            // Read ahead on every core.
            index = prepared.split.cuts[prepared.split.cuts.count - 1] + 1
            return .sequence(SpecNode.Sequence(elements: prepared.elements))
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var items: [SpecNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .sequence(SpecNode.Sequence(elements: items))
        }
        while true {
            skipWhitespace()
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .sequence(SpecNode.Sequence(elements: items))
        }
    }

    /// A string from its opening quote: escapes decoded; `nil` for a raw control character, a
    /// bad escape, a lone surrogate or a missing closing quote.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // The common case: no escapes, no characters to refuse.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { break }
            index += 1
        }
        // The general case, from the start again.
        index = start
        var scalars = String.UnicodeScalarView()
        var run = start
        func flush(_ end: Int) {
            if end > run {
                scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<end]),
                                                  as: UTF8.self).unicodeScalars)
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                guard let scalar = escape() else { return nil }
                scalars.append(scalar)
                run = index
            case 0x00..<0x20, 0x7F:
                return nil
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] <= 0x9F:
                return nil  // C1 controls, U+0080 … U+009F
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return nil  // U+2028, U+2029
            default:
                index += 1
            }
        }
        return nil
    }

    /// An escape from its backslash.
    private mutating func escape() -> Unicode.Scalar? {
        guard index + 1 < bytes.count else { return nil }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            if (0xDC00...0xDFFF).contains(high) { return nil }
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        default:
            return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexDigitValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func literal(_ word: StaticString) -> SpecNode? {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return nil }
        let matches = word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { return nil }
        index += length
        guard index == bytes.count || isDelimiter(bytes[index]) else { return nil }
        return .scalar(SpecNode.Scalar("\(word)", .plain))
    }

    /// A number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() -> SpecNode? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count || isDelimiter(bytes[index]) else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return .scalar(SpecNode.Scalar(text, .plain))
    }

    private func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): true
        default: false
        }
    }
}
