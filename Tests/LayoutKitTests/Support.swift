// Shared helpers for the LayoutKit tests.
@testable import LayoutKit

/// A small deterministic generator (SplitMix64), so that every run checks the same cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
