import Foundation
@testable import TagCloudCommandLine
import Testing

/// The output writer in process: what a path resolves to, how it is written, and what is refused.
/// (The fault matrix, Tests/FaultMatrix, runs the same cases through the release command, with
/// umasks, other users, closed streams and signals, which a test process cannot set for itself.)
@Suite struct OutputFileTests {
    @Test func pathsResolveToWhatIsWrittenAndHow() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.png")
        let dangling = dir.appendingPathComponent("dangling.png").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.png")
        let fifo = dir.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)

        #expect(try OutputFile.resolve(file).method == .replace)
        #expect(try OutputFile.resolve(file).existing != nil)
        #expect(try OutputFile.resolve(link).path == dir.appendingPathComponent("a.png").path)
        #expect(try OutputFile.resolve(dangling).path == dir.appendingPathComponent("new.png").path)
        #expect(try OutputFile.resolve(dangling).existing == nil)
        #expect(try OutputFile.resolve("/dev/null").method == .inPlace)
        #expect(try OutputFile.resolve(fifo).method == .inPlace)
        #expect(try OutputFile.resolve(dir.appendingPathComponent("new.png").path).existing == nil)
        for (path, reason) in [(dir.path, "it is a folder"),
                               (dir.appendingPathComponent("missing/x.png").path, "does not exist"),
                               (file + "/x.png", "is not a folder")] {
            #expect {
                try OutputFile.resolve(path)
            } throws: { error in
                guard case let .cannotWriteOutput(_, text) = error as? CommandError else { return false }
                return text.contains(reason)
            }
        }
        // A loop of links.
        let loop = dir.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop")
        #expect(throws: CommandError.cannotWriteOutput(path: loop, reason: "the path has a loop of symbolic links")) {
            try OutputFile.resolve(loop)
        }
    }

    @Test func filesAreReplacedAtomicallyThroughLinks() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a.png")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o6640) == 0)
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.png")

        try OutputFile.write(Data("new".utf8), to: link)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "a.png")
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "link.png"])

        // The named-temporary path gives the same result and leaves nothing either.
        let fresh = dir.appendingPathComponent("fresh.png").path
        try OutputFile.write(Data("1".utf8), to: fresh)
        try OutputFile.write(Data("2".utf8), to: fresh)
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "fresh.png", "link.png"])
    }

    @Test func anInputIsNeverWrittenOverWhateverItsPath() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("tags.yaml").path
        try Data("tags: [a]\n".utf8).write(to: URL(fileURLWithPath: input))
        let hard = dir.appendingPathComponent("hard.png").path
        #expect(link(input, hard) == 0)
        let soft = dir.appendingPathComponent("soft.png").path
        try FileManager.default.createSymbolicLink(atPath: soft, withDestinationPath: input)
        for path in [input, hard, soft, dir.appendingPathComponent("./tags.yaml").path] {
            #expect {
                try OutputFile.write(Data("x".utf8), to: path, inputs: [input])
            } throws: { error in
                guard case let .cannotWriteOutput(_, reason) = error as? CommandError else { return false }
                return reason.hasPrefix("it is the input file")
            }
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "tags: [a]\n")
        // Writing in place to a device is not writing over an input, even when it is one too.
        try OutputFile.write(Data("x".utf8), to: "/dev/null", inputs: ["/dev/null"])
    }

    @Test func devicesAreWrittenInPlace() throws {
        try OutputFile.write(Data(repeating: 7, count: 100_000), to: "/dev/null")
        #expect(throws: CommandError.cannotWriteOutput(path: "/dev/full", reason: "no space left on the device")) {
            try OutputFile.write(Data("x".utf8), to: "/dev/full")
        }
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func maxInputSizeTakesBytesWithUnits() throws {
        #expect(try RenderCommandLine.byteCount("65536") == 65536)
        #expect(try RenderCommandLine.byteCount("64K") == 65536)
        #expect(try RenderCommandLine.byteCount("64M") == 64 << 20)
        #expect(try RenderCommandLine.byteCount("1G") == 1 << 30)
        for bad in ["", "0", "-1", "1.5M", "2G", "M", "12X", "99999999999999999999", String(repeating: "9", count: 200)] {
            #expect {
                try RenderCommandLine.byteCount(bad)
            } throws: { error in
                guard case .usage(let message) = error as? CommandError else { return false }
                return message.hasPrefix("--max-input-size takes a size from 1 byte to 1G") && message.count < 200
            }
        }
    }
}
