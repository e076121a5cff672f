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

    /// The same value as a Yams node, with its marks, or `nil` when it holds more than `budget`
    /// values.
    ///
    /// Yams composes an alias as the node it names, shared: a few hundred bytes of nested
    /// aliases are a small tree of Yams nodes that stands for billions of values. Each value
    /// made here is taken from `budget`, so the conversion stops as soon as the text has
    /// stood for more values than it may. The tree is walked with a stack of its own, not by
    /// recursion: aliases of nested lists make it thousands of levels deep.
    ///
    /// A tag outside YAML's own (`!custom`, `!<tag:example.com,2024:x>`) names a type this spec
    /// does not have: the conversion stops there too, rather than read the value as if untagged.
    /// YAML's own tags (`!!str`, `!!int`, and those the parser gives untagged values) are taken.
    ///
    /// - Parameters:
    ///   - budget: The values that may still be made; decreased by those made.
    ///   - exhaustedAt: Set to where the value that ran out of budget starts.
    ///   - unknownTag: Set to a tag outside YAML's own and where its value starts.
    init?(_ root: Node, budget: inout Int, exhaustedAt: inout Mark?, unknownTag: inout (tag: String, mark: Mark?)?) {
        /// A list or mapping being converted: its elements (a mapping's keys and values in
        /// turn), how many were started, and those made.
        struct Open {
            let node: Node
            let children: [Node]
            var next = 0
            var made: [SpecNode] = []
        }
        var open: [Open] = []
        /// Makes a scalar or alias, or opens a list or mapping (`nil`); `false` when out of budget.
        func start(_ node: Node, budget: inout Int, unknownTag: inout (tag: String, mark: Mark?)?) -> (made: SpecNode?, ok: Bool) {
            budget -= 1
            guard budget >= 0 else { return (nil, false) }
            // The tag as written (not `node.tag`, which resolves an untagged value's tag in place).
            let written: String? = switch node {
            case .scalar(let scalar): scalar.tag.rawValue
            case .mapping(let mapping): mapping.tag.rawValue
            case .sequence(let sequence): sequence.tag.rawValue
            case .alias: nil   // its anchor's value, whose tag is checked where it is written
            }
            if let written, !written.isEmpty, written != "!", !written.hasPrefix("tag:yaml.org,2002:") {
                unknownTag = (written, node.mark)
                return (nil, false)
            }
            switch node {
            case .scalar(let scalar):
                // An explicit `!!str 2024` is text, as a quoted "2024" is: read as one.
                let isPlain = scalar.style == .plain || scalar.style == .any
                let style = isPlain && scalar.tag.rawValue == "tag:yaml.org,2002:str" ? .doubleQuoted : scalar.style
                return (.scalar(Scalar(scalar.string, style, scalar.mark)), true)
            case .alias(let alias):
                return (.alias(alias.mark), true)
            case .mapping(let mapping):
                var children: [Node] = []
                children.reserveCapacity(2 * mapping.count)
                for (key, value) in mapping { children.append(key); children.append(value) }
                open.append(Open(node: node, children: children))
            case .sequence(let sequence):
                open.append(Open(node: node, children: Array(sequence)))
            }
            return (nil, true)
        }
        let first = start(root, budget: &budget, unknownTag: &unknownTag)
        guard first.ok else { exhaustedAt = root.mark; return nil }
        if let made = first.made { self = made; return }
        while let last = open.indices.last {
            if open[last].next < open[last].children.count {
                let child = open[last].children[open[last].next]
                open[last].next += 1
                let started = start(child, budget: &budget, unknownTag: &unknownTag)
                guard started.ok else { exhaustedAt = child.mark; return nil }
                if let made = started.made { open[last].made.append(made) }
                continue
            }
            let closed = open.removeLast()
            let made: SpecNode
            switch closed.node {
            case .mapping(let mapping):
                let pairs = stride(from: 0, to: closed.made.count - 1, by: 2).map { (key: closed.made[$0], value: closed.made[$0 + 1]) }
                made = .mapping(Mapping(pairs: pairs, mark: mapping.mark))
            default:
                made = .sequence(Sequence(elements: closed.made, mark: closed.node.mark))
            }
            if open.isEmpty { self = made; return }
            open[open.count - 1].made.append(made)
        }
        return nil
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
