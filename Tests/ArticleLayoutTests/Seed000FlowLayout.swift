// The `FlowLayout` struct of "Building a Flow Layout in SwiftUI: Wrapping Views Like CSS Flexbox"
// (../shared/seeds/000), copied unchanged except the import line. It lives in a caseless enum so
// that it does not clash with LayoutKit's FlowLayout or the other article's. The scraped text
// lost the struct's last closing brace (it ran into the next heading); it is restored.
import LayoutKit

enum BuildingAFlowLayout {
/// A layout that arranges its children in a horizontal flow,
/// wrapping to the next line when needed.
struct FlowLayout: Layout {
var horizontalSpacing: CGFloat = 8
var verticalSpacing: CGFloat = 8
func sizeThatFits(
proposal: ProposedViewSize,
subviews: Subviews,
cache: inout ()
) -> CGSize {
let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
return layout(sizes: sizes, containerWidth: proposal.width ?? .infinity).size
}
func placeSubviews(
in bounds: CGRect,
proposal: ProposedViewSize,
subviews: Subviews,
cache: inout ()
) {
let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
let offsets = layout(sizes: sizes, containerWidth: bounds.width).offsets
for (index, subview) in subviews.enumerated() {
subview.place(
at: CGPoint(
x: bounds.minX + offsets[index].x,
y: bounds.minY + offsets[index].y
),
proposal: ProposedViewSize(sizes[index])
)
}
}
private func layout(
sizes: [CGSize],
containerWidth: CGFloat
) -> (offsets: [CGPoint], size: CGSize) {
var offsets: [CGPoint] = []
var currentX: CGFloat = 0
var currentY: CGFloat = 0
var lineHeight: CGFloat = 0
var maxWidth: CGFloat = 0
for size in sizes {
// Check if we need to wrap to the next line
if currentX + size.width > containerWidth, currentX > 0 {
currentX = 0
currentY += lineHeight + verticalSpacing
lineHeight = 0
}
offsets.append(CGPoint(x: currentX, y: currentY))
lineHeight = max(lineHeight, size.height)
currentX += size.width + horizontalSpacing
maxWidth = max(maxWidth, currentX - horizontalSpacing)
}
let totalHeight = currentY + lineHeight
return (offsets, CGSize(width: maxWidth, height: totalHeight))
}
}
}
