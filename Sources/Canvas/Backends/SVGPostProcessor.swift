import Foundation

/// Rewrites Cairo's SVG output in one pass:
///
/// - Markers painted by ``SVGMarkers`` become the `<a xlink:href>` and `<g id data-label>` start
///   and end tags of their events; the marker image's definition is removed.
/// - The ids Cairo 1.16 takes from process-wide counters (`surfaceN` for recording surfaces and the
///   page, `imageN` for embedded images) are renumbered in order of first appearance, so a second
///   render in the same process, or one on another thread, writes the same bytes. Cairo's other ids
///   (`glyphN-M`, `clipN`, `maskN`, `linearN`) already count per document.
enum SVGPostProcessor {
    /// The id prefixes whose numbers come from process-wide counters.
    private static let globalIdPrefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]
    private static let markerStart = Array("<rect x=\"0\" y=\"0\" width=\"".utf8)
    private static let markerStyle = Array("style=\"fill:rgb(".utf8)
    private static let imageDefinitionStart = Array("<image id=\"image".utf8)
    private static let imageDefinitionEnd = Array("\" width=\"1\" height=\"1\" xlink:href=\"\(SVGMarkers.imageURI)\"/>\n".utf8)
    private static let imageUseStart = Array("<use xlink:href=\"#image".utf8)
    private static let imageUseEnd = Array("\"/>\n".utf8)
    private static let definitionsStart = Array("<defs>\n".utf8)
    private static let definitionsEnd = Array("</defs>\n".utf8)

    /// Processes a document drawn with markers.
    ///
    /// - Parameters:
    ///   - bytes: Cairo's SVG output.
    ///   - markers: The markers painted while drawing.
    /// - Returns: The processed document, or `nil` if the markers were not all found as painted.
    ///   Cairo drops the markers inside an opacity group whose clip is empty, with everything the
    ///   group's items draw; that is the only loss tolerated.
    static func process(_ bytes: [UInt8], markers: SVGMarkers) -> [UInt8]? {
        let (output, complete) = rewrite(bytes, markers: markers)
        return complete ? output : nil
    }

    /// Processes a document drawn without markers: renumbers its ids.
    static func process(_ bytes: [UInt8]) -> [UInt8] {
        rewrite(bytes, markers: nil).bytes
    }

    private static func rewrite(_ bytes: [UInt8], markers: SVGMarkers?) -> (bytes: [UInt8], complete: Bool) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + (markers?.entries.count ?? 0) * 64)
        var renumbered: [[UInt8]: [String: Int]] = [:]
        var markerImageIds = Set<String>()
        var imageMarkersFound = 0
        var complete = true
        var begun = Set<Int>(), ended = Set<Int>()
        func writeEvents(_ number: Int) {
            guard let markers, number < markers.markers.count else { complete = false; return }
            for event in markers.markers[number] {
                switch event {
                case .begin(let entry):
                    output.append(contentsOf: startTags(markers.entries[entry]).utf8)
                    begun.insert(entry)
                case .end(let entry):
                    output.append(contentsOf: endTags(markers.entries[entry]).utf8)
                    ended.insert(entry)
                }
            }
        }
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
                    guard let markers else {
                        i += 1
                        continue
                    }
                    // What replaces the text at `i`: nothing (a marker image's definition), or the
                    // tags of a marker's events.
                    let replaced: (end: Int, marker: Int?)?
                    if let definitions = markerOnlyDefinitions(bytes, at: i, ids: &markerImageIds) {
                        replaced = (definitions, nil)
                    } else if let (digits, lineEnd) = number(bytes, at: i, between: imageDefinitionStart, and: imageDefinitionEnd) {
                        markerImageIds.insert(digits)
                        replaced = (lineEnd, nil)
                    } else if let (digits, useEnd) = number(bytes, at: i, between: imageUseStart, and: imageUseEnd), markerImageIds.contains(digits) {
                        let order = imageMarkersFound
                        imageMarkersFound += 1
                        if order < markers.imageMarkers.count {
                            replaced = (useEnd, markers.imageMarkers[order])
                        } else {
                            complete = false
                            replaced = (useEnd, nil)
                        }
                    } else if let marker = parseMarker(bytes, at: i) {
                        replaced = (marker.end, marker.number)
                    } else {
                        replaced = nil
                    }
                    guard let replaced else {
                        i += 1
                        continue
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<i]))
                    if let marker = replaced.marker { writeEvents(marker) }
                    i = replaced.end
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
        if let markers, imageMarkersFound != markers.imageMarkers.count || begun != ended { complete = false }
        return (output, complete)
    }

    /// Matches `<defs>` holding nothing but marker image definitions, and records their ids.
    ///
    /// - Returns: The index after `</defs>` and its line break.
    private static func markerOnlyDefinitions(_ bytes: [UInt8], at index: Int, ids: inout Set<String>) -> Int? {
        guard hasPrefix(bytes, definitionsStart, at: index) else { return nil }
        var cursor = index + definitionsStart.count
        var found: [String] = []
        while let (digits, end) = number(bytes, at: cursor, between: imageDefinitionStart, and: imageDefinitionEnd) {
            found.append(digits)
            cursor = end
        }
        guard !found.isEmpty, hasPrefix(bytes, definitionsEnd, at: cursor) else { return nil }
        ids.formUnion(found)
        return cursor + definitionsEnd.count
    }

    /// Matches `prefix`, decimal digits, then `suffix` at `index`.
    ///
    /// - Returns: The digits and the index after `suffix`.
    private static func number(_ bytes: [UInt8], at index: Int, between prefix: [UInt8], and suffix: [UInt8]) -> (String, Int)? {
        guard hasPrefix(bytes, prefix, at: index) else { return nil }
        var end = index + prefix.count
        while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
        guard end > index + prefix.count, hasPrefix(bytes, suffix, at: end) else { return nil }
        return (String(decoding: bytes[(index + prefix.count)..<end], as: UTF8.self), end + suffix.count)
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

    /// Parses a rectangle marker: `<rect x="0" y="0" width="W" height="H"
    /// style="fill:rgb(R%,G%,B%);fill-opacity:0.123457;stroke:none;"/>` and the line break after it.
    private static func parseMarker(_ bytes: [UInt8], at index: Int) -> (number: Int, end: Int)? {
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
              let opacity = number(until: Array(";stroke:none;\"/>".utf8)),
              abs(opacity - SVGMarkers.rectangleOpacity) < 1e-7 else { return nil }
        let byte = { (percent: Double) in Int((percent / 100 * 255).rounded()) }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\n") { cursor += 1 }
        return (byte(red) << 16 | byte(green) << 8 | byte(blue), cursor)
    }

    private static func startTags(_ metadata: ItemMetadata) -> String {
        var tags = ""
        if let link = metadata.link { tags += "<a xlink:href=\"\(escape(link.absoluteString))\">\n" }
        tags += "<g"
        if let identifier = metadata.identifier { tags += " id=\"\(escape(identifier))\"" }
        if let label = metadata.label { tags += " data-label=\"\(escape(label))\"" }
        tags += ">\n"
        if let tooltip = metadata.tooltip { tags += "<title>\(escape(tooltip))</title>\n" }
        return tags
    }

    private static func endTags(_ metadata: ItemMetadata) -> String {
        metadata.link == nil ? "</g>\n" : "</g>\n</a>\n"
    }

    /// Escapes text for a double-quoted XML attribute (XML 1.0, section 2.4), dropping the control
    /// characters XML does not allow.
    static func escape(_ text: String) -> String {
        // Most labels and identifiers need nothing escaped.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == 0xEF }) {
            return text
        }
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
