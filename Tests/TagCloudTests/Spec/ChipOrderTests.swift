import Foundation
@testable import TagCloud
import Testing
import TestRandom

/// `order`: the shuffle's generator against its reference, the shuffle's invariants, stable
/// sorts, and name order against known collation cases.
@Suite struct ChipOrderTests {
    /// The reference `pcg32-demo` (pcg-c, seeded with 42 and stream 54) prints, in round 1, six
    /// outputs, then 65 coins (`pcg32_boundedrand_r(2)`, H for 1) and 33 dice
    /// (`pcg32_boundedrand_r(6) + 1`); the published output is checked value for value.
    @Test func pcg32MatchesTheReferenceDemo() {
        var generator = PCG32(seed: 42, sequence: 54)
        #expect((0..<6).map { _ in generator.next32() } == [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e])
        let coins = String((0..<65).map { _ in generator.next(below: 2) == 1 ? "H" : "T" })
        #expect(coins == "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT")
        let rolls = (0..<33).map { _ in Int(generator.next(below: 6)) + 1 }
        #expect(rolls == [3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3, 1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3])
    }

    func shuffled(_ count: Int, seed: Int) -> [Int] {
        ChipOrder.permutation(texts: (0..<count).map { "t\($0)" }, weights: Array(repeating: nil, count: count),
                              by: .shuffle, descending: nil, seed: seed, locale: nil)
    }

    /// A shuffle is a permutation, the same for the same seed, and (almost always) different for
    /// another seed.
    @Test func shuffleIsAStablePermutation() {
        var random = SeededRandom(seed: 17)
        var differentSeedsDiffer = 0
        for _ in 0..<300 {
            let count = Int.random(in: 0...200, using: &random)
            let seed = Int.random(in: 0...Cloud.Order.largestSeed, using: &random)
            let order = shuffled(count, seed: seed)
            #expect(order.sorted() == Array(0..<count), "seed \(seed), \(count) tags: not a permutation")
            #expect(shuffled(count, seed: seed) == order, "seed \(seed): not the same twice")
            if count > 10, shuffled(count, seed: seed == 0 ? 1 : seed - 1) != order { differentSeedsDiffer += 1 }
        }
        #expect(differentSeedsDiffer > 200)
    }

    /// The order a seed gives is pinned: it must be the same on every machine and Swift version.
    /// The pinned orders come from an independent Python transcription of `pcg32_random_r`,
    /// `pcg32_boundedrand_r` and Fisher–Yates from the last index down.
    @Test func aSeedGivesThePinnedOrder() {
        #expect(shuffled(10, seed: 0) == Self.pinnedSeed0)
        #expect(shuffled(10, seed: 42) == Self.pinnedSeed42)
    }
    static let pinnedSeed0 = [0, 3, 5, 4, 8, 9, 7, 6, 2, 1]
    static let pinnedSeed42 = [8, 2, 6, 4, 5, 1, 7, 0, 9, 3]

    /// Every position is about equally likely for every item (no modulo bias, no off-by-one in
    /// Fisher–Yates): 4 items, 24,000 shuffles, each of the 16 cells within 10 % of 6,000.
    @Test func shuffleIsUniform() {
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 4), count: 4)
        for seed in 0..<24_000 {
            for (position, item) in shuffled(4, seed: seed).enumerated() { counts[item][position] += 1 }
        }
        for row in counts { for cell in row { #expect(abs(cell - 6000) < 600, "\(counts)") } }
    }

    @Test func weightOrderIsStable() {
        let weights: [Double?] = [1, 3, nil, 3, 2, 1]
        let texts = (0..<6).map { "t\($0)" }
        #expect(ChipOrder.permutation(texts: texts, weights: weights, by: .weight, descending: nil, seed: 0, locale: nil)
            == [1, 3, 4, 0, 2, 5])
        #expect(ChipOrder.permutation(texts: texts, weights: weights, by: .weight, descending: false, seed: 0, locale: nil)
            == [0, 2, 5, 4, 1, 3])
        #expect(ChipOrder.permutation(texts: texts, weights: weights, by: .given, descending: true, seed: 0, locale: nil)
            == Array(0..<6))
    }

    func byName(_ texts: [String], _ locale: String?, descending: Bool? = nil) -> [String] {
        ChipOrder.permutation(texts: texts, weights: texts.map { _ in nil }, by: .name, descending: descending, seed: 0,
                              locale: locale).map { texts[$0] }
    }

    /// Name order is the Unicode collation of the locale: known cases from CLDR's root collation
    /// and its Swedish, German, Danish, Lithuanian and Czech tailorings.
    @Test func nameOrderFollowsTheLocalesCollation() {
        let words = ["Zebra", "apple", "Äpfel", "zoo", "Ångström", "éclair", "Eclair", "ecLair", "Ösel", "oslo"]
        // Root: accents and case count only after the letters; lower case first.
        #expect(byName(words, nil) == ["Ångström", "Äpfel", "apple", "ecLair", "Eclair", "éclair", "Ösel", "oslo", "Zebra", "zoo"])
        #expect(byName(words, "de") == byName(words, nil))
        // Swedish: å, ä, ö are letters after z.
        #expect(byName(words, "sv") == ["apple", "ecLair", "Eclair", "éclair", "oslo", "Zebra", "zoo", "Ångström", "Äpfel", "Ösel"])
        #expect(byName(["aa", "z", "a"], "da") == ["a", "z", "aa"])          // Danish: aa is å, after z
        #expect(byName(["k", "y", "i"], "lt") == ["i", "y", "k"])            // Lithuanian: y between i and k
        #expect(byName(["d", "ch", "h", "c"], "cs") == ["c", "d", "h", "ch"]) // Czech: ch after h
        #expect(byName(["co-op", "coop", "co op", "Co"], nil) == ["Co", "co op", "co-op", "coop"])
        #expect(byName(["10", "9", "1"], nil) == ["1", "10", "9"])           // no numeric collation
        #expect(byName(["b", "a", "c"], nil, descending: true) == ["c", "b", "a"])
        // Equal texts keep the spec's order, in both directions.
        let same = ["x", "a", "x"]
        #expect(ChipOrder.permutation(texts: same, weights: [nil, nil, nil], by: .name, descending: true, seed: 0, locale: nil) == [0, 2, 1])
    }

    /// The ASCII table used for the root and English collations gives the order ICU's collator
    /// gives, for every pair of printable ASCII characters and for random strings.
    @Test func theASCIITableAgreesWithTheCollator() {
        let root = Locale(identifier: "")
        let table = ASCIICollation.table
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        for a in characters {
            for b in characters {
                #expect(table.compare(a, b) == a.compare(b, options: [], range: nil, locale: root), "\(a) \(b)")
            }
        }
        var random = SeededRandom(seed: 3)
        let alphabet = Array("aAbBzZ09 -_.,/'&@()eE")
        for _ in 0..<3000 {
            func word() -> String {
                String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            }
            let a = word(), b = word()
            #expect(table.compare(a, b) == a.compare(b, options: [], range: nil, locale: root), "\(a.debugDescription) \(b.debugDescription)")
        }
        #expect(table.compare("é", "e") == nil)
        #expect(NameCollation(locale: "en-GB").compare("a", "B") == .orderedAscending)
    }
}
