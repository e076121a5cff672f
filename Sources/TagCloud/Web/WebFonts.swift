import Canvas
import Foundation
import Typesetting

/// The faces an HTML cloud is drawn with and, for each, the characters Typesetting drew with it:
/// what its `@font-face` rules declare.
///
/// Each character goes to the face that drew it, so the subsets (or the `unicode-range`s) are
/// disjoint and a browser's font fallback over the family list picks the face Typesetting picked
/// for every character (its own fallback order never comes into play). A chip's own face comes
/// first in its list even when it drew none of the label, because a browser takes the line height
/// from the first family, as Typesetting does from the requested face.
struct WebFonts {
    private var faces: [FontFace] = []
    private var characters: [Set<Unicode.Scalar>] = []

    /// The number of a face (its family is `<prefix>-f<number>`), adding it on first use.
    mutating func number(of face: FontFace) -> Int {
        if let index = faces.firstIndex(where: { $0 === face }) { return index }
        faces.append(face)
        // The space: a browser's primary font must cover U+0020 (CSS Fonts 4, "first available font").
        characters.append([" "])
        return faces.count - 1
    }

    /// Records characters drawn with a face and returns the face's number.
    mutating func add(_ scalars: Set<Unicode.Scalar>, to face: FontFace) -> Int {
        let number = number(of: face)
        characters[number].formUnion(scalars)
        return number
    }

    /// The characters each face drew in a text item, faces in order of their first run.
    ///
    /// A run's glyph clusters are UTF-8 offsets into its line's text; a cluster's characters run
    /// to the next cluster of the line, whichever run that is in.
    ///
    /// - Complexity: O(g log g) in the glyphs of the item.
    static func characters(of text: TextItem) -> [(FontFace, Set<Unicode.Scalar>)] {
        var result: [(FontFace, Set<Unicode.Scalar>)] = []
        func add(_ scalars: Substring.UnicodeScalarView, _ face: FontFace) {
            if let index = result.firstIndex(where: { $0.0 === face }) {
                result[index].1.formUnion(scalars)
            } else {
                result.append((face, Set(scalars)))
            }
        }
        for (lineIndex, line) in text.lines.enumerated() {
            let bytes = Array(line.text.utf8)
            var starts: [Int: FontFace] = [:]
            var order: [FontFace] = []
            for run in text.runs where run.line == lineIndex || text.lines.count == 1 {
                if !order.contains(where: { $0 === run.face }) { order.append(run.face) }
                for index in 0..<run.clusterCount {
                    let cluster = run.cluster(index)
                    if cluster >= 0 && cluster < bytes.count && starts[cluster] == nil { starts[cluster] = run.face }
                }
            }
            for face in order where !result.contains(where: { $0.0 === face }) { result.append((face, [])) }
            let offsets = starts.keys.sorted()
            for (position, offset) in offsets.enumerated() {
                guard let face = starts[offset] else { continue }
                let begin = position == 0 ? 0 : offset
                let end = position + 1 < offsets.count ? offsets[position + 1] : bytes.count
                add(Substring(String(decoding: bytes[begin..<end], as: UTF8.self)).unicodeScalars, face)
            }
        }
        return result
    }

    /// The `@font-face` rules: each face as an embedded subset of its characters, or, with a
    /// font URL, as its file there limited by `unicode-range` to those characters.
    ///
    /// - Throws: ``TagCloudError/renderingFailed(format:_:)`` when a face cannot be subset;
    ///   ``TagCloudError/refusedSettingLink(key:href:reason:_:)`` when the font URL is not a safe
    ///   link to a folder.
    func fontFaces(prefix: String, fontURL: String?) throws(TagCloudError) -> String {
        var base: String?
        if let fontURL {
            // Checked again here (a program may set it without the spec stage), and written in its
            // URL form: characters a URL cannot hold are percent-encoded, as a tag's link is.
            let link = try Self.folderLink(fontURL, key: "fontURL", location: nil)
            base = link.href.hasSuffix("/") ? link.href : link.href + "/"
        }
        var css = ""
        for (number, face) in faces.enumerated() {
            var rule = "@font-face{font-family:\"\(prefix)-f\(number)\";"
            // Its own weight and slant, so that a browser synthesises what the picture
            // synthesises (bold from a regular fallback face); a colour-bitmap face covers every
            // weight (neither emboldens emoji).
            rule += face.hasColorBitmaps ? "font-weight:1 1000;" : "font-weight:\(face.weightClass);"
            rule += face.isItalic ? "font-style:italic;" : ""
            let format = face.hasCFFOutlines ? "opentype" : "truetype"
            if let base {
                let file = (face.path as NSString).lastPathComponent
                rule += "src:url(\"\(Self.cssString(base + file))\") format(\"\(format)\");"
                rule += "unicode-range:\(Self.unicodeRange(characters[number]))"
            } else {
                let subset: Data
                do {
                    subset = try face.subset(characters: characters[number])
                } catch {
                    throw .renderingFailed(format: .html, .fontUnavailable(path: face.path, reason: "it cannot be subset: \(error)"))
                }
                let mime = face.hasCFFOutlines ? "font/otf" : "font/ttf"
                rule += "src:url(data:\(mime);base64,\(subset.base64EncodedString())) format(\"\(format)\")"
            }
            css += rule + "}\n"
        }
        return css
    }

    /// Characters as a CSS `unicode-range`: ranges of consecutive code points (`U+20,U+41-43`).
    static func unicodeRange(_ scalars: Set<Unicode.Scalar>) -> String {
        let values = scalars.map(\.value).sorted()
        var parts: [String] = []
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
            let first = String(values[index], radix: 16, uppercase: true)
            parts.append(end == index ? "U+\(first)" : "U+\(first)-\(String(values[end], radix: 16, uppercase: true))")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// Text for a double-quoted CSS string (CSS Syntax 3, § 4.3.5): quotes, backslashes and line
    /// breaks escaped, and `<`, `>`, `&` and `'` written as hexadecimal escapes, so that the string
    /// is safe inside a `<style>` element of HTML or XML.
    static func cssString(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            // Markup characters as hexadecimal escapes: the rules sit in a <style> element, where
            // `</style>` would end the style sheet (HTML) and `<` or `&` start markup (XML).
            case "\n", "\r", "\u{C}", "<", ">", "&", "'": result += "\\\(String(scalar.value, radix: 16)) "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A link to a folder of fonts (`fontURL`), checked as a tag's link is and in its URL form
    /// (characters a URL cannot hold percent-encoded): an `http` or `https` URL or a relative
    /// path, since a `mailto:`, `tel:` or `#fragment` link names no folder.
    ///
    /// - Throws: ``TagCloudError/refusedSettingLink(key:href:reason:_:)`` naming `key`, at `location`.
    static func folderLink(_ text: String, key: String, location: SpecLocation?) throws(TagCloudError) -> WebLink {
        let link: WebLink
        let kinds = "a font folder must be an http or https URL or a relative path"
        do {
            link = try WebLink(checking: WebLink(checking: text).url)
        } catch .refusedLink(_, let scheme) {
            throw .refusedSettingLink(key: key, href: text, reason: "\(kinds), not a \(scheme): link", location)
        } catch {
            throw .refusedSettingLink(key: key, href: text, reason: error.description, location)
        }
        guard link.kind == .web || link.kind == .relative else {
            throw .refusedSettingLink(key: key, href: text, reason: "\(kinds), not a mailto:, tel: or #fragment link", location)
        }
        // The font's file name is added after the folder: after a query or a fragment it would
        // name no file (`/fonts/?v=2/Inter.otf` asks for the folder).
        if link.url.query != nil || link.url.fragment != nil {
            throw .refusedSettingLink(key: key, href: text, reason: "\(kinds) without a ?query or #fragment: each font's file name "
                                      + "is added after it (give /fonts/, not /fonts/?v=2)", location)
        }
        return link
    }
}
