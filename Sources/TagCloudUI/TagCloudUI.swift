// TagCloudUI: SwiftUI-style views, modifiers, environment and ImageRenderer.
//
// Like `import SwiftUI`, `import TagCloudUI` brings everything a view file needs: the layout
// vocabulary of LayoutKit (Layout, ProposedViewSize, Alignment, HStackLayout, FlowLayout, …),
// Foundation's geometry (CGFloat, CGSize, CGRect), the font vocabulary of Typesetting (Font,
// TextAlignment, TruncationMode) and the drawing values of Canvas (Path, StrokeStyle, FillStyle,
// RoundedCornerStyle, DisplayList), and Observation's `@Observable`, whose changes the update
// cycle follows. Article code compiles with only its import line changed.
@_exported public import LayoutKit
@_exported public import Observation
@_exported public import Typesetting
@_exported public import Canvas
