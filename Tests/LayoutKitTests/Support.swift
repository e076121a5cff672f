// Shared helpers for the LayoutKit tests.
@testable import LayoutKit

/// Fixed-size leaves for a list of sizes.
func leaves(_ sizes: [CGSize]) -> [LayoutLeaf] {
    sizes.map { LayoutLeaf.fixed(width: $0.width, height: $0.height) }
}

/// Fixed-size leaves of a common height for a list of widths.
func leaves(widths: [CGFloat], height: CGFloat = 20) -> [LayoutLeaf] {
    widths.map { LayoutLeaf.fixed(width: $0, height: height) }
}

/// Sizes a layout for a width, places it in bounds at the origin of that width (or of its size)
/// and returns the size and frames.
func layOut<L: Layout>(_ layout: L, _ subviews: [any LayoutSubviewBackend], width: CGFloat?,
                       direction: LayoutDirection = .leftToRight) -> (size: CGSize, frames: [CGRect], host: LayoutHost<L>) {
    let host = LayoutHost(layout, subviews: subviews, layoutDirection: direction)
    let proposal = ProposedViewSize(width: width, height: nil)
    let size = host.sizeThatFits(proposal)
    let placements = host.placeSubviews(in: CGRect(origin: .zero, size: size), proposal: proposal)
    return (size, placements.map(\.frame), host)
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}
