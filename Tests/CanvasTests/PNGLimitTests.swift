import Canvas
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// PNG images are untrusted input: the header's size is checked against the reader's limits
/// before anything is allocated for the pixels, and files are read as streams.
@Suite struct PNGLimitTests {
    /// A real 3 × 3 PNG from the encoder.
    static func smallPNG() throws -> Data {
        try RGBAImage(width: 3, height: 3, pixels: (0..<36).map { UInt8($0 * 7 % 256) }).pngData()
    }

    /// `png` with its IHDR claiming `width` × `height` (the CRC made right), the data unchanged:
    /// what a "PNG bomb" header looks like to a reader.
    static func claiming(_ width: UInt32, _ height: UInt32, in png: Data) -> Data {
        var bytes = [UInt8](png)
        // Signature (8), IHDR length (4), "IHDR" (4), then width and height, big-endian.
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        let crc = crc32(bytes[12..<29])
        for index in 0..<4 { bytes[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        return Data(bytes)
    }

    /// CRC-32 as PNG chunks use it (ISO 3309).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    @Test func aHeaderOverTheLimitsIsRefusedBeforeDecoding() throws {
        let png = try Self.smallPNG()
        #expect(try RGBAImage(pngData: Self.claiming(3, 3, in: png)) == RGBAImage(pngData: png))
        let cases: [(UInt32, UInt32, PNGReadingLimits)] = [
            (65535, 65535, .standard), (32768, 1, .standard), (1, 40_000, .standard), (9000, 9000, .standard),
            (20_000, 20_000, .standard), (3, 3, PNGReadingLimits(maxPixels: 8)), (3, 3, PNGReadingLimits(maxSide: 2)),
        ]
        for (width, height, limits) in cases {
            #expect(throws: CanvasError.pngTooLarge(source: "data", width: Int(width), height: Int(height), limits: limits)) {
                try RGBAImage(pngData: Self.claiming(width, height, in: png), limits: limits)
            }
        }
        // At the limits exactly, the image is read.
        #expect(try RGBAImage(pngData: png, limits: PNGReadingLimits(maxSide: 3, maxPixels: 9)).width == 3)
        let message = CanvasError.pngTooLarge(source: "bomb.png", width: 65535, height: 65535, limits: .standard).description
        #expect(message == "the PNG image bomb.png claims to be 65535 × 65535 px, over the limit of 32767 px a side; it was not decoded")
    }

    /// A PNG file of `rows` (each with its filter byte) in one stored DEFLATE block, with the
    /// chunks given between IHDR and IDAT: a PNG as any writer may make it, built by hand.
    /// `interlaced` writes Adam7 in the header (the rows are then the passes' rows, in order).
    static func png(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, rows: [UInt8],
                    chunks: [(String, [UInt8])] = [], interlaced: Bool = false) -> Data {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0])
        for (type, data) in chunks { file += chunk(type, data) }
        file += chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
        return Data(file)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }

    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body[...]))
    }

    /// `bytes` (at most 65,535) as a zlib stream of one stored DEFLATE block.
    static func zlibStored(_ rows: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in rows { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(rows.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + rows + bigEndian(b << 16 | a)
    }

    /// A 16-bit image reads as the 8-bit one it was scaled from (v × 257 reads as v), as browsers
    /// and image tools read it: libpng's simplified API took an untagged 16-bit image for linear
    /// light, so 128 read as 186 and `tagcloud diff` found every pixel of a golden re-saved at 16
    /// bits different. RGB, RGBA and grey with alpha; a file that says sRGB reads the same.
    @Test func sixteenBitImagesReadAsTheirEightBitValues() throws {
        let colors: [[UInt8]] = [[128, 64, 200, 255], [0, 255, 17, 128], [250, 3, 99, 0]]
        func wide(_ values: [UInt8]) -> [UInt8] { values.flatMap { [$0, $0] } }   // v × 257, big-endian
        let rgba = Self.png(width: 3, height: 1, bitDepth: 16, colorType: 6, rows: [0] + colors.flatMap { wide($0) })
        let decoded = try RGBAImage(pngData: rgba)
        // Straight alpha at 8 bits: colours under a partial alpha may round by one step.
        for (index, color) in colors.enumerated() where color[3] == 255 {
            #expect(Array(decoded.pixels[(4 * index)..<(4 * index + 4)]) == color, "pixel \(index)")
        }
        #expect(decoded.pixels[7] == 128 && decoded.pixels[11] == 0)
        let opaque = [[128, 64, 200], [0, 255, 17], [250, 3, 99]] as [[UInt8]]
        let rgb = Self.png(width: 3, height: 1, bitDepth: 16, colorType: 2, rows: [0] + opaque.flatMap { wide($0) })
        let eight = Self.png(width: 3, height: 1, bitDepth: 8, colorType: 2, rows: [0] + opaque.flatMap { $0 })
        #expect(try RGBAImage(pngData: rgb) == RGBAImage(pngData: eight))
        #expect(try RGBAImage(pngData: rgb).pixels[0...3] == [128, 64, 200, 255])
        let sRGB = Self.png(width: 3, height: 1, bitDepth: 16, colorType: 2, rows: [0] + opaque.flatMap { wide($0) },
                            chunks: [("sRGB", [0])])
        #expect(try RGBAImage(pngData: sRGB) == RGBAImage(pngData: eight))
        let grey = Self.png(width: 2, height: 1, bitDepth: 16, colorType: 4, rows: [0] + wide([90, 255, 200, 255]))
        #expect(try RGBAImage(pngData: grey).pixels == [90, 90, 90, 255, 200, 200, 200, 255])
    }

    @Test func filesAreReadAsStreamsWithTheSameLimits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Self.smallPNG()
        let bomb = folder.appendingPathComponent("bomb.png")
        try Self.claiming(65535, 65535, in: png).write(to: bomb)
        #expect(throws: CanvasError.pngTooLarge(source: bomb.path, width: 65535, height: 65535, limits: .standard)) {
            try RGBAImage(contentsOf: bomb)
        }
        #expect(throws: CanvasError.fileReadFailed(path: folder.path, reason: "it is a folder")) {
            try RGBAImage(contentsOf: folder)
        }
        let missing = folder.appendingPathComponent("missing.png")
        #expect(throws: CanvasError.fileReadFailed(path: missing.path, reason: "there is no such file")) {
            try RGBAImage(contentsOf: missing)
        }
        // A truncated file fails cleanly, at the first row it lacks.
        let truncated = folder.appendingPathComponent("truncated.png")
        try png.prefix(png.count - 20).write(to: truncated)
        #expect(throws: CanvasError.self) { try RGBAImage(contentsOf: truncated) }

        // A FIFO: nothing to know its size by, read as the bytes arrive.
        let fifo = folder.appendingPathComponent("image.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The reader may close the FIFO once it has the image's end: the writer then gets EPIPE
        // (SIGPIPE is ignored, as the command ignores it, so that it does not end the test
        // process) and stops; FileHandle.write would trap on that error.
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            let descriptor = open(fifo.path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            for start in stride(from: 0, to: png.count, by: 7) {
                let piece = [UInt8](png.subdata(in: start..<min(start + 7, png.count)))
                guard piece.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == piece.count else { return }
            }
        }
        writer.start()
        #expect(try RGBAImage(contentsOf: fifo) == RGBAImage(pngData: png))
    }

    /// A palette index past the palette, and `PLTE` and `tRNS` chunks out of place or of the wrong
    /// size, damage a file (PNG, sections 5.6, 11.2.3 and 11.3.2.1): each is refused with what it
    /// is, where libpng's simplified API read them leniently (an index past the palette read as
    /// black, a misplaced `tRNS` was dropped and a clear picture read as opaque), so that a
    /// damaged file passed `tagcloud diff` as equal to an opaque black golden. The same chunks in
    /// their places read.
    @Test func palettesAndTransparencyOutOfPlaceAreRefused() throws {
        let white: [UInt8] = [255, 255, 255], grey: (String, [UInt8]) = ("PLTE", [9, 9, 9])
        // Four pixels a row, two rows, eight bits: the second row filtered Up.
        func palette(_ indices: [UInt8], chunks: [(String, [UInt8])], bitDepth: UInt8 = 8) -> Data {
            Self.png(width: 2, height: 2, bitDepth: bitDepth, colorType: 3, rows: [0] + indices[0..<2] + [2] + indices[2..<4], chunks: chunks)
        }
        let cases: [(String, Data, String)] = [
            ("index past the palette", palette([0, 0, 0, 5], chunks: [("PLTE", white)]),
             "uses palette index 5, but its palette has 1 entry"),
            ("index past it after Up", palette([0, 1, 0, 1], chunks: [("PLTE", white + white)]),
             "the pixel at (1, 1) uses palette index 2, but its palette has 2 entries"),
            ("no PLTE", palette([0, 0, 0, 0], chunks: []), "palette image without a PLTE chunk"),
            ("PLTE after tRNS", palette([0, 0, 0, 0], chunks: [("tRNS", [0]), ("PLTE", white)]), "tRNS chunk (at byte 33) comes before the PLTE"),
            ("two PLTE", palette([0, 0, 0, 0], chunks: [("PLTE", white), ("PLTE", white)]), "a second PLTE chunk"),
            ("PLTE of 4 bytes", palette([0, 0, 0, 0], chunks: [("PLTE", [1, 2, 3, 4])]), "holds 4 bytes, not 1 to 256 entries"),
            ("3 entries at 1 bit", Self.png(width: 1, height: 1, bitDepth: 1, colorType: 3, rows: [0, 0], chunks: [("PLTE", white + white + white)]),
             "has 3 entries, more than the 2 a 1-bit palette image can use"),
            ("tRNS longer than PLTE", palette([0, 0, 0, 0], chunks: [("PLTE", white), ("tRNS", [0, 0])]), "more than the palette's 1"),
            ("PLTE in grey", Self.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [0, 7], chunks: [grey]), "is in a greyscale image"),
            ("tRNS in RGBA", Self.png(width: 1, height: 1, bitDepth: 8, colorType: 6, rows: [0, 1, 2, 3, 255], chunks: [("tRNS", [0, 0, 0, 0, 0, 0])]),
             "is in an image with an alpha channel"),
            ("tRNS of 1 byte in grey", Self.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [0, 7], chunks: [("tRNS", [0])]),
             "holds 1 bytes, where a greyscale image's holds 2"),
            ("two tRNS", Self.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [0, 1, 2, 3],
                                  chunks: [("tRNS", [0, 0, 0, 0, 0, 0]), ("tRNS", [0, 0, 0, 0, 0, 0])]), "a second tRNS chunk"),
        ]
        for (name, png, message) in cases {
            let error = #expect(throws: CanvasError.self, "\(name)") { try RGBAImage(pngData: png) }
            #expect(error.map { "\($0)".contains(message) } == true, "\(name): \(String(describing: error))")
        }
        // tRNS after the image data: built by hand, since the helper puts chunks before it.
        var late = [UInt8](Self.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [0, 0, 0, 0]))
        late.removeLast(12)
        late += Self.chunk("tRNS", [0, 0, 0, 0, 0, 0]) + Self.chunk("IEND", [])
        #expect(throws: CanvasError.self) { try RGBAImage(pngData: Data(late)) }
        // A preset dictionary (FDICT in the zlib header, 0x78 0x20, then its four-byte id): named,
        // not "zlib: error 2".
        var dictionary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        dictionary += Self.chunk("IHDR", Self.bigEndian(1) + Self.bigEndian(1) + [8, 0, 0, 0, 0])
        dictionary += Self.chunk("IDAT", [0x78, 0x20, 0, 0, 0, 1] + Array(Self.zlibStored([0, 7]).dropFirst(2))) + Self.chunk("IEND", [])
        let needsDictionary = #expect(throws: CanvasError.self) { try RGBAImage(pngData: Data(dictionary)) }
        #expect(needsDictionary.map { "\($0)".contains("asks for a preset dictionary") } == true, "\(String(describing: needsDictionary))")
        // In their places, with indices inside the palette, the same chunks read.
        // (The second row is filtered Up: 1, 0 under 0, 1 are the indices 1, 1.)
        let good = palette([0, 1, 1, 0], chunks: [("PLTE", white + [0, 0, 0]), ("tRNS", [255, 0])])
        #expect(try RGBAImage(pngData: good).pixels == [255, 255, 255, 255] + [UInt8](repeating: 0, count: 12))
    }
}
