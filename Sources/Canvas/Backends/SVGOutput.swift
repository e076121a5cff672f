import Foundation

/// The bytes of an SVG document being written: ASCII markup, UTF-8 text, numbers written in place,
/// and the document's id prefix.
///
/// A document of 100,000 chips is 110 MB of markup: it is written as bytes, numbers formatted into
/// the buffer, and no string made per attribute. The id prefix is written as it is when the caller
/// gave one; a prefix derived from the document (``WebText/derivedPrefix(hashing:)``, always
/// ``derivedPrefixLength`` bytes) is not known until the end, so a run of placeholder bytes of
/// that length holds its place, and ``finished(prefix:)`` fills every run in place: the document
/// is not copied to insert it.
struct SVGOutput {
    /// The bytes, in a buffer of their own that grows with `realloc` (for a large document the C
    /// library moves its pages instead of copying them) and becomes the document's `Data`
    /// without a copy.
    private var buffer: GrowingBuffer
    /// Where each placeholder run starts, in order.
    private var placeholders: [Int] = []
    /// The prefix's bytes when known.
    private let prefix: [UInt8]?

    /// The length of a derived prefix: `tc` and eight hexadecimal digits.
    static let derivedPrefixLength = 10

    /// - Parameters:
    ///   - prefix: The id prefix when given; `nil` to derive it when the document is finished.
    ///   - capacity: The bytes to reserve.
    ///   - headRoom: Bytes kept free in front for the head that ``document(head:body:prefix:)``
    ///     puts before a body (``GrowingBuffer/init(capacity:frontSlack:)``).
    init(prefix: String?, capacity: Int = 0, headRoom: Int = 0) {
        self.prefix = prefix.map { Array($0.utf8) }
        buffer = GrowingBuffer(capacity: max(capacity, 64), frontSlack: headRoom)
    }

    /// The bytes written so far.
    var count: Int { buffer.count }

    /// The bytes written so far, lent.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffer.withBytes(body)
    }

    /// Appends markup written in the source.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append($0) }
    }

    /// Appends a string as it is (markup made elsewhere, or text already escaped). A
    /// ``WebText/prefixPlaceholder`` in it stands for the prefix (markup written with
    /// ``SVGWriter/p``).
    mutating func write(string text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(WebText.prefixPlaceholder) else { return buffer.append(utf8) }
            var start = 0
            for index in utf8.indices where utf8[index] == WebText.prefixPlaceholder {
                buffer.append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                writePrefix()
                start = index + 1
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// Appends bytes as they are (no placeholders in them).
    mutating func write(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { buffer.append($0) }
    }

    /// Appends the document's id prefix, or a run of placeholder bytes that will hold it.
    @inline(__always)
    mutating func writePrefix() {
        if let prefix {
            prefix.withUnsafeBufferPointer { buffer.append($0) }
        } else {
            placeholders.append(buffer.count)
            buffer.append(WebText.prefixPlaceholder, count: Self.derivedPrefixLength)
        }
    }

    /// Appends a class of the document's style sheet: the prefix, `-` and `name`.
    mutating func write(className name: String) {
        writePrefix()
        write("-")
        write(string: name)
    }

    /// Appends a number as ``WebText/number(_:decimals:)`` writes it.
    mutating func write(number value: Double, decimals: Int = 4) {
        WebText.withDigits(of: value, decimals: decimals) { buffer.append($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Appends a number as ``WebText/number(_:decimals:)`` writes it.
    mutating func write(number value: CGFloat, decimals: Int = 4) {
        write(number: Double(value), decimals: decimals)
    }

    /// Appends a whole number in decimal.
    mutating func write(integer value: Int) {
        write(number: Double(value), decimals: 0)
    }

    /// Appends text escaped for an attribute or element (``WebText/escape(_:)``).
    mutating func write(escaped text: String) {
        var escaped = WebText.escape(text)
        escaped.withUTF8 { buffer.append($0) }
    }

    /// Appends another output's bytes, with its placeholders.
    mutating func write(_ other: SVGOutput) {
        let base = buffer.count
        other.withBytes { buffer.append($0) }
        placeholders.append(contentsOf: other.placeholders.map { $0 + base })
    }

    /// The length the bytes have for ``WebText/derivedPrefix(hashing:)``: each placeholder run
    /// counts as the one placeholder byte documents had when the prefix was spliced in afterwards
    /// (so that the same picture keeps its prefix).
    var hashedCount: Int {
        buffer.count - placeholders.count * (Self.derivedPrefixLength - 1)
    }

    /// Feeds the bytes to the hash of ``WebText/derivedPrefix(hashing:)``, each placeholder run
    /// counting as one placeholder byte (see ``hashedCount``).
    func hash(into hash: inout WebText.PrefixHash) {
        withBytes { buffer in
            var start = 0
            for position in placeholders {
                hash.feed(UnsafeBufferPointer(rebasing: buffer[start..<position]))
                hash.feed(WebText.prefixPlaceholder)
                start = position + Self.derivedPrefixLength
            }
            hash.feed(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Replaces every placeholder run with `prefix` (``derivedPrefixLength`` bytes).
    private mutating func fill(prefix: [UInt8]) {
        precondition(placeholders.isEmpty || prefix.count == Self.derivedPrefixLength, "a derived prefix has a fixed length")
        for position in placeholders { buffer.overwrite(at: position, with: prefix) }
        placeholders.removeAll()
    }

    /// The document made of `head` and `body`, with its id prefix: the one given, or the one
    /// derived from the document. The body's buffer becomes the document, the head moved in
    /// front of it.
    static func document(head: SVGOutput, body: SVGOutput, prefix: String?) -> Data {
        var head = head, body = body
        let prefixBytes: [UInt8]
        if let prefix {
            prefixBytes = Array(prefix.utf8)
        } else {
            var hash = WebText.PrefixHash(byteCount: head.hashedCount + body.hashedCount)
            head.hash(into: &hash)
            body.hash(into: &hash)
            prefixBytes = Array(WebText.prefix(ofHash: hash.value).utf8)
        }
        head.fill(prefix: prefixBytes)
        body.fill(prefix: prefixBytes)
        head.withBytes { body.buffer.insertAtStart($0) }
        return body.buffer.takeData()
    }
}

