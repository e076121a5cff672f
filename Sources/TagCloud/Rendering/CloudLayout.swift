public import Foundation

/// Where every chip of a rendered cloud went: what `tagcloud render --format json` writes.
///
/// ```json
/// {"width": 393, "height": 140, "chips": [{"text": "Swift", "x": 16, "y": 16, "width": 66.8125, "height": 36, "fonts": ["Inter"]}]}
/// ```
///
/// Lengths are in points, with the origin at the picture's top-left corner and y growing
/// downwards; the outer padding is included (the first chip of a left-to-right cloud is at
/// `x = padding`). `width` and `height` are the picture's. Chips are listed in the spec's order;
/// when `maxRows` hides tags, the hidden ones are left out and the "+N" chip that stands for them
/// comes last. The frames are the ones the chips were drawn in, recorded during the same layout
/// pass that made the picture.
public struct CloudLayout: Sendable, Equatable {
    /// One chip's text and frame.
    public struct Chip: Sendable, Equatable {
        /// The chip's text (`+N` for the chip standing for hidden tags).
        public var text: String
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
        public init(text: String, x: Double, y: Double, width: Double, height: Double, fonts: [String] = []) {
            self.text = text
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
    /// The chips in the spec's order (the "+N" chip last).
    public var chips: [Chip]

    /// Makes a layout.
    public init(width: Double, height: Double, chips: [Chip]) {
        self.width = width
        self.height = height
        self.chips = chips
    }

    /// The layout as JSON (RFC 8259): `{"width": W, "height": H, "chips": [{"text", "x", "y",
    /// "width", "height", "fonts"}, …]}` ("fonts" only when known), a chip per line, numbers in their shortest exact decimal form
    /// (`16`, `66.8125`), text escaped as JSON requires. The same layout gives the same bytes.
    ///
    /// - Returns: UTF-8 JSON ending with a newline.
    /// - Complexity: O(n) in the number of chips and the length of their texts.
    public func jsonData() -> Data {
        var output = "{\"width\": \(Self.number(width)), \"height\": \(Self.number(height)), \"chips\": ["
        output.reserveCapacity(64 + chips.count * 96)
        for (index, chip) in chips.enumerated() {
            output += index == 0 ? "\n  " : ",\n  "
            output += "{\"text\": "
            SpecTree.writeJSONString(chip.text, to: &output)
            output += ", \"x\": \(Self.number(chip.x)), \"y\": \(Self.number(chip.y)), "
            output += "\"width\": \(Self.number(chip.width)), \"height\": \(Self.number(chip.height))"
            if !chip.fonts.isEmpty {
                output += ", \"fonts\": ["
                for (position, family) in chip.fonts.enumerated() {
                    if position > 0 { output += ", " }
                    SpecTree.writeJSONString(family, to: &output)
                }
                output += "]"
            }
            output += "}"
        }
        output += chips.isEmpty ? "]}\n" : "\n]}\n"
        return Data(output.utf8)
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
            parsed.append(Chip(text: text, x: x, y: y, width: w, height: h, fonts: chip["fonts"] as? [String] ?? []))
        }
        self.init(width: width, height: height, chips: parsed)
    }

    /// A number in its shortest form that reads back exactly: integers without a fraction.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
