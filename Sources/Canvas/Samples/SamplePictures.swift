package import Foundation
package import Typesetting

/// Display lists shared by the canvas benchmarks and tests.
package enum SamplePictures {
    /// The seed article's flow layout of numbers in capsules ("Creating custom layouts in SwiftUI":
    /// `ForEach(0..<150) { Text("\($0)").padding().background(...).clipShape(.capsule) }` in a
    /// `FlowLayout`), laid out with the article's own wrapping: chips left to right, a new row when
    /// the next chip would pass the width, no spacing. Each chip is a group with a capsule filled with
    /// 20 % blue and its label in black, with the label as metadata.
    ///
    /// - Parameters:
    ///   - labels: The shaped labels, one per chip.
    ///   - width: The picture's width in points (an iPhone's 390 by default).
    ///   - padding: The padding around each label (SwiftUI's default 16).
    /// - Returns: The display list; its height is what the rows need.
    package static func numberedCapsules(labels: [ShapedText], width: CGFloat = 390, padding: CGFloat = 16) -> DisplayList {
        let fill = Shading.color(RGBAColor(red8: 0, green8: 122, blue8: 255, opacity: 0.2))
        var items: [DisplayItem] = []
        var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0
        for (index, label) in labels.enumerated() {
            let size = CGSize(width: label.size.width + 2 * padding, height: label.size.height + 2 * padding)
            if x + size.width > width, x > 0 {
                x = 0
                y += rowHeight
                rowHeight = 0
            }
            let frame = CGRect(x: x, y: y, width: size.width, height: size.height)
            items.append(DisplayItem(.group(ItemGroup(items: [
                .fill(.capsule(frame), with: fill),
                .text(label, at: CGPoint(x: x + padding, y: y + padding), with: .color(.black)),
            ])), metadata: ItemMetadata(label: "\(index)", identifier: "chip-\(index)")))
            x += size.width
            rowHeight = max(rowHeight, size.height)
        }
        return DisplayList(size: CGSize(width: width, height: y + rowHeight), items: items)
    }
}
