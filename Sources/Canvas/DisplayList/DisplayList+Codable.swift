public import Foundation
public import Typesetting

// The JSON form of a display list, for tests and debugging.
//
// Every enum is an object with a "kind"; values equal to their defaults are left out; points and
// sizes are [x, y] and [width, height] arrays; colours are [red, green, blue, opacity]; paths are
// SVG path data with absolute commands (M, L, Q, C, Z); fonts are named by file name and face index.

extension DisplayList: Codable {
    /// The JSON of this display list, with sorted keys so equal lists give equal bytes.
    ///
    /// - Returns: UTF-8 JSON, pretty-printed.
    /// - Throws: `EncodingError` if a number is not finite (JSON has no NaN or infinity).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Decodes a display list from JSON written by ``jsonData()``, finding fonts in `fonts`.
    ///
    /// - Parameters:
    ///   - jsonData: The JSON.
    ///   - fonts: The library whose faces the glyph runs name (by file name and face index): its
    ///     added, bundled and already loaded system faces (`FontLibrary.loadedFaces()`).
    /// - Throws: `DecodingError` for malformed JSON, ``CanvasError/unknownFont(file:index:)`` for a
    ///   font the library does not have.
    public init(jsonData: Data, fonts: FontLibrary) throws {
        try self.init(jsonData: jsonData) { file, index in
            guard let face = fonts.loadedFaces().first(where: { ($0.path as NSString).lastPathComponent == file && $0.index == index }) else {
                throw CanvasError.unknownFont(file: file, index: index)
            }
            return face
        }
    }

    /// Decodes a display list from JSON written by ``jsonData()``, finding fonts with a closure.
    ///
    /// - Parameters:
    ///   - jsonData: The JSON.
    ///   - resolveFont: Returns the face for a font file name and face index.
    /// - Throws: `DecodingError` for malformed JSON, or what `resolveFont` throws.
    public init(jsonData: Data, resolveFont: @escaping @Sendable (_ file: String, _ index: Int) throws -> FontFace) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[FontResolver.key] = FontResolver(resolve: resolveFont)
        self = try decoder.decode(DisplayList.self, from: jsonData)
    }

    private enum CodingKeys: String, CodingKey { case size, items }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([size.width, size.height], forKey: .size)
        try container.encode(items, forKey: .items)
    }

    /// Decodes a display list; the decoder's `userInfo` must hold a font resolver, which
    /// ``init(jsonData:fonts:)`` and ``init(jsonData:resolveFont:)`` provide.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let size = try container.decode([CGFloat].self, forKey: .size)
        guard size.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .size, in: container, debugDescription: "expected [width, height]")
        }
        self.init(size: CGSize(width: size[0], height: size[1]),
                  items: try container.decodeIfPresent([DisplayItem].self, forKey: .items) ?? [])
    }
}

/// Finds the font face for a file name and face index while decoding JSON.
struct FontResolver: Sendable {
    static let key = CodingUserInfoKey(rawValue: "TagCloud.Canvas.fontResolver")!
    let resolve: @Sendable (String, Int) throws -> FontFace
}

extension DisplayItem: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, shape, shading, style, placement, origin, runs, lines, items, transform, clip, opacity, metadata, language
        case eoFill, antialiased
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch content {
        case .fill(let shape, let shading, let style):
            try container.encode("fill", forKey: .kind)
            try container.encode(shape, forKey: .shape)
            try container.encode(shading, forKey: .shading)
            if style != FillStyle() { try container.encode(style, forKey: .style) }
        case .stroke(let shape, let shading, let style, let placement):
            try container.encode("stroke", forKey: .kind)
            try container.encode(shape, forKey: .shape)
            try container.encode(shading, forKey: .shading)
            try container.encode(style, forKey: .style)
            try container.encode(placement, forKey: .placement)
        case .text(let text):
            try container.encode("text", forKey: .kind)
            try container.encode(text.origin.pair, forKey: .origin)
            try container.encode(text.shading, forKey: .shading)
            try container.encode(text.runs.map(CodableGlyphRun.init), forKey: .runs)
            if !text.lines.isEmpty { try container.encode(text.lines, forKey: .lines) }
            try container.encodeIfPresent(text.language?.identifier, forKey: .language)
        case .group(let group):
            try container.encode("group", forKey: .kind)
            try container.encode(group.items, forKey: .items)
            if !group.transform.isIdentity { try container.encode(group.transform, forKey: .transform) }
            try container.encodeIfPresent(group.clip, forKey: .clip)
            if group.opacity != 1 { try container.encode(group.opacity, forKey: .opacity) }
        }
        if !metadata.isEmpty { try container.encode(metadata, forKey: .metadata) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let content: Content
        switch kind {
        case "fill":
            content = .fill(try container.decode(ResolvedShape.self, forKey: .shape),
                            try container.decode(Shading.self, forKey: .shading),
                            try container.decodeIfPresent(FillStyle.self, forKey: .style) ?? FillStyle())
        case "stroke":
            content = .stroke(try container.decode(ResolvedShape.self, forKey: .shape),
                              try container.decode(Shading.self, forKey: .shading),
                              try container.decodeIfPresent(StrokeStyle.self, forKey: .style) ?? StrokeStyle(),
                              try container.decodeIfPresent(StrokePlacement.self, forKey: .placement) ?? .centered)
        case "text":
            guard let resolver = decoder.userInfo[FontResolver.key] as? FontResolver else {
                throw DecodingError.dataCorruptedError(forKey: .runs, in: container,
                                                       debugDescription: "decoding text needs a font resolver: use DisplayList(jsonData:fonts:)")
            }
            let runs = try container.decode([CodableGlyphRun].self, forKey: .runs).map { try $0.glyphRun(resolver) }
            let language = try container.decodeIfPresent(String.self, forKey: .language).map { tag in
                do {
                    return try TextLanguage(tag)
                } catch {
                    throw DecodingError.dataCorruptedError(forKey: .language, in: container, debugDescription: String(describing: error))
                }
            }
            content = .text(TextItem(runs: runs, origin: try CGPoint(pair: container.decode([CGFloat].self, forKey: .origin)),
                                     shading: try container.decode(Shading.self, forKey: .shading),
                                     lines: try container.decodeIfPresent([TextLine].self, forKey: .lines) ?? [], language: language))
        case "group":
            content = .group(ItemGroup(items: try container.decodeIfPresent([DisplayItem].self, forKey: .items) ?? [],
                                       transform: try container.decodeIfPresent(Transform.self, forKey: .transform) ?? .identity,
                                       clip: try container.decodeIfPresent(Clip.self, forKey: .clip),
                                       opacity: try container.decodeIfPresent(Double.self, forKey: .opacity) ?? 1))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown item kind '\(kind)'; expected fill, stroke, text or group")
        }
        self.init(content, metadata: try container.decodeIfPresent(ItemMetadata.self, forKey: .metadata) ?? ItemMetadata())
    }
}

/// A glyph run as JSON: the font by file name and face index instead of a face object.
private struct CodableGlyphRun: Codable {
    struct FontReference: Codable {
        var file: String
        var index: Int
    }
    var font: FontReference
    var size: CGFloat
    var glyphs: [UInt32]
    var positions: [[CGFloat]]
    var clusters: [Int]
    /// `FontSynthesis` bits (1 bold, 2 italic); absent when none.
    var synthesis: UInt8?

    init(_ run: GlyphRun) {
        font = FontReference(file: (run.face.path as NSString).lastPathComponent, index: run.face.index)
        size = run.fontSize
        glyphs = run.glyphs
        positions = run.positions.map(\.pair)
        clusters = run.clusters
        synthesis = run.synthesis.isEmpty ? nil : run.synthesis.rawValue
    }

    func glyphRun(_ resolver: FontResolver) throws -> GlyphRun {
        let points = try positions.map { try CGPoint(pair: $0) }
        return GlyphRun(face: try resolver.resolve(font.file, font.index), fontSize: size, glyphs: glyphs,
                        positions: points, clusters: clusters, synthesis: FontSynthesis(rawValue: synthesis ?? 0))
    }
}


extension Clip: Codable {
    private enum CodingKeys: String, CodingKey { case shape, style }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shape, forKey: .shape)
        if style != FillStyle() { try container.encode(style, forKey: .style) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(ResolvedShape.self, forKey: .shape),
                  style: try container.decodeIfPresent(FillStyle.self, forKey: .style) ?? FillStyle())
    }
}

extension ResolvedShape: Codable {
    private enum CodingKeys: String, CodingKey { case kind, rect, cornerSize, style, d }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .rect(let rect):
            try container.encode("rect", forKey: .kind)
            try container.encode(rect.quad, forKey: .rect)
        case .roundedRect(let rect, let cornerSize, let style):
            try container.encode("roundedRect", forKey: .kind)
            try container.encode(rect.quad, forKey: .rect)
            try container.encode([cornerSize.width, cornerSize.height], forKey: .cornerSize)
            try container.encode(style, forKey: .style)
        case .capsule(let rect, let style):
            try container.encode("capsule", forKey: .kind)
            try container.encode(rect.quad, forKey: .rect)
            try container.encode(style, forKey: .style)
        case .ellipse(let rect):
            try container.encode("ellipse", forKey: .kind)
            try container.encode(rect.quad, forKey: .rect)
        case .circle(let rect):
            try container.encode("circle", forKey: .kind)
            try container.encode(rect.quad, forKey: .rect)
        case .path(let path):
            try container.encode("path", forKey: .kind)
            try container.encode(path.svgPathData, forKey: .d)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        func rect() throws -> CGRect { try CGRect(quad: container.decode([CGFloat].self, forKey: .rect)) }
        switch kind {
        case "rect": self = .rect(try rect())
        case "roundedRect":
            let size = try CGPoint(pair: container.decode([CGFloat].self, forKey: .cornerSize))
            self = .roundedRect(try rect(), cornerSize: CGSize(width: size.x, height: size.y),
                                style: try container.decodeIfPresent(RoundedCornerStyle.self, forKey: .style) ?? .circular)
        case "capsule":
            self = .capsule(try rect(), style: try container.decodeIfPresent(RoundedCornerStyle.self, forKey: .style) ?? .circular)
        case "ellipse": self = .ellipse(try rect())
        case "circle": self = .circle(try rect())
        case "path":
            let data = try container.decode(String.self, forKey: .d)
            guard let path = Path(svgPathData: data) else {
                throw DecodingError.dataCorruptedError(forKey: .d, in: container,
                                                       debugDescription: "'\(data)' is not path data made of M, L, Q, C and Z commands")
            }
            self = .path(path)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown shape kind '\(kind)'; expected rect, roundedRect, capsule, ellipse, circle or path")
        }
    }
}

extension Shading: Codable {
    private enum CodingKeys: String, CodingKey { case kind, color, stops, start, end }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .color(let color):
            try container.encode("color", forKey: .kind)
            try container.encode(color, forKey: .color)
        case .linearGradient(let stops, let start, let end):
            try container.encode("linearGradient", forKey: .kind)
            try container.encode(stops, forKey: .stops)
            try container.encode(start.pair, forKey: .start)
            try container.encode(end.pair, forKey: .end)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "color":
            self = .color(try container.decode(RGBAColor.self, forKey: .color))
        case "linearGradient":
            self = .linearGradient(stops: try container.decode([GradientStop].self, forKey: .stops),
                                   start: try CGPoint(pair: container.decode([CGFloat].self, forKey: .start)),
                                   end: try CGPoint(pair: container.decode([CGFloat].self, forKey: .end)))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown shading kind '\(kind)'; expected color or linearGradient")
        }
    }
}

extension RGBAColor: Codable {
    /// Encodes the colour as `[red, green, blue, opacity]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([red, green, blue, opacity])
    }

    /// Decodes a colour from `[red, green, blue, opacity]` or `[red, green, blue]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let values = try container.decode([Double].self)
        guard values.count == 3 || values.count == 4 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [red, green, blue, opacity]")
        }
        self.init(red: values[0], green: values[1], blue: values[2], opacity: values.count == 4 ? values[3] : 1)
    }
}


extension StrokeStyle: Codable {
    private enum CodingKeys: String, CodingKey { case lineWidth, lineCap, lineJoin, miterLimit, dash, dashPhase }

    public func encode(to encoder: any Encoder) throws {
        let defaults = StrokeStyle()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lineWidth, forKey: .lineWidth)
        if lineCap != defaults.lineCap { try container.encode(lineCap, forKey: .lineCap) }
        if lineJoin != defaults.lineJoin { try container.encode(lineJoin, forKey: .lineJoin) }
        if miterLimit != defaults.miterLimit { try container.encode(miterLimit, forKey: .miterLimit) }
        if !dash.isEmpty { try container.encode(dash, forKey: .dash) }
        if dashPhase != defaults.dashPhase { try container.encode(dashPhase, forKey: .dashPhase) }
    }

    public init(from decoder: any Decoder) throws {
        let defaults = StrokeStyle()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lineWidth: try container.decodeIfPresent(CGFloat.self, forKey: .lineWidth) ?? defaults.lineWidth,
                  lineCap: try container.decodeIfPresent(LineCap.self, forKey: .lineCap) ?? defaults.lineCap,
                  lineJoin: try container.decodeIfPresent(LineJoin.self, forKey: .lineJoin) ?? defaults.lineJoin,
                  miterLimit: try container.decodeIfPresent(CGFloat.self, forKey: .miterLimit) ?? defaults.miterLimit,
                  dash: try container.decodeIfPresent([CGFloat].self, forKey: .dash) ?? [],
                  dashPhase: try container.decodeIfPresent(CGFloat.self, forKey: .dashPhase) ?? defaults.dashPhase)
    }
}

extension FillStyle: Codable {
    private enum CodingKeys: String, CodingKey { case eoFill, antialiased }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isEOFilled, forKey: .eoFill)
        try container.encode(isAntialiased, forKey: .antialiased)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(eoFill: try container.decodeIfPresent(Bool.self, forKey: .eoFill) ?? false,
                  antialiased: try container.decodeIfPresent(Bool.self, forKey: .antialiased) ?? true)
    }
}

extension Transform: Codable {
    /// Encodes the transform as `[a, b, c, d, tx, ty]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([a, b, c, d, tx, ty])
    }

    /// Decodes a transform from `[a, b, c, d, tx, ty]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let m = try container.decode([CGFloat].self)
        guard m.count == 6 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [a, b, c, d, tx, ty]")
        }
        self.init(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }
}

extension Path: Codable {
    /// The path as SVG path data with absolute commands: `M x y`, `L x y`, `Q cx cy x y`,
    /// `C c1x c1y c2x c2y x y` and `Z`, numbers in their shortest exact decimal form.
    public var svgPathData: String {
        var parts: [String] = []
        func add(_ command: String, _ points: CGPoint...) {
            parts.append(command)
            for point in points { parts.append(Self.format(point.x)); parts.append(Self.format(point.y)) }
        }
        for element in elements {
            switch element {
            case .move(let p): add("M", p)
            case .line(let p): add("L", p)
            case .quadCurve(let p, let c): add("Q", c, p)
            case .curve(let p, let c1, let c2): add("C", c1, c2, p)
            case .closeSubpath: add("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Parses path data written by ``svgPathData``: whitespace-separated absolute `M`, `L`, `Q`, `C`
    /// and `Z` commands (SVG 1.1, section 8.3, restricted to those commands).
    ///
    /// - Parameter svgPathData: The path data.
    /// - Returns: The path, or `nil` if the data uses other commands or has a malformed number.
    public init?(svgPathData: String) {
        self.init()
        var tokens = svgPathData.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" }).makeIterator()
        func points(_ count: Int) -> [CGPoint]? {
            var result: [CGPoint] = []
            for _ in 0..<count {
                guard let x = tokens.next().flatMap({ Double($0) }), let y = tokens.next().flatMap({ Double($0) }) else { return nil }
                result.append(CGPoint(x: x, y: y))
            }
            return result
        }
        while let command = tokens.next() {
            switch command {
            case "M": guard let p = points(1) else { return nil }; move(to: p[0])
            case "L": guard let p = points(1) else { return nil }; addLine(to: p[0])
            case "Q": guard let p = points(2) else { return nil }; addQuadCurve(to: p[1], control: p[0])
            case "C": guard let p = points(3) else { return nil }; addCurve(to: p[2], control1: p[0], control2: p[1])
            case "Z": closeSubpath()
            default: return nil
            }
        }
    }

    static func format(_ value: CGFloat) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(Double(value))"
    }

    /// Encodes the path as its ``svgPathData``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(svgPathData)
    }

    /// Decodes a path from SVG path data (see ``init(svgPathData:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let data = try container.decode(String.self)
        guard let path = Path(svgPathData: data) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(data)' is not path data made of M, L, Q, C and Z commands")
        }
        self = path
    }
}

extension CGPoint {
    var pair: [CGFloat] { [x, y] }

    init(pair: [CGFloat]) throws {
        guard pair.count == 2 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "expected [x, y], got \(pair.count) numbers"))
        }
        self.init(x: pair[0], y: pair[1])
    }
}

extension CGRect {
    var quad: [CGFloat] { [origin.x, origin.y, width, height] }

    init(quad: [CGFloat]) throws {
        guard quad.count == 4 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "expected [x, y, width, height], got \(quad.count) numbers"))
        }
        self.init(x: quad[0], y: quad[1], width: quad[2], height: quad[3])
    }
}

extension ItemMetadata: Codable {
    private enum CodingKeys: String, CodingKey { case label, link, identifier, role, selected }

    /// Writes the keys that are set: `label`, `link`, `identifier`, `role`, and `selected` only
    /// when true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(role, forKey: .role)
        if isSelected { try container.encode(true, forKey: .selected) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(label: try container.decodeIfPresent(String.self, forKey: .label),
                  link: try container.decodeIfPresent(URL.self, forKey: .link),
                  identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
                  role: try container.decodeIfPresent(ItemRole.self, forKey: .role),
                  isSelected: try container.decodeIfPresent(Bool.self, forKey: .selected) ?? false)
    }
}

extension TextLine: Codable {
    private enum CodingKeys: String, CodingKey { case text, baseline, width, size, rtl }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(baselineOrigin.pair, forKey: .baseline)
        try container.encode(width, forKey: .width)
        try container.encode(fontSize, forKey: .size)
        if isRightToLeft { try container.encode(true, forKey: .rtl) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(text: try container.decode(String.self, forKey: .text),
                  baselineOrigin: try CGPoint(pair: container.decode([CGFloat].self, forKey: .baseline)),
                  width: try container.decode(CGFloat.self, forKey: .width),
                  fontSize: try container.decode(CGFloat.self, forKey: .size),
                  isRightToLeft: try container.decodeIfPresent(Bool.self, forKey: .rtl) ?? false)
    }
}
