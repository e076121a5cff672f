import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A typesetter over the bundled fonts only (no fontconfig), so no result depends on the machine.
let bundledTypesetter: Typesetter = {
    do {
        let library = try FontLibrary(directory: packageRoot.appendingPathComponent("Fonts").path)
        return Typesetter(library: library)
    } catch {
        fatalError("the bundled fonts cannot be loaded: \(error)")
    }
}()

/// Parses a spec and renders it with the bundled fonts.
func renderSpec(_ text: String, format: SpecFormat = .yaml) throws -> RenderedCloud {
    try Cloud(parsing: Array(text.utf8), format: format, source: "spec.\(format)").rendered(typesetter: bundledTypesetter)
}

/// A fresh empty folder for a test's files, removed by the caller with `cleanUp`.
func temporaryFolder(_ name: String = #function) throws -> URL {
    let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("tagcloud-tests-\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Writes files (path → text) under a new folder (``temporaryFolder(_:)``).
func site(_ files: [String: String], _ name: String = #function) throws -> URL {
    let folder = try temporaryFolder(name)
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}
