@testable import Canvas
import CTagCloudPixels
import Foundation
import Testing
import Typesetting
import TestRandom

/// The PNG encoder: lossless (decoded by libpng), the same pixels as Cairo's writer, valid chunks.
@Suite struct PNGCodecTests {
    /// A random image with runs of repeated pixels and repeated rows, like rendered pictures.
    static func randomImage(_ random: inout SeededRandom, width: Int, height: Int, opaque: Bool) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            if y > 0, Int.random(in: 0..<4, using: &random) == 0 {
                pixels.replaceSubrange((y * width * 4)..<((y + 1) * width * 4), with: pixels[((y - 1) * width * 4)..<(y * width * 4)])
                continue
            }
            var x = 0
            while x < width {
                let run = Int.random(in: 1...8, using: &random)
                let pixel: [UInt8] = [UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                                      UInt8.random(in: 0...255, using: &random), opaque ? 255 : UInt8.random(in: 0...255, using: &random)]
                for _ in 0..<min(run, width - x) {
                    pixels.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: pixel)
                    x += 1
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Every way the encoder can filter rows.
    static let filterChoices: [PNGEncoder.FilterChoice] = [.fixed(.none), .fixed(.sub), .fixed(.up), .fixed(.average), .fixed(.paeth), .adaptive]

    /// Images in one part or cut into parts spliced into one zlib stream (``SplicedZlib``) decode
    /// with libpng to the same pixels, with every filter and compressor (libpng inflates with zlib,
    /// which accepts only complete Huffman codes).
    @Test func encodedImagesDecodeToTheSamePixelsWithEveryFilterLevelAndPartCount() throws {
        var random = SeededRandom(seed: 0x5EED)
        let filters = Self.filterChoices
        for round in 0..<90 {
            let width = Int.random(in: 1...90, using: &random), height = Int.random(in: 1...120, using: &random)
            let image = Self.randomImage(&random, width: width, height: height, opaque: round % 3 == 0)
            let pixelsPerPart = round % 3 == 1 ? Int.max : Int.random(in: 1...2_000, using: &random)
            let compression: PNGEncoder.Compression = round % 2 == 0 ? .scanline : .libdeflate(level: Int32.random(in: 0...12, using: &random))
            let encoder = PNGEncoder(compression: compression, filter: filters[round % filters.count], pixelsPerPart: pixelsPerPart)
            let decoded = try RGBAImage(pngData: Data(try encoder.encode(image)))
            let parts = encoder.parts(width: width, height: height).count
            #expect(decoded == image, "round \(round): \(width) × \(height), \(encoder.filter), \(encoder.compression), \(parts) parts")
        }
    }

    @Test func opaqueImagesAreWrittenAsRGBAndOthersAsRGBA() throws {
        let opaque = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
        let translucent = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 254])
        let a = try opaque.pngData(), b = try translucent.pngData()
        // Signature, then the IHDR chunk: length 13, "IHDR", width, height, bit depth, colour type.
        #expect(Array(a.prefix(16)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        #expect(Array(a[16..<26]) == [0, 0, 0, 2, 0, 0, 0, 1, 8, 2])
        #expect(b[25] == 6)
        #expect(Array(a.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// Renders the benchmark's tag cloud and decodes both encoders' PNGs.
    @Test(arguments: [RGBAColor.white, nil])
    func ourEncoderWritesTheSamePixelsAsCairosWriter(background: RGBAColor?) throws {
        let labels = try (0..<40).map { try Fixtures.shape("\($0)") }
        let list = SamplePictures.numberedCapsules(labels: labels, width: 200)
        let surface = try RenderedSurface(list, scale: 2, background: background)
        let ours = try RGBAImage(pngData: Data(try surface.png()))
        let cairos = try RGBAImage(pngData: Data(try surface.cairoPNG()))
        #expect(ours == cairos)
        #expect(ours == surface.image())
        #expect(ours.width == 400)
    }

    @Test func rendererPNGDecodesToTheRenderedPixels() throws {
        let list = try PrimitiveSnapshotTests.chip()
        for background in [RGBAColor.white, nil] {
            let png = try list.pngData(scale: 2, background: background)
            #expect(try RGBAImage(pngData: png) == list.rgbaImage(scale: 2, background: background))
        }
    }

    @Test func unpremultiplyUsesCairosRounding() {
        // 0xAARRGGBB with alpha 128 and red 64: (64 · 255 + 64) / 128 = 128.
        #expect(Unpremultiply.straight(0x8040_2010) == (128, 64, 32, 128))
        #expect(Unpremultiply.straight(0x0000_0000) == (0, 0, 0, 0))
        #expect(Unpremultiply.straight(0xFF12_3456) == (0x12, 0x34, 0x56, 255))
        #expect(Unpremultiply.straight(0x0101_0101) == (255, 255, 255, 1))
    }

    /// The word-at-a-time conversions equal `straight` pixel by pixel, for rows of every length mixing
    /// opaque, clear and translucent pixels at every position of a group of four.
    @Test func rowConversionsEqualThePerPixelConversion() {
        var random = SeededRandom(seed: 0xC0DE)
        for round in 0..<400 {
            let count = Int.random(in: 1...37, using: &random)
            let pixels: [UInt32] = (0..<count).map { _ in
                switch Int.random(in: 0..<(round % 2 == 0 ? 8 : 3), using: &random) {
                case 0: return 0
                case 1:
                    let alpha = UInt32.random(in: 1...254, using: &random)
                    let channel = { UInt32.random(in: 0...alpha, using: &random) }
                    return alpha << 24 | channel() << 16 | channel() << 8 | channel()
                default: return 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
                }
            }
            let expected = pixels.map(Unpremultiply.straight)
            var rgb = [UInt8](repeating: 0, count: count * 3), rgba = [UInt8](repeating: 0, count: count * 4)
            let opaque = pixels.withUnsafeBufferPointer { p in rgb.withUnsafeMutableBufferPointer { Unpremultiply.argb32ToRGB(p.baseAddress!, $0.baseAddress!, count: count) } }
            pixels.withUnsafeBufferPointer { p in rgba.withUnsafeMutableBytes { Unpremultiply.argb32ToRGBA(p.baseAddress!, $0.baseAddress!, count: count) } }
            #expect(opaque == pixels.allSatisfy { $0 >= 0xFF00_0000 }, "round \(round)")
            #expect(rgb == expected.flatMap { [$0.0, $0.1, $0.2] }, "round \(round)")
            #expect(rgba == expected.flatMap { [$0.0, $0.1, $0.2, $0.3] }, "round \(round)")
        }
    }

    /// The shuffles (eight pixels at a time with AVX2, four with SSSE3) convert a row over its own
    /// pixels, the output starting up to four bytes after them as the in-place encoder's does, stop
    /// at the group with a translucent pixel, and write nothing past the row's RGB bytes.
    @Test func theShufflesConvertInPlaceAndWriteNothingPastTheRow() {
        var random = SeededRandom(seed: 0x5EED)
        for count in 1...41 {
            for shift in [0, 1, 4] {
                for translucent in [nil, Int.random(in: 0..<count, using: &random)] {
                    let pixels: [UInt32] = (0..<count).map { x in
                        x == translucent ? 0x8040_2010 : 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
                    }
                    // The pixels, then guard bytes: a write past `3 × count` bytes from the output lands in them.
                    var buffer = [UInt8](repeating: 0xA5, count: 4 * count + 64)
                    buffer.withUnsafeMutableBytes { raw in
                        for (x, word) in pixels.enumerated() { raw.storeBytes(of: word, toByteOffset: 4 * x, as: UInt32.self) }
                    }
                    let original = buffer
                    let converted = buffer.withUnsafeMutableBytes { raw -> Int in
                        guard let base = raw.baseAddress else { return -1 }
                        return tagcloud_opaque_argb32_to_rgb(base.assumingMemoryBound(to: UInt32.self),
                                                             base.assumingMemoryBound(to: UInt8.self) + shift, count)
                    }
                    #if arch(x86_64)
                    // Every whole group of four before the translucent pixel (the test machines have SSSE3).
                    #expect(converted == (translucent ?? count) / 4 * 4, "count \(count), shift \(shift)")
                    #else
                    #expect(converted == 0)
                    #endif
                    let expected = pixels[0..<max(converted, 0)].flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
                    let written = shift + 3 * max(converted, 0)
                    #expect(Array(buffer[shift..<written]) == expected, "count \(count), shift \(shift)")
                    // After the converted bytes, nothing changed: the pixels not converted, and the guard.
                    #expect(buffer[written...] == original[written...], "count \(count), shift \(shift)")
                }
            }
        }
    }

    @Test func decodingRejectsDataThatIsNotPNG() throws {
        #expect(throws: CanvasError.self) { try RGBAImage(pngData: Data()) }
        let error = #expect(throws: CanvasError.self) { try RGBAImage(pngData: Data("not a png".utf8)) }
        if case .pngDecodingFailed(let source, let reason)? = error {
            #expect(source == "data")
            #expect(!reason.isEmpty)
        } else {
            Issue.record("got \(String(describing: error))")
        }
        // A valid PNG with one byte of its compressed data changed fails its CRC.
        var png = try RGBAImage(width: 3, height: 3, pixels: [UInt8](repeating: 7, count: 36)).pngData()
        png[png.count - 20] ^= 0xFF
        #expect(throws: CanvasError.self) { try RGBAImage(pngData: png) }
        #expect(throws: CanvasError.self) { try RGBAImage(contentsOf: URL(fileURLWithPath: "/nonexistent/a.png")) }
    }

    /// Cairo-style ARGB32 words (premultiplied) with runs and repeated rows, `stride` bytes a row;
    /// every pixel opaque unless `translucentAt` names one, which gets alpha 128.
    static func randomARGB(_ random: inout SeededRandom, width: Int, height: Int, stride: Int,
                           translucentAt: (x: Int, y: Int)? = nil) -> [UInt32] {
        var words = [UInt32](repeating: 0xDEAD_BEEF, count: stride / 4 * height)
        for y in 0..<height {
            let row = y * stride / 4
            if y > 0, Int.random(in: 0..<4, using: &random) == 0 {
                for x in 0..<width { words[row + x] = words[row - stride / 4 + x] }
                continue
            }
            var x = 0
            while x < width {
                let pixel = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
                for _ in 0..<min(Int.random(in: 1...8, using: &random), width - x) { words[row + x] = pixel; x += 1 }
            }
        }
        if let (x, y) = translucentAt { words[y * stride / 4 + x] = 0x8040_2010 }
        return words
    }

    /// Writing an opaque picture's rows over its own pixels gives the bytes the encoder writes with
    /// a separate buffer, for widths from 1 pixel, padded strides, one part or many, both
    /// compressors; nothing is drawn again.
    @Test func encodingOverThePixelsWritesTheSameBytes() throws {
        var random = SeededRandom(seed: 0x1A_B1ACE)
        for round in 0..<120 {
            let width = Int.random(in: 1...90, using: &random), height = Int.random(in: 1...120, using: &random)
            let stride = 4 * width + 4 * Int.random(in: 0...3, using: &random)
            let words = Self.randomARGB(&random, width: width, height: height, stride: stride)
            let compression: PNGEncoder.Compression = round % 2 == 0 ? .scanline : .libdeflate(level: 1)
            let encoder = PNGEncoder(compression: compression, pixelsPerPart: round % 3 == 0 ? Int.max : Int.random(in: 1...2_000, using: &random))
            let expected = try words.withUnsafeBytes { raw in
                try encoder.encode(premultipliedARGB32: raw.baseAddress!, width: width, height: height, stride: stride, isOpaque: true)
            }
            var scratch = words
            var redraws = 0
            let inPlace = try scratch.withUnsafeMutableBytes { raw in
                try encoder.encode(overwriting: raw.baseAddress!, width: width, height: height, stride: stride, isOpaque: true,
                                   redraw: { redraws += 1 })
            }
            let parts = encoder.parts(width: width, height: height).count
            #expect(inPlace == expected, "round \(round): \(width) × \(height), stride \(stride), \(parts) parts")
            #expect(redraws == 0)
        }
    }

    /// A pixel that is not opaque in a picture said to be opaque: the rows already written over are
    /// drawn again and the picture is written as RGBA, the same bytes as from untouched pixels.
    @Test func aTranslucentPixelMeetWhileEncodingOverThePixelsRedrawsThem() throws {
        var random = SeededRandom(seed: 0x7E57)
        for round in 0..<24 {
            let width = Int.random(in: 1...60, using: &random), height = Int.random(in: 1...80, using: &random)
            let stride = 4 * width
            let words = Self.randomARGB(&random, width: width, height: height, stride: stride,
                                        translucentAt: (Int.random(in: 0..<width, using: &random), Int.random(in: 0..<height, using: &random)))
            let encoder = PNGEncoder(pixelsPerPart: round % 2 == 0 ? Int.max : 500)
            let expected = try words.withUnsafeBytes { raw in
                try encoder.encode(premultipliedARGB32: raw.baseAddress!, width: width, height: height, stride: stride, isOpaque: false)
            }
            var scratch = words
            var redraws = 0
            let bytes = try scratch.withUnsafeMutableBytes { raw in
                let base = raw.baseAddress!
                return try encoder.encode(overwriting: base, width: width, height: height, stride: stride, isOpaque: true, redraw: {
                    redraws += 1
                    words.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                })
            }
            #expect(redraws == 1, "round \(round)")
            #expect(bytes == expected, "round \(round): \(width) × \(height)")
            #expect(bytes[25] == 6, "RGBA")
        }
    }

    @Test func emptyImagesCannotBeEncoded() {
        #expect(throws: CanvasError.self) { try RGBAImage(width: 0, height: 3).pngData() }
    }
}
