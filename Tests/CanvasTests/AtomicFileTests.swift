import Canvas
import Foundation
import Testing

/// Files are written atomically, and a failed render or write never leaves a partial file or
/// replaces a good one.
@Suite struct AtomicFileTests {
    let list = DisplayList(size: CGSize(width: 20, height: 10)) {
        DisplayItem.fill(.capsule(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(Fixtures.blue))
    }

    func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func writesTheRenderedBytesAndLeavesNoTemporaryFile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cloud.png")
        try Renderer.png(scale: 2).write(list, to: url)
        #expect(try Data(contentsOf: url) == list.pngData(scale: 2))
        #expect(try contents(of: folder) == ["cloud.png"])
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        // Replacing keeps the old file's permissions.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try Renderer.svg().write(list, to: url)
        #expect(try Data(contentsOf: url) == list.svgData())
        #expect((try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aFailedRenderLeavesTheGoodFileUntouched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cloud.png")
        try Renderer.png().write(list, to: url)
        let good = try Data(contentsOf: url)
        let tooLarge = DisplayList(size: CGSize(width: 40_000, height: 10))
        #expect(throws: CanvasError.imageTooLarge(pixelWidth: 40_000, pixelHeight: 10, limit: 32_767)) {
            try Renderer.png().write(tooLarge, to: url)
        }
        #expect(try Data(contentsOf: url) == good)
        #expect(try contents(of: folder) == ["cloud.png"])
    }

    @Test func aMissingFolderIsAnErrorAndCreatesNothing() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("missing/cloud.png")
        let error = #expect(throws: CanvasError.self) { try Renderer.png().write(list, to: url) }
        guard case .fileWriteFailed(let path, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(reason.contains("does not exist"))
        #expect(try contents(of: folder).isEmpty)
    }

    @Test func aFailedRenameRemovesTheTemporaryFileAndKeepsTheTarget() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The target is a non-empty folder: rename(2) cannot replace it.
        let target = folder.appendingPathComponent("cloud.png")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside.txt"))
        let error = #expect(throws: CanvasError.self) { try AtomicFile.write(Data("new".utf8), to: target) }
        if case .fileWriteFailed(_, let reason)? = error {
            #expect(reason.contains("replacing the file"))
        } else {
            Issue.record("got \(String(describing: error))")
        }
        #expect(try contents(of: folder) == ["cloud.png"])
        #expect(try Data(contentsOf: target.appendingPathComponent("inside.txt")) == Data("keep".utf8))
    }

    @Test func writingIntoAFileInsteadOfAFolderFails() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        #expect(throws: CanvasError.self) { try AtomicFile.write(Data("y".utf8), to: file.appendingPathComponent("a.png")) }
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }
}
