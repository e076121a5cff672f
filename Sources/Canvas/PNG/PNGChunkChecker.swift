import CDeflate

/// Reads a PNG file's chunks strictly as its bytes arrive, before libpng decodes the pixels.
///
/// libpng's simplified API is lenient where a golden-image check must not be: it never reads the
/// `IEND` chunk (a file cut short after its image data read as whole), drops an ancillary chunk
/// whose CRC is wrong (a damaged `gAMA` was ignored, and the picture read in another gamma), and
/// ignores whatever follows the image data (`IDAT` after `IEND`, trailing bytes). This checker
/// refuses all of them, says in words what an empty file or one that is not a PNG is (libpng said
/// "Read Error"), checks the header's size against the limits before anything is buffered, and
/// tells an animated PNG (APNG) apart.
///
/// It checks the container (chunk lengths, types and CRCs, their order, one header with values
/// PNG has, no critical chunk PNG does not define, an empty `IEND`) and the image data, as it
/// arrives (``PNGImageData``: a whole zlib stream that inflates to exactly the image, with a filter
/// type PNG has on every row, and nothing after it), whatever libpng would then warn or not: its
/// simplified API keeps only its first warning, and an image ``PNGDeinterlacer`` rewrites gets a
/// header of its own, so neither may be relied on for this.
struct PNGChunkChecker {
    /// What the `IHDR` chunk says.
    struct Header: Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool
    }

    /// A chunk libpng reads for colour (kept, whole, for an image ``PNGDeinterlacer`` rewrites).
    static let colourChunkTypes: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD"]

    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let source: String
    let limits: PNGReadingLimits

    /// The header, once the `IHDR` chunk has been read.
    private(set) var header: Header?
    /// Whether an `acTL`, `fcTL` or `fdAT` chunk was met: the file is an animated PNG.
    private(set) var isAnimated = false
    /// The image data (the `IDAT` chunks' contents, joined), kept only for an image that
    /// ``needsOwnDeinterlacing``.
    private(set) var imageData: [UInt8] = []
    /// The colour chunks before the image data, whole (length, type, data, CRC), kept only for an
    /// image that ``needsOwnDeinterlacing``.
    private(set) var colourChunks: [UInt8] = []

    /// Whether libpng's simplified API would decode the image wrongly: an interlaced (Adam7)
    /// image of 16 bits a channel, which libpng 1.6's 16-to-8-bit path mixes up between passes
    /// (pnggroup/libpng#853), so that two different images read as the same.
    var needsOwnDeinterlacing: Bool { header.map { $0.bitDepth == 16 && $0.interlaced } ?? false }

    private var offset = 0                 // bytes consumed so far
    private var pending: [UInt8] = []      // the part of a signature, chunk head or CRC read so far
    private var state = State.signature
    private var sawImageData = false
    private var sawEnd = false
    /// The palette's entries, once a `PLTE` chunk was met (for a palette image, the indices the
    /// pixels may use), and whether a `tRNS` chunk was met.
    private var paletteEntries: Int?
    private var sawTransparency = false
    private var chunkCount = 0
    private var previousType = ""
    private var kept: [UInt8] = []          // the chunk being read, when it is kept (IHDR's data; a colour chunk whole)
    private var imageDataCheck: PNGImageData?  // made once the header is read

    private enum State {
        case signature
        case head
        case data(type: String, start: Int, remaining: Int, crc: UInt32, keep: Bool)
        case crc(type: String, start: Int, crc: UInt32)
    }

    init(source: String, limits: PNGReadingLimits) {
        self.source = source
        self.limits = limits
    }

    private func failure(_ reason: String) -> CanvasError { .pngDecodingFailed(source: source, reason: reason) }

    /// Takes the next bytes of the file.
    ///
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` saying what is wrong, or
    ///   ``CanvasError/pngTooLarge(source:width:height:limits:)`` once the header is read.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(CanvasError) {
        var index = 0
        while index < bytes.count {
            switch state {
            case .signature:
                let take = min(8 - pending.count, bytes.count - index)
                pending += bytes[index..<(index + take)]
                index += take
                guard pending.elementsEqual(Self.signature.prefix(pending.count)) else {
                    throw failure("it is not a PNG file (it does not start with the PNG signature)")
                }
                if pending.count == 8 { pending = []; state = .head }
            case .head:
                if sawEnd { throw failure("it has data after its IEND chunk (at byte \(offset + index)); the file is damaged") }
                let take = min(8 - pending.count, bytes.count - index)
                pending += bytes[index..<(index + take)]
                index += take
                guard pending.count == 8 else { continue }
                try beginChunk(at: offset + index - 8)
            case let .data(type, start, remaining, crc, keep):
                let take = min(remaining, bytes.count - index)
                let piece = UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)])
                let crc = UInt32(libdeflate_crc32(crc, piece.baseAddress, take))
                if keep { if type == "IDAT" { imageData += piece } else { kept += piece } }
                if type == "IDAT", let problem = imageDataCheck?.consume(piece) {
                    throw failure("\(problem); the file is damaged")
                }
                index += take
                state = remaining == take ? .crc(type: type, start: start, crc: crc)
                    : .data(type: type, start: start, remaining: remaining - take, crc: crc, keep: keep)
            case let .crc(type, start, crc):
                let take = min(4 - pending.count, bytes.count - index)
                pending += bytes[index..<(index + take)]
                index += take
                guard pending.count == 4 else { continue }
                let stored = pending.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard stored == crc else {
                    throw failure("the CRC of its \(type) chunk (at byte \(start)) is wrong; the file is damaged")
                }
                if Self.colourChunkTypes.contains(type), needsOwnDeinterlacing, !sawImageData { colourChunks += kept + pending }
                if type == "IHDR" { try readHeader(kept) }
                kept = []
                pending = []
                state = .head
            }
        }
        offset += bytes.count
    }

    /// Checks a chunk's length and type (in `pending`) and where it stands.
    private mutating func beginChunk(at start: Int) throws(CanvasError) {
        let length = pending[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let typeBytes = Array(pending[4..<8])
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw failure("it has a chunk with a type that is not four letters (at byte \(start)); the file is damaged")
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= Int(Int32.max) else {
            throw failure("its \(type) chunk (at byte \(start)) claims \(length) bytes, more than PNG allows; the file is damaged")
        }
        chunkCount += 1
        if chunkCount == 1, type != "IHDR" || length != 13 {
            throw failure("its first chunk is \(type), not a 13-byte IHDR; the file is damaged")
        }
        // A chunk whose type starts with a capital is critical: a reader that does not know it
        // must not read the file (PNG, section 5.4).
        if typeBytes[0] <= 90, !["IHDR", "PLTE", "IDAT", "IEND"].contains(type) {
            throw failure("it has a critical chunk PNG does not define, \(type) (at byte \(start)); the file is damaged or not a PNG this reads")
        }
        switch type {
        case "IHDR" where chunkCount > 1:
            throw failure("it has a second IHDR chunk (at byte \(start)); the file is damaged")
        case "IEND" where length != 0:
            throw failure("its IEND chunk (at byte \(start)) holds \(length) bytes, where it holds none; the file is damaged")
        case "IDAT":
            if sawImageData, previousType != "IDAT" {
                throw failure("it has IDAT chunks apart from one another (at byte \(start)); the file is damaged")
            }
            if !sawImageData, header?.colorType == 3 {
                guard let paletteEntries else { throw failure("it is a palette image without a PLTE chunk before its image data; the file is damaged") }
                imageDataCheck?.paletteEntries = paletteEntries
            }
            sawImageData = true
        case "PLTE":
            try checkPalette(length: length, at: start)
        case "tRNS":
            try checkTransparency(length: length, at: start)
        case "IEND":
            sawEnd = true
            if let problem = imageDataCheck?.finish() { throw failure("\(problem); the file is damaged") }
        case "acTL", "fcTL", "fdAT":
            isAnimated = true
        default:
            break
        }
        previousType = type
        let crc = UInt32(libdeflate_crc32(0, typeBytes, 4))
        let keep = type == "IHDR" || (needsOwnDeinterlacing && (type == "IDAT" || Self.colourChunkTypes.contains(type)))
        // A kept colour chunk is kept whole, its length and type first; IHDR's data alone, and
        // IDAT's contents go to ``imageData``.
        kept = keep && type != "IHDR" && type != "IDAT" ? Array(pending) : []
        pending = []
        state = length == 0 ? .crc(type: type, start: start, crc: crc)
            : .data(type: type, start: start, remaining: length, crc: crc, keep: keep)
    }

    /// Checks a `PLTE` chunk's place and size (PNG, sections 5.6 and 11.2.3): one, before the image
    /// data and any `tRNS`, none in a greyscale image, whole entries of three bytes, 1 to 256 of
    /// them, and in a palette image no more than its bit depth can index. (libpng said only
    /// "PLTE: invalid", or took some of them.)
    private mutating func checkPalette(length: Int, at start: Int) throws(CanvasError) {
        guard let header else { return }
        let place = "its PLTE chunk (at byte \(start))"
        if paletteEntries != nil { throw failure("it has a second PLTE chunk (at byte \(start)); the file is damaged") }
        if sawImageData { throw failure("\(place) comes after the image data, where it comes before; the file is damaged") }
        if sawTransparency { throw failure("\(place) comes after its tRNS chunk, where it comes before; the file is damaged") }
        if header.colorType == 0 || header.colorType == 4 {
            throw failure("\(place) is in a greyscale image, which has no palette; the file is damaged")
        }
        guard length > 0, length % 3 == 0, length / 3 <= 256 else {
            throw failure("\(place) holds \(length) bytes, not 1 to 256 entries of three bytes; the file is damaged")
        }
        if header.colorType == 3, length / 3 > 1 << header.bitDepth {
            throw failure("\(place) has \(length / 3) entries, more than the \(1 << header.bitDepth) a \(header.bitDepth)-bit palette "
                          + "image can use; the file is damaged")
        }
        paletteEntries = length / 3
    }

    /// Checks a `tRNS` chunk's place and size (PNG, section 11.3.2.1): one, before the image data,
    /// none in an image with an alpha channel, two bytes in a greyscale image, six in a colour one,
    /// and in a palette image after the `PLTE` chunk with no more entries than it. (libpng's
    /// simplified API ignored a misplaced or mis-sized one, so that a picture meant to be clear
    /// read as opaque.)
    private mutating func checkTransparency(length: Int, at start: Int) throws(CanvasError) {
        guard let header else { return }
        let place = "its tRNS chunk (at byte \(start))"
        if sawTransparency { throw failure("it has a second tRNS chunk (at byte \(start)); the file is damaged") }
        if sawImageData { throw failure("\(place) comes after the image data, where it comes before; the file is damaged") }
        switch header.colorType {
        case 4, 6:
            throw failure("\(place) is in an image with an alpha channel, which has none; the file is damaged")
        case 0 where length != 2, 2 where length != 6:
            throw failure("\(place) holds \(length) bytes, where a \(header.colorType == 0 ? "greyscale" : "colour") image's holds "
                          + "\(header.colorType == 0 ? 2 : 6); the file is damaged")
        case 3:
            guard let paletteEntries else { throw failure("\(place) comes before the PLTE chunk, where it comes after; the file is damaged") }
            if length > paletteEntries {
                throw failure("\(place) has \(length) entries, more than the palette's \(paletteEntries); the file is damaged")
            }
        default:
            break
        }
        sawTransparency = true
    }

    /// Reads the header and checks its size against the limits.
    private mutating func readHeader(_ data: [UInt8]) throws(CanvasError) {
        func number(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = number(0), height = number(4)
        guard width > 0, height > 0 else { throw failure("the image is \(width) × \(height) px") }
        try limits.check(width: width, height: height, source: source)
        // The bit depths each colour type has (PNG, section 11.2.2), and the one compression and
        // filter method and two interlace methods there are.
        let depths: [Int: Set<UInt8>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[Int(data[9])] else {
            throw failure("its header says colour type \(data[9]), which PNG does not have; the file is damaged")
        }
        guard allowed.contains(data[8]) else {
            throw failure("its header says \(data[8]) bits for colour type \(data[9]), which PNG does not allow; the file is damaged")
        }
        guard data[10] == 0, data[11] == 0, data[12] <= 1 else {
            throw failure("its header says compression method \(data[10]), filter method \(data[11]) and interlace method \(data[12]), "
                          + "where PNG has 0, 0 and 0 or 1; the file is damaged")
        }
        let header = Header(width: width, height: height, bitDepth: Int(data[8]), colorType: Int(data[9]), interlaced: data[12] == 1)
        self.header = header
        imageDataCheck = PNGImageData(header: header)
    }

    /// Says the file has ended.
    ///
    /// - Throws: ``CanvasError/pngDecodingFailed(source:reason:)`` for an empty file, one cut
    ///   short, or one without an `IEND` chunk.
    func finish() throws(CanvasError) {
        if offset == 0 { throw failure("the file is empty") }
        switch state {
        case .signature:
            throw failure("it is not a PNG file (it is \(offset) bytes, shorter than the PNG signature)")
        case .head where pending.isEmpty:
            guard sawEnd else { throw failure("it ends without an IEND chunk: it is cut short or damaged") }
        case .head, .data, .crc:
            throw failure("it ends in the middle of a chunk: it is cut short")
        }
    }
}
