@testable import TagCloudUI
import Testing

/// A view laid out and drawn, as a test sees it.
struct Rendered {
    let list: DisplayList
    let frames: [(kind: String, frame: CGRect)]

    var size: CGSize { list.size }

    /// Every item at any depth, in drawing order.
    var items: [DisplayItem] { list.flattened.map(\.item) }

    /// The rectangles filled with a colour, in drawing order.
    func rects(filledWith color: Color) -> [CGRect] {
        items.compactMap { item in
            guard case .fill(.rect(let rect), .color(let shading), _) = item.content, shading == color.rgba else {
                return nil
            }
            return rect
        }
    }

    /// The one rectangle filled with a colour.
    func rect(filledWith color: Color, sourceLocation: SourceLocation = #_sourceLocation) -> CGRect? {
        let found = rects(filledWith: color)
        #expect(found.count == 1, "expected one rectangle of \(color), found \(found)", sourceLocation: sourceLocation)
        return found.first
    }

    /// The text items, in drawing order.
    var texts: [(item: TextItem, metadata: ItemMetadata)] {
        items.compactMap { item in
            guard case .text(let text) = item.content else { return nil }
            return (text, item.metadata)
        }
    }

    /// The groups, in drawing order.
    var groups: [(group: ItemGroup, metadata: ItemMetadata)] {
        items.compactMap { item in
            guard case .group(let group) = item.content else { return nil }
            return (group, item.metadata)
        }
    }

    /// The recorded frames of nodes of a kind.
    func frames(of kind: String) -> [CGRect] {
        frames.filter { $0.kind == kind }.map(\.frame)
    }
}

/// Renders a view with no background and returns what was drawn and every node's frame.
@MainActor
func render<V: View>(_ view: V, proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1) throws -> Rendered {
    let renderer = ImageRenderer(content: view)
    renderer.proposedSize = proposal
    renderer.background = nil
    renderer.scale = scale
    let (list, frames) = try renderer.render(recordingFrames: true)
    return Rendered(list: list, frames: frames)
}

/// The shared typesetter, for expectations computed independently of the views.
func typesetter() throws -> Typesetter {
    try Typesetter.standard()
}

/// A rectangle, shorter to write.
func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}
