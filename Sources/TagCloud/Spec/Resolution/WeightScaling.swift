import Foundation

/// Maps tag weights to font sizes.
///
/// With `f` the scale's function — `w` for ``Cloud/WeightScale/linear``, `√w` for
/// ``Cloud/WeightScale/sqrt``, `ln(1 + w)` for ``Cloud/WeightScale/log`` — and
/// `lo`, `hi` the smallest and largest weights of the cloud, a tag of weight `w` gets
///
///     size = minSize + (f(w) − f(lo)) / (f(hi) − f(lo)) × (maxSize − minSize)
///
/// so the lightest tag gets `minSize` and the heaviest `maxSize`. A tag without a weight counts
/// as weight 1. When no tag has a weight, or all weights are equal, there is nothing to scale
/// and every tag gets `baseSize` (the spec's `font.size`).
public enum WeightScaling {
    /// The font size of each tag.
    ///
    /// - Parameters:
    ///   - weights: The tags' weights, `nil` where a tag has none; weights are finite and ≥ 0.
    ///   - baseSize: The size when weights do not vary.
    ///   - minSize: The size of the lightest tag.
    ///   - maxSize: The size of the heaviest tag.
    ///   - scale: The curve between them.
    /// - Returns: One size per weight, in order.
    /// - Complexity: O(n).
    public static func fontSizes(weights: [Double?], baseSize: Double, minSize: Double, maxSize: Double,
                                 scale: Cloud.WeightScale) -> [Double] {
        guard weights.contains(where: { $0 != nil }) else {
            return [Double](repeating: baseSize, count: weights.count)
        }
        let values = weights.map { f($0 ?? 1, scale) }
        guard let low = values.min(), let high = values.max(), high > low else {
            return [Double](repeating: baseSize, count: weights.count)
        }
        let range = high - low
        return values.map { minSize + ($0 - low) / range * (maxSize - minSize) }
    }

    private static func f(_ weight: Double, _ scale: Cloud.WeightScale) -> Double {
        switch scale {
        case .linear: weight
        case .sqrt: weight.squareRoot()
        case .log: log1p(weight)
        }
    }
}
