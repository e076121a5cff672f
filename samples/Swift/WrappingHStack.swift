// "Building a wrapping HStack with the SwiftUI Layout protocol", Konstantin Semianov
// (../shared/seeds/003).
//
// The article shows WrappingHStack in pieces; they are assembled here unchanged except the import
// line and indentation. Restored, where the scraped text lost them (each marked "restored"): the
// struct around the pieces (its stored properties and initializer, which the article's calls
// `WrappingHStack(alignment: .leading)` and the `if let horizontalSpacing` lines imply),
// `sizeThatFits` and `placeSubviews` around the article's lines for them, `subviews` before
// `.map` and the `.zero` of `.reduce` in `minSize`, the `: CGFloat` of `var currentX`, `spacing` and `currentY` (whose `.zero`
// the scrape kept), `rows.append(currentRow)` after a row is finished, `.index` after the
// force-unwrapped `max`, the `hasher.combine` lines, `CGSize.infinity` (the article's code
// outside the text), the `default:` of the alignment switch, and closing braces. The
// article does not show TagView or the tags; the gallery's are at the end of the file.
import TagCloudUI

enum WrappingHStackArticle {
    struct WrappingHStack: Layout {
        // restored: the stored properties and initializer
        private var alignment: Alignment
        private var horizontalSpacing: CGFloat?
        private var verticalSpacing: CGFloat?

        init(alignment: Alignment = .leading, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
            self.alignment = alignment
            self.horizontalSpacing = horizontalSpacing
            self.verticalSpacing = verticalSpacing
        }

        static var layoutProperties: LayoutProperties {
            var properties = LayoutProperties()
            properties.stackOrientation = .horizontal

            return properties
        }

        struct Cache {
            var minSize: CGSize
            var rows: (Int, [Row])?
        }

        func makeCache(subviews: Subviews) -> Cache {
            Cache(minSize: minSize(subviews: subviews))
        }

        func updateCache(_ cache: inout Cache, subviews: Subviews) {
            cache.minSize = minSize(subviews: subviews)
        }

        // restored: the function around the article's lines
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
            let rows = arrangeRows(proposal: proposal, subviews: subviews, cache: &cache)

            if rows.isEmpty { return cache.minSize }

            let width = proposal.width ?? rows.map { $0.width }.reduce(.zero) { max($0, $1) }

            var height: CGFloat = .zero
            if let lastRow = rows.last {
                height = lastRow.yOffset + lastRow.height
            }

            return CGSize(width: width, height: height)
        }

        // restored: the function around the article's lines
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
            let rows = arrangeRows(proposal: proposal, subviews: subviews, cache: &cache)

            let anchor = UnitPoint(alignment)

            for row in rows {
                for element in row.elements {
                    let xCorrection = anchor.x * (bounds.width - row.width)
                    let yCorrection = anchor.y * (row.height - element.size.height)
                    let x: CGFloat = element.xOffset + xCorrection
                    let y: CGFloat = row.yOffset + yCorrection
                    let point = CGPoint(x: x + bounds.minX, y: y + bounds.minY)

                    subviews[element.index].place(at: point, anchor: .topLeading, proposal: proposal)
                }
            }
        }

        func minSize(subviews: Subviews) -> CGSize {
            subviews // restored
                .map { $0.sizeThatFits(.zero) }
                .reduce(.zero) { CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height)) }
        }

        struct Row {
            var elements: [(index: Int, size: CGSize, xOffset: CGFloat)] = []
            var yOffset: CGFloat = .zero
            var width: CGFloat = .zero
            var height: CGFloat = .zero
        }

        func arrangeRows(proposal: ProposedViewSize,
                         subviews: Subviews,
                         cache: inout Cache) -> [Row] {
            let minSize = minSize(subviews: subviews)
            if minSize.width > proposal.width ?? .infinity,
               minSize.height > proposal.height ?? .infinity {
                return []
            }

            let sizes = subviews.map { $0.sizeThatFits(proposal) }

            let hash = computeHash(proposal: proposal, sizes: sizes)
            if let (oldHash, oldRows) = cache.rows,
               oldHash == hash {
                return oldRows
            }

            var currentX: CGFloat = .zero
            var currentRow = Row()
            var rows = [Row]()

            for index in subviews.indices {
                var spacing: CGFloat = .zero
                if let previousIndex = currentRow.elements.last?.index {
                    spacing = horizontalSpacing(subviews[previousIndex], subviews[index])
                }

                let size = sizes[index]

                if currentX + size.width + spacing > proposal.width ?? .infinity,
                   !currentRow.elements.isEmpty {
                    currentRow.width = currentX
                    rows.append(currentRow) // restored
                    currentRow = Row()
                    spacing = .zero
                    currentX = .zero
                }

                currentRow.elements.append((index, sizes[index], currentX + spacing))
                currentX += size.width + spacing
            }

            currentRow.width = currentX
            rows.append(currentRow) // restored

            var currentY: CGFloat = .zero
            var previousMaxHeightIndex: Int?

            for index in rows.indices {
                let maxHeightIndex = rows[index].elements
                    .max { $0.size.height < $1.size.height }!
                    .index // restored

                let size = sizes[maxHeightIndex]

                var spacing: CGFloat = .zero
                if let previousMaxHeightIndex {
                    spacing = verticalSpacing(subviews[previousMaxHeightIndex], subviews[maxHeightIndex])
                }

                rows[index].yOffset = currentY + spacing
                currentY += size.height + spacing
                rows[index].height = size.height
                previousMaxHeightIndex = maxHeightIndex
            }

            cache.rows = (hash, rows)

            return rows
        }

        func horizontalSpacing(_ lhs: LayoutSubview, _ rhs: LayoutSubview) -> CGFloat {
            if let horizontalSpacing { return horizontalSpacing }

            return lhs.spacing.distance(to: rhs.spacing, along: .horizontal)
        }

        func verticalSpacing(_ lhs: LayoutSubview, _ rhs: LayoutSubview) -> CGFloat {
            if let verticalSpacing { return verticalSpacing }

            return lhs.spacing.distance(to: rhs.spacing, along: .vertical)
        }

        func computeHash(proposal: ProposedViewSize, sizes: [CGSize]) -> Int {
            let proposal = proposal.replacingUnspecifiedDimensions(by: .infinity)

            var hasher = Hasher()

            for size in [proposal] + sizes {
                hasher.combine(size.width) // restored
                hasher.combine(size.height) // restored
            }

            return hasher.finalize()
        }
    }

    // MARK: - The gallery's tags (the article does not show them)

    /// A tag of the product details page.
    struct Tag: Identifiable {
        let text: String
        var id: String { text }
    }

    /// How a tag looks: a rounded label.
    struct TagView: View {
        let text: String
        var body: some View {
            Text(text)
                .padding(.horizontal, 12)
                .padding(.vertical, 6)
                .background(Capsule().fill(Color.gray.opacity(0.15)))
        }
    }

    static let tags = ["SwiftUI", "Layout protocol", "iOS 16", "Wrapping", "HStack", "Tags", "Custom container",
                       "Swift Package", "Xcode", "macOS", "Flow layout", "Alignment", "Spacing", "Cache"]
        .map(Tag.init)

    // The gallery's wrappers below pad the article's lists by the system's 16 points, as a screen's
    // margins would.

    /// The first tag list: a plain HStack, which overflows when there are many tags.
    struct PlainHStackTagList: View {
        let tags: [Tag]
        var body: some View {
            HStack {
                ForEach(tags) {
                    TagView(text: $0.text)
                }

                Spacer(minLength: .zero)
            }
            .padding()
        }
    }

    /// The second: a horizontally scrollable row.
    struct ScrollingTagList: View {
        let tags: [Tag]
        var body: some View {
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack {
                    ForEach(tags) {
                        TagView(text: $0.text)
                    }
                }
            }.frame(height: 56)
            .padding(.horizontal)
        }
    }

    /// The article's final tag list: a WrappingHStack, here with every fourth tag in a larger font
    /// so that the vertical part of the alignment shows.
    struct WrappingTagList: View {
        let tags: [Tag]
        let alignment: Alignment
        var body: some View {
            WrappingHStack(alignment: alignment) {
                ForEach(Array(tags.enumerated()), id: \.element.id) { index, tag in
                    TagView(text: tag.text)
                        .font(index % 4 == 1 ? .title2 : .body)
                }
            }
            .padding()
        }
    }
}

extension CGSize {
    // restored: the article's code uses `.infinity` as a size
    static var infinity: Self { CGSize(width: CGFloat.infinity, height: CGFloat.infinity) }
}

extension UnitPoint {
    init(_ alignment: Alignment) {
        switch alignment {
        case .leading:
            self = .leading
        case .topLeading:
            self = .topLeading
        case .top:
            self = .top
        case .topTrailing:
            self = .topTrailing
        case .trailing:
            self = .trailing
        case .bottomTrailing:
            self = .bottomTrailing
        case .bottom:
            self = .bottom
        case .bottomLeading:
            self = .bottomLeading
        default: // restored
            self = .center
        }
    }
}
