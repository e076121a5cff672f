import Foundation

/// Rewrites Cairo's SVG output in one pass:
///
/// - Marker paints written by ``SVGMarkers`` become `<a xlink:href>` and `<g id data-label>` start
///   and end tags.
/// - The ids Cairo 1.16 takes from process-wide counters (`surfaceN` for recording surfaces and the
///   page, `imageN` for embedded images) are renumbered in order of first appearance, so a second
///   render in the same process, or one on another thread, writes the same bytes. Cairo's other ids
///   (`glyphN-M`, `clipN`, `maskN`, `linearN`) already count per document.
enum SVGPostProcessor {
    /// The id prefixes whose numbers come from process-wide counters.
    private static let globalIdPrefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]
    private static let markerStart = Array("<rect x=\"0\" y=\"0\" width=\"".utf8)
    private static let markerStyle = Array("style=\"fill:rgb(".utf8)

    /// Processes a document.
    ///
    /// - Parameters:
    ///   - bytes: Cairo's SVG output.
    ///   - markers: The metadata the markers refer to.
    /// - Returns: The processed document, and the metadata numbers whose begin and end markers were
    ///   found. Cairo drops both markers of an item inside a group whose clip is empty (the item draws
    ///   nothing there either); any other difference between the two sets means the markers were not
    ///   understood.
    static func process(_ bytes: [UInt8], markers: SVGMarkers) -> (bytes: [UInt8], begun: Set<Int>, ended: Set<Int>) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + markers.entries.count * 64)
        var renumbered: [[UInt8]: [String: Int]] = [:]
        var begun = Set<Int>(), ended = Set<Int>()
        let hasMarkers = !markers.entries.isEmpty
        bytes.withUnsafeBufferPointer { input in
            let n = input.count
            var copied = 0  // input[..<copied] is in the output
            var i = 0
            while i < n {
                let byte = input[i]
                // Only '<' (a marker), '"' and '#' (an id or a reference) start something to rewrite.
                guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") else {
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "<") {
                    guard hasMarkers, let marker = parseMarker(bytes, at: i), marker.number < markers.entries.count else {
                        i += 1
                        continue
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<i]))
                    let metadata = markers.entries[marker.number]
                    output.append(contentsOf: (marker.isBegin ? startTags(metadata) : endTags(metadata)).utf8)
                    if marker.isBegin { begun.insert(marker.number) } else { ended.insert(marker.number) }
                    i = marker.end
                    copied = i
                    continue
                }
                i += 1
                guard let (prefix, digits, end) = globalId(bytes, at: i) else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<i]))
                var numbers = renumbered[prefix, default: [:]]
                let number = numbers[digits] ?? (numbers.count + 1)
                numbers[digits] = number
                renumbered[prefix] = numbers
                output.append(contentsOf: prefix)
                output.append(contentsOf: String(number).utf8)
                i = end
                copied = i
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<n]))
        }
        return (output, begun, ended)
    }

    /// Matches `surface123` or `image123` at `index`, followed by `"` or `)`.
    private static func globalId(_ bytes: [UInt8], at index: Int) -> ([UInt8], String, Int)? {
        for prefix in globalIdPrefixes where hasPrefix(bytes, prefix, at: index) {
            var end = index + prefix.count
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            guard end > index + prefix.count, end < bytes.count,
                  bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: ")") else { return nil }
            return (prefix, String(decoding: bytes[(index + prefix.count)..<end], as: UTF8.self), end)
        }
        return nil
    }

    /// Parses a marker paint: `<rect x="0" y="0" width="W" height="H"
    /// style="fill:rgb(R%,G%,B%);fill-opacity:O;stroke:none;"/>` and the line break after it.
    private static func parseMarker(_ bytes: [UInt8], at index: Int) -> (number: Int, isBegin: Bool, end: Int)? {
        guard hasPrefix(bytes, markerStart, at: index),
              let style = firstIndex(of: markerStyle, in: bytes, from: index + markerStart.count, limit: 80) else { return nil }
        var cursor = style + markerStyle.count
        /// Reads a decimal number ending at `terminator`.
        func number(until terminator: [UInt8]) -> Double? {
            let begin = cursor
            while cursor < bytes.count, cursor - begin < 16, !hasPrefix(bytes, terminator, at: cursor) { cursor += 1 }
            guard hasPrefix(bytes, terminator, at: cursor) else { return nil }
            defer { cursor += terminator.count }
            return Double(String(decoding: bytes[begin..<cursor], as: UTF8.self))
        }
        guard let red = number(until: Array("%,".utf8)), let green = number(until: Array("%,".utf8)),
              let blue = number(until: Array("%);fill-opacity:".utf8)),
              let opacity = number(until: Array(";stroke:none;\"/>".utf8)) else { return nil }
        let isBegin: Bool
        if abs(opacity - SVGMarkers.beginOpacity) < 1e-7 {
            isBegin = true
        } else if abs(opacity - SVGMarkers.endOpacity) < 1e-7 {
            isBegin = false
        } else {
            return nil
        }
        let byte = { (percent: Double) in Int((percent / 100 * 255).rounded()) }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\n") { cursor += 1 }
        return (byte(red) << 16 | byte(green) << 8 | byte(blue), isBegin, cursor)
    }

    private static func startTags(_ metadata: ItemMetadata) -> String {
        var tags = ""
        if let link = metadata.link { tags += "<a xlink:href=\"\(escape(link.absoluteString))\">\n" }
        tags += "<g"
        if let identifier = metadata.identifier { tags += " id=\"\(escape(identifier))\"" }
        if let label = metadata.label { tags += " data-label=\"\(escape(label))\"" }
        return tags + ">\n"
    }

    private static func endTags(_ metadata: ItemMetadata) -> String {
        metadata.link == nil ? "</g>\n" : "</g>\n</a>\n"
    }

    /// Escapes text for a double-quoted XML attribute (XML 1.0, section 2.4), dropping the control
    /// characters XML does not allow.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at index: Int) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for k in 0..<prefix.count where bytes[index + k] != prefix[k] { return false }
        return true
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int, limit: Int) -> Int? {
        var index = start
        while index + needle.count <= min(bytes.count, start + limit) {
            if hasPrefix(bytes, needle, at: index) { return index }
            index += 1
        }
        return nil
    }
}
