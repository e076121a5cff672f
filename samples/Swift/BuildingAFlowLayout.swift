// "Building a Flow Layout in SwiftUI: Wrapping Views Like CSS Flexbox" (../shared/seeds/000).
//
// The article's code, copied unchanged except the import line (`import SwiftUI` became
// `import TagCloudUI`) and its indentation, which the scraped text lost. It lives in a caseless
// enum so that its `FlowLayout` does not clash with LayoutKit's or another article's.
// Restored, as the article elides them ("// ... sizeThatFits and placeSubviews implementation
// ..."): AlignedFlowLayout's `sizeThatFits` and `placeSubviews`, the same as FlowLayout's. The
// article's cached variant of FlowLayout is a fragment ("// ... rest of implementation") and is
// not an example view, so it is left out.
//
// The gallery's own views (below the article's code) show AlignedFlowLayout with the
// TagCloudView's tags, and the picker with chips selected.
import TagCloudUI

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

    struct TagCloudView: View {
        let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode",
                    "UIKit", "Combine", "Async/Await", "Core Data"]
        var body: some View {
            FlowLayout(horizontalSpacing: 8, verticalSpacing: 8) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 8)
                        .background(Capsule().fill(Color.blue.opacity(0.2)))
                }
            }
            .padding()
        }
    }

    struct SuggestionChip: View {
        let title: String
        let isSelected: Bool
        let onTap: () -> Void
        var body: some View {
            Button(action: onTap) {
                HStack(spacing: 6) {
                    Text(title)
                        .font(.subheadline)
                    if isSelected {
                        Image(systemName: "checkmark")
                            .font(.system(size: 12, weight: .bold))
                            .foregroundStyle(.blue)
                    }
                }
                .padding(.horizontal, 14)
                .padding(.vertical, 8)
                .background(chipBackground)
            }
            .buttonStyle(.plain)
        }
        private var chipBackground: some View {
            Capsule()
                .fill(isSelected ? Color.blue.opacity(0.15) : Color.gray.opacity(0.1))
                .overlay(
                    Capsule()
                        .strokeBorder(
                            isSelected ? Color.blue : Color.clear,
                            lineWidth: 1.5
                        )
                )
        }
    }

    struct SuggestionPickerView: View {
        @State private var selected: Set<String> = []
        let suggestions = [
            "Morning routine ☀️",
            "Exercise 💪",
            "Read a book 📚",
            "Drink water 💧",
            "Meditation 🧘",
            "Call a friend 📞",
            "Learn something new 🧠"
        ]
        var body: some View {
            FlowLayout(horizontalSpacing: 8, verticalSpacing: 10) {
                ForEach(suggestions, id: \.self) { suggestion in
                    SuggestionChip(
                        title: suggestion,
                        isSelected: selected.contains(suggestion),
                        onTap: {
                            withAnimation(.spring(response: 0.3)) {
                                if selected.contains(suggestion) {
                                    selected.remove(suggestion)
                                } else {
                                    selected.insert(suggestion)
                                }
                            }
                        }
                    )
                }
            }
            .padding()
        }
    }

    struct AlignedFlowLayout: Layout {
        enum HorizontalAlignment {
            case leading, center, trailing
        }
        var horizontalSpacing: CGFloat = 8
        var verticalSpacing: CGFloat = 8
        var alignment: HorizontalAlignment = .leading
        // Restored (elided in the article): the same as FlowLayout's.
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
            // First pass: calculate lines
            var lines: [[Int]] = [[]]
            var lineWidths: [CGFloat] = [0]
            var currentX: CGFloat = 0
            for (index, size) in sizes.enumerated() {
                if currentX + size.width > containerWidth, currentX > 0 {
                    lines.append([])
                    lineWidths.append(0)
                    currentX = 0
                }
                lines[lines.count - 1].append(index)
                lineWidths[lineWidths.count - 1] = currentX + size.width
                currentX += size.width + horizontalSpacing
            }
            // Second pass: calculate offsets with alignment
            var offsets = [CGPoint](repeating: .zero, count: sizes.count)
            var currentY: CGFloat = 0
            for (lineIndex, line) in lines.enumerated() {
                let lineWidth = lineWidths[lineIndex]
                let lineOffset: CGFloat = switch alignment {
                case .leading: 0
                case .center: (containerWidth - lineWidth) / 2
                case .trailing: containerWidth - lineWidth
                }
                var currentX = lineOffset
                var lineHeight: CGFloat = 0
                for index in line {
                    offsets[index] = CGPoint(x: currentX, y: currentY)
                    lineHeight = max(lineHeight, sizes[index].height)
                    currentX += sizes[index].width + horizontalSpacing
                }
                currentY += lineHeight + verticalSpacing
            }
            return (offsets, CGSize(width: containerWidth, height: currentY - verticalSpacing))
        }
    }

    // MARK: - The gallery's views

    /// The TagCloudView's tags and chips in an AlignedFlowLayout (the article's "Adding Alignment
    /// Support" applied to its "Basic Usage").
    struct AlignedTagCloudView: View {
        let alignment: AlignedFlowLayout.HorizontalAlignment
        let tags = TagCloudView().tags
        var body: some View {
            AlignedFlowLayout(horizontalSpacing: 8, verticalSpacing: 8, alignment: alignment) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 8)
                        .background(Capsule().fill(Color.blue.opacity(0.2)))
                }
            }
            .padding()
        }
    }
}
