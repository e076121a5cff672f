import Testing
@testable import TagCloud
import TestRandom

@Suite struct WeightScalingTests {
    @Test func linearMapsTheRangeOntoMinAndMax() {
        let sizes = WeightScaling.fontSizes(weights: [1, 2, 3, nil, 2.5], baseSize: 17, minSize: 10, maxSize: 20,
                                            scale: .linear)
        #expect(sizes == [10, 15, 20, 10, 17.5])
    }

    @Test func sqrtFollowsTheSquareRoot() {
        let sizes = WeightScaling.fontSizes(weights: [0, 1, 4, 16], baseSize: 17, minSize: 10, maxSize: 30, scale: .sqrt)
        #expect(sizes == [10, 15, 20, 30])
    }

    @Test func logFollowsLnOnePlusWeight() {
        let sizes = WeightScaling.fontSizes(weights: [0, 1, 3, 15], baseSize: 17, minSize: 10, maxSize: 30, scale: .log)
        // ln 1 = 0, ln 2, ln 4 = 2 ln 2, ln 16 = 4 ln 2: a quarter, a half of the range.
        let expected: [Double] = [10, 15, 20, 30]
        for (size, value) in zip(sizes, expected) {
            #expect(abs(size - value) < 1e-12)
        }
    }

    @Test func missingWeightsCountAsOne() {
        #expect(WeightScaling.fontSizes(weights: [nil, 3], baseSize: 17, minSize: 12, maxSize: 24, scale: .linear) == [12, 24])
        #expect(WeightScaling.fontSizes(weights: [nil, 0], baseSize: 17, minSize: 12, maxSize: 24, scale: .linear) == [24, 12])
    }

    @Test func equalOrNoWeightsGiveTheBaseSize() {
        #expect(WeightScaling.fontSizes(weights: [nil, nil], baseSize: 17, minSize: 12, maxSize: 24, scale: .log) == [17, 17])
        #expect(WeightScaling.fontSizes(weights: [5, 5, 5], baseSize: 15, minSize: 12, maxSize: 24, scale: .linear) == [15, 15, 15])
        #expect(WeightScaling.fontSizes(weights: [7], baseSize: 15, minSize: 12, maxSize: 24, scale: .sqrt) == [15])
        #expect(WeightScaling.fontSizes(weights: [1, nil], baseSize: 15, minSize: 12, maxSize: 24, scale: .linear) == [15, 15])
        #expect(WeightScaling.fontSizes(weights: [], baseSize: 15, minSize: 12, maxSize: 24, scale: .linear).isEmpty)
    }

    @Test func sizesStayWithinMinAndMaxForRandomWeights() {
        var generator = SeededRandom(seed: 6)
        for _ in 0..<200 {
            let count = Int.random(in: 2...40, using: &generator)
            let weights: [Double?] = (0..<count).map { _ in
                Bool.random(using: &generator) ? nil : Double.random(in: 0...1e6, using: &generator)
            }
            for scale in Cloud.WeightScale.allCases {
                let sizes = WeightScaling.fontSizes(weights: weights, baseSize: 17, minSize: 11, maxSize: 40, scale: scale)
                #expect(sizes.count == count)
                #expect(sizes.allSatisfy { (11 - 1e-9)...(40 + 1e-9) ~= $0 || $0 == 17 })
                // Heavier never gets smaller.
                let pairs = zip(weights.map { $0 ?? 1 }, sizes).sorted { $0.0 < $1.0 }
                #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.1 <= $1.1 + 1e-9 })
            }
        }
    }
}
