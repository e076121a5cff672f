// TagCloudUI: SwiftUI-style views, modifiers, environment and ImageRenderer.
@_exported public import LayoutKit
