import Foundation

/// Turns the placeholder links ``PDFTags`` emits for tooltips into markup annotations that
/// viewers show while the pointer is over them.
///
/// Cairo 1.16 has no API for annotations other than links, so a tooltip is emitted as a link tag
/// over the item's area whose URI is a placeholder (`tagcloud-tooltip-N-xxx…`, long enough to
/// hold the tooltip). Cairo writes each as an uncompressed link annotation; this rewrites that
/// object's dictionary in place, in the same number of bytes (the rest padded with spaces, which
/// PDF allows between tokens), so no cross-reference offset moves:
///
/// ```
/// << /Type /Annot /Subtype /Square /Rect [ … ] /Contents <FEFF…> /BS << /W 0 >> /StructParent N >>
/// ```
///
/// A square annotation without a border, colour or appearance draws nothing; its `/Contents`
/// (UTF-16BE, ISO 32000-1 §7.9.2.2) is the text viewers pop up on hover (pdf.js, Acrobat,
/// Okular). When a placeholder cannot be found (a Cairo that compresses its objects), the document
/// is drawn again without tooltips rather than keep a placeholder link.
enum PDFTooltips {
    /// The URI of tooltip `number`: a marker, then filler that leaves room for the annotation.
    static func placeholder(number: Int, text: String) -> String {
        marker(number) + String(repeating: "x", count: hexLength(text) + 48)
    }

    /// Rewrites every tooltip placeholder of `pdf`.
    ///
    /// - Parameters:
    ///   - pdf: Cairo's document.
    ///   - tooltips: The tooltips, by number.
    /// - Returns: The document with the annotations, the same length as `pdf`; `nil` when a
    ///   placeholder is missing or not where expected.
    /// - Complexity: O(n · t) for n bytes and t tooltips.
    static func annotate(_ pdf: [UInt8], tooltips: [String]) -> [UInt8]? {
        var bytes = pdf
        var searchFrom = 0
        for (number, text) in tooltips.enumerated() {
            // The marker as a whole URI, just after the string's opening parenthesis: a link of the
            // picture's own (absolute: it starts with its scheme) cannot be taken for it, though it
            // holds the marker (`https://e.com/tagcloud-tooltip-0-` became the tooltip, and the
            // placeholder a link).
            guard let found = find(Array(("(" + marker(number)).utf8), in: bytes, from: searchFrom),
                  case let at = found + 1,
                  let object = findBackward(Array(" obj".utf8), in: bytes, before: at),
                  let start = find(Array("<<".utf8), in: bytes, from: object),
                  let endObject = find(Array("endobj".utf8), in: bytes, from: at),
                  let end = findBackward(Array(">>".utf8), in: bytes, before: endObject), start < at, at < end
            else { return nil }
            let original = String(decoding: bytes[start..<(end + 2)], as: UTF8.self)
            guard let rect = value(after: "/Rect", in: original, from: "[", to: "]") else { return nil }
            var dictionary = "<< /Type /Annot /Subtype /Square /Rect [\(rect)] /Contents <\(hex(text))> /BS << /W 0 >>"
            if let parent = value(after: "/StructParent", in: original, from: " ", to: "\n") {
                dictionary += " /StructParent \(parent.trimmingCharacters(in: .whitespaces))"
            }
            dictionary += " >>"
            let replacement = Array(dictionary.utf8)
            let length = end + 2 - start
            guard replacement.count <= length else { return nil }
            bytes.replaceSubrange(start..<(end + 2), with: replacement + [UInt8](repeating: 0x20, count: length - replacement.count))
            searchFrom = end
        }
        return bytes
    }

    /// The placeholder's marker for tooltip `number`.
    private static func marker(_ number: Int) -> String { "tagcloud-tooltip-\(number)-" }

    /// The tooltip as a PDF text string in hex: a UTF-16BE byte order mark, then the text.
    static func hex(_ text: String) -> String {
        var result = "FEFF"
        for unit in text.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            result += String(repeating: "0", count: 4 - digits.count) + digits
        }
        return result
    }

    private static func hexLength(_ text: String) -> Int { 4 + 4 * text.utf16.count }

    /// The text between `open` and `close` after `key` in `text`.
    private static func value(after key: String, in text: String, from open: String, to close: String) -> String? {
        guard let keyRange = text.range(of: key), let openRange = text.range(of: open, range: keyRange.upperBound..<text.endIndex),
              let closeRange = text.range(of: close, range: openRange.upperBound..<text.endIndex) else { return nil }
        return String(text[openRange.upperBound..<closeRange.lowerBound])
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func findBackward(_ needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        var index = Swift.min(end, bytes.count) - needle.count
        while index >= 0 {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
