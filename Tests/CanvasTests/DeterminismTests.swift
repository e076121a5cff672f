import Canvas
import Foundation
import Synchronization
import Testing
import Typesetting

/// The same display list gives the same PNG and SVG bytes every time: in one process, after other
/// renders, and on several threads at once.
@Suite struct DeterminismTests {
    /// A list that exercises every id Cairo writes: glyphs, emoji images, clips, masks, gradients,
    /// groups, and metadata.
    static func busyList() throws -> DisplayList {
        let labels = try (0..<24).map { try Fixtures.shape("tag \($0)") }
        var list = SamplePictures.numberedCapsules(labels: labels, width: 300)
        list.append(.text(try Fixtures.shape("🎉👍", family: "Noto Color Emoji"), at: CGPoint(x: 10, y: 10), with: .color(.black)))
        list.append(.group(clip: Clip(.circle(CGRect(x: 20, y: 20, width: 80, height: 80))), opacity: 0.5) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 300, height: 300)), with: .linearGradient(
                stops: GradientStop.evenlySpaced([.black, Fixtures.blue]), start: .zero, end: CGPoint(x: 300, y: 0)))
        })
        return list
    }

    @Test func renderingTwiceInOneProcessGivesTheSameBytes() throws {
        let list = try Self.busyList()
        let png = try list.pngData(scale: 2), svg = try list.svgData()
        // Other renders in between advance Cairo's process-wide counters.
        _ = try PrimitiveSnapshotTests.chip().svgData()
        _ = try list.pdfData()
        #expect(try list.pngData(scale: 2) == png)
        #expect(try list.svgData() == svg)
    }

    @Test func renderingOnSeveralThreadsAtOnceGivesTheSameBytes() async throws {
        let list = try Self.busyList()
        let png = try list.pngData(scale: 2), svg = try list.svgData()
        let results = try await withThrowingTaskGroup(of: (Data, Data).self) { group in
            for _ in 0..<8 {
                group.addTask { (try list.pngData(scale: 2), try list.svgData()) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (threadPNG, threadSVG) in results {
            #expect(threadPNG == png)
            #expect(threadSVG == svg)
        }
    }

    /// Two plain threads started together, with no Swift concurrency involved. Each thread hands
    /// back its bytes or its error, so a failing render is reported as that error; the wait is
    /// bounded, so a thread that never finishes fails the test instead of hanging the suite.
    @Test func renderingOnTwoPlainThreadsGivesTheSameBytes() throws {
        let list = try Self.busyList()
        let png = try list.pngData(scale: 2), svg = try list.svgData()
        let outputs = Mutex<[Result<(Data, Data), any Error>?]>([nil, nil])
        let finished = DispatchGroup()
        let threads = (0..<2).map { index in
            Thread {
                let output = Result { (try list.pngData(scale: 2), try list.svgData()) }
                outputs.withLock { $0[index] = output }
                finished.leave()
            }
        }
        for thread in threads {
            finished.enter()
            thread.start()
        }
        try #require(finished.wait(timeout: .now() + 120) == .success, "the rendering threads did not finish in 120 s")
        for (index, output) in outputs.withLock({ $0 }).enumerated() {
            let (threadPNG, threadSVG) = try #require(try output?.get(), "thread \(index) gave no output")
            #expect(threadPNG == png, "thread \(index)")
            #expect(threadSVG == svg, "thread \(index)")
        }
    }
}
