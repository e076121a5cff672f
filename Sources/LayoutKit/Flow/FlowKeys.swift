/// Marks a subview as a forced line break in a ``FlowLayout``.
///
/// The views stage sets it to `true` on its `LineBreak` view (SwiftUI's
/// `layoutValue(key:value:)` does the same for any view). A marked subview takes no space: it
/// ends the row it is on, and is placed with a zero proposal at the end of that row. A break at
/// the start of a row (two breaks in a row, or a break first) has no effect: line breaks never
/// create empty rows.
public struct LineBreakLayoutKey: LayoutValueKey {
    /// Not a line break.
    public static let defaultValue = false
}

/// Marks a subview as a `Spacer`.
///
/// The views stage sets it to `true` on every `Spacer`. A container whose
/// ``LayoutProperties/stackOrientation`` is `.horizontal` reads a spacer as flexible space along
/// its rows; ``FlowLayout`` (which is such a container) treats it as a forced line break, like
/// ``LineBreakLayoutKey``, as the "wrapping HStack" article does, but without the empty row
/// and doubled spacing a full-width spacer would make.
public struct SpacerLayoutKey: LayoutValueKey {
    /// Not a spacer.
    public static let defaultValue = false
}
