import Foundation
import TagCloudTesting
import Testing

@Suite struct RasterizerTests {
    /// rsvg-convert stops reading at the first XML error, so most of a large bad input meets a
    /// closed pipe: the assertion must get the tool's failure, and the test process must not die
    /// of SIGPIPE (or trap in FileHandle's non-throwing write) on the thread writing the input.
    @Test func aToolThatStopsReadingItsInputFailsWithItsMessage() throws {
        try #require(SVGRasterizer.isAvailable, "rsvg-convert is needed (Debian package librsvg2-bin, in make test's packages)")
        let input = Data(repeating: UInt8(ascii: "<"), count: 64 << 20)
        do {
            _ = try SVGRasterizer.render(input)
            Issue.record("64 MiB of '<' was drawn as an SVG")
        } catch let error as SnapshotError {
            guard case .toolFailed(let tool, let status, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(tool == "rsvg-convert" && status != 0)
            #expect(message.contains("XML parse error"))
        }
    }
}
