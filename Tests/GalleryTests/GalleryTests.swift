import Gallery
import TagCloudUI
import TagCloudTesting
import Testing

/// The capsules and rounded rectangles a picture fills, in drawing order.
private func chipFrames(_ list: DisplayList) -> [CGRect] {
    list.flattened.compactMap { entry in
        switch entry.item.content {
        case .fill(.capsule(let rect, _), _, _), .fill(.roundedRect(let rect, _, _), _, _): return rect
        default: return nil
        }
    }
}

/// Greedy rows, as the articles' flow layouts compute them: an item goes on the current row when
/// it fits (or the row is empty), else starts a new one.
private func flow(_ sizes: [CGSize], width: CGFloat, spacing: CGFloat, lineSpacing: CGFloat) -> [CGRect] {
    var frames: [CGRect] = []
    var x: CGFloat = 0, y: CGFloat = 0, lineHeight: CGFloat = 0
    for size in sizes {
        if x > 0, x + size.width > width {
            x = 0
            y += lineHeight + lineSpacing
            lineHeight = 0
        }
        frames.append(CGRect(origin: CGPoint(x: x, y: y), size: size))
        x += size.width + spacing
        lineHeight = max(lineHeight, size.height)
    }
    return frames
}

@MainActor
@Suite("The gallery's pictures")
struct GalleryTests {
    private func example(_ name: String) throws -> GalleryExample {
        try #require(Gallery.examples.first { $0.name == name })
    }

    @Test("Every example renders, with a unique file-safe name and a description")
    func everyExample() throws {
        let examples = Gallery.examples
        #expect(examples.count == 26)
        #expect(Set(examples.map(\.name)).count == examples.count)
        for example in examples {
            #expect(example.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(example.name)")
            #expect(!example.description.isEmpty)
            let list = try example.renderer(scale: 2).displayList()
            #expect(list.size.width > 0 && list.size.height > 0 && list.size.width.isFinite && list.size.height.isFinite)
            #expect(!list.items.isEmpty, "\(example.name)")
        }
    }

    @Test("TagCloudView: chips the text's size plus padding, flowed with 8-point spacing inside 16 points of padding")
    func tagCloudView() throws {
        let typesetter = try Typesetter.standard()
        let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine", "Async/Await", "Core Data"]
        let sizes = try tags.map { tag -> CGSize in
            let text = try typesetter.shape(tag, font: .body).size
            return CGSize(width: text.width + 24, height: text.height + 16)
        }
        let expected = flow(sizes, width: 390 - 32, spacing: 8, lineSpacing: 8).map { $0.offsetBy(dx: 16, dy: 16) }
        let list = try example("tag-cloud-view").renderer().displayList()
        #expect(chipFrames(list) == expected)
        #expect(expected.map(\.minY).uniqued() == [16, 60, 104])
        #expect(list.size.height == expected.map(\.maxY).max().map { $0 + 16 })
    }

    @Test("AlignedFlowLayout: rows at the leading edge, centred, or at the trailing edge")
    func alignedFlow() throws {
        let leading = chipFrames(try example("aligned-flow-leading").renderer().displayList())
        for (name, fraction) in [("aligned-flow-center", 0.5), ("aligned-flow-trailing", 1.0)] {
            let frames = chipFrames(try example(name).renderer().displayList())
            #expect(frames.count == leading.count)
            for row in Set(leading.map(\.minY)) {
                let base = leading.filter { $0.minY == row }
                let moved = frames.filter { $0.minY == row }
                let slack = (390 - 16) - (base.map(\.maxX).max() ?? 0)
                #expect(zip(base, moved).allSatisfy { abs($1.minX - $0.minX - slack * fraction) < 1e-9 }, "\(name) row \(row)")
            }
        }
    }

    @Test("The numbers: capsules of the text plus 16 points each side, rows without spacing, centred in the scroll view")
    func numbers() throws {
        let typesetter = try Typesetter.standard()
        let sizes = try (0..<150).map { number -> CGSize in
            let text = try typesetter.shape("\(number)", font: .body).size
            return CGSize(width: text.width + 32, height: text.height + 32)
        }
        var rows = flow(sizes, width: 390, spacing: 0, lineSpacing: 0)
        let contentWidth = rows.map(\.maxX).max() ?? 0
        rows = rows.map { $0.offsetBy(dx: (390 - contentWidth) / 2, dy: 0) }
        let list = try example("numbers-flow").renderer().displayList()
        #expect(chipFrames(list) == rows)
        #expect(list.size == CGSize(width: 390, height: rows.map(\.maxY).max() ?? 0))
        #expect(list.flattened.allSatisfy { if case .group = $0.item.content { false } else { true } })
    }

    @Test("The suggestion picker: three chips selected, each with a blue border and a checkmark")
    func suggestionPicker() throws {
        func count(_ list: DisplayList) -> (borders: Int, checkmarks: Int) {
            var borders = 0, checkmarks = 0
            for entry in list.flattened {
                switch entry.item.content {
                case .stroke(.capsule, .color(let color), _, .inside) where color == Color.blue.rgba: borders += 1
                case .stroke(.path, .color(let color), _, _) where color == Color.blue.rgba: checkmarks += 1
                default: break
                }
            }
            return (borders, checkmarks)
        }
        let none = count(try example("suggestion-picker").renderer().displayList())
        #expect(none.borders == 0 && none.checkmarks == 0)
        let three = count(try example("suggestion-picker-selected").renderer().displayList())
        #expect(three.borders == 3 && three.checkmarks == 3)
    }

    @Test("The switching example: the picker's selected segment is the layout in use")
    func switching() throws {
        let boldLabels = try ["hStack", "vStack", "zStack", "flowLayout"].map { name -> [String] in
            let list = try example("switching-\(name.lowercased())").renderer().displayList()
            return list.flattened.compactMap { entry in
                guard case .text(let text) = entry.item.content, text.runs.first?.face.weightClass == 600 else { return nil }
                return entry.item.metadata.label
            }
        }
        #expect(boldLabels == [["hStack"], ["vStack"], ["zStack"], ["flowLayout"]])
        let vertical = chipFrames(try example("switching-vstack").renderer().displayList()).filter { $0.height > 40 }
        #expect(vertical.count == 10 && Set(vertical.map(\.midX)).count == 1)
        let stacked = chipFrames(try example("switching-zstack").renderer().displayList()).filter { $0.height > 40 }
        #expect(stacked.count == 10 && Set(stacked.map(\.midY)).count == 1)
    }

    @Test("The wrapping HStack: nine alignments of the same rows, each chip where the article's layout puts it")
    func wrappingHStack() throws {
        // The tags' chips: the text (every fourth from the second in .title2, the rest in .body)
        // plus 12 points each side and 6 above and below.
        let typesetter = try Typesetter.standard()
        let tags = ["SwiftUI", "Layout protocol", "iOS 16", "Wrapping", "HStack", "Tags", "Custom container",
                    "Swift Package", "Xcode", "macOS", "Flow layout", "Alignment", "Spacing", "Cache"]
        let sizes = try tags.enumerated().map { index, tag -> CGSize in
            let text = try typesetter.shape(tag, font: index % 4 == 1 ? .title2 : .body).size
            return CGSize(width: text.width + 24, height: text.height + 12)
        }
        // The article's rows: greedy in the 358 points inside the padding, chips and rows 8 points
        // apart (SwiftUI's default spacing: a padded view states no preference of its own).
        let width: CGFloat = 390 - 32
        let rows = flow(sizes, width: width, spacing: 8, lineSpacing: 8)
        let rowTops = rows.map(\.minY).uniqued()
        #expect(rowTops.count == 5, "the 14 tags make five rows in 358 points")
        let names: [(String, x: CGFloat, y: CGFloat)] = [
            ("top-leading", 0, 0), ("top", 0.5, 0), ("top-trailing", 1, 0),
            ("leading", 0, 0.5), ("center", 0.5, 0.5), ("trailing", 1, 0.5),
            ("bottom-leading", 0, 1), ("bottom", 0.5, 1), ("bottom-trailing", 1, 1),
        ]
        for (name, anchorX, anchorY) in names {
            var expected: [CGRect] = []
            for top in rowTops {
                let row = rows.filter { $0.minY == top }
                let rowWidth = (row.map(\.maxX).max() ?? 0) - (row.map(\.minX).min() ?? 0)
                let rowHeight = row.map(\.height).max() ?? 0
                for chip in row {
                    expected.append(CGRect(x: 16 + chip.minX + anchorX * (width - rowWidth),
                                           y: 16 + top + anchorY * (rowHeight - chip.height),
                                           width: chip.width, height: chip.height))
                }
            }
            let frames = chipFrames(try example("wrapping-hstack-\(name)").renderer().displayList())
            #expect(frames.count == 14, "\(name)")
            for (index, (frame, want)) in zip(frames, expected).enumerated() {
                #expect(abs(frame.minX - want.minX) < 1e-9 && abs(frame.minY - want.minY) < 1e-9
                        && frame.size == want.size, "\(name): \(tags[index]) at \(frame), expected \(want)")
            }
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// One golden PNG per example, at 2× on white, as `tagcloud samples` draws them.
@MainActor
@Suite("Gallery goldens")
struct GalleryGoldenTests {
    @Test("Every example matches its golden image", arguments: Gallery.examples.map(\.name))
    func golden(_ name: String) throws {
        let example = try #require(Gallery.examples.first { $0.name == name })
        let list = try example.renderer(scale: 2).displayList()
        assertSnapshot(of: list, as: .image(scale: 2, background: .white))
    }
}
