import Foundation
import Testing
@testable import TagCloudUI

/// A view's structural identity: paths built by the same steps are equal and hash alike, whatever
/// objects they are made of; a different step, a missing step or an extra one makes another path.
@Suite struct ViewPathTests {
    /// Random steps of every kind, from a seed.
    private static func steps(_ seed: UInt64, count: Int) -> [ViewPath.Component] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let types: [ObjectIdentifier] = [ObjectIdentifier(Text.self), ObjectIdentifier(Color.self), ObjectIdentifier(Spacer.self)]
        return (0..<count).map { _ in
            switch next() % 5 {
            case 0: .child(Int(next() % 4))
            case 1: .branch(next() % 2 == 0)
            case 2: .element(NodeTag(AnyHashable(Int(next() % 3))))
            case 3: .type(types[Int(next() % 3)])
            default: .role(next() % 2 == 0 ? .decoration : .geometryContent)
            }
        }
    }

    private static func path(_ steps: [ViewPath.Component]) -> ViewPath {
        steps.reduce(ViewPath.root) { $0.appending($1) }
    }

    @Test func pathsOfTheSameStepsAreEqualAndHashAlike() {
        for seed in UInt64(1)...300 {
            let steps = Self.steps(seed, count: Int(seed % 12))
            let a = Self.path(steps), b = Self.path(steps)
            #expect(a == b && a.hashValue == b.hashValue, "\(a)")
            #expect(Set([a, b]).count == 1)
        }
    }

    @Test func anotherStepMakesAnotherPath() {
        for seed in UInt64(1)...300 {
            let steps = Self.steps(seed, count: 1 + Int(seed % 12))
            let path = Self.path(steps)
            // One step fewer, one more, or the last step changed.
            #expect(path != Self.path(Array(steps.dropLast())))
            #expect(path != Self.path(steps + [.child(0)]))
            var changed = steps
            changed[changed.count - 1] = steps.last == .child(7) ? .child(8) : .child(7)
            #expect(path != Self.path(changed), "\(path)")
            // A path is not equal to its parent's sibling built the same length.
            #expect(Self.path([.child(1)] + steps) != Self.path([.child(2)] + steps))
        }
    }

    @Test func distinctPathsSpreadOverHashes() {
        // Sibling elements of a ForEach (the chips of a cloud) should rarely share a hash.
        let parent = ViewPath.root.appending(.child(0)).appending(.type(ObjectIdentifier(Text.self)))
        let hashes = Set((0..<10_000).map { parent.appending(.child($0)).hashValue })
        #expect(hashes.count > 9_990)
    }
}
