extension View {
    /// Sets the default font for text in this view (SwiftUI's `font(_:)`).
    ///
    /// - Parameter font: The font; `nil` for the body font.
    /// - Returns: The view.
    public func font(_ font: Font?) -> some View {
        environment(\.font, font)
    }

    /// Sets the font weight of text in this view (SwiftUI's `fontWeight(_:)`).
    ///
    /// - Parameter weight: The weight; `nil` for the font's own.
    /// - Returns: The view.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        transformEnvironment { $0.fontWeight = weight }
    }

    /// Sets text in this view in bold (SwiftUI's `bold(_:)`).
    ///
    /// - Parameter isActive: Whether to use bold.
    /// - Returns: The view.
    public func bold(_ isActive: Bool = true) -> some View {
        transformEnvironment { if isActive { $0.fontWeight = .bold } }
    }

    /// Sets text in this view in italic (SwiftUI's `italic(_:)`).
    ///
    /// - Parameter isActive: Whether to use italic.
    /// - Returns: The view.
    public func italic(_ isActive: Bool = true) -> some View {
        transformEnvironment { if isActive { $0.isItalic = true } }
    }

    /// Sets the most lines text in this view may take (SwiftUI's `lineLimit(_:)`).
    ///
    /// - Parameter number: The limit; `nil` for none.
    /// - Returns: The view.
    public func lineLimit(_ number: Int?) -> some View {
        environment(\.lineLimit, number)
    }

    /// Sets where text in this view is cut when it does not fit (SwiftUI's `truncationMode(_:)`).
    ///
    /// - Parameter mode: Head, middle or tail.
    /// - Returns: The view.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environment(\.truncationMode, mode)
    }

    /// Sets how the lines of multiline text in this view line up (SwiftUI's
    /// `multilineTextAlignment(_:)`).
    ///
    /// - Parameter alignment: Leading, center or trailing.
    /// - Returns: The view.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }

    /// Sets the foreground style of text, symbols and unfilled shapes in this view (SwiftUI's
    /// `foregroundStyle(_:)`).
    ///
    /// - Parameter style: The style, such as `.blue`, `.secondary` or a gradient.
    /// - Returns: The view.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let erased = AnyShapeStyle(style)
        return transformEnvironment { $0.foregroundStyle = erased }
    }

    /// Sets the background style of this view (SwiftUI's `backgroundStyle(_:)`): the style
    /// ``BackgroundStyle`` (`.background`) resolves to in it.
    ///
    /// - Parameter style: The style, such as `.regularMaterial` or a colour.
    /// - Returns: The view.
    public func backgroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        let erased = AnyShapeStyle(style)
        return transformEnvironment { $0.backgroundStyle = erased }
    }

    /// Sets the foreground colour of this view (SwiftUI's `foregroundColor(_:)`).
    ///
    /// - Parameter color: The colour; `nil` for the default.
    /// - Returns: The view.
    public func foregroundColor(_ color: Color?) -> some View {
        let erased = color.map(AnyShapeStyle.init)
        return transformEnvironment { $0.foregroundStyle = erased }
    }

    /// Sets the accent colour of controls in this view (SwiftUI's `tint(_:)`).
    ///
    /// - Parameter tint: The colour; `nil` for the system blue.
    /// - Returns: The view.
    public func tint(_ tint: Color?) -> some View {
        environment(\.tint, tint)
    }

    /// Sets the tag that identifies this view as a picker option (SwiftUI's `tag(_:)`).
    ///
    /// - Parameter tag: The value a `Picker` selection compares with.
    /// - Returns: The view.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        modifier(TagModifier(tag: AnyHashable(tag)))
    }

    /// Accepted for SwiftUI code: gives the view an explicit identity, which a still image does
    /// not need (SwiftUI's `id(_:)`).
    ///
    /// - Parameter id: The identity.
    /// - Returns: The same view.
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
}

/// Sets the selection tag of each of the content's nodes.
struct TagModifier: ViewModifier {
    typealias Body = Never
    let tag: AnyHashable

    static func _makeNodes(modifier: TagModifier, inputs: _ViewInputs,
                           content: (_ViewInputs) -> _ViewOutputs) -> _ViewOutputs {
        let outputs = content(inputs)
        outputs.forEach { $0.tag = modifier.tag }
        return outputs
    }
}
