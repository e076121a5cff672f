@testable import Canvas
import CCairo
import Foundation
import Testing
import Typesetting
import TestRandom

/// Drawing in horizontal bands (one Cairo surface per band over the rows of one buffer, on several
/// threads): lists of solid fills and text give exactly the pixels of one surface whatever the
/// bands; other lists are drawn in one band.
@Suite struct BandTests {
    static let labels: [ShapedText] = {
        do {
            return try ["Tag", "Swift 6", "x", "Wörter", "0123", "a🎉b"].map { try Fixtures.shape($0) }
                + [try Fixtures.shape("🎉👍", size: 23, family: "Noto Color Emoji")]
        } catch {
            fatalError("the bundled fonts must shape: \(error)")
        }
    }()

    /// Random band boundaries: some one-row bands, some long ones.
    static func randomBands(height: Int, using random: inout SeededRandom) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start = 0
        while start < height {
            let length = Bool.random(using: &random) ? Int.random(in: 1...3, using: &random) : Int.random(in: 1...max(1, height / 3), using: &random)
            bands.append(start..<min(height, start + length))
            start += length
        }
        return bands
    }

    @Test func bandExactPicturesDrawnInRandomBandsEqualOneSurface() throws {
        var random = SeededRandom(seed: 0xBA4D)
        for round in 0..<60 {
            let list = random.richList(width: CGFloat(Int.random(in: 30...200, using: &random)),
                                       height: CGFloat(Int.random(in: 30...260, using: &random)), labels: Self.labels, bandExact: true)
            let scale = [1, 2, 1.5, 3][round % 4]
            let background: RGBAColor? = round % 3 == 0 ? nil : .white
            #expect(try Bitmap(list, scale: scale, background: background).drawsIdenticallyInBands)
            let whole = try RenderedSurface(list, scale: scale, background: background, bands: [0..<Int.max])
            let bands = round % 5 == 0 ? (0..<whole.pixelHeight).map { $0..<($0 + 1) } : Self.randomBands(height: whole.pixelHeight, using: &random)
            let banded = try RenderedSurface(list, scale: scale, background: background, bands: bands)
            let difference = differences(banded.image(), whole.image())
            #expect(difference == nil, "round \(round): scale \(scale), \(bands.count) bands: \(difference ?? "")")
        }
    }

    /// Translucent curved fills drawn through a mask of their own (``CairoPainter``), rasterised by
    /// FreeType (``OutlineMasks``), give the pixels `cairo_fill` gives up to the two rasterizers'
    /// difference at edges, in any list (opaque and translucent colours, gradients, strokes,
    /// clips, transforms, opacity groups), at any scale, in any bands: Cairo 1.16 samples 15 rows
    /// a pixel and FreeType computes the area, and they differ by at most 19 levels of coverage on
    /// a capsule's edge; both flatten curves to about 0.1 pixel, so an edge's coverage can differ by
    /// up to twice that, 51 levels, times the fill's opacity in the picture (``OutlineMaskTests``
    /// checks FreeType's areas exactly). A fill in the wrong place, of the wrong rule or the wrong
    /// colour differs by more, on many more pixels.
    @Test func fillsThroughMasksGiveThePixelsOfCairoFillUpToTheRasterizersDifference() throws {
        var random = SeededRandom(seed: 0x3A5C)
        for round in 0..<80 {
            let list = random.richList(width: CGFloat(Int.random(in: 30...220, using: &random)),
                                       height: CGFloat(Int.random(in: 30...260, using: &random)), labels: Self.labels,
                                       bandExact: round % 2 == 0)
            let scale = [1, 2, 1.5, 3, 0.75][round % 5]
            let background: RGBAColor? = round % 3 == 0 ? nil : .white
            let plain = try RenderedSurface(list, scale: scale, background: background, bands: [0..<Int.max], fillsThroughMasks: false)
            // Lists that are not band-exact are drawn in one band (as the PNG backend draws them).
            let bands = round % 4 == 0 || round % 2 == 1 ? [0..<Int.max] : Self.randomBands(height: plain.pixelHeight, using: &random)
            let masked = try RenderedSurface(list, scale: scale, background: background, bands: bands)
            let difference = premultipliedDifference(masked.image(), plain.image())
            #expect(difference.largest <= 48, "round \(round): scale \(scale), \(bands.count) bands: \(difference)")
            // Most pixels are the same: the edges differ, not the insides.
            #expect(difference.pixels * 4 <= plain.pixelWidth * plain.pixelHeight, "round \(round): \(difference)")
        }
    }

    @Test func strokesGradientsEmojiClipsRotationsAndOpacityGroupsAreDrawnInOneBand() throws {
        let rect = CGRect(x: 10, y: 10, width: 300, height: 900)
        let unsafe: [DisplayItem] = [
            .stroke(.capsule(rect), with: .color(.black)),
            .fill(.rect(rect), with: .linearGradient(stops: GradientStop.evenlySpaced([.black, .white]), start: .zero, end: CGPoint(x: 0, y: 900))),
            .text(Self.labels[6], at: CGPoint(x: 20, y: 20), with: .color(.black)),
            .group(opacity: 0.5) {
                DisplayItem.fill(.rect(rect), with: .color(.black))
                DisplayItem.fill(.rect(rect), with: .color(.white))
            },
            .group(clip: Clip(.rect(rect))) { DisplayItem.fill(.ellipse(rect), with: .color(.black)) },
            .group(transform: Transform(rotationAngle: 0.1)) { DisplayItem.fill(.ellipse(rect), with: .color(.black)) },
        ]
        let safe: [DisplayItem] = [
            .fill(.capsule(rect), with: .color(RGBAColor(red: 0, green: 0.5, blue: 1, opacity: 0.2))),
            .text(Self.labels[0], at: CGPoint(x: 20, y: 20), with: .color(.black)),
            .group(transform: Transform(scaleX: 0.5, y: 1.5), opacity: 0.5) {
                DisplayItem.fill(.ellipse(rect), with: .color(.black))
            },
        ]
        let size = CGSize(width: 400, height: 1000)
        #expect(try Bitmap(DisplayList(size: size, items: safe), scale: 2, background: nil).bands.count == 2)
        for item in unsafe {
            let bitmap = try Bitmap(DisplayList(size: size, items: safe + [item]), scale: 2, background: nil)
            #expect(!bitmap.drawsIdenticallyInBands)
            #expect(bitmap.bands == [0..<2000])
        }
    }

    @Test func theBenchmarkPictureDrawnInEightBandsOnSeveralThreadsEqualsOneSurface() throws {
        let labels = try (0..<150).map { try Fixtures.shape("\($0)") }
        let list = SamplePictures.numberedCapsules(labels: labels)
        let whole = try RenderedSurface(list, scale: 2, background: .white, bands: [0..<Int.max])
        let eighths = (0..<8).map { k in (whole.pixelHeight * k / 8)..<(whole.pixelHeight * (k + 1) / 8) }
        let banded = try RenderedSurface(list, scale: 2, background: .white, bands: eighths)
        #expect(differences(banded.image(), whole.image()) == nil)
        #expect(whole.pixelHeight == 2392)
    }

    @Test func thePNGRendererDrawsEachPartOnItsOwnThreadAndDecodesToOneSurfacesPixels() throws {
        let labels = try (0..<150).map { try Fixtures.shape("\($0)") }
        let list = SamplePictures.numberedCapsules(labels: labels)
        #expect(try Bitmap(list, scale: 2, background: nil).bands.count == 2)
        for background in [RGBAColor.white, nil] {
            let png = try list.pngData(scale: 2, background: background)
            let whole = try RenderedSurface(list, scale: 2, background: background, bands: [0..<Int.max])
            #expect(differences(try RGBAImage(pngData: png), whole.image()) == nil)
            #expect(differences(try list.rgbaImage(scale: 2, background: background), whole.image()) == nil)
            // The bytes do not depend on how the threads ran.
            #expect(try list.pngData(scale: 2, background: background) == png)
        }
    }
}


/// Translucent fills composited by table over untouched pixels (``UntouchedPixels``) give exactly
/// the pixels pixman's blending gives.
@Suite struct UntouchedPixelTests {
    @Test func compositingByTableGivesThePixelsOfBlending() throws {
        var random = SeededRandom(seed: 0x7AB1)
        for round in 0..<60 {
            let list = random.richList(width: CGFloat(Int.random(in: 30...220, using: &random)),
                                       height: CGFloat(Int.random(in: 30...260, using: &random)), labels: BandTests.labels,
                                       bandExact: round % 2 == 0)
            let scale = [1, 2, 1.5, 3, 0.75][round % 5]
            let background: RGBAColor? = [nil, .white, RGBAColor(red: 0.2, green: 0.6, blue: 0.9, opacity: 1)][round % 3]
            let blended = try RenderedSurface(list, scale: scale, background: background, bands: [0..<Int.max], compositesByTable: false)
            let bands = round % 2 == 1 ? [0..<Int.max] : BandTests.randomBands(height: blended.pixelHeight, using: &random)
            let tabled = try RenderedSurface(list, scale: scale, background: background, bands: bands)
            let difference = differences(tabled.image(), blended.image())
            #expect(difference == nil, "round \(round): scale \(scale), \(bands.count) bands: \(difference ?? "")")
        }
        // Chips side by side and row on row: most of each capsule by table, its neighbours' edges blended.
        let labels = try (0..<150).map { try Fixtures.shape("\($0)") }
        let numbers = SamplePictures.numberedCapsules(labels: labels)
        for background in [RGBAColor.white, nil] {
            let blended = try RenderedSurface(numbers, scale: 2, background: background, compositesByTable: false)
            #expect(differences(try RenderedSurface(numbers, scale: 2, background: background).image(), blended.image()) == nil)
        }
    }

    /// ``UntouchedPixels/blend(_:over:coverage:)`` against pixman through Cairo: every coverage
    /// over destinations of every byte value, opaque and translucent, for colours of several
    /// opacities.
    @Test func blendingOnePixelIsPixmansArithmetic() throws {
        let colors = [RGBAColor(red: 0.46, green: 0.46, blue: 0.5, opacity: 0.12), RGBAColor(red: 1, green: 0, blue: 0.3, opacity: 0.5),
                      RGBAColor(red: 0.1, green: 0.9, blue: 0.2, opacity: 0.99), RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.003)]
        for color in colors {
            let surface = try CairoSurface.image(width: 256, height: 256)
            let mask = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_A8, 256, 256), operation: "mask")
            let pixels = try #require(cairo_image_surface_get_data(surface.pointer)), coverage = try #require(cairo_image_surface_get_data(mask.pointer))
            let stride = Int(cairo_image_surface_get_stride(surface.pointer)), maskStride = Int(cairo_image_surface_get_stride(mask.pointer))
            cairo_surface_flush(surface.pointer)
            var destinations: [UInt32] = []
            for y in 0..<256 {
                for x in 0..<256 {
                    // Opaque destinations of every byte value in the top half, translucent ones below.
                    let value = UInt32((x + y) & 0xFF), alpha: UInt32 = y < 128 ? 255 : UInt32(max(x, 1))
                    let channel = min(value, alpha)
                    let word = alpha << 24 | channel << 16 | (255 - channel) * alpha / 255 << 8 | channel / 2
                    destinations.append(word)
                    UnsafeMutableRawPointer(pixels + y * stride).storeBytes(of: word, toByteOffset: 4 * x, as: UInt32.self)
                    coverage[y * maskStride + x] = UInt8(x)
                }
            }
            cairo_surface_mark_dirty(surface.pointer)
            cairo_surface_mark_dirty(mask.pointer)
            let context = try CairoContext(surface: surface)
            cairo_set_source_rgba(context.pointer, color.red, color.green, color.blue, color.opacity)
            cairo_mask_surface(context.pointer, mask.pointer, 0, 0)
            cairo_surface_flush(surface.pointer)
            let source = Cairo.solidPixel(color)
            var wrong = 0
            for y in 0..<256 {
                for x in 0..<256 {
                    let actual = UnsafeRawPointer(pixels + y * stride).load(fromByteOffset: 4 * x, as: UInt32.self)
                    if UntouchedPixels.blend(source, over: destinations[y * 256 + x], coverage: UInt8(x)) != actual { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(color): \(wrong) of 65,536 pixels")
        }
    }
}
