import Canvas
import Foundation
import Testing

/// `tagcloud animate` end to end: two specs in, an APNG or an animated SVG out, errors and exit
/// codes as for `render`.
@Suite struct AnimateCommandTests {
    static let wide = "width: 358\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine]\n"
    static let narrow = "width: 150\nalignment: center\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine]\n"

    private func folder(_ name: String = #function) throws -> URL {
        let folder = try temporaryFolder(name)
        try Data(Self.wide.utf8).write(to: folder.appendingPathComponent("wide.yaml"))
        try Data(Self.narrow.utf8).write(to: folder.appendingPathComponent("narrow.yaml"))
        return folder
    }

    /// The chunk types of a PNG file, in order.
    private func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var index = 8
        while index + 8 <= bytes.count {
            let length = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self))
            index += 12 + length
        }
        return types
    }

    @Test func writesAnAPNGAndAnAnimatedSVG() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let apng = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "switch.png", "--fps", "30", "-v"], in: dir)
        #expect(apng.status == 0, "\(apng.standardError)")
        #expect(apng.standardError.hasPrefix("wrote switch.png (APNG, "), "\(apng.standardError)")
        let png = try Data(contentsOf: dir.appendingPathComponent("switch.png"))
        let types = chunkTypes(png)
        #expect(types.prefix(3) == ["IHDR", "acTL", "fcTL"] && types.filter { $0 == "fdAT" }.count > 10, "\(types)")
        // A viewer without APNG shows the first spec's picture as render draws it, at the top of a
        // picture as tall as the narrow cloud, the rest of it the background.
        let still = try CommandRunner.run(["render", "wide.yaml", "-o", "wide-still.png"], in: dir)
        #expect(still.status == 0)
        let first = try RGBAImage(pngData: png)
        let wide = try RGBAImage(contentsOf: dir.appendingPathComponent("wide-still.png"))
        #expect(first.width == wide.width && first.height > wide.height, "\(first.width)x\(first.height)")
        #expect(Array(first.pixels.prefix(wide.pixels.count)) == wide.pixels)
        let background = Array(wide.pixels.prefix(4))
        #expect(first.pixels.dropFirst(wide.pixels.count).enumerated().allSatisfy { $1 == background[$0 % 4] },
                "below the wide cloud, its background")

        let svg = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "switch.svg", "--animation", "bouncy", "--loop"],
                                        in: dir)
        #expect(svg.status == 0, "\(svg.standardError)")
        let text = try String(contentsOf: dir.appendingPathComponent("switch.svg"), encoding: .utf8)
        #expect(text.contains("@keyframes") && text.contains("step-end infinite") && !text.contains("<script"))
        let again = try CommandRunner.run(["animate", "wide.yaml", "narrow.yaml", "-o", "-", "--format", "svg", "--animation", "bouncy",
                                           "--loop"], in: dir)
        #expect(again.status == 0)
        #expect(again.standardOutput == Data(text.utf8), "the same command writes the same bytes")
    }

    @Test func badCommandLinesAndInputsExitWithTheirCodes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["animate", "wide.yaml", "narrow.yaml", "-o", "switch.gif"], 64, "unknown animation format \".gif\""),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--animation", "wobbly"], 64, "unknown animation \"wobbly\""),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--fps", "0"], 64, "--fps must be from 1 to 240"),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "a.svg", "--hold", "90"], 64, "--hold must be from 0 to 60"),
            (["animate", "wide.yaml", "missing.yaml", "-o", "a.svg"], 66, "cannot read the input \"missing.yaml\""),
            (["animate", "wide.yaml", "narrow.yaml", "-o", "no/such/folder/a.svg"], 73, "does not exist"),
        ]
        for (arguments, status, message) in cases {
            let output = try CommandRunner.run(arguments, in: dir)
            #expect(output.status == status, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
        }
        try Data("width: [1]\ntags: [a]\n".utf8).write(to: dir.appendingPathComponent("bad.yaml"))
        let bad = try CommandRunner.run(["animate", "wide.yaml", "bad.yaml", "-o", "a.svg"], in: dir)
        #expect(bad.status == 65, "\(bad.standardError)")
        #expect(bad.standardError.contains("bad.yaml"), "the error names the file: \(bad.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.svg").path))
        let help = try CommandRunner.run(["animate", "--help"], in: dir)
        #expect(help.text.contains("--animation") && help.text.contains("--loop"))
    }
}
