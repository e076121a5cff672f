import Canvas
import Foundation
import TagCloudTesting
import Testing
import Typesetting

/// Golden images of each primitive, drawn by the PNG backend and compared as RGBA8 within
/// ``ImageTolerance/golden``. Record with `TAGCLOUD_RECORD=1`, then look at every image.
@Suite struct PrimitiveSnapshotTests {
    let blue = Fixtures.blue
    let white = RGBAColor.white

    /// A 20 % blue capsule, as in the seed article's tag cloud.
    @Test func capsule() {
        let list = DisplayList(size: CGSize(width: 120, height: 48)) {
            DisplayItem.fill(.capsule(CGRect(x: 8, y: 8, width: 104, height: 32)), with: .color(blue.opacity(0.2)))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// Circular corners (left) and continuous corners (right) with the same radius, outlined in
    /// black so the difference near the corners shows.
    @Test func roundedRectangles() {
        let left = CGRect(x: 10, y: 10, width: 100, height: 80), right = CGRect(x: 130, y: 10, width: 100, height: 80)
        let list = DisplayList(size: CGSize(width: 240, height: 100)) {
            DisplayItem.fill(.roundedRect(left, cornerRadius: 24, style: .circular), with: .color(blue.opacity(0.3)))
            DisplayItem.stroke(.roundedRect(left, cornerRadius: 24, style: .circular), with: .color(.black), style: StrokeStyle(lineWidth: 1))
            DisplayItem.fill(.roundedRect(right, cornerRadius: 24, style: .continuous), with: .color(blue.opacity(0.3)))
            DisplayItem.stroke(.roundedRect(right, cornerRadius: 24, style: .continuous), with: .color(.black), style: StrokeStyle(lineWidth: 1))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// A 6-pt stroke centred on the outline (left) and inside it (right), over the shape's frame in
    /// light grey: the inside stroke stays within the frame.
    @Test func strokePlacement() {
        let left = CGRect(x: 12, y: 12, width: 96, height: 40), right = CGRect(x: 132, y: 12, width: 96, height: 40)
        let list = DisplayList(size: CGSize(width: 240, height: 64)) {
            DisplayItem.fill(.rect(left), with: .color(RGBAColor(red: 0.85, green: 0.85, blue: 0.85)))
            DisplayItem.fill(.rect(right), with: .color(RGBAColor(red: 0.85, green: 0.85, blue: 0.85)))
            DisplayItem.stroke(.capsule(left), with: .color(blue.opacity(0.8)), style: StrokeStyle(lineWidth: 6))
            DisplayItem.stroke(.capsule(right), with: .color(blue.opacity(0.8)), style: StrokeStyle(lineWidth: 6), placement: .inside)
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// Dashes with round caps on a rounded rectangle, and dashes with a phase on a circle.
    @Test func dashedStroke() {
        let list = DisplayList(size: CGSize(width: 200, height: 80)) {
            DisplayItem.stroke(.roundedRect(CGRect(x: 10, y: 10, width: 110, height: 60), cornerRadius: 12, style: .continuous),
                               with: .color(.black), style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [6, 4]))
            DisplayItem.stroke(.circle(CGRect(x: 130, y: 10, width: 60, height: 60)), with: .color(blue),
                               style: StrokeStyle(lineWidth: 4, dash: [10, 5], dashPhase: 5), placement: .inside)
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// Two 50 % circles drawn one after the other: where they overlap the colours add up.
    @Test func translucentOverlap() {
        let list = DisplayList(size: CGSize(width: 120, height: 80)) {
            DisplayItem.fill(.circle(CGRect(x: 10, y: 10, width: 60, height: 60)), with: .color(RGBAColor(red: 1, green: 0, blue: 0, opacity: 0.5)))
            DisplayItem.fill(.circle(CGRect(x: 50, y: 10, width: 60, height: 60)), with: .color(RGBAColor(red: 0, green: 0, blue: 1, opacity: 0.5)))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// The same two circles, opaque, in a group at 50 % opacity: the overlap shows only the top
    /// circle, as SwiftUI's `opacity(_:)` on a container does.
    @Test func opacityGroup() {
        let list = DisplayList(size: CGSize(width: 120, height: 80)) {
            DisplayItem.group(opacity: 0.5) {
                DisplayItem.fill(.circle(CGRect(x: 10, y: 10, width: 60, height: 60)), with: .color(RGBAColor(red: 1, green: 0, blue: 0)))
                DisplayItem.fill(.circle(CGRect(x: 50, y: 10, width: 60, height: 60)), with: .color(RGBAColor(red: 0, green: 0, blue: 1)))
            }
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// A horizontal three-stop gradient in a capsule and a diagonal one to transparent.
    @Test func linearGradient() {
        let top = CGRect(x: 10, y: 10, width: 180, height: 30)
        let list = DisplayList(size: CGSize(width: 200, height: 100)) {
            DisplayItem.fill(.capsule(top), with: .linearGradient(
                stops: GradientStop.evenlySpaced([RGBAColor(red: 1, green: 0.2, blue: 0.2), RGBAColor(red: 1, green: 0.8, blue: 0), blue]),
                start: CGPoint(x: top.minX, y: 0), end: CGPoint(x: top.maxX, y: 0)))
            DisplayItem.fill(.rect(CGRect(x: 10, y: 50, width: 180, height: 40)), with: .linearGradient(
                stops: [GradientStop(color: blue, location: 0), GradientStop(color: blue.opacity(0), location: 1)],
                start: CGPoint(x: 10, y: 50), end: CGPoint(x: 190, y: 90)))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// Stripes clipped to a circle, and an even-odd clip (a ring).
    @Test func clip() {
        let stripes = (0..<12).map { i in
            DisplayItem.fill(.rect(CGRect(x: CGFloat(i) * 10, y: 0, width: 5, height: 80)), with: .color(i % 2 == 0 ? blue : .black))
        }
        var ring = Path(ellipseIn: CGRect(x: 130, y: 10, width: 60, height: 60))
        ring.addEllipse(in: CGRect(x: 145, y: 25, width: 30, height: 30))
        let list = DisplayList(size: CGSize(width: 200, height: 80)) {
            DisplayItem(.group(ItemGroup(items: stripes, clip: Clip(.circle(CGRect(x: 10, y: 10, width: 100, height: 60))))))
            DisplayItem.group(clip: Clip(.path(ring), style: FillStyle(eoFill: true))) {
                DisplayItem.fill(.rect(CGRect(x: 120, y: 0, width: 80, height: 80)), with: .color(RGBAColor(red: 0.9, green: 0.3, blue: 0.1)))
            }
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// A label in Inter at 17 pt, regular and bold, on a baseline rule.
    @Test func textRun() throws {
        let regular = try Fixtures.shape("Swift Layout Tags")
        let bold = try Fixtures.shape("Flow 123", weight: .bold)
        let list = DisplayList(size: CGSize(width: 180, height: 64)) {
            DisplayItem.fill(.rect(CGRect(x: 8, y: 8 + regular.firstBaseline, width: regular.size.width, height: 0.5)), with: .color(RGBAColor(red: 1, green: 0, blue: 0)))
            DisplayItem.text(regular, at: CGPoint(x: 8, y: 8), with: .color(.black))
            DisplayItem.text(bold, at: CGPoint(x: 8, y: 34), with: .color(blue))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// Colour emoji from Noto Color Emoji at 17 and 34 pt, drawn from the strike bitmap scaled to size.
    @Test func colorEmoji() throws {
        let small = try Fixtures.shape("😀🎉👍", family: "Noto Color Emoji")
        let large = try Fixtures.shape("🌍", size: 34, family: "Noto Color Emoji")
        let list = DisplayList(size: CGSize(width: 130, height: 50)) {
            DisplayItem.text(small, at: CGPoint(x: 8, y: 12), with: .color(.black))
            DisplayItem.text(large, at: CGPoint(x: 80, y: 4), with: .color(.black))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// A chip like the seed's suggestion chip: 15 % blue capsule, a 1.5-pt blue border inside it, a
    /// label and an emoji.
    static func chip() throws -> DisplayList {
        let label = try Fixtures.shape("Morning routine")
        let emoji = try Fixtures.shape("☀️", family: "Noto Color Emoji")
        let frame = CGRect(x: 4, y: 4, width: label.size.width + emoji.size.width + 4 + 28, height: label.size.height + 16)
        return DisplayList(size: CGSize(width: frame.maxX + 4, height: frame.maxY + 4)) {
            DisplayItem.fill(.capsule(frame), with: .color(Fixtures.blue.opacity(0.15)))
            DisplayItem.stroke(.capsule(frame), with: .color(Fixtures.blue), style: StrokeStyle(lineWidth: 1.5), placement: .inside)
            DisplayItem.text(label, at: CGPoint(x: frame.minX + 14, y: frame.minY + 8), with: .color(.black))
            DisplayItem.text(emoji, at: CGPoint(x: frame.minX + 14 + label.size.width + 4, y: frame.minY + 8), with: .color(.black))
        }
    }

    /// The chip at 1×.
    @Test func chipAt1x() throws {
        assertSnapshot(of: try Self.chip(), as: .image(scale: 1, background: white))
    }

    /// The chip at 2×.
    @Test func chipAt2x() throws {
        assertSnapshot(of: try Self.chip(), as: .image(scale: 2, background: white))
    }

    /// The chip at 3×.
    @Test func chipAt3x() throws {
        assertSnapshot(of: try Self.chip(), as: .image(scale: 3, background: white))
    }

    /// The chip at a fractional scale, 1.5×: the image is ceil(size × 1.5) pixels.
    @Test func chipAtOneAndAHalf() throws {
        assertSnapshot(of: try Self.chip(), as: .image(scale: 1.5, background: white))
    }

    /// The chip on a transparent background: the capsule's pixels keep 15 % alpha.
    @Test func transparentBackground() throws {
        assertSnapshot(of: try Self.chip(), as: .image(scale: 2))
    }

    /// An ellipse, and a path with lines, a quadratic and a cubic curve, filled and stroked.
    @Test func ellipseAndPath() {
        let path = Path { p in
            p.move(to: CGPoint(x: 110, y: 70))
            p.addLine(to: CGPoint(x: 130, y: 10))
            p.addQuadCurve(to: CGPoint(x: 170, y: 30), control: CGPoint(x: 170, y: 0))
            p.addCurve(to: CGPoint(x: 190, y: 70), control1: CGPoint(x: 150, y: 50), control2: CGPoint(x: 200, y: 50))
            p.closeSubpath()
        }
        let list = DisplayList(size: CGSize(width: 200, height: 80)) {
            DisplayItem.fill(.ellipse(CGRect(x: 10, y: 15, width: 90, height: 50)), with: .color(blue.opacity(0.5)))
            DisplayItem.fill(.path(path), with: .color(RGBAColor(red: 0.2, green: 0.7, blue: 0.3, opacity: 0.6)))
            DisplayItem.stroke(.path(path), with: .color(.black), style: StrokeStyle(lineWidth: 2, lineJoin: .round))
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }

    /// A group rotated by 15° about its centre and offset, with a path stroked inside (clip and
    /// double width, since paths cannot be inset).
    @Test func transformAndPathStrokeBorder() {
        let square = Path(CGRect(x: -30, y: -30, width: 60, height: 60))
        let transform = Transform(rotationAngle: .pi / 12).concatenating(Transform(translationX: 60, y: 50))
        let list = DisplayList(size: CGSize(width: 120, height: 100)) {
            DisplayItem.group(transform: transform) {
                DisplayItem.fill(.path(square), with: .color(blue.opacity(0.2)))
                DisplayItem.stroke(.path(square), with: .color(blue), style: StrokeStyle(lineWidth: 6), placement: .inside)
            }
        }
        assertSnapshot(of: list, as: .image(scale: 2, background: white))
    }
}
