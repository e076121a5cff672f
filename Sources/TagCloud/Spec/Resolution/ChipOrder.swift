import Foundation

/// The order chips are drawn in (``Cloud/Order``): the permutation of the tags each criterion
/// gives.
///
/// - ``Cloud/Order/Criterion/given``: the spec's order.
/// - ``Cloud/Order/Criterion/weight``: by weight (no weight counts as 1), heaviest first unless
///   `descending: false`.
/// - ``Cloud/Order/Criterion/name``: by text, in the Unicode Collation Algorithm's order for the
///   spec's `locale` (`NameCollation`).
/// - ``Cloud/Order/Criterion/shuffle``: a Fisher–Yates shuffle (Knuth, TAOCP vol. 2, §3.4.2,
///   algorithm P) driven by ``PCG32`` from `seed`, with PCG's unbiased bounded draws, so the same
///   seed gives the same order on every machine and with every Swift version.
///
/// Sorts are stable: tags that compare equal keep the spec's order, in either direction.
public enum ChipOrder {
    /// The order of the tags: `result[i]` is the index in the spec of the tag drawn `i`-th.
    ///
    /// - Parameters:
    ///   - texts: The tags' texts.
    ///   - weights: The tags' weights, `nil` where a tag has none.
    ///   - criterion: What to order by.
    ///   - descending: Whether to start from the largest; `nil` for the criterion's default.
    ///   - seed: The shuffle's seed.
    ///   - locale: The BCP 47 tag whose collation orders names; `nil` for the root collation.
    /// - Returns: A permutation of `0..<texts.count`.
    /// - Complexity: O(n log n) comparisons for the sorts (see `NameCollation` for the cost of
    ///   one), O(n) for a shuffle.
    public static func permutation(texts: [String], weights: [Double?], by criterion: Cloud.Order.Criterion,
                                   descending: Bool?, seed: Int, locale: String?) -> [Int] {
        var indices = Array(texts.indices)
        switch criterion {
        case .given:
            break
        case .weight:
            let key = weights.map { $0 ?? 1 }
            let down = descending ?? true
            indices = stableSorted(indices) { down ? key[$0] > key[$1] : key[$0] < key[$1] }
        case .name:
            let collation = NameCollation(locale: locale)
            let down = descending ?? false
            indices = stableSorted(indices) {
                let order = collation.compare(texts[$0], texts[$1])
                return down ? order == .orderedDescending : order == .orderedAscending
            }
        case .shuffle:
            var generator = PCG32(seed: UInt64(clamping: seed))
            if indices.count > 1 {
                for last in stride(from: indices.count - 1, to: 0, by: -1) {
                    let other = Int(generator.next(below: UInt32(clamping: last + 1)))
                    indices.swapAt(last, other)
                }
            }
        }
        return indices
    }

    /// `indices` sorted by `areInIncreasingOrder`, equal elements in their original order (a
    /// merge sort: Swift's `sort` is stable today but does not promise it).
    private static func stableSorted(_ indices: [Int], by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
        guard indices.count > 1 else { return indices }
        var source = indices
        var target = indices
        var width = 1
        while width < source.count {
            var start = 0
            while start < source.count {
                let middle = Swift.min(start + width, source.count), end = Swift.min(start + 2 * width, source.count)
                var left = start, right = middle, out = start
                while left < middle, right < end {
                    // Take from the right only when it is strictly smaller: ties keep their order.
                    if areInIncreasingOrder(source[right], source[left]) {
                        target[out] = source[right]
                        right += 1
                    } else {
                        target[out] = source[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle { target[out] = source[left]; left += 1; out += 1 }
                while right < end { target[out] = source[right]; right += 1; out += 1 }
                start = end
            }
            swap(&source, &target)
            width *= 2
        }
        return source
    }
}

/// PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms for
/// Random Number Generation", 2014; the reference `pcg32_random_r`, XSH RR 64/32): the shuffle's
/// generator. Its output is fixed by its definition, so a seed means the same order everywhere;
/// the tests check it against the reference implementation's published output.
public struct PCG32: RandomNumberGenerator, Sendable {
    private var state: UInt64
    private let increment: UInt64

    /// The reference `pcg32_srandom_r(initstate: seed, initseq: sequence)`.
    ///
    /// - Parameters:
    ///   - seed: The starting state.
    ///   - sequence: The stream; the shuffle uses the reference demo's 54.
    public init(seed: UInt64, sequence: UInt64 = 54) {
        state = 0
        increment = (sequence << 1) | 1
        _ = next32()
        state &+= seed
        _ = next32()
    }

    /// The next 32 bits (`pcg32_random_r`).
    public mutating func next32() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ increment
        let xorShifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return xorShifted.rotateRight(rotation)
    }

    /// The next 64 bits: two 32-bit outputs, the first in the high half.
    public mutating func next() -> UInt64 {
        UInt64(next32()) << 32 | UInt64(next32())
    }

    /// A number uniformly in `0..<bound` (`pcg32_boundedrand_r`: outputs below `2³² mod bound`
    /// are drawn again, so no value is favoured).
    ///
    /// - Parameter bound: More than 0.
    /// - Returns: The number; 0 when `bound` is 0.
    public mutating func next(below bound: UInt32) -> UInt32 {
        guard bound > 0 else { return 0 }
        let threshold = (0 &- bound) % bound
        while true {
            let value = next32()
            if value >= threshold { return value % bound }
        }
    }
}

extension UInt32 {
    fileprivate func rotateRight(_ count: UInt32) -> UInt32 {
        let count = count & 31
        return count == 0 ? self : (self >> count) | (self << (32 - count))
    }
}
