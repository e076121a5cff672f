public import Foundation

/// How to store values of one format in files and tell whether two of them match, like
/// swift-snapshot-testing's `Diffing`.
public struct Diffing<Format>: Sendable {
    /// Turns a value into the bytes of its golden file.
    public var toData: @Sendable (Format) throws -> Data
    /// Reads a value back from a golden file's bytes.
    public var fromData: @Sendable (Data) throws -> Format
    /// Compares a reference with an actual value: `nil` if they match, otherwise what differs.
    public var diff: @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?

    /// Makes a diffing strategy from its three closures.
    ///
    /// - Parameters:
    ///   - toData: Encodes a value for its file.
    ///   - fromData: Decodes a value from its file.
    ///   - diff: Compares reference and actual; `nil` when they match.
    public init(toData: @escaping @Sendable (Format) throws -> Data,
                fromData: @escaping @Sendable (Data) throws -> Format,
                diff: @escaping @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// What differs between a reference and an actual value.
public struct SnapshotDifference: Sendable {
    /// What differs and by how much, such as "12 of 4,800 pixels differ…"; may span lines (a
    /// unified diff of text).
    public var message: String
    /// Files that show the difference (a diff image, a full text diff), written among the artifacts
    /// on failure and attached to the Swift Testing result.
    public var artifacts: [SnapshotArtifact]

    /// Makes a difference report.
    ///
    /// - Parameters:
    ///   - message: What differs.
    ///   - artifacts: Files that show it.
    public init(message: String, artifacts: [SnapshotArtifact] = []) {
        self.message = message
        self.artifacts = artifacts
    }
}

/// A file that shows a difference, written as `<golden's name>.<name>.<pathExtension>` among the
/// artifacts.
public struct SnapshotArtifact: Sendable, Equatable {
    /// What the file is: `diff`, or `diff.page2` for the second page of a PDF.
    public var name: String
    /// The file's extension, without a dot.
    public var pathExtension: String
    /// The file's bytes.
    public var data: Data

    /// Makes an artifact.
    ///
    /// - Parameters:
    ///   - name: What the file is; it must start with `diff` (the artifacts a passing assertion
    ///     removes are `actual`, `diff…` and `failure`).
    ///   - pathExtension: The file's extension.
    ///   - data: The bytes.
    public init(name: String, pathExtension: String, data: Data) {
        self.name = name
        self.pathExtension = pathExtension
        self.data = data
    }
}
