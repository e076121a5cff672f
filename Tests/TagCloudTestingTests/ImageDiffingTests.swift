import Canvas
import Foundation
import TagCloudTesting
import Testing

/// Pictures are compared in pixelmatch's measure (Canvas's ImageDiff): YIQ threshold,
/// anti-aliasing told apart, `maxDiffPixels` and `maxDiffPixelRatio`; the message states the
/// tolerance and how far beyond it a picture is; sizes that differ still get a diff picture.
@Suite struct ImageDiffingTests {
    static func diff(_ reference: RGBAImage, _ actual: RGBAImage, _ tolerance: ImageTolerance = .golden) -> SnapshotDifference? {
        Diffing<RGBAImage>.image(tolerance: tolerance).diff(reference, actual)
    }

    /// A flat picture with `count` pixels of another colour in its first row.
    static func picture(width: Int = 10, height: Int = 10, changed count: Int = 0) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 200, count: width * height * 4))
        for x in 0..<count { image.pixels.replaceSubrange((x * 4)..<(x * 4 + 4), with: [0, 0, 0, 255]) }
        return image
    }

    @Test func theAllowanceIsTheSmallerOfCountAndRatio() {
        #expect(ImageTolerance().allowedPixels(of: 1000) == 0)
        #expect(ImageTolerance(maxDiffPixels: 7).allowedPixels(of: 1000) == 7)
        #expect(ImageTolerance(maxDiffPixelRatio: 0.01).allowedPixels(of: 1000) == 10)
        #expect(ImageTolerance(maxDiffPixels: 7, maxDiffPixelRatio: 0.01).allowedPixels(of: 1000) == 7)
        #expect(ImageTolerance(maxDiffPixels: 70, maxDiffPixelRatio: 0.01).allowedPixels(of: 1000) == 10)
    }

    /// A share of infinity, or one too large for an `Int`, allows every pixel instead of trapping
    /// (it killed the whole test process); NaN allows none. A tolerance no one could mean fails
    /// the comparison, naming what is wrong, instead of being read as 0.
    @Test func aToleranceOutOfRangeIsNamedAndNeverTraps() throws {
        #expect(ImageTolerance(maxDiffPixelRatio: .infinity).allowedPixels(of: 1000) == 1000)
        #expect(ImageTolerance(maxDiffPixelRatio: 1e300).allowedPixels(of: 1000) == 1000)
        #expect(ImageTolerance(maxDiffPixelRatio: .nan).allowedPixels(of: 1000) == 0)
        let reference = Self.picture(), actual = Self.picture(changed: 3)
        for (tolerance, problem) in [(ImageTolerance(maxDiffPixelRatio: .infinity), "maxDiffPixelRatio is inf; give a share from 0 to 1"),
                                     (ImageTolerance(maxDiffPixelRatio: .nan), "maxDiffPixelRatio is nan"),
                                     (ImageTolerance(maxDiffPixelRatio: -1), "maxDiffPixelRatio is -1"),
                                     (ImageTolerance(maxDiffPixels: -5), "maxDiffPixels is -5; give 0 or more"),
                                     (ImageTolerance(threshold: .nan), "the threshold is nan")] {
            let difference = try #require(Self.diff(reference, actual, tolerance))
            #expect(difference.message.contains("the tolerance cannot be used: \(problem)"), "\(difference.message)")
            #expect(Self.diff(reference, reference, tolerance) != nil)
        }
    }

    /// Transparency counts: a transparent pixel is not an opaque white one, even though both look
    /// white over white (pixels are compared over black too); two invisible pixels stay equal.
    @Test func aPictureThatLostItsTransparencyDiffers() throws {
        let clear = RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 400))
        let white = RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 400))
        var halfRed = clear, opaqueRed = clear
        for index in 0..<100 {
            halfRed.pixels.replaceSubrange((index * 4)..<(index * 4 + 4), with: [255, 0, 0, 128])
            opaqueRed.pixels.replaceSubrange((index * 4)..<(index * 4 + 4), with: [255, 0, 0, 255])
        }
        for tolerance in [ImageTolerance.golden, .exact] {
            #expect(Self.diff(clear, white, tolerance)?.message.contains("100 of 100 pixels differ") == true)
            #expect(Self.diff(halfRed, opaqueRed, tolerance) != nil)
        }
        var invisibleBlue = clear
        for index in 0..<100 { invisibleBlue.pixels[index * 4 + 2] = 255 }
        #expect(Self.diff(clear, invisibleBlue, .exact) == nil)
    }

    @Test func differingPixelsBeyondTheAllowanceFailAndTheMessageSaysByHowMuch() throws {
        let reference = Self.picture(), actual = Self.picture(changed: 3)
        #expect(Self.diff(reference, reference) == nil)
        #expect(Self.diff(reference, actual, ImageTolerance(maxDiffPixels: 3)) == nil)
        let difference = try #require(Self.diff(reference, actual, ImageTolerance(maxDiffPixels: 1)))
        #expect(difference.message.contains("3 of 100 pixels differ (3 %) beyond the tolerance (YIQ threshold 0.02, anti-aliased pixels ignored, at most 1 pixels): 2 more than the 1 allowed"),
                "\(difference.message)")
        #expect(difference.message.contains("within x 0…2, y 0…0"))
        #expect(difference.artifacts.map(\.name) == ["diff"])
        let diffImage = try RGBAImage(pngData: try #require(difference.artifacts.first).data)
        #expect(diffImage.pixel(1, 0) == [255, 0, 0, 255])
    }

    /// The default threshold catches a chip's fill going from 20 % to 25 % opacity, which
    /// pixelmatch's own default (0.1) lets through.
    @Test func theGoldenThresholdCatchesASubtleColourChange() throws {
        let before = try Fixtures.chip(color: Fixtures.blue, opacity: 0.2).rgbaImage(scale: 2, background: .white)
        let after = try Fixtures.chip(color: Fixtures.blue, opacity: 0.25).rgbaImage(scale: 2, background: .white)
        #expect(Self.diff(before, after) != nil)
        #expect(Self.diff(before, after, ImageTolerance(threshold: 0.1)) == nil)
    }

    /// Edges drawn a fraction of a pixel apart differ only in anti-aliased pixels: ignored by
    /// default, counted when asked.
    @Test func antiAliasedEdgesAreToldApart() throws {
        func circle(_ x: Double) throws -> RGBAImage {
            try DisplayList(size: CGSize(width: 40, height: 40)) {
                DisplayItem.fill(.circle(CGRect(x: x, y: 8, width: 24, height: 24)), with: .color(.black))
            }.rgbaImage(scale: 1, background: .white)
        }
        let reference = try circle(8), shifted = try circle(8.3)
        #expect(reference != shifted)
        #expect(Self.diff(reference, shifted) == nil)
        let counted = try #require(Self.diff(reference, shifted, ImageTolerance(includesAntiAliasing: true)))
        #expect(counted.message.contains("anti-aliased pixels counted"))
        // A real move is not anti-aliasing.
        #expect(Self.diff(reference, try circle(11)) != nil)
    }

    /// Pictures of different sizes are compared on a common canvas: the diff shows both, with the
    /// part only one of them has in magenta.
    @Test func sizesThatDifferStillGetADiffPicture() throws {
        let reference = Self.picture(width: 10, height: 8), actual = Self.picture(width: 12, height: 10, changed: 2)
        let difference = try #require(Self.diff(reference, actual))
        #expect(difference.message.hasPrefix("the picture is 12 × 10 px, the golden 10 × 8 px (2 px wider and 2 px taller); on a common canvas of 12 × 10 px"),
                "\(difference.message)")
        let diffImage = try RGBAImage(pngData: try #require(difference.artifacts.first).data)
        #expect(diffImage.width == 12 && diffImage.height == 10)
        #expect(diffImage.pixel(0, 0) == [255, 0, 0, 255])      // differs in both
        #expect(diffImage.pixel(11, 0) == [255, 0, 255, 255])   // only in the actual picture
        #expect(diffImage.pixel(0, 9) == [255, 0, 255, 255])
        #expect(diffImage.pixel(5, 5)[0] == diffImage.pixel(5, 5)[1])  // the same in both: grey
    }
}

/// The golden assertions read goldens with the same strict reader as `tagcloud diff`, and hold
/// the common canvas of pictures of different sizes to the reader's limit.
@Suite struct ImageDiffingInputTests {
    /// A golden cut short before its IEND chunk, or an animated golden, is an error, not a
    /// picture that matches (libpng read the first as whole, the second as its first frame).
    @Test func aDamagedOrAnimatedGoldenIsAnError() throws {
        let png = try RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 90, count: 16)).pngData()
        let diffing = Diffing<RGBAImage>.image()
        #expect(try diffing.fromData(png) == RGBAImage(pngData: png))
        #expect(throws: CanvasError.pngDecodingFailed(source: "data", reason: "it ends without an IEND chunk: it is cut short or damaged")) {
            try diffing.fromData(png.prefix(png.count - 12))
        }
        // An acTL chunk (two frames, played once) after the header makes it an animated PNG.
        var body = Array("acTL".utf8) + [0, 0, 0, 2, 0, 0, 0, 1]
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc = ~crc
        body = [0, 0, 0, 8] + body + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) }
        let animated = png.prefix(33) + body + png.dropFirst(33)
        #expect(try RGBAImage(pngData: Data(animated)).width == 2)
        #expect(throws: CanvasError.self) { try diffing.fromData(Data(animated)) }
    }

    @Test func picturesOfVeryDifferentShapesAreComparedWithinTheLimit() throws {
        let message = try #require(ImageDiffingTests.diff(RGBAImage(width: 32_767, height: 1), RGBAImage(width: 1, height: 32_767))?.message)
        #expect(message.contains("their common canvas of 32767 × 32767 px is over the limit"), "\(message)")
    }
}
