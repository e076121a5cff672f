import Canvas
import Foundation

/// Writes a failed assertion's artifacts (the actual value, the diff, the message) outside the
/// source tree, and removes those of an earlier run.
struct ArtifactWriter {
    let location: SnapshotLocation
    let actualData: Data
    let pathExtension: String

    /// Removes the artifacts an earlier run of this golden left, so that a folder of artifacts
    /// only ever shows the latest failures.
    func removeStale() {
        for url in location.existingArtifacts() { try? FileManager.default.removeItem(at: url) }
    }

    /// Writes the actual value (unless `includingActual` is `false`) and the difference's
    /// artifacts. A file that cannot be written is named in the result's description instead of
    /// failing the check a second time.
    func write(difference: SnapshotDifference?, includingActual: Bool = true) -> WrittenArtifacts {
        var written = WrittenArtifacts()
        do {
            try FileManager.default.createDirectory(at: location.artifactsFolder, withIntermediateDirectories: true)
        } catch {
            written.problems.append("cannot create \(location.artifactsFolder.path): \(error)")
            return written
        }
        if includingActual {
            let url = location.artifact("actual", pathExtension)
            if let problem = Self.write(actualData, to: url) {
                written.problems.append(problem)
            } else {
                written.actualURL = url
                written.attachments.append(SnapshotAttachment(name: url.lastPathComponent, data: actualData))
            }
        }
        for artifact in difference?.artifacts ?? [] {
            let url = location.artifact(artifact.name, artifact.pathExtension)
            if let problem = Self.write(artifact.data, to: url) {
                written.problems.append(problem)
            } else {
                written.diffURLs.append(url)
                written.attachments.append(SnapshotAttachment(name: url.lastPathComponent, data: artifact.data))
            }
        }
        return written
    }

    /// Writes the failure message beside the artifacts (`<base>.failure.txt`), for CI runs that
    /// keep the artifacts folder.
    static func writeMessage(_ message: String, location: SnapshotLocation) {
        _ = write(Data((message + "\n").utf8), to: location.artifact("failure", "txt"))
    }

    private static func write(_ data: Data, to url: URL) -> String? {
        do {
            try AtomicFile.write(data, to: url)
            return nil
        } catch {
            return "cannot write \(url.path): \(error)"
        }
    }
}

/// The artifacts one failure wrote.
struct WrittenArtifacts {
    var actualURL: URL?
    var diffURLs: [URL] = []
    var attachments: [SnapshotAttachment] = []
    var problems: [String] = []

    /// `Actual: <path>.`, or why it could not be written.
    var actualDescription: String {
        if let actualURL { return "The actual value is at \(actualURL.path)." }
        return problems.isEmpty ? "" : "The actual value could not be written: \(problems.joined(separator: "; "))."
    }

    /// One indented line per written file, and one per file that could not be written.
    var pathsDescription: String {
        var text = ""
        if let actualURL { text += "\n  actual: \(actualURL.path)" }
        for url in diffURLs { text += "\n  diff:   \(url.path)" }
        for problem in problems { text += "\n  (\(problem))" }
        return text
    }
}
