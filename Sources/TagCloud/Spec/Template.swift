/// A chip label or tooltip written with placeholders: `"{text} {weight}"`, `"{text}: {weight} posts"`.
///
/// `{text}` stands for the tag's text and `{weight}` for its weight as the spec writes numbers
/// (`12`, `2.5`); `{{` and `}}` are literal braces. The template is split into words at its own
/// spaces (not at spaces inside a tag's text): the word that holds the first `{weight}` is the
/// *count*, which a chip draws as a second `Text` in a smaller, lighter style, and which is left
/// out, with the space before it, for a tag without a weight (unless it holds `{text}` too, as in
/// `{text}{weight}`: it is then kept without the weight). A label the template leaves empty (`{weight}`
/// for a tag without a weight) is the tag's text.
public struct Template: Sendable, Hashable {
    /// The values a template can hold.
    public enum Placeholder: String, Sendable, CaseIterable {
        /// The tag's text.
        case text
        /// The tag's weight, as the spec writes numbers.
        case weight
    }

    /// What makes a template's text invalid.
    public enum Problem: Error, Sendable, Hashable {
        /// `{name}` with a name that is not a ``Placeholder``.
        case unknownPlaceholder(String)
        /// A `{` without its `}`.
        case unclosedBrace
        /// A `}` that closes nothing (write `}}` for a brace).
        case strayClosingBrace
    }

    /// The template as written.
    public let source: String

    private enum Element: Hashable {
        case character(Character)
        case placeholder(Placeholder)
    }

    /// The template's words, split at its literal spaces, with the spaces before each.
    private let words: [(space: String, elements: [Element])]
    /// The index of the word holding the first `{weight}`, if any.
    private let countWord: Int?

    /// Whether the template names the weight (`{weight}`): as a tooltip, a tag without a weight
    /// then has none ("Drafts: posts" says nothing).
    var namesWeight: Bool { countWord != nil }

    /// Parses a template.
    ///
    /// - Parameter source: The text, with `{text}`, `{weight}`, `{{` and `}}`.
    /// - Throws: The ``Problem`` of the first mistake.
    /// - Complexity: O(n) in the length of the text.
    public init(_ source: String) throws(Problem) {
        self.source = source
        var elements: [Element] = []
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{" {
                if next < source.endIndex, source[next] == "{" {
                    elements.append(.character("{"))
                    index = source.index(after: next)
                    continue
                }
                guard let close = source[next...].firstIndex(of: "}") else { throw .unclosedBrace }
                let name = String(source[next..<close])
                guard let placeholder = Placeholder(rawValue: name) else { throw .unknownPlaceholder(name) }
                elements.append(.placeholder(placeholder))
                index = source.index(after: close)
            } else if character == "}" {
                guard next < source.endIndex, source[next] == "}" else { throw .strayClosingBrace }
                elements.append(.character("}"))
                index = source.index(after: next)
            } else {
                elements.append(.character(character))
                index = next
            }
        }
        var words: [(space: String, elements: [Element])] = []
        var space = ""
        var word: [Element] = []
        for element in elements {
            if case .character(let character) = element, character.isWhitespace {
                if !word.isEmpty {
                    words.append((space, word))
                    word = []
                    space = ""
                }
                space.append(character)
            } else {
                word.append(element)
            }
        }
        if !word.isEmpty { words.append((space, word)) }
        self.words = words
        countWord = words.firstIndex { $0.elements.contains(.placeholder(.weight)) }
    }

    /// The texts of a chip's label: the words before the count, the count, the words after it;
    /// parts that would be empty are left out, and so is the count of a tag without a weight.
    ///
    /// - Parameters:
    ///   - text: The tag's text.
    ///   - weight: The tag's weight, if it has one.
    /// - Returns: One part, or up to three with the count marked ``LabelPart/isCount``; a word that
    ///   holds the text as well as the count (`{text}{weight}`) is drawn as the text, unmarked.
    public func parts(text: String, weight: Double?) -> [LabelPart] {
        // A count word that holds the text too (`{text}{weight}`) is drawn as the text is, whole:
        // in the count's smaller, lighter look the tag's own name lost its contrast. For a tag
        // without a weight it stays, without the weight: dropping it dropped the tag's text.
        guard let countWord, !holdsText(countWord) else {
            let whole = expand(words[...], text: text, weight: weight)
            return [LabelPart(text: whole.isEmpty ? text : whole, isCount: false)]
        }
        var parts: [LabelPart] = []
        let before = expand(words[..<countWord], text: text, weight: weight)
        if !before.isEmpty { parts.append(LabelPart(text: before, isCount: false)) }
        if weight != nil {
            parts.append(LabelPart(text: expand(words[countWord...countWord], text: text, weight: weight), isCount: true))
        }
        let after = expand(words[(countWord + 1)...], text: text, weight: weight)
        if !after.isEmpty { parts.append(LabelPart(text: after, isCount: false)) }
        // A template that gives a tag nothing (`{weight}` alone, for a tag without a weight):
        // the chip shows the tag's text, never an empty label.
        return parts.isEmpty ? [LabelPart(text: text, isCount: false)] : parts
    }

    /// Whether word `index` holds `{text}`.
    private func holdsText(_ index: Int) -> Bool {
        words[index].elements.contains(.placeholder(.text))
    }

    /// The template filled in as one string (a tooltip): the words as written, without the count
    /// word for a tag without a weight.
    ///
    /// - Parameters:
    ///   - text: The tag's text.
    ///   - weight: The tag's weight, if it has one.
    /// - Returns: The text.
    public func string(text: String, weight: Double?) -> String {
        guard let countWord, weight == nil, !holdsText(countWord) else { return expand(words[...], text: text, weight: weight) }
        let before = expand(words[..<countWord], text: text, weight: weight)
        let after = expand(words[(countWord + 1)...], text: text, weight: weight)
        if before.isEmpty || after.isEmpty { return before + after }
        return before + words[countWord + 1].space + after
    }

    /// The words filled in, joined by their spaces (without the first word's).
    private func expand(_ words: ArraySlice<(space: String, elements: [Element])>, text: String, weight: Double?) -> String {
        var result = ""
        for (offset, word) in words.enumerated() {
            if offset > 0 { result += word.space }
            for element in word.elements {
                switch element {
                case .character(let character): result.append(character)
                case .placeholder(.text): result += text
                case .placeholder(.weight): result += weight.map(Self.count) ?? ""
                }
            }
        }
        return result
    }

    /// A weight as a label shows it: a whole number in its digits, however large (1e16 is
    /// "10000000000000000", not "1e+16" or "1.0e16"), up to 10²¹; other numbers as Swift writes
    /// them (2.5, 1e+21).
    static func count(_ weight: Double) -> String {
        guard weight.rounded() == weight, abs(weight) < 1e21 else { return "\(weight)" }
        return weight == 0 ? "0" : String(format: "%.0f", weight)
    }

    public static func == (lhs: Template, rhs: Template) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// One text of a chip's label (see ``Template/parts(text:weight:)``).
public struct LabelPart: Sendable, Hashable {
    /// The text.
    public var text: String
    /// Whether this is the count, drawn smaller and lighter.
    public var isCount: Bool

    /// Makes a part.
    ///
    /// - Parameters:
    ///   - text: What the part shows: template text, the tag's text, or the weight.
    ///   - isCount: Whether it is the count.
    public init(text: String, isCount: Bool) {
        self.text = text
        self.isCount = isCount
    }
}

extension Template.Placeholder {
    /// `{text}`, `{weight}`: every placeholder as written.
    static var written: [String] { allCases.map { "{\($0.rawValue)}" } }
}

extension TagCloudError {
    /// The error of a template with a problem, at a key path.
    init(_ problem: Template.Problem, template: String, path: String, _ location: SpecLocation) {
        switch problem {
        case .unknownPlaceholder(let name):
            self = .unknownValue(path: path, value: "{\(name)}",
                                 suggestion: nearestName(to: name, in: Template.Placeholder.allCases.map(\.rawValue)).map { "{\($0)}" },
                                 valid: Template.Placeholder.written, location)
        case .unclosedBrace:
            self = .wrongType(path: path, expected: "a template whose { is closed by } (write {{ for a brace)",
                              got: "the string \(quoted(template))", location)
        case .strayClosingBrace:
            self = .wrongType(path: path, expected: "a template whose } closes a { (write }} for a brace)",
                              got: "the string \(quoted(template))", location)
        }
    }
}
