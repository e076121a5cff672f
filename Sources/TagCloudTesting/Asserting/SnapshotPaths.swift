import Foundation
import Typesetting

/// Where an assertion's golden and artifacts go.
///
/// The golden is `__Snapshots__/<Suite>/<Inner>/<test>[.<arguments>].<name or counter>.<ext>` in
/// the folder of the calling file: the folders are the test's enclosing types (or the file's name
/// for a test at file scope), `<arguments>` is the case of a parameterised test, and an assertion
/// without `named:` takes the next number of its test (`.1`, `.2`, …). Artifacts (the actual value,
/// the diff, the failure message) mirror that layout under the artifacts folder.
struct SnapshotLocation: Sendable {
    /// The golden file.
    let golden: URL
    /// The folder the artifacts of this golden are written to.
    let artifactsFolder: URL
    /// The golden's name without its extension: artifacts are `<baseName>.actual.<ext>`, ….
    let baseName: String

    /// The artifact file for `name` (`actual`, `diff`, `failure`) and an extension.
    func artifact(_ name: String, _ pathExtension: String) -> URL {
        artifactsFolder.appendingPathComponent("\(baseName).\(name).\(pathExtension)")
    }

    /// Every artifact this golden may have left (`<base>.actual.*`, `<base>.diff*`,
    /// `<base>.failure.*`), for removing stale ones.
    func existingArtifacts() -> [URL] {
        let prefixes = ["actual.", "diff.", "failure."].map { "\(baseName).\($0)" }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: artifactsFolder.path)) ?? []
        return names.filter { name in prefixes.contains { name.hasPrefix($0) } }.map { artifactsFolder.appendingPathComponent($0) }
    }
}

/// The golden paths claimed in this process and the counters of unnamed assertions: what makes
/// every assertion's golden its own.
final class SnapshotRegistry: Sendable {
    static let shared = SnapshotRegistry()

    /// Who claimed a golden path: a call site in a test.
    struct Claimant: Hashable, Sendable {
        let callSite: CallSite
        let test: String
    }

    private struct State: Sendable {
        /// By test key, then by the golden's name before its number.
        var counters: [String: [String: Int]] = [:]
        var claims: [String: Claimant] = [:]
    }

    private let state = Locked(State())

    /// The next number for an unnamed assertion of a test: 1, 2, … in the order the assertions of
    /// this run of the test run.
    ///
    /// - Parameters:
    ///   - testKey: The test's ``TestIdentity/key``.
    ///   - base: The golden's name before its number (the test's name, or `testName:`, and arguments).
    func nextNumber(forTest testKey: String, base: String) -> Int {
        state.withLock { state in
            let number = (state.counters[testKey]?[base] ?? 0) + 1
            state.counters[testKey, default: [:]][base] = number
            return number
        }
    }

    /// Starts a run of the test whose ``TestIdentity/key`` is `testKey`: its unnamed assertions are
    /// numbered from 1 again. XCTest's observer calls it as each case starts, ``SnapshotsTrait`` as
    /// each run of a Swift Testing test does; a test run twice in one process (repetitions) would
    /// otherwise look for `.2` where its one golden is `.1`.
    func startRun(ofTest testKey: String) {
        state.withLock { state in _ = state.counters.removeValue(forKey: testKey) }
    }

    /// Claims `path` for `claimant`.
    ///
    /// - Returns: The earlier claimant when another call site or test already claimed the path in
    ///   this process, otherwise `nil`. The same call site of the same test may claim its path
    ///   again (a loop, a helper, a repeated run).
    func claim(_ path: String, by claimant: Claimant) -> Claimant? {
        state.withLock { state in
            if let earlier = state.claims[path], earlier != claimant { return earlier }
            state.claims[path] = claimant
            return nil
        }
    }
}

/// Finds the folders golden files and artifacts live in.
enum SnapshotFolders {
    /// The environment variable naming the folder artifacts are written under.
    static let artifactsVariable = "TAGCLOUD_SNAPSHOT_ARTIFACTS"

    /// The artifacts root: `TAGCLOUD_SNAPSHOT_ARTIFACTS` (relative to the working folder when not
    /// absolute), else `snapshot-artifacts` in the build folder of the running test binary
    /// (`.build/<triple>/debug/snapshot-artifacts`), outside the source tree.
    static func artifactsRoot(environment: [String: String]) -> URL {
        if let configured = environment[artifactsVariable], !configured.isEmpty {
            return URL(fileURLWithPath: configured, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return buildFolder.appendingPathComponent("snapshot-artifacts")
    }

    /// The folder of the running test binary, where SwiftPM builds it; the temporary folder when the
    /// binary cannot be found.
    static let buildFolder: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard executable.path != "/proc/self/exe" else {
            return FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-snapshots")
        }
        return executable.deletingLastPathComponent()
    }()

    /// `folder` relative to the package that holds it (the nearest folder above with a
    /// `Package.swift`), such as `Tests/CanvasTests`; the folder's own name when no package holds it.
    static func packageRelativePath(of folder: URL) -> String {
        var candidate = folder.standardizedFileURL
        var parts: [String] = []
        while candidate.path != "/" {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return parts.reversed().joined(separator: "/")
            }
            parts.append(candidate.lastPathComponent)
            candidate = candidate.deletingLastPathComponent()
        }
        return folder.lastPathComponent
    }
}
