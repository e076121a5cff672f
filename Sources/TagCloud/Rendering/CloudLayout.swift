public import Foundation
import Canvas

/// Where every chip of a rendered cloud went: what `tagcloud render --format json` writes.
///
/// ```json
/// {"width": 390, "height": 68, "chips": [
///   {"text": "Swift", "x": 16, "y": 16, "width": 65.015625, "height": 36, "fonts": ["Inter"]}
/// ]}
/// ```
///
/// Lengths are in points, with the origin at the picture's top-left corner and y growing
/// downwards; the outer padding is included (the first chip of a left-to-right cloud is at
/// `x = padding`). `width` and `height` are the picture's. Chips are listed in the order they are
/// drawn (the spec's unless `order` says otherwise); when `maxRows` hides tags, the hidden ones are
/// left out and the "+N" chip that stands for them comes last. A chip's `label` is its whole label
/// when a `label` template made it differ from the text (`"Swift 12"`), and `shown` what it draws
/// when a label too wide for the row was cut with an ellipsis (`"Lorem ipsum dolor…"`, lines
/// joined by spaces). The frames are the ones the chips were drawn in, recorded during the same
/// layout pass that made the picture.
public struct CloudLayout: Sendable, Equatable {
    /// One chip's text and frame.
    public struct Chip: Sendable, Equatable {
        /// The tag's text (`+N` for the chip standing for hidden tags).
        public var text: String
        /// The whole label, when a template made it differ from ``text``.
        public var label: String?
        /// What the chip draws, when its label was cut with an ellipsis to fit the row.
        public var shown: String?
        /// The left edge, in points from the picture's left edge.
        public var x: Double
        /// The top edge, in points from the picture's top edge.
        public var y: Double
        /// The width in points.
        public var width: Double
        /// The height in points.
        public var height: Double
        /// The font families the chip's text is drawn in, each once, in the order of its runs:
        /// the requested family, then those fallback gave characters to (Typesetting's
        /// `ShapedText.fontFamilies`).
        public var fonts: [String]

        /// Makes a chip's entry.
        ///
        /// - Parameters:
        ///   - text: The tag's text.
        ///   - label: The whole label, when it differs from the text.
        ///   - shown: What the chip draws, when the label was cut.
        ///   - x: The left edge, in points from the picture's.
        ///   - y: The top edge, in points from the picture's.
        ///   - width: In points.
        ///   - height: In points.
        ///   - fonts: The families the text is drawn in.
        public init(text: String, label: String? = nil, shown: String? = nil, x: Double, y: Double, width: Double,
                    height: Double, fonts: [String] = []) {
            self.text = text
            self.label = label
            self.shown = shown
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.fonts = fonts
        }

        /// The frame as a rectangle.
        public var frame: CGRect { CGRect(x: x, y: y, width: width, height: height) }
    }

    /// The picture's width in points: the container's width and the padding on both sides.
    public var width: Double
    /// The picture's height in points.
    public var height: Double
    /// The chips in drawing order (the "+N" chip last).
    public var chips: [Chip]

    /// Makes a layout.
    public init(width: Double, height: Double, chips: [Chip]) {
        self.width = width
        self.height = height
        self.chips = chips
    }

    /// The layout as JSON (RFC 8259): `{"width": W, "height": H, "chips": [{"text", "x", "y",
    /// "width", "height", "fonts"}, …]}` (`"label"` and `"shown"` after `"text"` when a chip has
    /// them, `"fonts"` only when known), a chip per line, numbers in their shortest exact decimal form
    /// (`16`, `66.8125`), text escaped as JSON requires. The same layout gives the same bytes.
    ///
    /// - Returns: UTF-8 JSON ending with a newline.
    /// - Complexity: O(n) in the number of chips and the length of their texts.
    public func jsonData() -> Data {
        jsonData(concurrentChips: Self.concurrentChips)
    }

    /// ``jsonData()``, written on every core from `concurrentChips` chips (tests vary it).
    func jsonData(concurrentChips: Int) -> Data {
        var output = JSONBytes(reservingCapacity: 64 + chips.count * 100)
        output.append("{\"width\": ")
        output.append(number: width)
        output.append(", \"height\": ")
        output.append(number: height)
        output.append(", \"chips\": [")
        if chips.count >= concurrentChips {
            // Long lists in consecutive pieces on every core, joined in order: the same bytes.
            let pieces = Self.concurrentPieces
            let parts = Parallel.map(pieces) { piece in
                let range = chips.count * piece / pieces..<chips.count * (piece + 1) / pieces
                var part = JSONBytes(reservingCapacity: range.count * 100)
                writeChips(range, to: &part)
                return part
            }
            for part in parts { output.append(contentsOf: part) }
        } else {
            writeChips(chips.indices, to: &output)
        }
        output.append(chips.isEmpty ? "]}\n" : "\n]}\n")
        return output.data()
    }

    /// Layouts of at least this many chips (4,096) are written on every core.
    static let concurrentChips = 4096
    /// How many pieces such a layout is written in.
    static let concurrentPieces = 16

    /// Writes the chips of `range`, each after its separator.
    private func writeChips(_ range: Range<Int>, to output: inout JSONBytes) {
        // Each chip read where it lies: a copy counted a reference for each of its strings.
        chips.withUnsafeBufferPointer { chips in
            for index in range { write(chips[index], first: index == 0, to: &output) }
        }
    }

    /// Writes one chip, after its separator.
    private func write(_ chip: Chip, first: Bool, to output: inout JSONBytes) {
        output.append(first ? "\n  {\"text\": " : ",\n  {\"text\": ")
        output.append(string: chip.text)
        if let label = chip.label {
            output.append(", \"label\": ")
            output.append(string: label)
        }
        if let shown = chip.shown {
            output.append(", \"shown\": ")
            output.append(string: shown)
        }
        output.append(", \"x\": ")
        output.append(number: chip.x)
        output.append(", \"y\": ")
        output.append(number: chip.y)
        output.append(", \"width\": ")
        output.append(number: chip.width)
        output.append(", \"height\": ")
        output.append(number: chip.height)
        if !chip.fonts.isEmpty {
            output.append(", \"fonts\": [")
            for (position, family) in chip.fonts.enumerated() {
                if position > 0 { output.append(", ") }
                output.append(string: family)
            }
            output.append("]")
        }
        output.append("}")
    }

    /// Reads a layout written by ``jsonData()`` (or any JSON of that shape).
    ///
    /// - Parameter data: The JSON.
    /// - Throws: ``TagCloudError/syntax(format:_:message:)`` when the data is not a layout.
    public init(jsonData data: Data) throws(TagCloudError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .syntax(format: .json, SpecLocation(source: "layout JSON"), message: "not a layout: \(error)")
        }
        func fail(_ what: String) -> TagCloudError {
            .syntax(format: .json, SpecLocation(source: "layout JSON"), message: "not a layout: \(what)")
        }
        guard let root = object as? [String: Any], let width = (root["width"] as? NSNumber)?.doubleValue,
              let height = (root["height"] as? NSNumber)?.doubleValue, let chips = root["chips"] as? [[String: Any]]
        else { throw fail("expected {\"width\", \"height\", \"chips\"}") }
        var parsed: [Chip] = []
        for chip in chips {
            guard let text = chip["text"] as? String, let x = (chip["x"] as? NSNumber)?.doubleValue,
                  let y = (chip["y"] as? NSNumber)?.doubleValue, let w = (chip["width"] as? NSNumber)?.doubleValue,
                  let h = (chip["height"] as? NSNumber)?.doubleValue
            else { throw fail("a chip needs text, x, y, width and height") }
            guard chip["fonts"] == nil || chip["fonts"] is [String] else { throw fail("a chip's fonts are a list of names") }
            parsed.append(Chip(text: text, label: chip["label"] as? String, shown: chip["shown"] as? String,
                               x: x, y: y, width: w, height: h, fonts: chip["fonts"] as? [String] ?? []))
        }
        self.init(width: width, height: height, chips: parsed)
    }

    /// A number in its shortest form that reads back exactly: integers without a fraction.
    package static func number(_ value: Double) -> String {
        SpecTree.format(value)
    }
}
