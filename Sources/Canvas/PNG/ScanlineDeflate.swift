import CDeflate

/// A DEFLATE compressor (RFC 1951) made for PNG scanlines: fast on pictures with flat areas,
/// repeated rows and repeated shapes, which is what drawn charts, chips and text are.
///
/// General-purpose compressors hash every input position and search chains of earlier positions.
/// Filtered scanlines of a drawn picture are mostly runs of one pixel, rows equal to the one above,
/// and shapes (glyphs, chip ends) that recur along a row. So at each position this encoder tries
/// exactly three earlier places and keeps the longest match (RFC 1951, section 4: any match finder
/// gives a valid stream):
///
/// 1. one pixel to the left (distance = bytes per pixel): flat runs;
/// 2. one row up (distance = the filtered row's length, when at most 32 KiB): repeated rows;
/// 3. the last position whose next six bytes hashed alike: repeated shapes anywhere in the window.
///
/// Matches start at a pixel's first byte or where an earlier match ended: when no match starts at a
/// pixel's first byte, the pixel's bytes are written as literals without searching at the others
/// (a third of the positions in a row of anti-aliased edges; on the picture below, files 0.5 %
/// larger and compression in about 0.83 of the time).
///
/// Matches are compared eight bytes at a time (a candidate is compared at all only if it agrees
/// with the byte that would make it longer than the best so far, as zlib does) and positions
/// inside a match are not hashed, so a flat row costs a handful of 258-byte matches. Matches and
/// literals are gathered into blocks of up to ``tokensPerBlock`` symbols, each written with its own
/// dynamic Huffman codes (section 3.2.7; a match's four fields in one write), limited to 15 bits
/// (7 for the code-length code) and always complete, or stored (section 3.2.4) when that is
/// smaller, so output never grows much beyond the input.
///
/// Measured on the 780 × 2700 px picture of numbered capsules (`make bench`, canvas group,
/// `canvas.png_scanline_deflate_speedup_vs_libdeflate_level1_cpu`): a whole PNG encode on one thread
/// (conversion, filtering, compression, checksums) takes about half the CPU time it takes with
/// libdeflate's level 1, for a file about 1 % larger (315.5 vs 312.4 KiB).
///
/// A part compressed for ``SplicedZlib`` ends either with an empty stored block that does not end
/// the stream (the marker zlib writes for `Z_SYNC_FLUSH`), so another part can follow on a byte
/// boundary, or, for the last part, with an empty final block.
enum ScanlineDeflate {
    /// The shortest match written; shorter repeats are cheaper as literals.
    static let minimumMatch = 4
    /// The longest match DEFLATE can express.
    static let maximumMatch = 258
    /// The farthest a match can reach back.
    static let window = 32_768
    /// Symbols per Huffman block: enough to pay for a block header, few enough for codes to follow
    /// the picture's content from one band to the next.
    static let tokensPerBlock = 1 << 14
    static let hashBits = 14

    /// Compresses one part of a zlib stream.
    ///
    /// - Parameters:
    ///   - data: The bytes (filtered PNG rows; any bytes are compressed correctly).
    ///   - rowLength: The distance to the same byte one row up (row bytes + the filter byte); any
    ///     value is valid, values above 32 KiB are ignored.
    ///   - pixelBytes: The distance to the same channel one pixel left; at least 1.
    ///   - isLast: Whether the part ends the stream (with a final block) or is continued.
    /// - Returns: Raw DEFLATE bytes, ending on a byte boundary.
    /// - Complexity: O(n) in the number of bytes: at most three match candidates per position.
    static func compress(_ data: UnsafeRawBufferPointer, rowLength: Int, pixelBytes: Int, isLast: Bool) -> [UInt8] {
        compressWithChecksum(data, rowLength: rowLength, pixelBytes: pixelBytes, isLast: isLast).bytes
    }

    /// Compresses one part of a zlib stream, as ``compress(_:rowLength:pixelBytes:isLast:)`` does,
    /// and gives the Adler-32 checksum of the data too (RFC 1950), computed block by block while
    /// each block's bytes are still in the core's cache rather than in a second pass over the part.
    static func compressWithChecksum(_ data: UnsafeRawBufferPointer, rowLength: Int, pixelBytes: Int,
                                     isLast: Bool) -> (bytes: [UInt8], adler: UInt32) {
        let count = data.count
        // Room for the worst case (stored blocks) and for the bit writer's eight-byte stores.
        let capacity = count + count / 32 + 256
        var adler: UInt32 = 1
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            guard let output = buffer.baseAddress else { return }
            var encoder = Encoder(output: output)
            defer { encoder.release() }
            if let base = data.baseAddress, count > 0 {
                encoder.compress(base, count: count, rowLength: rowLength, pixelBytes: max(1, pixelBytes))
            }
            encoder.finish(isLast: isLast)
            precondition(encoder.writer.position <= capacity, "ScanlineDeflate wrote past its bound")
            written = encoder.writer.position
            adler = encoder.adler
        }
        return (bytes, adler)
    }
}

// MARK: - Tables (RFC 1951, section 3.2.5)

extension ScanlineDeflate {
    /// The first length of each length symbol 257...285, and its extra bits.
    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                       35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                       3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The first distance of each distance symbol 0...29, and its extra bits.
    static let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                         257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                         8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                         7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which code-length code lengths are written (section 3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length symbol index (0...28) of each match length 0...258 (entries below 3 unused).
    static let lengthSymbolTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for length in 3...258 {
            var symbol = 0
            while symbol + 1 < lengthBase.count, Int(lengthBase[symbol + 1]) <= length { symbol += 1 }
            table[length] = UInt8(symbol)
        }
        return table
    }()

    /// The distance symbol of distances 1...256 (by distance − 1), then of larger distances by
    /// (distance − 1) >> 7, as zlib indexes it.
    static let distanceSymbolTable: [UInt8] = {
        func symbol(_ distance: Int) -> UInt8 {
            var symbol = 0
            while symbol + 1 < distanceBase.count, Int(distanceBase[symbol + 1]) <= distance { symbol += 1 }
            return UInt8(symbol)
        }
        return (1...256).map(symbol) + (0..<256).map { $0 < 2 ? 0 : symbol(($0 << 7) + 1) }
    }()

    @inline(__always)
    static func distanceSymbol(_ distance: Int, _ table: UnsafePointer<UInt8>) -> Int {
        distance <= 256 ? Int(table[distance - 1]) : Int(table[256 + ((distance - 1) >> 7)])
    }
}

// MARK: - Bits

/// Writes bits least significant first (RFC 1951, section 3.1.1) into a buffer large enough.
struct DeflateBitWriter {
    let output: UnsafeMutablePointer<UInt8>
    var position = 0
    private var bits: UInt64 = 0
    private var count = 0

    init(output: UnsafeMutablePointer<UInt8>) { self.output = output }

    /// Appends the low `width` bits of `value`, at most 56 bits at once.
    ///
    /// Fewer than eight bits are ever pending between calls, so the pending and new bits fit in
    /// 64; all eight bytes are stored and the position moves on by the whole bytes among them, so
    /// the buffer needs eight bytes of room past the last byte written (the compressor's buffer
    /// has 256). No branch depends on the data, which is what makes it fast.
    @inline(__always)
    mutating func putBits(_ value: UInt64, _ width: Int) {
        bits |= value &<< UInt64(truncatingIfNeeded: count)
        count &+= width
        UnsafeMutableRawPointer(output + position).storeBytes(of: bits.littleEndian, as: UInt64.self)
        let whole = count >> 3
        position &+= whole
        bits = whole == 8 ? 0 : bits &>> UInt64(truncatingIfNeeded: whole << 3)
        count &= 7
    }

    /// Appends the low `width` bits of `value`, at most 32.
    @inline(__always)
    mutating func put(_ value: UInt32, _ width: Int) { putBits(UInt64(value), width) }

    /// Pads with zero bits to the next byte boundary and writes out every pending byte.
    mutating func alignToByte() {
        if count > 0 {
            output[position] = UInt8(truncatingIfNeeded: bits)
            position += 1
        }
        bits = 0
        count = 0
    }

    /// Appends bytes; the writer must be on a byte boundary.
    mutating func append(_ bytes: UnsafeRawPointer, count byteCount: Int) {
        precondition(count == 0, "bytes written off a byte boundary")
        UnsafeMutableRawPointer(output + position).copyMemory(from: bytes, byteCount: byteCount)
        position += byteCount
    }
}

// MARK: - Huffman codes

/// Huffman code lengths and codes for one alphabet.
struct HuffmanCode {
    /// Each symbol's code length in bits; 0 for a symbol not used.
    var lengths: [UInt8]
    /// Each symbol's code, bit-reversed for writing least significant bit first.
    var codes: [UInt32]

    /// The optimal code lengths for the frequencies, limited to `limit` bits, always a complete
    /// code: when fewer than two symbols are used, unused symbols are given the smallest weight so
    /// that two are (a complete code is what every inflater accepts, section 3.2.7).
    ///
    /// Lengths over the limit are cut to it and the code is then lengthened at its least frequent
    /// symbols until it fits (Kraft's inequality), then shortened at its most frequent deepest ones
    /// until it is complete.
    ///
    /// A block's codes are made twice per 16,384 symbols, so the work is done in scratch memory on
    /// the stack, leaves are ordered by a radix sort of their weights, and nothing is allocated but
    /// the result.
    ///
    /// - Complexity: O(n) in the alphabet's size, plus O(n) per byte of the largest weight.
    init(frequencies: [UInt32], limit: Int) {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        frequencies.withUnsafeBufferPointer { frequencies in
            lengths.withUnsafeMutableBufferPointer { lengths in
                Self.optimalLengths(frequencies, limit: limit, into: lengths)
            }
        }
        self.init(lengths: lengths)
    }

    /// Writes the lengths ``init(frequencies:limit:)`` describes into `lengths` (zeroed, as long as
    /// `frequencies`).
    private static func optimalLengths(_ frequencies: UnsafeBufferPointer<UInt32>, limit: Int,
                                       into lengths: UnsafeMutableBufferPointer<UInt8>) {
        let n = frequencies.count
        guard n > 0 else { return }
        // Leaves as one integer key each, weight above symbol (weights fit in 32 bits, symbols in
        // 16), so that ties go by symbol and the code is the same on every machine.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * n) { scratch in
            guard let base = scratch.baseAddress else { return }
            var keys = base, spare = base + n
            var m = 0
            var largest: UInt32 = 0
            for symbol in 0..<n where frequencies[symbol] > 0 {
                keys[m] = UInt64(frequencies[symbol]) << 16 | UInt64(symbol)
                largest = max(largest, frequencies[symbol])
                m += 1
            }
            if m < 2 {
                for symbol in 0..<n where m < 2 && frequencies[symbol] == 0 {
                    keys[m] = 1 << 16 | UInt64(symbol)
                    largest = max(largest, 1)
                    m += 1
                }
                // At most two leaves, now in key order.
                if m == 2, keys[1] < keys[0] { (keys[0], keys[1]) = (keys[1], keys[0]) }
            } else {
                // The leaves are in symbol order: a stable sort by weight, a byte at a time, puts
                // them in key order.
                var shift: UInt64 = 16
                while shift < 48, largest >> (shift - 16) != 0 {
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
                        counts.initialize(repeating: 0)
                        for k in 0..<m { counts[Int(truncatingIfNeeded: keys[k] >> shift & 0xFF)] += 1 }
                        var total = 0
                        for digit in 0..<256 { let count = counts[digit]; counts[digit] = total; total += count }
                        for k in 0..<m {
                            let digit = Int(truncatingIfNeeded: keys[k] >> shift & 0xFF)
                            spare[counts[digit]] = keys[k]
                            counts[digit] += 1
                        }
                    }
                    swap(&keys, &spare)
                    shift += 8
                }
            }
            guard m > 1 else { return }
            precondition(m <= 1 << limit, "\(m) symbols cannot have codes of at most \(limit) bits")
            let leaves = keys
            // Two queues, leaves and inner nodes, both in order of weight: the two lightest nodes
            // are merged until one is left (ties taken from the leaves).
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (2 * m - 1)) { nodes in
                guard let parent = nodes.baseAddress else { return }
                let depth = parent + (2 * m - 1)
                // Inner nodes' weights go where the spare keys were: at most m − 1 of them.
                let innerWeight = spare
                var leaf = 0, inner = 0, next = 0
                @inline(__always) func smallest() -> Int {
                    if leaf < m, inner >= next || leaves[leaf] >> 16 <= innerWeight[inner] { leaf += 1; return leaf - 1 }
                    inner += 1
                    return m + inner - 1
                }
                @inline(__always) func weight(_ node: Int) -> UInt64 { node < m ? leaves[node] >> 16 : innerWeight[node - m] }
                while next < m - 1 {
                    let a = smallest(), b = smallest()
                    innerWeight[next] = weight(a) + weight(b)
                    parent[a] = m + next
                    parent[b] = m + next
                    next += 1
                }
                depth[2 * m - 2] = 0
                for node in stride(from: 2 * m - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
                for index in 0..<m { lengths[Int(leaves[index] & 0xFFFF)] = UInt8(min(depth[index], limit)) }
            }

            // Kraft sum in units of 2^-limit; a complete code sums to exactly 2^limit.
            let full = 1 << limit
            var kraft = 0
            for index in 0..<m { kraft += 1 << (limit - Int(lengths[Int(leaves[index] & 0xFFFF)])) }
            var cursor = 0
            while kraft > full {
                let symbol = Int(leaves[cursor] & 0xFFFF)
                cursor = cursor + 1 == m ? 0 : cursor + 1
                if Int(lengths[symbol]) < limit {
                    lengths[symbol] += 1
                    kraft -= 1 << (limit - Int(lengths[symbol]))
                }
            }
            while kraft < full {
                // The deepest symbols can always be shortened; prefer the most frequent of those that fit.
                var found = -1
                for index in stride(from: m - 1, through: 0, by: -1) {
                    let symbol = Int(leaves[index] & 0xFFFF), length = Int(lengths[symbol])
                    if length > 1, kraft + (1 << (limit - length)) <= full { found = symbol; break }
                }
                guard found >= 0 else { break }
                kraft += 1 << (limit - Int(lengths[found]))
                lengths[found] -= 1
            }
        }
    }

    /// The canonical code for the lengths (section 3.2.2).
    init(lengths: [UInt8]) {
        self.lengths = lengths
        var codes = [UInt32](repeating: 0, count: lengths.count)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 17) { nextCode in
            nextCode.initialize(repeating: 0)
            for length in lengths where length > 0 { nextCode[Int(length)] += 1 }
            // The count of each length becomes the first code of the next length.
            var code: UInt32 = 0, previousCount: UInt32 = 0
            for bits in 1...16 {
                let count = nextCode[bits]
                code = (code + previousCount) << 1
                nextCode[bits] = code
                previousCount = count
            }
            for (symbol, length) in lengths.enumerated() where length > 0 {
                codes[symbol] = nextCode[Int(length)].bitReversed(width: Int(length))
                nextCode[Int(length)] += 1
            }
        }
        self.codes = codes
    }
}

extension UInt32 {
    /// The low `width` bits in reverse order.
    func bitReversed(width: Int) -> UInt32 {
        self.bitSwapped >> (32 - UInt32(width))
    }

    private var bitSwapped: UInt32 {
        var value = self
        value = ((value >> 1) & 0x5555_5555) | ((value & 0x5555_5555) << 1)
        value = ((value >> 2) & 0x3333_3333) | ((value & 0x3333_3333) << 2)
        value = ((value >> 4) & 0x0F0F_0F0F) | ((value & 0x0F0F_0F0F) << 4)
        return value.byteSwapped
    }
}

// MARK: - Encoder

extension ScanlineDeflate {
    /// One part's compression state. Its buffers are raw memory, freed by ``release()``: the
    /// match loop touches them once per symbol, where array bookkeeping would cost as much as
    /// the matching.
    struct Encoder {
        var writer: DeflateBitWriter
        /// The Adler-32 checksum of the bytes of the blocks written so far.
        private(set) var adler: UInt32 = 1
        /// The block's symbols: a literal byte, or `1 << 31 | length << 16 | (distance − 1)`.
        private let tokens: UnsafeMutablePointer<UInt32>
        private var tokenCount = 0
        /// Symbol counts of the block: 286 literal/length symbols, then 30 distance symbols.
        private let frequencies: UnsafeMutablePointer<UInt32>
        /// The last position each hash of six bytes was seen at, or -1.
        private let table: UnsafeMutablePointer<Int32>

        init(output: UnsafeMutablePointer<UInt8>) {
            writer = DeflateBitWriter(output: output)
            tokens = .allocate(capacity: ScanlineDeflate.tokensPerBlock)
            frequencies = .allocate(capacity: 286 + 30)
            frequencies.initialize(repeating: 0, count: 286 + 30)
            table = .allocate(capacity: 1 << ScanlineDeflate.hashBits)
            table.initialize(repeating: -1, count: 1 << ScanlineDeflate.hashBits)
        }

        /// Frees the buffers.
        func release() {
            tokens.deallocate()
            frequencies.deallocate()
            table.deallocate()
        }

        /// Finds matches and writes every block of the data.
        mutating func compress(_ base: UnsafeRawPointer, count: Int, rowLength givenRowLength: Int, pixelBytes: Int) {
            // No position reaches a row end past the data: a longer row is the data's length.
            let rowLength = max(1, min(givenRowLength, count + 1))
            // Whether each byte of a row is a pixel's first (byte 0 is the row's filter byte).
            let pixelStarts = (0..<rowLength).map { $0 > 0 && ($0 - 1) % pixelBytes == 0 }
            let window = ScanlineDeflate.window, minimumMatch = ScanlineDeflate.minimumMatch
            let upDistance = givenRowLength <= window && givenRowLength > 0 && givenRowLength != pixelBytes ? givenRowLength : 0
            let hashShift = UInt64(64 - ScanlineDeflate.hashBits)
            let tokens = self.tokens, frequencies = self.frequencies, table = self.table
            let distanceFrequencies = frequencies + 286
            var blockStart = 0
            var position = 0
            ScanlineDeflate.lengthSymbolTable.withUnsafeBufferPointer { lengthSymbols in
            ScanlineDeflate.distanceSymbolTable.withUnsafeBufferPointer { distanceSymbols in
                guard let lengthSymbol = lengthSymbols.baseAddress, let distanceSymbol = distanceSymbols.baseAddress else { return }
                // The position's byte within its row (0: the filter byte), for finding pixels' first bytes.
                var rowOffset = 0
                while position < count {
                    let remaining = count - position
                    var bestLength = 0, bestDistance = 0
                    if remaining >= minimumMatch {
                        let limit = min(remaining, ScanlineDeflate.maximumMatch)
                        let here = base + position
                        // The hash's entry is read before the other candidates are compared, so that
                        // its load (the table is larger than the first-level cache) overlaps their
                        // work; it is used, and replaced, only if they find no long match. Reading it
                        // early changes no decision: 0.96 of the compression time, the same bytes.
                        let hashes = remaining >= 8
                        let word = hashes ? UInt64(littleEndian: here.loadUnaligned(as: UInt64.self)) & 0xFFFF_FFFF_FFFF : 0
                        let slot = Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) &>> hashShift)
                        let candidate = Int(table[slot])
                        if position >= pixelBytes {
                            bestLength = matchLength(here, here - pixelBytes, limit)
                            bestDistance = pixelBytes
                        }
                        if bestLength < limit, upDistance != 0, position >= upDistance,
                           here.load(fromByteOffset: bestLength, as: UInt8.self) == here.load(fromByteOffset: bestLength - upDistance, as: UInt8.self) {
                            let length = matchLength(here, here - upDistance, limit)
                            if length > bestLength { bestLength = length; bestDistance = upDistance }
                        }
                        // Runs and repeated rows rarely recur elsewhere: the hash is for the rest.
                        if bestLength < 32, hashes {
                            table[slot] = Int32(truncatingIfNeeded: position)
                            let distance = position - candidate
                            if candidate >= 0, distance <= window, distance != pixelBytes, distance != upDistance, bestLength < limit,
                               here.load(fromByteOffset: bestLength, as: UInt8.self) == here.load(fromByteOffset: bestLength - distance, as: UInt8.self) {
                                let length = matchLength(here, here - distance, limit)
                                if length > bestLength { bestLength = length; bestDistance = distance }
                            }
                        }
                    }
                    if bestLength >= minimumMatch {
                        tokens[tokenCount] = 1 << 31 | UInt32(bestLength) << 16 | UInt32(bestDistance - 1)
                        frequencies[257 + Int(lengthSymbol[bestLength])] += 1
                        distanceFrequencies[ScanlineDeflate.distanceSymbol(bestDistance, distanceSymbol)] += 1
                        position += bestLength
                        rowOffset += bestLength
                        while rowOffset >= rowLength { rowOffset -= rowLength }
                        tokenCount += 1
                    } else {
                        // No match at a pixel's first byte: the whole pixel goes out as literals,
                        // its other bytes not searched (a match in pixels starts at a pixel).
                        let literals = pixelStarts[rowOffset] ? min(pixelBytes, remaining, ScanlineDeflate.tokensPerBlock - tokenCount) : 1
                        for k in 0..<literals {
                            let byte = base.load(fromByteOffset: position &+ k, as: UInt8.self)
                            tokens[tokenCount &+ k] = UInt32(byte)
                            frequencies[Int(byte)] += 1
                        }
                        position += literals
                        rowOffset += literals
                        while rowOffset >= rowLength { rowOffset -= rowLength }
                        tokenCount += literals
                    }
                    if tokenCount == ScanlineDeflate.tokensPerBlock {
                        writeBlock(base + blockStart, count: position - blockStart, lengthSymbol: lengthSymbol, distanceSymbol: distanceSymbol)
                        blockStart = position
                    }
                }
                if tokenCount > 0 {
                    writeBlock(base + blockStart, count: position - blockStart, lengthSymbol: lengthSymbol, distanceSymbol: distanceSymbol)
                }
            }
            }
        }

        /// The number of equal bytes at `a` and `b`, up to `limit`.
        @inline(__always)
        private func matchLength(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ limit: Int) -> Int {
            var length = 0
            while length + 8 <= limit {
                let difference = a.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
                length += 8
            }
            while length < limit, a.load(fromByteOffset: length, as: UInt8.self) == b.load(fromByteOffset: length, as: UInt8.self) {
                length += 1
            }
            return length
        }

        /// Writes the gathered symbols as one block, with dynamic codes or stored, whichever is
        /// smaller, and starts a new block.
        private mutating func writeBlock(_ raw: UnsafeRawPointer, count: Int, lengthSymbol: UnsafePointer<UInt8>, distanceSymbol: UnsafePointer<UInt8>) {
            defer {
                tokenCount = 0
                frequencies.update(repeating: 0, count: 286 + 30)
            }
            // Every byte is in exactly one block, in order: the checksum runs on over each.
            adler = libdeflate_adler32(adler, raw, count)
            frequencies[256] = 1
            let literalFrequencies = Array(UnsafeBufferPointer(start: frequencies, count: 286))
            let distanceFrequencies = Array(UnsafeBufferPointer(start: frequencies + 286, count: 30))
            let literals = HuffmanCode(frequencies: literalFrequencies, limit: 15)
            let distances = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
            let header = DynamicHeader(literals: literals, distances: distances)

            var dynamicBits = header.bits
            for symbol in 0..<286 { dynamicBits += Int(literalFrequencies[symbol]) * Int(literals.lengths[symbol]) }
            for symbol in 0..<29 { dynamicBits += Int(literalFrequencies[257 + symbol]) * Int(ScanlineDeflate.lengthExtra[symbol]) }
            for symbol in 0..<30 {
                dynamicBits += Int(distanceFrequencies[symbol]) * (Int(distances.lengths[symbol]) + Int(ScanlineDeflate.distanceExtra[symbol]))
            }
            let storedBlocks = max(1, (count + 65_534) / 65_535)
            let storedBits = storedBlocks * (3 + 7 + 32) + count * 8
            guard dynamicBits < storedBits else { return writeStored(raw, count: count) }

            header.write(to: &writer)
            // A match's length symbol and extra bits, and its distance symbol and extra bits, are
            // written as one value (at most 15 + 5 + 15 + 13 bits).
            var lengthCodes = [UInt64](repeating: 0, count: ScanlineDeflate.maximumMatch + 1)
            var lengthBits = [UInt8](repeating: 0, count: ScanlineDeflate.maximumMatch + 1)
            for length in ScanlineDeflate.minimumMatch...ScanlineDeflate.maximumMatch {
                let index = Int(lengthSymbol[length]), symbol = 257 + index
                let extra = UInt64(length - Int(ScanlineDeflate.lengthBase[index]))
                lengthCodes[length] = UInt64(literals.codes[symbol]) | extra << UInt64(literals.lengths[symbol])
                lengthBits[length] = literals.lengths[symbol] + ScanlineDeflate.lengthExtra[index]
            }
            var writer = self.writer
            defer { self.writer = writer }
            let tokens = UnsafeBufferPointer(start: self.tokens, count: tokenCount)
            literals.lengths.withUnsafeBufferPointer { literalLengths in
            literals.codes.withUnsafeBufferPointer { literalCodes in
            distances.lengths.withUnsafeBufferPointer { distanceLengths in
            distances.codes.withUnsafeBufferPointer { distanceCodes in
            lengthCodes.withUnsafeBufferPointer { lengthCodes in
            lengthBits.withUnsafeBufferPointer { lengthBits in
            ScanlineDeflate.distanceBase.withUnsafeBufferPointer { distanceBase in
            ScanlineDeflate.distanceExtra.withUnsafeBufferPointer { distanceExtra in
                for token in tokens {
                    if token < 256 {
                        writer.putBits(UInt64(literalCodes[Int(token)]), Int(literalLengths[Int(token)]))
                        continue
                    }
                    let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0x7FFF) + 1
                    let distanceIndex = ScanlineDeflate.distanceSymbol(distance, distanceSymbol)
                    let distanceLength = UInt64(distanceLengths[distanceIndex])
                    let distanceValue = UInt64(distanceCodes[distanceIndex])
                        | UInt64(distance &- Int(distanceBase[distanceIndex])) &<< distanceLength
                    let lengthWidth = UInt64(lengthBits[length])
                    writer.putBits(lengthCodes[length] | distanceValue &<< lengthWidth,
                               Int(lengthWidth &+ distanceLength) &+ Int(distanceExtra[distanceIndex]))
                }
            }}}}}}}}
            writer.put(literals.codes[256], Int(literals.lengths[256]))
        }

        /// Writes bytes as stored blocks of at most 65,535 bytes (section 3.2.4), none final.
        private mutating func writeStored(_ raw: UnsafeRawPointer, count: Int) {
            var offset = 0
            repeat {
                let length = min(65_535, count - offset)
                writer.put(0, 3)
                writer.alignToByte()
                writer.put(UInt32(length) | UInt32(~UInt16(length)) << 16, 32)
                writer.append(raw + offset, count: length)
                offset += length
            } while offset < count
        }

        /// Ends the part: an empty final block, or an empty stored block that leaves the stream
        /// open on a byte boundary.
        mutating func finish(isLast: Bool) {
            if isLast {
                writer.put(1, 1)   // BFINAL
                writer.put(1, 2)   // fixed Huffman codes
                writer.put(0, 7)   // end of block: code 256 is seven zero bits
                writer.alignToByte()
            } else {
                writer.put(0, 3)
                writer.alignToByte()
                writer.put(0xFFFF_0000, 32)
            }
        }
    }

    /// The header of a block with dynamic Huffman codes (section 3.2.7): the code lengths of both
    /// alphabets, run-length coded and Huffman coded with the code-length code.
    struct DynamicHeader {
        let literalCount: Int
        let distanceCount: Int
        /// The code-length symbols (0...18) with their extra-bit values.
        var runs: [(symbol: UInt8, extra: UInt8)] = []
        let codeLengthCode: HuffmanCode
        let codeLengthCount: Int

        init(literals: HuffmanCode, distances: HuffmanCode) {
            var literalCount = 286
            while literalCount > 257, literals.lengths[literalCount - 1] == 0 { literalCount -= 1 }
            var distanceCount = 30
            while distanceCount > 1, distances.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }
            self.literalCount = literalCount
            self.distanceCount = distanceCount
            let sequence = Array(literals.lengths[0..<literalCount]) + Array(distances.lengths[0..<distanceCount])
            var runs: [(symbol: UInt8, extra: UInt8)] = []
            var index = 0
            while index < sequence.count {
                let value = sequence[index]
                var run = 1
                while index + run < sequence.count, sequence[index + run] == value { run += 1 }
                index += run
                if value == 0 {
                    while run >= 11 { let take = min(run, 138); runs.append((18, UInt8(take - 11))); run -= take }
                    if run >= 3 { runs.append((17, UInt8(run - 3))); run = 0 }
                } else {
                    runs.append((value, 0))
                    run -= 1
                    while run >= 3 { let take = min(run, 6); runs.append((16, UInt8(take - 3))); run -= take }
                }
                for _ in 0..<run { runs.append((value, 0)) }
            }
            var frequencies = [UInt32](repeating: 0, count: 19)
            for run in runs { frequencies[Int(run.symbol)] += 1 }
            codeLengthCode = HuffmanCode(frequencies: frequencies, limit: 7)
            var codeLengthCount = 19
            while codeLengthCount > 4, codeLengthCode.lengths[ScanlineDeflate.codeLengthOrder[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }
            self.codeLengthCount = codeLengthCount
            self.runs = runs
        }

        /// The extra bits of code-length symbols 16, 17 and 18.
        private static func extraBits(_ symbol: UInt8) -> Int { symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0 }

        /// The header's size in bits, block type included.
        var bits: Int {
            runs.reduce(3 + 14 + 3 * codeLengthCount) { $0 + Int(codeLengthCode.lengths[Int($1.symbol)]) + Self.extraBits($1.symbol) }
        }

        func write(to writer: inout DeflateBitWriter) {
            writer.put(0, 1)   // not final
            writer.put(2, 2)   // dynamic Huffman codes
            writer.put(UInt32(literalCount - 257), 5)
            writer.put(UInt32(distanceCount - 1), 5)
            writer.put(UInt32(codeLengthCount - 4), 4)
            for index in 0..<codeLengthCount {
                writer.put(UInt32(codeLengthCode.lengths[ScanlineDeflate.codeLengthOrder[index]]), 3)
            }
            for run in runs {
                writer.put(codeLengthCode.codes[Int(run.symbol)], Int(codeLengthCode.lengths[Int(run.symbol)]))
                let extra = Self.extraBits(run.symbol)
                if extra > 0 { writer.put(UInt32(run.extra), extra) }
            }
        }
    }
}
