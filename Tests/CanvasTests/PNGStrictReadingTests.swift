import Canvas
import Foundation
import Testing

/// The PNG reader behind `tagcloud diff` and the golden assertions never passes a damaged or
/// misread picture: damaged files are refused (libpng's simplified API read them as far as they
/// went), interlaced 16-bit images read as their non-interlaced twins (libpng 1.6 reduced them to
/// 8 bits wrongly), and an animated PNG can be refused. The files are built by hand
/// (``PNGLimitTests/png(width:height:bitDepth:colorType:rows:chunks:interlaced:)``).
@Suite struct PNGStrictReadingTests {
    typealias Build = PNGLimitTests

    /// The reason a decode failed with, or `nil` when it did not fail so.
    static func reason(_ body: () throws(CanvasError) -> RGBAImage) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            if case let .pngDecodingFailed(_, reason) = error { return reason }
            return "\(error)"
        }
    }

    /// Pixel values of `channels` bytes (`bytesPerChannel` each) a pixel, different for each pixel
    /// and channel, and not multiples of 257 at 16 bits (so that reducing them rounds).
    static func samples(width: Int, height: Int, channels: Int, bytesPerChannel: Int) -> [[UInt8]] {
        (0..<(width * height)).map { pixel in
            (0..<(channels * bytesPerChannel)).map { byte in UInt8(truncatingIfNeeded: pixel * 37 + byte * 91 + 13) }
        }
    }

    /// The rows of an image: in order, each with filter byte 0, or as Adam7's seven passes, each
    /// pass's rows filtered in turn with None, Sub, Up, Average and Paeth (PNG, section 9.2), so
    /// that the reader's unfiltering of every filter is checked.
    static func rows(_ pixels: [[UInt8]], width: Int, height: Int, interlaced: Bool) -> [UInt8] {
        guard interlaced else {
            return (0..<height).flatMap { y in [0] + (0..<width).flatMap { pixels[y * width + $0] } }
        }
        let bpp = pixels.first?.count ?? 1
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out: [UInt8] = []
        var filterNumber = 0
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx))
            guard !columns.isEmpty else { continue }
            var previous: [UInt8]?
            for y in stride(from: y0, to: height, by: dy) {
                let row = columns.flatMap { pixels[y * width + $0] }
                let filter = UInt8(filterNumber % 5)
                filterNumber += 1
                out.append(filter)
                for i in row.indices {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0, b = previous.map { Int($0[i]) } ?? 0
                    let c = i >= bpp ? previous.map { Int($0[i - bpp]) } ?? 0 : 0
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][Int(filter)]
                    out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predicted))
                }
                previous = row
            }
        }
        return out
    }

    /// An interlaced 16-bit image reads exactly as the same image without interlacing, for every
    /// colour type and with a gAMA chunk; two different interlaced images no longer read the same.
    /// libpng 1.6.39's simplified API mixed the passes up (pnggroup/libpng#853): about half the
    /// channels read wrong.
    @Test(arguments: [(UInt8(6), 4), (2, 3), (4, 2), (0, 1)])
    func sixteenBitInterlacedImagesReadAsTheirNonInterlacedTwins(colorType: UInt8, channels: Int) throws {
        for (width, height) in [(9, 7), (1, 1), (3, 10)] {
            let pixels = Self.samples(width: width, height: height, channels: channels, bytesPerChannel: 2)
            for chunks in [[], [("gAMA", Build.bigEndian(45455))], [("sRGB", [0])]] as [[(String, [UInt8])]] {
                func file(_ interlaced: Bool) -> Data {
                    Build.png(width: UInt32(width), height: UInt32(height), bitDepth: 16, colorType: colorType,
                              rows: Self.rows(pixels, width: width, height: height, interlaced: interlaced),
                              chunks: chunks, interlaced: interlaced)
                }
                let plain = try RGBAImage(pngData: file(false))
                #expect(try RGBAImage(pngData: file(true)) == plain, "\(width) × \(height), colour type \(colorType), \(chunks.map(\.0))")
            }
        }
        // One pixel changed in the last pass: the images differ.
        var pixels = Self.samples(width: 8, height: 8, channels: channels, bytesPerChannel: 2)
        let first = Build.png(width: 8, height: 8, bitDepth: 16, colorType: colorType,
                              rows: Self.rows(pixels, width: 8, height: 8, interlaced: true), interlaced: true)
        pixels[9] = pixels[9].map { $0 ^ 0xF0 }
        let second = Build.png(width: 8, height: 8, bitDepth: 16, colorType: colorType,
                               rows: Self.rows(pixels, width: 8, height: 8, interlaced: true), interlaced: true)
        #expect(try RGBAImage(pngData: first) != RGBAImage(pngData: second))
    }

    /// The other kinds read as before: 8-bit interlaced images as their twins, and a palette with
    /// tRNS, grey, grey with alpha and 16-bit non-interlaced images to the values libpng gives.
    @Test func otherKindsReadAsBefore() throws {
        for (colorType, channels) in [(UInt8(6), 4), (2, 3), (0, 1), (4, 2)] {
            let pixels = Self.samples(width: 9, height: 7, channels: channels, bytesPerChannel: 1)
            func file(_ interlaced: Bool) -> Data {
                Build.png(width: 9, height: 7, bitDepth: 8, colorType: colorType,
                          rows: Self.rows(pixels, width: 9, height: 7, interlaced: interlaced), interlaced: interlaced)
            }
            #expect(try RGBAImage(pngData: file(true)) == RGBAImage(pngData: file(false)), "colour type \(colorType)")
        }
        let palette = Build.png(width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [0, 0, 1, 2],
                                chunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]), ("tRNS", [255, 128])])
        #expect(try RGBAImage(pngData: palette).pixels == [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255])
        let grey = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [0, 90, 200])
        #expect(try RGBAImage(pngData: grey).pixels == [90, 90, 90, 255, 200, 200, 200, 255])
        let greyAlpha = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [0, 90, 255, 200, 0])
        #expect(try RGBAImage(pngData: greyAlpha).pixels == [90, 90, 90, 255, 200, 200, 200, 0])
        let rgb16 = Build.png(width: 1, height: 1, bitDepth: 16, colorType: 2, rows: [0, 128, 128, 64, 64, 200, 200])
        #expect(try RGBAImage(pngData: rgb16).pixels == [128, 64, 200, 255])
        let greyTRNS = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [0, 90, 200], chunks: [("tRNS", [0, 90])])
        #expect(try RGBAImage(pngData: greyTRNS).pixels == [90, 90, 90, 0, 200, 200, 200, 255])
    }

    /// A damaged file is refused with what is wrong, from bytes and from a file alike: libpng's
    /// simplified API read each of these without a word (it never reads IEND, drops an ancillary
    /// chunk whose CRC is wrong, and only warns of too much image data).
    @Test func damagedFilesAreRefused() throws {
        let rows: [UInt8] = [0, 10, 20, 30, 40, 50, 60]
        let good = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows)
        _ = try RGBAImage(pngData: good)
        let withoutEnd = good.prefix(good.count - 12)
        var badGamma = [UInt8](Build.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows,
                                         chunks: [("gAMA", Build.bigEndian(100_000))]))
        badGamma[33 + 12 + 3] ^= 1   // the gAMA chunk's CRC, after the signature and IHDR (33 bytes)
        let tooMuch = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows + [0, 1, 2, 3, 4, 5, 6])
        let idatAfterEnd = good + Build.chunk("IDAT", Build.zlibStored(rows))
        // libpng's simplified API keeps its first warning only: a gAMA chunk of the wrong length
        // ("gAMA: invalid") before too much image data, or data after the zlib stream, hid the
        // damage, and `tagcloud diff` found the file equal to its golden.
        let gammaThenTooMuch = Build.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows + [0, 1, 2, 3, 4, 5, 6],
                                         chunks: [("gAMA", [0, 1, 2])])
        func file(_ ihdr: [UInt8], _ middle: [UInt8]) -> Data {
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Build.chunk("IHDR", ihdr) + middle + Build.chunk("IEND", []))
        }
        let header = Build.bigEndian(2) + Build.bigEndian(1) + [8, 2, 0, 0, 0]
        let junk = file(header, Build.chunk("gAMA", [0, 1, 2]) + Build.chunk("IDAT", Build.zlibStored(rows) + [1, 2, 3, 4]))
        let short = file(header, Build.chunk("IDAT", Build.zlibStored(Array(rows.prefix(4)))))
        let badFilter = file(header, Build.chunk("IDAT", Build.zlibStored([7] + rows.dropFirst())))
        // What a rewritten 16-bit interlaced image's own header hid, and what libpng warns of alone.
        let header16 = Build.bigEndian(2) + Build.bigEndian(1) + [16, 2, 0, 0, 1]
        let compression = file(Build.bigEndian(2) + Build.bigEndian(1) + [16, 2, 1, 0, 1], Build.chunk("IDAT", Build.zlibStored(rows)))
        let unknownCritical = file(header16, Build.chunk("ZZZZ", [1]) + Build.chunk("IDAT", Build.zlibStored(rows)))
        let secondHeader = file(header16, Build.chunk("IHDR", header16) + Build.chunk("IDAT", Build.zlibStored(rows)))
        let depth = file(Build.bigEndian(2) + Build.bigEndian(1) + [4, 2, 0, 0, 0], Build.chunk("IDAT", Build.zlibStored(rows)))
        let fullEnd = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Build.chunk("IHDR", header)
                           + Build.chunk("IDAT", Build.zlibStored(rows)) + Build.chunk("IEND", [0, 0]))
        let trailing = good + Data("garbage".utf8)
        let cases: [(String, Data, String)] = [
            ("no IEND", Data(withoutEnd), "it ends without an IEND chunk: it is cut short or damaged"),
            ("bad gAMA CRC", Data(badGamma), "the CRC of its gAMA chunk (at byte 33) is wrong; the file is damaged"),
            ("too much image data", tooMuch, "its image data inflates to more than the 7 bytes the image needs (\"Too much image data\"); the file is damaged"),
            ("IDAT after IEND", idatAfterEnd, "it has data after its IEND chunk (at byte \(good.count)); the file is damaged"),
            ("trailing bytes", trailing, "it has data after its IEND chunk (at byte \(good.count)); the file is damaged"),
            ("cut short", Data(good.prefix(40)), "it ends in the middle of a chunk: it is cut short"),
            ("gAMA warning, then too much image data", gammaThenTooMuch,
             "its image data inflates to more than the 7 bytes the image needs (\"Too much image data\"); the file is damaged"),
            ("gAMA warning, then data after the stream", junk,
             "it has compressed data after the end of its image data (\"Extra compressed data\"); the file is damaged"),
            ("not enough image data", short,
             "its image data inflates to 4 bytes, fewer than the 7 the image needs (\"Not enough image data\"); the file is damaged"),
            ("filter type 7", badFilter, "row 1 of its image data has filter type 7, which PNG does not have; the file is damaged"),
            ("compression method 1", compression, "its header says compression method 1, filter method 0 and interlace method 1, "
                + "where PNG has 0, 0 and 0 or 1; the file is damaged"),
            ("unknown critical chunk", unknownCritical,
             "it has a critical chunk PNG does not define, ZZZZ (at byte 33); the file is damaged or not a PNG this reads"),
            ("second IHDR", secondHeader, "it has a second IHDR chunk (at byte 33); the file is damaged"),
            ("4-bit RGB", depth, "its header says 4 bits for colour type 2, which PNG does not allow; the file is damaged"),
            ("IEND with data", fullEnd, "its IEND chunk (at byte 63) holds 2 bytes, where it holds none; the file is damaged"),
            ("empty", Data(), "the file is empty"),
            ("not a PNG", Data("not a png at all".utf8), "it is not a PNG file (it does not start with the PNG signature)"),
            ("too short", Data(good.prefix(5)), "it is not a PNG file (it is 5 bytes, shorter than the PNG signature)"),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, data, expected) in cases {
            #expect(Self.reason { () throws(CanvasError) in try RGBAImage(pngData: data) } == expected, "\(name)")
            let file = folder.appendingPathComponent("\(name).png")
            try data.write(to: file)
            #expect(Self.reason { () throws(CanvasError) in try RGBAImage(contentsOf: file) } == expected, "\(name), as a file")
        }
    }

    /// An animated PNG (two frames that differ after the first) reads as its default image unless
    /// refused, as `tagcloud diff` and the golden assertions refuse it: its other frames would go
    /// unseen.
    @Test func animatedPNGsCanBeRefused() throws {
        let red: [UInt8] = [0, 255, 0, 0], blue: [UInt8] = [0, 0, 0, 255]
        func frameControl(_ sequence: UInt32) -> [UInt8] {
            Build.bigEndian(sequence) + Build.bigEndian(1) + Build.bigEndian(1) + Build.bigEndian(0) + Build.bigEndian(0)
                + [0, 1, 0, 10, 0, 0]
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Build.chunk("IHDR", Build.bigEndian(1) + Build.bigEndian(1) + [8, 2, 0, 0, 0])
        file += Build.chunk("acTL", Build.bigEndian(2) + Build.bigEndian(0))
        file += Build.chunk("fcTL", frameControl(0)) + Build.chunk("IDAT", Build.zlibStored(red))
        file += Build.chunk("fcTL", frameControl(1)) + Build.chunk("fdAT", Build.bigEndian(2) + Build.zlibStored(blue))
        file += Build.chunk("IEND", [])
        let apng = Data(file)
        #expect(try RGBAImage(pngData: apng).pixels == [255, 0, 0, 255])
        let reason = Self.reason { () throws(CanvasError) in try RGBAImage(pngData: apng, refusingAnimation: true) }
        #expect(reason?.hasPrefix("it is an animated PNG (APNG), and animated PNGs are not compared") == true, "\(reason ?? "")")
    }
}
