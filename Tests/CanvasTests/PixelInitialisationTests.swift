import Canvas
import Foundation
import Testing
import TestRandom

/// Every pixel of every picture is written before Cairo draws: the bitmap is scratch memory that
/// holds an earlier picture, and with pixman's fast paths disabled Cairo's solid fill of an opaque
/// background does nothing, so the leftovers showed through (50 renders gave 50 different PNGs).
@Suite struct PixelInitialisationTests {
    /// The environment variable that turns ``renderedInAChildWithFastPathsDisabled()`` on: set only
    /// for the child process ``opaqueRendersAreIdenticalWithPixmanFastPathsDisabled()`` starts.
    static let childVariable = "TAGCLOUD_PIXMAN_CHILD"

    /// Two opaque pictures that leave different bytes in the scratch buffer: capsules with text, and
    /// a dark picture of another size whose PNG rows (filtered in place) fill the buffer with other
    /// leftovers.
    static func pictures() throws -> (DisplayList, DisplayList) {
        let labels = try (0..<30).map { try Fixtures.shape("tag \($0)") }
        let capsules = SamplePictures.numberedCapsules(labels: labels, width: 300)
        let other = DisplayList(size: CGSize(width: 310, height: capsules.size.height + 7)) {
            DisplayItem.fill(.ellipse(CGRect(x: 10.3, y: 4.7, width: 280, height: 90)), with: .color(RGBAColor(red: 0.9, green: 0.1, blue: 0.4)))
        }
        return (capsules, other)
    }

    /// The word written for an opaque background is the one Cairo's own solid fill stores: a picture
    /// filled by Cairo edge to edge on a transparent background equals the empty picture on that
    /// background, for 300 random colours.
    @Test func theBackgroundWordIsCairos() throws {
        var random = SeededRandom(seed: 0xBAC6)
        for _ in 0..<300 {
            let color = RGBAColor(red: Double.random(in: -0.1...1.1, using: &random), green: Double.random(in: 0...1, using: &random),
                                  blue: Double.random(in: 0...1, using: &random))
            let size = CGSize(width: 3, height: 2)
            let filledByCairo = DisplayList(size: size) { DisplayItem.fill(.rect(CGRect(origin: .zero, size: size)), with: .color(color)) }
            let background = try DisplayList(size: size).rgbaImage(scale: 2, background: color)
            #expect(try filledByCairo.rgbaImage(scale: 2) == background, "\(color)")
        }
    }

    /// Renders after other renders give the same bytes even when the scratch buffer held another
    /// picture: the normal case, in this process.
    @Test func opaqueRendersAfterOtherPicturesAreIdentical() throws {
        let (capsules, other) = try Self.pictures()
        let first = try capsules.pngData(scale: 2, background: .white)
        for _ in 0..<3 {
            _ = try other.pngData(scale: 2, background: .black)
            #expect(try capsules.pngData(scale: 2, background: .white) == first)
        }
    }

    /// 50 opaque renders, in a child process whose pixman has its fast paths disabled
    /// (`PIXMAN_DISABLE` is read when pixman loads, so it takes a process of its own), give one PNG.
    @Test func opaqueRendersAreIdenticalWithPixmanFastPathsDisabled() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PIXMAN_DISABLE"] = "fast mmx sse2 ssse3"
        environment[Self.childVariable] = "1"
        let run = try ChildTestRun.run(filter: "PixelInitialisationTests/renderedInAChildWithFastPathsDisabled", environment: environment)
        // pixman says so on standard output when the variable took effect.
        #expect(run.output.contains("pixman: Disabled fast implementation"), "\(run.output)")
        #expect(run.output.contains("50 opaque renders, 1 distinct PNG"), "\(run.output)")
        #expect(run.status == 0, "the child failed:\n\(run.output)\n\(run.standardError)")
    }

    /// The child's half of ``opaqueRendersAreIdenticalWithPixmanFastPathsDisabled()``: 50 renders of
    /// one opaque picture, each after a render of another, must give one PNG.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] == "1", "run by a parent test only"))
    func renderedInAChildWithFastPathsDisabled() throws {
        let (capsules, other) = try Self.pictures()
        var distinct = Set<Data>()
        for _ in 0..<50 {
            distinct.insert(try capsules.pngData(scale: 2, background: .white))
            _ = try other.pngData(scale: 2, background: RGBAColor(red: 0.2, green: 0.3, blue: 0.1))
        }
        print("50 opaque renders, \(distinct.count) distinct PNG\(distinct.count == 1 ? "" : "s")")
        #expect(distinct.count == 1)
    }
}
