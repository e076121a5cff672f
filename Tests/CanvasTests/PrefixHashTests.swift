import Foundation
import Testing
import TestRandom
@testable import Canvas

/// `WebText.PrefixHash`, the hash a derived id prefix comes from: byte-wise FNV-1a up to the
/// threshold (the prefixes documents always had), word-wise above it, and in both cases a
/// function of the bytes alone, whatever pieces they are fed in.
@Suite struct PrefixHashTests {
    /// The definition, written the plain way over the whole byte sequence.
    static func reference(_ bytes: [UInt8]) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        guard bytes.count > WebText.PrefixHash.wordwiseThreshold else {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
            return hash
        }
        let whole = bytes.count / 8 * 8
        for start in stride(from: 0, to: whole, by: 8) {
            var word: UInt64 = 0
            for offset in 0..<8 { word |= UInt64(bytes[start + offset]) << UInt64(8 * offset) }
            hash = (hash ^ word) &* prime
        }
        for byte in bytes[whole...] { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// Random documents on both sides of the threshold, fed in random pieces and byte by byte,
    /// hash as the definition says.
    @Test func theHashIsTheDefinitionWhateverThePieces() {
        var generator = SeededRandom(seed: 0x0FF1_CE)
        let threshold = WebText.PrefixHash.wordwiseThreshold
        for length in [0, 1, 7, 8, 9, 1000, threshold - 1, threshold, threshold + 1, threshold + 13, 3 * threshold + 5] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Self.reference(bytes)
            var pieces = WebText.PrefixHash(byteCount: length)
            var start = 0
            bytes.withUnsafeBufferPointer { buffer in
                while start < length {
                    let end = min(length, start + Int.random(in: 0...20, using: &generator))
                    pieces.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                    if end < length {
                        pieces.feed(buffer[end])
                        start = end + 1
                    } else {
                        start = end
                    }
                }
            }
            #expect(pieces.value == expected, "\(length) bytes in pieces")
            if length < 100_000 {
                var single = WebText.PrefixHash(byteCount: length)
                for byte in bytes { single.feed(byte) }
                #expect(single.value == expected, "\(length) bytes one at a time")
            }
        }
    }

    /// A small document keeps the prefix it had when the prefix was the byte-wise FNV-1a hash.
    @Test func smallDocumentsKeepTheirPrefixes() {
        #expect(WebText.derivedPrefix(hashing: ["<svg/>"]) == WebText.prefix(ofHash: Self.reference(Array("<svg/>".utf8))))
        #expect(WebText.derivedPrefix(hashing: ["<svg", "/>"]) == WebText.derivedPrefix(hashing: ["<svg/>"]))
    }
}
