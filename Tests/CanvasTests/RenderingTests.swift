import Canvas
import Foundation
import Testing
import Typesetting

/// Exact pixel values of the bitmap backend: colours, alpha compositing, stroke placement, scales.
@Suite struct RenderingTests {
    let red = RGBAColor(red: 1, green: 0, blue: 0)
    let blueColor = RGBAColor(red: 0, green: 0, blue: 1)

    @Test func opaqueFillHasExactColourAndLeavesTheRestTransparent() throws {
        let list = DisplayList(size: CGSize(width: 20, height: 20)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(RGBAColor(red8: 12, green8: 200, blue8: 99)))
        }
        let image = try list.rgbaImage()
        #expect(image.width == 20 && image.height == 20)
        #expect(image.pixel(0, 0) == [12, 200, 99, 255])
        #expect(image.pixel(9, 9) == [12, 200, 99, 255])
        #expect(image.pixel(10, 10) == [0, 0, 0, 0])
        #expect(image.pixel(19, 0) == [0, 0, 0, 0])
    }

    @Test func translucentColourOverWhiteIsBlendedOnce() throws {
        let list = DisplayList(size: CGSize(width: 4, height: 4)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(blueColor.opacity(0.5)))
        }
        let image = try list.rgbaImage(background: .white)
        // 50 % blue over white: (255 · 0.5, 255 · 0.5, 255).
        #expect(close(image.pixel(2, 2), [128, 128, 255, 255]))
    }

    @Test func translucentShapesOverlapAndOpacityGroupsDoNot() throws {
        let left = CGRect(x: 0, y: 0, width: 6, height: 4), right = CGRect(x: 2, y: 0, width: 6, height: 4)
        let overlapping = DisplayList(size: CGSize(width: 8, height: 4)) {
            DisplayItem.fill(.rect(left), with: .color(red.opacity(0.5)))
            DisplayItem.fill(.rect(right), with: .color(blueColor.opacity(0.5)))
        }
        let grouped = DisplayList(size: CGSize(width: 8, height: 4)) {
            DisplayItem.group(opacity: 0.5) {
                DisplayItem.fill(.rect(left), with: .color(red))
                DisplayItem.fill(.rect(right), with: .color(blueColor))
            }
        }
        let a = try overlapping.rgbaImage(background: .white), b = try grouped.rgbaImage(background: .white)
        // Red at 50 % over white, then blue at 50 % over that.
        #expect(close(a.pixel(4, 2), [128, 64, 191, 255]))
        // In the group the blue rectangle covers the red one; the group is 50 % over white.
        #expect(close(b.pixel(4, 2), [128, 128, 255, 255]))
        // Outside the overlap both agree.
        #expect(close(a.pixel(0, 2), b.pixel(0, 2)) && close(a.pixel(7, 2), b.pixel(7, 2)))
    }

    @Test func groupOpacityOnASingleFillEqualsTheFillsOwnOpacity() throws {
        let shape = ResolvedShape.circle(CGRect(x: 1, y: 1, width: 14, height: 14))
        let folded = DisplayList(size: CGSize(width: 16, height: 16)) {
            DisplayItem.group(opacity: 0.4) { DisplayItem.fill(shape, with: .color(red)) }
        }
        let direct = DisplayList(size: CGSize(width: 16, height: 16)) {
            DisplayItem.fill(shape, with: .color(red.opacity(0.4)))
        }
        #expect(try folded.rgbaImage() == direct.rgbaImage())
    }

    @Test func insideStrokeStaysInTheFrameAndCentredStrokeStraddlesIt() throws {
        let frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        func image(_ placement: StrokePlacement) throws -> RGBAImage {
            try DisplayList(size: CGSize(width: 40, height: 40)) {
                DisplayItem.stroke(.rect(frame), with: .color(red), style: StrokeStyle(lineWidth: 4), placement: placement)
            }.rgbaImage()
        }
        let inside = try image(.inside), centred = try image(.centered)
        // Inside: x 10..<14 is stroke, x 9 and x 14 are not.
        #expect(inside.pixel(10, 20) == [255, 0, 0, 255])
        #expect(inside.pixel(13, 20) == [255, 0, 0, 255])
        #expect(inside.pixel(9, 20)[3] == 0)
        #expect(inside.pixel(14, 20)[3] == 0)
        // Centred: x 8..<12.
        #expect(centred.pixel(8, 20) == [255, 0, 0, 255])
        #expect(centred.pixel(11, 20) == [255, 0, 0, 255])
        #expect(centred.pixel(7, 20)[3] == 0)
        #expect(centred.pixel(12, 20)[3] == 0)
    }

    @Test func scaledImagesHaveCeilOfSizeTimesScalePixels() throws {
        let list = DisplayList(size: CGSize(width: 187.3, height: 44)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(red))
        }
        for (scale, width, height) in [(1.0, 188, 44), (2.0, 375, 88), (3.0, 562, 132), (1.5, 281, 66), (0.5, 94, 22)] {
            let image = try list.rgbaImage(scale: scale)
            #expect(image.width == width && image.height == height, "scale \(scale)")
        }
        // At 2× a 10-pt square covers 20 pixels.
        let image = try list.rgbaImage(scale: 2)
        #expect(image.pixel(19, 19) == [255, 0, 0, 255])
        #expect(image.pixel(20, 19)[3] == 0)
    }

    @Test func backgroundCoversThePartlyCoveredLastColumn() throws {
        let image = try DisplayList(size: CGSize(width: 10.3, height: 5.5)).rgbaImage(background: .white)
        #expect(image.width == 11 && image.height == 6)
        #expect(image.pixel(10, 5) == [255, 255, 255, 255])
    }

    @Test func transparentBackgroundKeepsTranslucentAlphaAndStraightColour() throws {
        let list = DisplayList(size: CGSize(width: 8, height: 8)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(Fixtures.blue.opacity(0.15)))
        }
        let pixel = try list.rgbaImage().pixel(4, 4)
        // alpha 0.15 · 255 = 38.25; the colour un-premultiplied back to #007AFF within rounding.
        #expect(abs(pixel[3] - 38) <= 1)
        #expect(close(Array(pixel[0..<3]), [0, 122, 255], tolerance: 4))
    }

    @Test func textIsDrawnInsideItsLayoutBoxAtItsOrigin() throws {
        let text = try Fixtures.shape("Hello")
        let origin = CGPoint(x: 20, y: 10)
        let list = DisplayList(size: CGSize(width: 120, height: 50)) {
            DisplayItem.text(text, at: origin, with: .color(.black))
        }
        let image = try list.rgbaImage()
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x, y)[3] > 128 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        #expect(minX >= Int(origin.x) && maxX < Int(origin.x + text.size.width) + 1)
        #expect(minY >= Int(origin.y) && maxY <= Int(origin.y + text.firstBaseline))
        // The cap height of Inter is about 0.73 em: "H" rises well above the baseline.
        #expect(Double(Int(origin.y + text.firstBaseline) - minY) > 0.6 * 17)
    }

    @Test func colourEmojiKeepTheirColoursWhateverTheTextColour() throws {
        let emoji = try Fixtures.shape("😀", size: 34, family: "Noto Color Emoji")
        let list = DisplayList(size: CGSize(width: 60, height: 60)) {
            DisplayItem.text(emoji, at: CGPoint(x: 10, y: 10), with: .color(.black))
        }
        let image = try list.rgbaImage()
        // The centre of the face is yellow, not black.
        let centre = image.pixel(10 + Int(emoji.size.width / 2), 10 + Int(emoji.firstBaseline) - 14)
        #expect(centre[0] > 200 && centre[1] > 150 && centre[2] < 120 && centre[3] == 255, "\(centre)")
    }

    @Test func zeroOpacityAndSingularTransformsDrawNothing() throws {
        let fill = DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(red))
        let list = DisplayList(size: CGSize(width: 10, height: 10), items: [
            DisplayItem(.group(ItemGroup(items: [fill], opacity: 0))),
            DisplayItem(.group(ItemGroup(items: [fill], transform: Transform(scaleX: 0, y: 1)))),
        ])
        #expect(try list.rgbaImage() == RGBAImage(width: 10, height: 10))
    }

    @Test func renderersComposeWithMap() throws {
        let size = Renderer<Data>.png(scale: 3).map(fileExtension: "txt") { data in "\(try RGBAImage(pngData: data).width)" }
        #expect(size.fileExtension == "txt")
        #expect(try size.render(DisplayList(size: CGSize(width: 7, height: 1))) == "21")
        #expect(Renderer<Data>.svg().fileExtension == "svg" && Renderer<Data>.pdf().fileExtension == "pdf")
    }

    /// The horizontal centre of the ink, weighted by alpha.
    static func inkCentre(_ image: RGBAImage) -> Double {
        var sum = 0.0, weight = 0.0
        for y in 0..<image.height { for x in 0..<image.width {
            let a = Double(image.pixel(x, y)[3])
            sum += a * Double(x); weight += a
        } }
        return sum / weight
    }

    @Test func glyphsKeepSubPixelPositionsInBitmaps() throws {
        let text = try Fixtures.shape("l")
        func image(at x: CGFloat) throws -> RGBAImage {
            try DisplayList(size: CGSize(width: 30, height: 24)) {
                DisplayItem.text(text, at: CGPoint(x: x, y: 2), with: .color(.black))
            }.rgbaImage()
        }
        let base = Self.inkCentre(try image(at: 10))
        for shift in [0.125, 0.25, 0.5, 0.75] {
            // Cairo alone would round each of these to 10 or 11 pixels (errors of 0.125 to 0.5). What
            // remains is the rasteriser's sub-sampling of a 1.3-pixel stem, under 0.1 pixel.
            let moved = Self.inkCentre(try image(at: 10 + CGFloat(shift)))
            #expect(abs(moved - base - shift) < 0.1, "shift \(shift): moved \(moved - base)")
        }
    }

    @Test func rotatedTextIsDrawnFromItsOutlines() throws {
        let text = try Fixtures.shape("Tag")
        let straight = try DisplayList(size: CGSize(width: 60, height: 60)) {
            DisplayItem.text(text, at: CGPoint(x: 10, y: 10), with: .color(.black))
        }.rgbaImage()
        let turned = try DisplayList(size: CGSize(width: 60, height: 60)) {
            DisplayItem.group(transform: Transform(rotationAngle: .pi / 2).concatenating(Transform(translationX: 50, y: 10))) {
                DisplayItem.text(text, at: .zero, with: .color(.black))
            }
        }.rgbaImage()
        // A quarter turn keeps the amount of ink and moves it into a tall, narrow box.
        func ink(_ image: RGBAImage) -> (total: Int, width: Int, height: Int) {
            var total = 0, minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x, y)[3] > 0 {
                total += image.pixel(x, y)[3]; minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            } }
            return (total, maxX - minX + 1, maxY - minY + 1)
        }
        let a = ink(straight), b = ink(turned)
        #expect(abs(Double(a.total - b.total)) < 0.03 * Double(a.total))
        #expect(abs(a.width - b.height) <= 1 && abs(a.height - b.width) <= 1)
    }
}
