import Foundation

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh empty folder for a test's files, removed by the caller.
func temporaryFolder(_ name: String = #function) throws -> URL {
    let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("tagcloud-tests-\(safe)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
