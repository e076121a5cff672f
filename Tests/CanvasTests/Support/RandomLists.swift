import Canvas
import Foundation

extension SeededRandom {
    /// A random display list of nested groups (transforms, clips, opacity) and translucent rounded
    /// rectangles, about half of the items with a label, a link and an identifier `item-N`.
    mutating func nestedList(size: CGFloat = 120) -> DisplayList {
        var counter = 0
        func items(depth: Int) -> [DisplayItem] {
            (0..<Int.random(in: 1...4, using: &self)).map { _ in
                counter += 1
                let number = counter
                let rect = CGRect(x: CGFloat.random(in: 0...(size * 2 / 3), using: &self), y: CGFloat.random(in: 0...(size * 2 / 3), using: &self),
                                  width: CGFloat.random(in: 5...40, using: &self), height: CGFloat.random(in: 5...40, using: &self))
                var item: DisplayItem
                if depth < 3, Bool.random(using: &self) {
                    item = DisplayItem(.group(ItemGroup(
                        items: items(depth: depth + 1),
                        transform: Bool.random(using: &self) ? Transform(translationX: 3, y: 4) : .identity,
                        clip: Bool.random(using: &self) ? Clip(.circle(rect.insetBy(dx: -20, dy: -20))) : nil,
                        opacity: Bool.random(using: &self) ? 0.5 : 1)))
                } else {
                    item = .fill(.roundedRect(rect, cornerRadius: 4), with: .color(RGBAColor(red: 0.2, green: 0.4, blue: 0.8, opacity: 0.7)))
                }
                guard Bool.random(using: &self) else { return item }
                return item.metadata(label: "label \(number)", link: URL(string: "https://example.com/\(number)"), identifier: "item-\(number)")
            }
        }
        return DisplayList(size: CGSize(width: size, height: size), items: items(depth: 0))
    }
}
