/// A view that displays one or more lines of read-only text: the port of SwiftUI's `Text`.
///
/// Text is shaped by Typesetting (HarfBuzz, with the bundled Inter standing in for SF Pro and
/// Noto Color Emoji for emoji) in the environment's font, 17-point body by default. Its size is
/// the browser layout size Typesetting reports, so a chip sized around a label matches Chromium's
/// rendering of the same label. Proposed a width narrower than its single line, text wraps at
/// line-break opportunities (UAX #14); proposed a width narrower than its widest word, it stays
/// on one line truncated with "…" (so squeezed text never breaks inside words); proposed a height
/// shorter than its lines, or limited by ``View/lineLimit(_:)``, it is truncated with "…" as
/// ``View/truncationMode(_:)`` says.
public struct Text: Sendable {
    var content: String
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var style: AnyShapeStyle?

    /// Creates a text view that displays a string literally (SwiftUI's `init(verbatim:)`).
    ///
    /// - Parameter content: The string.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Creates a text view that displays a string (SwiftUI's `init(_:)` for a string value).
    ///
    /// - Parameter content: The string.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Creates a text view from a literal or interpolation (SwiftUI's `init(_:tableName:bundle:comment:)`).
    ///
    /// There is no localization: the key is the text shown.
    ///
    /// - Parameters:
    ///   - key: The text, such as `"\(count) items"`.
    ///   - tableName: Accepted for SwiftUI code.
    ///   - bundle: Accepted for SwiftUI code.
    ///   - comment: Accepted for SwiftUI code.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
                comment: StaticString? = nil) {
        self.content = key.key
    }

    /// Where truncated text is cut: SwiftUI's `Text.TruncationMode`.
    public typealias TruncationMode = Typesetting.TruncationMode

    /// This text in a font (SwiftUI's `Text.font(_:)`).
    ///
    /// - Parameter font: The font; `nil` for the environment's.
    /// - Returns: The text.
    public func font(_ font: Font?) -> Text {
        var copy = self
        copy.font = font
        return copy
    }

    /// This text in a weight (SwiftUI's `Text.fontWeight(_:)`).
    ///
    /// - Parameter weight: The weight; `nil` for the font's.
    /// - Returns: The text.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// This text in bold (SwiftUI's `Text.bold()`).
    ///
    /// - Returns: The text.
    public func bold() -> Text { fontWeight(.bold) }

    /// This text in bold or not (SwiftUI's `Text.bold(_:)`).
    ///
    /// - Parameter isActive: Whether to use bold.
    /// - Returns: The text.
    public func bold(_ isActive: Bool) -> Text { isActive ? fontWeight(.bold) : self }

    /// This text in italic (SwiftUI's `Text.italic()`).
    ///
    /// - Returns: The text.
    public func italic() -> Text {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// This text in a colour (SwiftUI's `Text.foregroundColor(_:)`).
    ///
    /// - Parameter color: The colour; `nil` for the environment's foreground style.
    /// - Returns: The text.
    public func foregroundColor(_ color: Color?) -> Text {
        var copy = self
        copy.style = color.map(AnyShapeStyle.init)
        return copy
    }

    /// This text in a style (SwiftUI's `Text.foregroundStyle(_:)`).
    ///
    /// - Returns: The text.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        var copy = self
        copy.style = AnyShapeStyle(style)
        return copy
    }

    /// Concatenates two texts (SwiftUI's `+`). The result is set in the first text's style.
    ///
    /// - Parameters:
    ///   - lhs: The first text.
    ///   - rhs: The text appended.
    /// - Returns: The combined text.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var copy = lhs
        copy.content += rhs.content
        return copy
    }
}

extension Text: View {
    /// A text node with the environment's font, style and paragraph settings.
    ///
    /// - Parameters:
    ///   - view: The text.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    public static func _makeNodes(_ view: Text, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(node: TextNode(view, environment: inputs.environment, context: inputs.context))
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// The key of a text: SwiftUI's `LocalizedStringKey`, built from a literal or an interpolation.
///
/// There is no localization: the key is the text. Interpolated values are written with
/// `String(describing:)`; `"\(value, specifier: "%.1f")"` formats a number with a C format.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    let key: String

    /// Creates a key from a string.
    ///
    /// - Parameter value: The text.
    public init(_ value: String) {
        key = value
    }

    /// Creates a key from a literal.
    ///
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        key = value
    }

    /// Creates a key from an interpolation.
    ///
    /// - Parameter stringInterpolation: The interpolation.
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.output
    }

    /// The parts of an interpolated key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""

        /// Creates an empty interpolation.
        ///
        /// - Parameters:
        ///   - literalCapacity: The literal characters expected.
        ///   - interpolationCount: The interpolations expected.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        /// Appends literal text.
        ///
        /// - Parameter literal: The text.
        public mutating func appendLiteral(_ literal: String) {
            output += literal
        }

        /// Appends a value's description.
        public mutating func appendInterpolation<T>(_ value: T) {
            output += String(describing: value)
        }

        /// Appends a number formatted with a C format specifier, such as `"%.1f"`.
        ///
        /// - Parameters:
        ///   - value: The number.
        ///   - specifier: The format.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            output += String(format: specifier, Double(value))
        }

        /// Appends a text's string.
        public mutating func appendInterpolation(_ text: Text) {
            output += text.content
        }
    }
}

/// A text laid out by Typesetting.
///
/// The single-line layout is shaped once; narrower proposals wrap (one shaping per distinct
/// width), shorter ones truncate. Each proposal's ``ShapedText`` is kept (the single-line one
/// once, for every proposal it fits), so drawing reuses the layout that sized the node.
final class TextNode: ViewNode {
    let string: String
    /// The environment the text is in, shared with its siblings: the text's own font and style
    /// are kept beside it (``font``, ``style``) rather than written into a copy of it, which cost
    /// every text of a large cloud an environment of its own.
    let environment: EnvironmentValues
    private let context: ResolutionContext
    /// The font: the text's own (``Text/font(_:)``, ``Text/fontWeight(_:)``, ``Text/italic()``)
    /// over the environment's (``EnvironmentValues/resolvedFont``).
    private let font: Font
    /// The text's own foreground style (``Text/foregroundColor(_:)``, ``Text/foregroundStyle(_:)``),
    /// or `nil` for the environment's.
    private let style: AnyShapeStyle?
    /// The language of the environment's locale (``EnvironmentValues/locale``), or `nil`.
    private let language: TextLanguage?
    private var ideal: ShapedText?
    /// The layouts other than ``ideal``, by proposal.
    private var layouts: [ProposedViewSize: ShapedText] = [:]
    /// The font's line gap and the widest word's width, found when first asked for: NaN until
    /// then (8 bytes each in every text node of a cloud, where optionals took 16).
    private var lineGap: CGFloat = .nan
    private var widestWordWidth: CGFloat = .nan
    /// The display-list role taken from a metadata modifier (``ViewNode/adopt(role:)``).
    private var role: ItemRole?

    override func adopt(role: ItemRole) -> Bool {
        guard self.role == nil else { return false }
        self.role = role
        return true
    }

    override var adoptedRole: ItemRole? { role }

    init(_ text: Text, environment: EnvironmentValues, context: ResolutionContext) {
        string = text.content
        self.environment = environment
        self.context = context
        // As `environment.resolvedFont` with the text's font, weight and slant written into it.
        var font = text.font ?? environment.font ?? .body
        if let weight = text.weight ?? environment.fontWeight { font.weight = weight }
        if text.isItalic || environment.isItalic { font.isItalic = true }
        self.font = font
        style = text.style
        language = TextLanguage(environment.locale)
    }

    /// The shading of the text's foreground style in `bounds`.
    private func shading(bounds: CGRect) -> Shading {
        guard let style else { return environment.foregroundShading(bounds: bounds) }
        if let color = style.color { return .color(color.rgba) }
        // The text's own style resolves in the environment as it is: `.secondary` is the inherited
        // foreground style at 60 % (white under `.foregroundStyle(.white)`), as a shape's fill is;
        // it was resolved as if no foreground style were set, in the default grey.
        return style._shading(in: environment, bounds: bounds)
    }

    override var kind: String { "Text(\(string))" }

    private func shape(width: CGFloat?, lineLimit: Int?) -> ShapedText? {
        do {
            // The natural writing direction, whatever the layout direction: the text's first
            // strong character's, left to right without one (UAX #9 rules P2 and P3), as SwiftUI's
            // `Text` and a browser's `unicode-bidi: plaintext` take it ("C++" in a right-to-left
            // layout reads "C++", "+5" reads "+5").
            return try context.typesetter.shape(string, font: font, width: width, lineLimit: lineLimit,
                                                truncation: environment.truncationMode,
                                                alignment: environment.multilineTextAlignment, direction: .leftToRight,
                                                language: language)
        } catch {
            context.record(.textLayoutFailed(text: string, TypesettingError(thrown: error)))
            return nil
        }
    }

    /// The layout for a proposal (see the type's discussion).
    func layout(for proposal: ProposedViewSize) -> ShapedText? {
        if ideal == nil { ideal = shape(width: nil, lineLimit: environment.lineLimit) }
        guard let ideal else { return nil }
        // The ideal layout answers every proposal it fits (most texts, most proposals) without a
        // memo entry: only narrowed or shortened layouts are kept.
        let narrower = proposal.width.map { $0.isFinite && $0 < ideal.size.width - 0.001 } ?? false
        let shorter = proposal.height.map { $0.isFinite && ideal.lineCount > 1 && ideal.size.height > $0 + 0.001 } ?? false
        if !narrower && !shorter { return ideal }
        if let known = layouts[proposal] { return known }
        var result = ideal
        var width: CGFloat?
        if let proposed = proposal.width, proposed.isFinite, proposed < ideal.size.width - 0.001 {
            let available = Swift.max(0, proposed)
            width = available
            let lineLimit = available < widestWord - 0.001 ? 1 : environment.lineLimit
            result = shape(width: available, lineLimit: lineLimit) ?? ideal
            // A text is never cut to something as wide as itself: an ellipsis wider than a
            // one-letter text ("C") replaced the letter, and made the text's narrowest size wider
            // than its ideal one, so that a stack sharing its width (a label and its count) took
            // it for the less flexible child and cut it ("… 7" for "C 7").
            if result.isTruncated, result.size.width >= ideal.size.width { result = ideal }
        }
        if let height = proposal.height, height.isFinite, result.lineCount > 1, result.size.height > height + 0.001 {
            var fitting = 0
            for line in result.lines where line.origin.y + line.height <= height + 0.001 { fitting += 1 }
            result = shape(width: width, lineLimit: Swift.max(1, fitting)) ?? result
        }
        layouts[proposal] = result
        return result
    }

    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        layout(for: proposal)?.size ?? .zero
    }

    /// Texts draw alike when they draw the same glyph runs: the same glyphs of the same faces at
    /// the same places (their colours and the sizes laid out may differ).
    override func drawsLike(_ former: ViewNode, proposal: ProposedViewSize, formerProposal: ProposedViewSize) -> Bool {
        guard let former = former as? TextNode else { return false }
        let text = layout(for: proposal), formerText = former.layout(for: formerProposal)
        guard let text, let formerText else { return text == nil && formerText == nil }
        guard text.runCount == formerText.runCount else { return false }
        return (0..<text.runCount).allSatisfy { text.run($0) == formerText.run($0) }
    }

    /// The width of the widest word: below it, text is truncated on one line rather than broken
    /// inside words. A word is what a line may not be broken inside (``Typesetter/unbreakablePieces(of:)``):
    /// a Japanese or Thai sentence, written without spaces, is many (split at spaces, it was one
    /// word, and never wrapped).
    private var widestWord: CGFloat {
        if !widestWordWidth.isNaN { return widestWordWidth }
        var widest: CGFloat = 0
        for word in context.typesetter.unbreakablePieces(of: string) {
            let width = (try? context.typesetter.measure(String(word), font: font, language: language))?.size.width ?? 0
            widest = Swift.max(widest, width)
        }
        widestWordWidth = widest
        return widest
    }

    override func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        guard guide == .firstTextBaseline || guide == .lastTextBaseline, let text = layout(for: proposal) else {
            return nil
        }
        return guide == .firstTextBaseline ? text.firstBaseline : text.lastBaseline
    }

    /// Text spacing: between two texts stacked vertically, only the upper one's line gap.
    override var spacing: ViewSpacing {
        if lineGap.isNaN { lineGap = (try? context.typesetter.metrics(for: font))?.lineGap ?? 0 }
        return ViewSpacing.text(lineGap: lineGap)
    }
    /// The lines of a cut text as one string: joined by a space where the text broke at white
    /// space, and by nothing where it broke between letters that need none (between two
    /// ideographs: "直骨直" and "骨…" are "直骨直骨…", not "直骨直 骨…"). A line that is not where
    /// the text continues (the cut last one) is joined by a space.
    static func shownText(_ lines: [String], of original: String) -> String {
        var shown = "", cursor = original.startIndex
        for (index, line) in lines.enumerated() {
            if index > 0 {
                let brokeAtSpace = cursor == original.endIndex || original[cursor].isWhitespace
                    || !original[cursor...].hasPrefix(line.prefix { $0 != "…" })
                if brokeAtSpace { shown += " " }
                while cursor < original.endIndex, original[cursor].isWhitespace { cursor = original.index(after: cursor) }
            }
            shown += line
            cursor = original[cursor...].hasPrefix(line) ? original.index(cursor, offsetBy: line.count) : original.endIndex
        }
        return shown
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        guard canvas.keepsItems || canvas.textSink != nil, let text = layout(for: proposal) else { return }
        // The label is what is drawn: the text, or its shown lines when an ellipsis cut it.
        let label = text.isTruncated ? Self.shownText(text.lines.map(\.text), of: string) : string
        canvas.textSink?.record(DrawnText(label: label, layout: text))
        guard canvas.keepsItems, text.runCount > 0 else { return }
        let shading = canvas.animated(shading(bounds: frame), of: self) { $0.shading(bounds: frame) }
        guard shading.isVisible else { return }
        canvas.append(DisplayItem.text(text, at: frame.origin, with: shading).metadata(label: label))
    }
}
