/// Readers for the two list formats, which hold only tags: text (a tag per line) and CSV.
enum TagListParsers {
    /// The lines of a text, as byte ranges without their line breaks (LF, CR LF or a lone CR).
    ///
    /// - Complexity: O(n).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                result.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    /// Reads the text format: one tag per line, optionally followed by a tab and a weight.
    ///
    /// Spaces around the tag and the weight are ignored. Blank lines are skipped, and so are
    /// comments: lines whose first non-blank characters are `# ` or which hold only `#`
    /// (so `#hashtag` is a tag).
    ///
    /// - Parameters:
    ///   - input: The checked input.
    ///   - decoder: Checks tag texts.
    /// - Returns: The tags and their locations.
    /// - Throws: ``TagCloudError/syntax(format:_:message:)`` for a line with two tabs,
    ///   ``TagCloudError/invalidWeight(tag:value:_:)``, ``TagCloudError/emptyTag(_:)``,
    ///   ``TagCloudError/controlCharacter(_:tag:key:_:)``.
    /// - Complexity: O(n).
    static func parseText(_ input: TextInput, decoder: SpecDecoder) throws(TagCloudError) -> ([Cloud.Tag], SpecSourceMap) {
        let bytes = input.bytes
        var tags: [Cloud.Tag] = []
        var map = SpecSourceMap()
        for (lineIndex, range) in lines(bytes).enumerated() {
            let lineNumber = lineIndex + 1
            let line = bytes[range]
            let content = trimSpaces(line)
            if content.isEmpty { continue }
            if content.first == UInt8(ascii: "#"), content.count == 1 || content.dropFirst().first == 0x20 {
                continue
            }
            let location = input.location(line: lineNumber, column: column(of: content.startIndex, lineStart: range.lowerBound, in: bytes))
            let tab = line.firstIndex(of: 0x09)
            let textBytes = trimSpaces(line[range.lowerBound..<(tab ?? range.upperBound)])
            let text = try decoder.tagText(String(decoding: textBytes, as: UTF8.self), location: location)
            var tag = Cloud.Tag(text)
            if let tab {
                let field = trimSpaces(line[(tab + 1)..<range.upperBound])
                if let second = field.firstIndex(of: 0x09) {
                    throw .syntax(format: .text,
                                  input.location(line: lineNumber, column: column(of: second, lineStart: range.lowerBound, in: bytes)),
                                  message: "a second tab; a line holds a tag and, after one tab, its weight")
                }
                if !field.isEmpty {
                    let weightLocation = input.location(line: lineNumber,
                                                        column: column(of: field.startIndex, lineStart: range.lowerBound, in: bytes))
                    tag.weight = try weight(String(decoding: field, as: UTF8.self), tag: text, location: weightLocation)
                }
            }
            map.recordTag(location)
            tags.append(tag)
        }
        return (tags, map)
    }

    /// Reads CSV (RFC 4180): a header `tag`, `tag,weight` or `tag,weight,href` (any case, spaces
    /// ignored), then a record per tag. Fields may be quoted with `"`, with `""` for a quote
    /// inside; unquoted fields are trimmed of spaces. Records end at CR LF, LF or CR; blank lines
    /// are skipped; an empty weight or href is "not given".
    ///
    /// - Parameters:
    ///   - input: The checked input.
    ///   - decoder: Checks tag texts.
    /// - Returns: The tags and their locations.
    /// - Throws: ``TagCloudError/syntax(format:_:message:)`` for a bad header, quoting or field
    ///   count, ``TagCloudError/invalidWeight(tag:value:_:)``, ``TagCloudError/emptyTag(_:)``,
    ///   ``TagCloudError/controlCharacter(_:tag:key:_:)``.
    /// - Complexity: O(n).
    static func parseCSV(_ input: TextInput, decoder: SpecDecoder) throws(TagCloudError) -> ([Cloud.Tag], SpecSourceMap) {
        var reader = CSVReader(input: input)
        var header: [String]?
        var tags: [Cloud.Tag] = []
        var map = SpecSourceMap()
        while let record = try reader.nextRecord() {
            if record.fields.count == 1, record.fields[0].text.isEmpty, !record.fields[0].quoted { continue }
            guard let columns = header else {
                let names = record.fields.map { $0.text.lowercased() }
                guard [["tag"], ["tag", "weight"], ["tag", "weight", "href"]].contains(names) else {
                    throw .syntax(format: .csv, record.fields[0].location,
                                  message: "expected the header tag, tag,weight or tag,weight,href, found "
                                    + quoted(record.fields.map(\.text).joined(separator: ",")))
                }
                header = names
                continue
            }
            guard record.fields.count == columns.count else {
                throw .syntax(format: .csv, record.fields[0].location,
                              message: "this record has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), "
                                + "the header has \(columns.count) (\(columns.joined(separator: ",")))")
            }
            let location = record.fields[0].location
            let text = try decoder.tagText(record.fields[0].text, location: location)
            var tag = Cloud.Tag(text)
            if columns.count > 1, !record.fields[1].text.isEmpty {
                tag.weight = try weight(record.fields[1].text, tag: text, location: record.fields[1].location)
            }
            if columns.count > 2, !record.fields[2].text.isEmpty {
                let href = record.fields[2].text
                if let bad = href.unicodeScalars.first(where: TextInput.isControl) {
                    throw .controlCharacter(bad, tag: text, key: "href", record.fields[2].location)
                }
                try SpecDecoder.checkLink(href, tag: text, location: record.fields[2].location)
                tag.href = href
            }
            map.recordTag(location)
            tags.append(tag)
        }
        return (tags, map)
    }

    /// A weight as written in a list format: a finite number ≥ 0.
    static func weight(_ text: String, tag: String, location: SpecLocation) throws(TagCloudError) -> Double {
        guard let value = parseNumber(text), value.isFinite, value >= 0 else {
            throw .invalidWeight(tag: tag, value: text, location)
        }
        return value
    }

    static func trimSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    /// The 1-based column (in Unicode scalars) of a byte offset on a line.
    static func column(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

/// An RFC 4180 record reader over checked UTF-8 bytes.
private struct CSVReader {
    struct Field {
        var text: String
        var quoted: Bool
        var location: SpecLocation
    }

    struct Record {
        var fields: [Field]
    }

    let input: TextInput
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(input: TextInput) {
        self.input = input
        self.bytes = input.bytes
    }

    private func location(_ offset: Int, line: Int, lineStart: Int) -> SpecLocation {
        input.location(line: line, column: TagListParsers.column(of: offset, lineStart: lineStart, in: bytes))
    }

    /// Consumes a line break at `index` if there is one; returns whether it did.
    private mutating func consumeLineBreak() -> Bool {
        guard index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D else { return false }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        line += 1
        lineStart = index
        return true
    }

    mutating func nextRecord() throws(TagCloudError) -> Record? {
        guard index < bytes.count else { return nil }
        var fields: [Field] = []
        while true {
            let fieldStart = index
            let fieldLocation = location(fieldStart, line: line, lineStart: lineStart)
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var text: [UInt8] = []
                while true {
                    guard index < bytes.count else {
                        throw .syntax(format: .csv, fieldLocation,
                                      message: "the quoted field that starts here has no closing quote")
                    }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            text.append(byte)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == 0x0A || byte == 0x0D {
                        text.append(byte)
                        let isPair = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
                        if isPair { text.append(0x0A) }
                        index += isPair ? 2 : 1
                        line += 1
                        lineStart = index
                        continue
                    }
                    text.append(byte)
                    index += 1
                }
                fields.append(Field(text: String(decoding: text, as: UTF8.self), quoted: true, location: fieldLocation))
                if index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != 0x0A, bytes[index] != 0x0D {
                    throw .syntax(format: .csv, location(index, line: line, lineStart: lineStart),
                                  message: "expected ',' or the end of the line after the closing quote")
                }
            } else {
                while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != 0x0A, bytes[index] != 0x0D {
                    if bytes[index] == UInt8(ascii: "\"") {
                        throw .syntax(format: .csv, location(index, line: line, lineStart: lineStart),
                                      message: "a double quote inside an unquoted field; put the whole field in "
                                        + "double quotes and write the quote twice (\"\")")
                    }
                    index += 1
                }
                let text = TagListParsers.trimSpaces(bytes[fieldStart..<index])
                fields.append(Field(text: String(decoding: text, as: UTF8.self), quoted: false,
                                    location: location(text.startIndex, line: line, lineStart: lineStart)))
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            _ = consumeLineBreak()
            return Record(fields: fields)
        }
    }
}
