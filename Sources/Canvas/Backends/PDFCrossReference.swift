/// Mends the cross-reference table of a PDF Cairo 1.16 writes with link annotations.
///
/// With links (and so tooltips), Cairo reserves object numbers for a structure tree it then does
/// not write, and lists them in the table as in use, at the offset of another object: readers that
/// check the table (qpdf: "file is damaged … object 3 0 not found") rebuild it or give up, where
/// poppler repaired it without a word. Each entry whose object is not at its offset is pointed at
/// the object where it is, or, when the file has no such object, marked free (chained as free
/// entries are, ISO 32000-1 §7.5.4); each entry keeps its 20 bytes, so no offset moves.
enum PDFCrossReference {
    /// `pdf` with its table mended, or as it is when the table is not the one section Cairo writes.
    static func mended(_ pdf: [UInt8]) -> [UInt8] {
        guard let table = tableStart(pdf) else { return pdf }
        // "xref\n0 N\n", then N entries of 20 bytes: "oooooooooo ggggg n\n" (or " \n", "\r\n").
        var cursor = table + 5
        guard let header = line(pdf, from: &cursor) else { return pdf }
        let fields = header.split(separator: " ")
        guard fields.count == 2, fields[0] == "0", let count = Int(fields[1]), count > 0,
              cursor + count * 20 <= pdf.count else { return pdf }
        let entries = cursor
        let objects = objectOffsets(pdf, before: table)
        var bytes = pdf
        var missing: [Int] = []
        for number in 1..<count {
            let at = entries + number * 20
            guard bytes[at + 17] == UInt8(ascii: "n"), let offset = Int(String(decoding: bytes[at..<(at + 10)], as: UTF8.self)) else { continue }
            let actual = objects[number]
            if actual == offset { continue }
            if let actual {
                write(String(actual), width: 10, into: &bytes, at: at)
            } else {
                missing.append(number)
            }
        }
        guard !missing.isEmpty || bytes != pdf else { return pdf }
        // The free list: entry 0 leads to the first free object, each to the next, the last to 0.
        let chain = missing + [0]
        write(String(chain[0]), width: 10, into: &bytes, at: entries)
        for (index, number) in missing.enumerated() {
            let at = entries + number * 20
            write(String(chain[index + 1]), width: 10, into: &bytes, at: at)
            write("1", width: 5, into: &bytes, at: at + 11)
            bytes[at + 17] = UInt8(ascii: "f")
        }
        return bytes
    }

    /// Where the last `xref` section starts, as `startxref` says.
    private static func tableStart(_ pdf: [UInt8]) -> Int? {
        let key = Array("startxref".utf8)
        var index = pdf.count - key.count
        while index >= max(0, pdf.count - 1_024) {
            if pdf[index..<(index + key.count)].elementsEqual(key) {
                var cursor = index + key.count
                while cursor < pdf.count, pdf[cursor] == 0x0A || pdf[cursor] == 0x0D { cursor += 1 }
                var digits = ""
                while cursor < pdf.count, (0x30...0x39).contains(pdf[cursor]) { digits.append(Character(UnicodeScalar(pdf[cursor]))); cursor += 1 }
                guard let start = Int(digits), start + 5 <= pdf.count, pdf[start..<(start + 4)].elementsEqual(Array("xref".utf8)) else {
                    return nil
                }
                return start
            }
            index -= 1
        }
        return nil
    }

    /// The text up to the end of the line at `cursor`, moving the cursor past the line's end.
    private static func line(_ pdf: [UInt8], from cursor: inout Int) -> String? {
        let start = cursor
        while cursor < pdf.count, pdf[cursor] != 0x0A, pdf[cursor] != 0x0D { cursor += 1 }
        guard cursor < pdf.count else { return nil }
        let text = String(decoding: pdf[start..<cursor], as: UTF8.self)
        while cursor < pdf.count, pdf[cursor] == 0x0A || pdf[cursor] == 0x0D { cursor += 1 }
        return text
    }

    /// The offset of each `N 0 obj` that starts a line before the table (Cairo writes each object
    /// so), the first of a number.
    private static func objectOffsets(_ pdf: [UInt8], before end: Int) -> [Int: Int] {
        var offsets: [Int: Int] = [:]
        let suffix = Array(" 0 obj".utf8)
        var index = 0
        while index < end {
            if index == 0 || pdf[index - 1] == 0x0A || pdf[index - 1] == 0x0D {
                var cursor = index, number = 0, digits = 0
                while cursor < end, (0x30...0x39).contains(pdf[cursor]), digits < 10 {
                    number = number * 10 + Int(pdf[cursor] - 0x30)
                    cursor += 1
                    digits += 1
                }
                if digits > 0, cursor + suffix.count <= end, pdf[cursor..<(cursor + suffix.count)].elementsEqual(suffix),
                   offsets[number] == nil {
                    offsets[number] = index
                }
            }
            index += 1
        }
        return offsets
    }

    /// Writes `text` right-aligned with leading zeros over `width` bytes at `at`.
    private static func write(_ text: String, width: Int, into bytes: inout [UInt8], at: Int) {
        let padded = String(repeating: "0", count: max(0, width - text.count)) + text
        for (index, byte) in padded.utf8.suffix(width).enumerated() { bytes[at + index] = byte }
    }
}
