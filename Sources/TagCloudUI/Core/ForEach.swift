/// A structure that computes views on demand from an underlying collection of identified data:
/// the port of SwiftUI's `ForEach`.
///
/// Each element's views become children of the enclosing container, in order. Each element's
/// identifier is also its views' selection tag, so a `Picker` built from a `ForEach` knows which
/// option is which (as in SwiftUI).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The collection of underlying identified data.
    public var data: Data
    /// A function to create content on demand using the underlying data.
    public var content: (Data.Element) -> Content
    @usableFromInline
    let identifier: (Data.Element) -> ID
}

extension ForEach: View where Content: View {
    /// Creates views from a collection, identified by a key path.
    ///
    /// - Parameters:
    ///   - data: The collection.
    ///   - id: The key path to each element's identifier (`\.self` for hashable elements).
    ///   - content: The view builder for one element.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identifier = { $0[keyPath: id] }
    }

    /// The nodes of every element, in order, each tagged with its element's identifier.
    ///
    /// - Parameters:
    ///   - view: The `ForEach`.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The nodes.
    /// - Complexity: O(n) in the number of elements (each element's views are resolved once).
    @inlinable
    public static func _makeNodes(_ view: ForEach, inputs: _ViewInputs) -> _ViewOutputs {
        var outputs = _ViewOutputs()
        for element in view.data {
            outputs.append(contentsOf: _ViewOutputs.element(NodeTag(AnyHashable(view.identifier(element))), inputs: inputs) {
                Content._makeNodes(view.content(element), inputs: $0)
            })
        }
        return outputs
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable, Content: View {
    /// Creates views from a collection of identifiable elements.
    ///
    /// - Parameters:
    ///   - data: The collection.
    ///   - content: The view builder for one element.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identifier = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Creates views from a constant range; each integer is its element's identifier.
    ///
    /// - Parameters:
    ///   - data: The range.
    ///   - content: The view builder for one integer.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        self.identifier = { $0 }
    }
}

extension _ViewOutputs {
    /// The nodes of one `ForEach` element, as `content` resolves them one step down the path (the
    /// element's identifier), each tagged with the identifier unless it has a tag of its own.
    ///
    /// - Parameters:
    ///   - tag: The element's identifier.
    ///   - inputs: The `ForEach`'s inputs.
    ///   - content: Resolves the element's view with the inputs given.
    /// - Returns: The element's nodes.
    @usableFromInline
    static func element(_ tag: NodeTag, inputs: _ViewInputs, content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let outputs: _ViewOutputs
        if inputs.tracksIdentity {
            let inner = inputs.appending(.element(tag))
            outputs = content(inner)
            outputs.stamp(inner.path)
        } else {
            outputs = content(inputs)
        }
        outputs.forEach { if $0.tagBox == nil { $0.tagBox = tag } }
        return outputs
    }
}
