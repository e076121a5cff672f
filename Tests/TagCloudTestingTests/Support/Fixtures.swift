import Canvas
import Foundation
import TagCloudUI

/// A row of chips, as a team's own view type: built anywhere, its body evaluated by the renderer
/// on the main actor.
struct ChipRow: View {
    var tags = ["Swift", "Linux", "Cairo"]

    var body: some View {
        FlowLayout(itemSpacing: 6, lineSpacing: 6) {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
                    .padding(.horizontal, 10)
                    .padding(.vertical, 5)
                    .background(Capsule().fill(Color.blue.opacity(0.2)))
            }
        }
        .padding(8)
    }
}

/// Shared values of the kit's tests.
enum Fixtures {
    /// SwiftUI's light-mode system blue, #007AFF.
    static let blue = RGBAColor(red8: 0, green8: 122, blue8: 255)

    /// A row of three chips with text: a small picture with glyphs and fills.
    static var chipRow: ChipRow { ChipRow() }

    /// A capsule of a colour, 40 × 20 points.
    static func chip(color: RGBAColor, opacity: Double = 1) -> DisplayList {
        DisplayList(size: CGSize(width: 40, height: 20)) {
            DisplayItem.fill(.capsule(CGRect(x: 2, y: 2, width: 36, height: 16)), with: .color(color.opacity(opacity)))
        }
    }

    /// A fresh folder for a test's files, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension RGBAImage {
    /// The straight-alpha (r, g, b, a) of the pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> [Int] {
        let o = (y * width + x) * 4
        return pixels[o..<(o + 4)].map(Int.init)
    }
}
