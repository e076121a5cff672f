import Yams

/// A composed JSON or YAML value, as ``SpecDecoder`` reads it: a scalar's text and quoting, a
/// mapping's pairs, a list's elements, each with its place in the text.
///
/// Lighter than Yams' `Node`, which gives every value a tag object and a weak anchor (a side
/// table on each copy): the fast JSON path makes these directly, five per tag, and the decoder
/// copies them as it reads. YAML (and JSON read the located way) is composed by Yams and
/// converted once.
enum SpecNode {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)
    /// A YAML alias (`*name`), which a spec does not use: kept so that messages can name it.
    case alias(Mark?)

    /// A scalar's text, how it was written, and where.
    struct Scalar {
        var string: String
        var style: Node.Scalar.Style
        var mark: Mark?

        init(_ string: String, _ style: Node.Scalar.Style, _ mark: Mark? = nil) {
            self.string = string
            self.style = style
            self.mark = mark
        }
    }

    /// A mapping's pairs in the order written.
    struct Mapping: RandomAccessCollection {
        var pairs: [(key: SpecNode, value: SpecNode)]
        var mark: Mark?

        var startIndex: Int { pairs.startIndex }
        var endIndex: Int { pairs.endIndex }
        subscript(position: Int) -> (key: SpecNode, value: SpecNode) { pairs[position] }
    }

    /// A list's elements.
    struct Sequence: RandomAccessCollection {
        var elements: [SpecNode]
        var mark: Mark?

        var startIndex: Int { elements.startIndex }
        var endIndex: Int { elements.endIndex }
        subscript(position: Int) -> SpecNode { elements[position] }
    }

    /// A scalar written as `text` in `style`, at no place (a value given by a program).
    init(_ text: String, _ style: Node.Scalar.Style = .plain) {
        self = .scalar(Scalar(text, style))
    }

    /// The same value as a Yams node, with its marks.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            // An explicit `!!str 2024` is text, as a quoted "2024" is: read as one.
            let isPlain = scalar.style == .plain || scalar.style == .any
            let style = isPlain && scalar.tag.rawValue == "tag:yaml.org,2002:str" ? .doubleQuoted : scalar.style
            self = .scalar(Scalar(scalar.string, style, scalar.mark))
        case .mapping(let mapping):
            self = .mapping(Mapping(pairs: mapping.map { (SpecNode($0.key), SpecNode($0.value)) }, mark: mapping.mark))
        case .sequence(let sequence):
            self = .sequence(Sequence(elements: sequence.map(SpecNode.init), mark: sequence.mark))
        case .alias(let alias):
            self = .alias(alias.mark)
        }
    }

    /// Where the value starts in the text, if it was read from text.
    var mark: Mark? {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        case .alias(let mark): mark
        }
    }

    /// The scalar, if the value is one.
    var scalar: Scalar? {
        if case .scalar(let scalar) = self { scalar } else { nil }
    }
}
