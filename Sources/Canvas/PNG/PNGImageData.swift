import CPNG

/// Inflates a PNG file's image data (its `IDAT` chunks' contents, as they arrive) into a small
/// buffer and checks it, keeping nothing: that the zlib stream is whole and valid (checksum
/// included), that it inflates to exactly the bytes the header's image needs, every row's filter
/// type among the five PNG has, and that no compressed data follows its end.
///
/// libpng reads on, with a warning, past image data that inflates to more or less than the image,
/// or with data left over; its simplified API keeps only the first warning, so a harmless one before
/// (a `gAMA` chunk of the wrong length) hid the damage and `tagcloud diff` found such a file equal
/// to its golden. This check does not depend on libpng's messages.
final class PNGImageData {
    /// The bytes the image data must inflate to: each row of each pass, with its filter byte.
    let expected: Int
    /// Row lengths (filter byte included), row counts and pixel counts of each pass that has pixels.
    private let passes: [(rowBytes: Int, rows: Int, columns: Int)]
    /// For a palette image, how many entries its palette has: a pixel whose index is not among
    /// them is refused (PNG, section 11.2.3; libpng only warns, and its simplified API read such a
    /// file as black where the index pointed).
    var paletteEntries: Int?
    private let bitDepth: Int
    /// The palette image's row being unfiltered (filter byte first), the one before it, and where
    /// in the image it is.
    private var indexRow: [UInt8] = [], indexPrevious: [UInt8] = []
    private var indexPass = 0, indexRowNumber = 0
    private var stream = z_stream()
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var started = false
    private(set) var ended = false
    /// Bytes inflated so far.
    private(set) var produced = 0
    /// Where the next row starts, as a count of bytes inflated, and which pass and row it is.
    private var nextRowStart = 0
    private var pass = 0
    private var row = 0

    /// - Parameter header: The file's header (its values already checked).
    init(header: PNGChunkChecker.Header) {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.colorType] ?? 1
        let bitsPerPixel = channels * header.bitDepth
        func rowBytes(_ width: Int) -> Int { 1 + (width * bitsPerPixel + 7) / 8 }
        var passes: [(rowBytes: Int, rows: Int, columns: Int)] = []
        if header.interlaced {
            // Adam7: each pass's first column and row, and its steps.
            for (x0, y0, dx, dy) in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] {
                let columns = header.width > x0 ? (header.width - x0 + dx - 1) / dx : 0
                let rows = header.height > y0 ? (header.height - y0 + dy - 1) / dy : 0
                if columns > 0, rows > 0 { passes.append((rowBytes(columns), rows, columns)) }
            }
        } else {
            passes = [(rowBytes(header.width), header.height, header.width)]
        }
        self.passes = passes
        bitDepth = header.bitDepth
        expected = passes.reduce(0) { $0 + $1.rowBytes * $1.rows }
    }

    deinit { if started { inflateEnd(&stream) } }

    /// Takes the next bytes of image data.
    ///
    /// - Returns: A reason the data is damaged, or `nil`.
    func consume(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        if ended { return "it has compressed data after the end of its image data (\"Extra compressed data\")" }
        if !started {
            guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                return "its image data could not be inflated (zlib could not start)"
            }
            started = true
        }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(bytes.count)
        while stream.avail_in > 0, !ended {
            let status: Int32 = scratch.withUnsafeMutableBytes { raw in
                stream.next_out = raw.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(raw.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            let count = scratch.count - Int(stream.avail_out)
            if let problem = check(count) { return problem }
            if let entries = paletteEntries, let problem = checkIndices(count, entries: entries) { return problem }
            switch status {
            case Z_STREAM_END:
                ended = true
            case Z_OK:
                break
            case Z_BUF_ERROR where count > 0:
                break
            case Z_NEED_DICT:
                return "its image data's zlib stream asks for a preset dictionary, which PNG does not allow"
            default:
                let detail = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                return "its image data cannot be inflated (zlib: \(detail))"
            }
        }
        if ended, stream.avail_in > 0 { return "it has compressed data after the end of its image data (\"Extra compressed data\")" }
        return nil
    }

    /// Checks `count` bytes just inflated into the scratch buffer: the total, and the filter type
    /// at each row start among them.
    private func check(_ count: Int) -> String? {
        let end = produced + count
        if end > expected {
            return "its image data inflates to more than the \(expected) bytes the image needs (\"Too much image data\")"
        }
        while nextRowStart < end, pass < passes.count {
            let filter = scratch[nextRowStart - produced]
            if filter > 4 { return "row \(row + 1) of its image data has filter type \(filter), which PNG does not have" }
            nextRowStart += passes[pass].rowBytes
            row += 1
            if row == passes[pass].rows { pass += 1; row = 0 }
        }
        produced = end
        return nil
    }

    /// Unfilters the palette image's rows among `count` bytes just inflated (one byte a pixel at
    /// most, so a filter's left neighbour is the byte before) and checks each pixel's index.
    private func checkIndices(_ count: Int, entries: Int) -> String? {
        var index = 0
        while index < count, indexPass < passes.count {
            let (rowBytes, rows, columns) = passes[indexPass]
            let take = min(rowBytes - indexRow.count, count - index)
            indexRow += scratch[index..<(index + take)]
            index += take
            guard indexRow.count == rowBytes else { break }
            // Bytes 1... are the row; the filter byte (checked already) is byte 0.
            let filter = indexRow[0]
            if indexPrevious.count != rowBytes { indexPrevious = [UInt8](repeating: 0, count: rowBytes) }
            for i in 1..<rowBytes {
                let a = i > 1 ? Int(indexRow[i - 1]) : 0, b = Int(indexPrevious[i]), c = i > 1 ? Int(indexPrevious[i - 1]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predicted = 0
                }
                indexRow[i] = UInt8(truncatingIfNeeded: Int(indexRow[i]) + predicted)
            }
            let perByte = 8 / bitDepth, mask = (1 << bitDepth) - 1
            for column in 0..<columns {
                let byte = Int(indexRow[1 + column / perByte])
                let value = byte >> (8 - bitDepth * (column % perByte + 1)) & mask
                if value >= entries {
                    let place = passes.count > 1 ? "a pixel of pass \(indexPass + 1)" : "the pixel at (\(column), \(indexRowNumber))"
                    return "\(place) uses palette index \(value), but its palette has \(entries) \(entries == 1 ? "entry" : "entries")"
                }
            }
            indexPrevious = indexRow
            indexRow.removeAll(keepingCapacity: true)
            indexRowNumber += 1
            if indexRowNumber == rows { indexPass += 1; indexRowNumber = 0; indexPrevious = [] }
        }
        return nil
    }

    /// Says the image data has ended (the `IEND` chunk, or the file's end).
    ///
    /// - Returns: A reason the data is damaged, or `nil`.
    func finish() -> String? {
        if produced < expected {
            return "its image data inflates to \(produced) bytes, fewer than the \(expected) the image needs (\"Not enough image data\")"
        }
        // (More than the image needs was refused as it was inflated.)
        return ended ? nil : "its image data's compressed stream is cut short (it has no end)"
    }
}
