/// Walks the blocks of a raw DEFLATE stream (RFC 1951, section 3.2) to find where its final block
/// starts and where that block's end-of-block code ends, without producing any output.
///
/// ``SplicedZlib`` needs both positions to join streams compressed separately: it clears the final
/// block's BFINAL bit and appends an empty stored block after the end-of-block code. A Huffman block
/// has no length field, so finding its end means decoding its symbols; the walker decodes only what
/// it must (code lengths and extra-bit counts), with 10-bit lookup tables and a bit-by-bit canonical
/// decoder for the rare longer codes.
///
/// - Complexity: O(n) in the compressed size.
struct DeflateBlockWalker {
    /// Where the final block is, and what kinds of blocks the stream holds.
    struct Summary: Equatable {
        /// The bit offset of the final block's 3-bit header (its first bit is BFINAL).
        var finalBlockStart: Int
        /// The bit offset just past the final block: after its end-of-block code, or after the
        /// data of a final stored block.
        var end: Int
        /// Stored (BTYPE 00), fixed Huffman (01) and dynamic Huffman (10) blocks seen.
        var storedBlocks = 0
        var fixedBlocks = 0
        var dynamicBlocks = 0
    }

    /// Why a stream could not be walked.
    enum Failure: Error, Equatable {
        /// The data ends inside a block.
        case truncated
        /// A block header, code-length table or symbol is invalid; the text says which.
        case invalid(String)
    }

    /// Walks a complete raw DEFLATE stream.
    ///
    /// - Parameter stream: The compressed bytes, starting with the first block's header.
    /// - Returns: The final block's position and the block counts.
    /// - Throws: ``Failure`` if the data is not a complete, valid DEFLATE stream.
    static func walk(_ stream: UnsafeRawBufferPointer) throws(Failure) -> Summary {
        guard let base = stream.baseAddress, stream.count > 0 else { throw .truncated }
        var walker = DeflateBlockWalker(reader: BitReader(base: base, count: stream.count))
        defer { walker.deallocate() }
        return try walker.run()
    }

    // MARK: State

    private var reader: BitReader
    private let literals = HuffmanTable(symbolCapacity: 288)
    private let distances = HuffmanTable(symbolCapacity: 32)
    private let codeLengthCodes = HuffmanTable(symbolCapacity: 19)
    /// Whether `literals` and `distances` hold the fixed codes (section 3.2.6).
    private var holdsFixedCodes = false

    private init(reader: BitReader) {
        self.reader = reader
    }

    private func deallocate() {
        literals.deallocate()
        distances.deallocate()
        codeLengthCodes.deallocate()
    }

    private mutating func run() throws(Failure) -> Summary {
        var summary = Summary(finalBlockStart: 0, end: 0)
        while true {
            let start = reader.position
            let header = reader.take(3)
            switch header >> 1 {
            case 0:
                try skipStoredBlock()
                summary.storedBlocks += 1
            case 1:
                if !holdsFixedCodes { try loadFixedCodes() }
                try skipHuffmanData()
                summary.fixedBlocks += 1
            case 2:
                try loadDynamicCodes()
                try skipHuffmanData()
                summary.dynamicBlocks += 1
            default:
                throw .invalid("block type 3 (reserved) at bit \(start)")
            }
            guard !reader.isOverrun else { throw .truncated }
            if header & 1 == 1 {
                summary.finalBlockStart = start
                summary.end = reader.position
                return summary
            }
        }
    }

    // MARK: Blocks

    /// Skips a stored block (section 3.2.4): to the byte boundary, LEN, NLEN, LEN bytes.
    private mutating func skipStoredBlock() throws(Failure) {
        reader.position = (reader.position + 7) & ~7
        let length = Int(reader.take(16)), complement = Int(reader.take(16))
        guard !reader.isOverrun else { throw .truncated }
        guard length ^ complement == 0xFFFF else { throw .invalid("stored block LEN \(length) and NLEN \(complement) disagree") }
        reader.position += 8 * length
    }

    /// The fixed codes of section 3.2.6.
    private mutating func loadFixedCodes() throws(Failure) {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        try literals.build(lengths[...], kind: .literalLength)
        try distances.build([UInt8](repeating: 5, count: 30)[...], kind: .distance)
        holdsFixedCodes = true
    }

    /// Reads a dynamic block's code tables (section 3.2.7).
    private mutating func loadDynamicCodes() throws(Failure) {
        holdsFixedCodes = false
        let literalCount = Int(reader.take(5)) + 257
        let distanceCount = Int(reader.take(5)) + 1
        let codeLengthCount = Int(reader.take(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .invalid("\(literalCount) literal/length and \(distanceCount) distance codes")
        }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[order[index]] = UInt8(reader.take(3)) }
        try codeLengthCodes.build(codeLengthLengths[...], kind: .codeLength)

        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            guard !reader.isOverrun else { throw .truncated }
            let symbol = try codeLengthCodes.decodeSymbol(&reader)
            switch symbol {
            case 0...15:
                lengths[index] = UInt8(symbol)
                index += 1
            default:
                let repeated: UInt8, count: Int
                switch symbol {
                case 16:
                    guard index > 0 else { throw .invalid("code length 16 repeats nothing") }
                    repeated = lengths[index - 1]
                    count = 3 + Int(reader.take(2))
                case 17:
                    repeated = 0
                    count = 3 + Int(reader.take(3))
                default:
                    repeated = 0
                    count = 11 + Int(reader.take(7))
                }
                guard index + count <= lengths.count else { throw .invalid("code lengths repeat past the end of the table") }
                for k in index..<(index + count) { lengths[k] = repeated }
                index += count
            }
        }
        guard lengths[256] != 0 else { throw .invalid("no code for end-of-block") }
        try literals.build(lengths[..<literalCount], kind: .literalLength)
        try distances.build(lengths[literalCount...], kind: .distance)
    }

    /// Skips a Huffman block's symbols up to and including its end-of-block code.
    private mutating func skipHuffmanData() throws(Failure) {
        let limit = reader.count * 8
        while true {
            guard reader.position <= limit else { throw .truncated }
            let entry = literals.entry(for: reader.peek())
            if entry.raw & 0xF00 == HuffmanTable.Kind.literal.rawValue << 8 {
                reader.position += entry.bits
                continue
            }
            switch entry.kind {
            case .length:
                reader.position += entry.bits
                try skipDistance()
            case .endOfBlock:
                reader.position += entry.bits
                return
            case .slow:
                switch try literals.skipSlowly(&reader) {
                case .endOfBlock: return
                case .length: try skipDistance()
                default: break
                }
            default:
                throw .invalid("literal/length code 286 or 287 at bit \(reader.position)")
            }
        }
    }

    /// Skips the distance code and extra bits that follow a length.
    @inline(__always)
    private mutating func skipDistance() throws(Failure) {
        let entry = distances.entry(for: reader.peek())
        switch entry.kind {
        case .distance: reader.position += entry.bits
        case .slow: try distances.skipSlowly(&reader)
        default: throw .invalid("distance code 30 or 31 at bit \(reader.position)")
        }
    }
}

// MARK: - Bits

/// Reads bits least significant first, as DEFLATE packs them (section 3.1.1). Reading past the
/// end yields zero bits and marks the reader as overrun.
private struct BitReader {
    let base: UnsafeRawPointer
    let count: Int
    /// The offset of the next bit.
    var position = 0

    var isOverrun: Bool { position > count * 8 }

    /// At least 57 bits from `position` on, in the low bits.
    @inline(__always)
    func peek() -> UInt64 {
        let byte = position >> 3
        let word: UInt64
        if byte + 8 <= count {
            word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
        } else {
            var assembled: UInt64 = 0
            var k = 0
            while k < 8, byte + k < count {
                assembled |= UInt64(base.load(fromByteOffset: byte + k, as: UInt8.self)) << UInt64(8 * k)
                k += 1
            }
            word = assembled
        }
        return word >> UInt64(position & 7)
    }

    /// Takes `n` bits (at most 32) as a number.
    @inline(__always)
    mutating func take(_ n: Int) -> UInt64 {
        let value = peek() & ((1 << UInt64(n)) - 1)
        position += n
        return value
    }
}

// MARK: - Huffman codes

/// One canonical Huffman code (section 3.2.2), as a 10-bit lookup table of what each code means
/// and costs, plus the code counts and symbols for decoding longer codes bit by bit.
private final class HuffmanTable {
    static let primaryBits = 10
    private static let primarySize = 1 << primaryBits

    /// What a symbol means to the walker.
    enum Kind: UInt32 {
        /// Not in the lookup table: a code longer than 10 bits, or no code at all.
        case slow = 0
        case literal, length, endOfBlock, distance
        /// A symbol that must not appear (literal/length 286–287, distance 30–31).
        case invalid
    }

    /// Which alphabet the table decodes.
    enum Alphabet { case literalLength, distance, codeLength }

    /// A lookup result: the bits to skip (code plus extra bits) in bits 0–7, the kind in bits 8–11,
    /// the symbol in bits 16–31.
    struct Entry {
        let raw: UInt32
        @inline(__always) var kind: Kind { Kind(rawValue: (raw >> 8) & 0xF) ?? .invalid }
        @inline(__always) var bits: Int { Int(raw & 0xFF) }
        @inline(__always) var symbol: Int { Int(raw >> 16) }
    }

    /// `reversedBits[v]` is the 10-bit value `v` with its bits in reverse order.
    private static let reversedBits: [UInt16] = (0..<primarySize).map { value in
        var reversed: UInt16 = 0
        for bit in 0..<primaryBits where value & (1 << bit) != 0 { reversed |= 1 << (primaryBits - 1 - bit) }
        return reversed
    }

    private static let lengthExtraBits: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    private let table = UnsafeMutablePointer<UInt32>.allocate(capacity: primarySize)
    /// The number of codes of each length 0…15, then the running offsets and next codes.
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    private let offsets = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    private let nextCode = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    /// The symbols ordered by code.
    private let symbols: UnsafeMutablePointer<Int>
    private var alphabet = Alphabet.literalLength

    init(symbolCapacity: Int) {
        symbols = .allocate(capacity: symbolCapacity)
    }

    func deallocate() {
        table.deallocate()
        counts.deallocate()
        offsets.deallocate()
        nextCode.deallocate()
        symbols.deallocate()
    }

    @inline(__always)
    func entry(for window: UInt64) -> Entry {
        Entry(raw: table[Int(window & UInt64(Self.primarySize - 1))])
    }

    /// The kind and extra bits of a symbol of the table's alphabet.
    private func meaning(of symbol: Int) -> (Kind, UInt32) {
        switch alphabet {
        case .literalLength:
            if symbol < 256 { return (.literal, 0) }
            if symbol == 256 { return (.endOfBlock, 0) }
            if symbol <= 285 { return (.length, Self.lengthExtraBits[symbol - 257]) }
            return (.invalid, 0)
        case .distance:
            return symbol < 30 ? (.distance, symbol < 4 ? 0 : UInt32(symbol / 2 - 1)) : (.invalid, 0)
        case .codeLength:
            return (.literal, 0)
        }
    }

    /// Builds the code from its code lengths (section 3.2.2).
    ///
    /// - Throws: ``DeflateBlockWalker/Failure/invalid(_:)`` if the lengths over-subscribe the code.
    func build(_ lengths: ArraySlice<UInt8>, kind alphabet: Alphabet) throws(DeflateBlockWalker.Failure) {
        self.alphabet = alphabet
        counts.initialize(repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = (left << 1) - counts[length]
            guard left >= 0 else { throw .invalid("over-subscribed Huffman code") }
        }
        offsets[0] = 0
        offsets[1] = 0
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        var code = 0
        nextCode[0] = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        table.initialize(repeating: 0, count: Self.primarySize)
        Self.reversedBits.withUnsafeBufferPointer { reversedBits in
            var symbol = 0
            for length in lengths {
                defer { symbol += 1 }
                guard length > 0 else { continue }
                let length = Int(length)
                symbols[offsets[length]] = symbol
                offsets[length] += 1
                let code = nextCode[length]
                nextCode[length] += 1
                guard length <= Self.primaryBits else { continue }
                let (kind, extra) = meaning(of: symbol)
                let entry = UInt32(symbol) << 16 | kind.rawValue << 8 | (UInt32(length) + extra)
                var index = Int(reversedBits[code << (Self.primaryBits - length)])
                while index < Self.primarySize {
                    table[index] = entry
                    index += 1 << length
                }
            }
        }
    }

    /// Decodes one symbol: from the table, or bit by bit for long codes (the canonical decoding of
    /// RFC 1951, section 3.2.2). Consumes the code, not its extra bits.
    func decodeSymbol(_ reader: inout BitReader) throws(DeflateBlockWalker.Failure) -> Int {
        let entry = entry(for: reader.peek())
        if entry.kind != .slow {
            reader.position += entry.bits - Int(meaning(of: entry.symbol).1)
            return entry.symbol
        }
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            code |= Int(reader.take(1))
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .invalid("incomplete Huffman code at bit \(reader.position)")
    }

    /// Skips one symbol and its extra bits, decoding bit by bit.
    ///
    /// - Returns: The symbol's kind; after a length, the caller skips the distance.
    @discardableResult
    func skipSlowly(_ reader: inout BitReader) throws(DeflateBlockWalker.Failure) -> Kind {
        let symbol = try decodeSymbol(&reader)
        let (kind, extra) = meaning(of: symbol)
        guard kind != .invalid else { throw .invalid("symbol \(symbol) must not appear (bit \(reader.position))") }
        reader.position += Int(extra)
        return kind
    }
}
