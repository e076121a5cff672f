public import Foundation

/// Everything that stops TagCloudTesting from making or checking a snapshot, besides a difference.
///
/// An assertion reports these as failures; each ``description`` says what to do.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `TAGCLOUD_RECORD` holds a value that names no ``SnapshotRecordMode``.
    case unknownRecordMode(String)
    /// `TAGCLOUD_RECORD` is `1`, `true` or `yes` while `CI` is set: recording on CI must name its
    /// mode.
    case recordingRefusedOnCI(String)
    /// A text needs characters the fonts of the snapshot lack, so the picture would show a
    /// missing-glyph box or depend on the machine's fonts.
    ///
    /// - text: The text, when the picture names it (TagCloudUI's `Text` does).
    /// - characters: The characters no allowed font has.
    /// - fonts: The fonts the snapshot was allowed to use.
    case missingGlyphs(text: String?, characters: [Character], fonts: SnapshotFonts)
    /// A program a strategy runs is not installed.
    case toolNotInstalled(tool: String, debianPackage: String)
    /// A program a strategy runs failed.
    case toolFailed(tool: String, status: Int32, message: String)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .unknownRecordMode(let value):
            return "\(SnapshotRecordMode.environmentVariable)=\"\(value)\" names no record mode: use all, missing, failed or never"
        case .recordingRefusedOnCI(let value):
            return "CI is set, so \(SnapshotRecordMode.environmentVariable)=\(value) is refused: a CI run records goldens "
                + "only when the mode is named (\(SnapshotRecordMode.environmentVariable)=all, missing or failed)"
        case .missingGlyphs(let text, let characters, let fonts):
            let named = characters.map(Self.describe).joined(separator: ", ")
            let subject = text.map { "the text \"\($0.prefix(60))\"" } ?? "a text (its string is not in the picture)"
            switch fonts {
            case .bundled:
                return "\(subject) needs \(named), which the bundled fonts lack: the golden would show a missing-glyph box, "
                    + "or another machine's fonts. Use characters the bundled fonts have, or pass fonts: .bundledAndSystem "
                    + "to let this snapshot use the machine's fonts (its golden then holds only on machines with the same fonts)"
            case .bundledAndSystem:
                let lacking = characters.isEmpty ? "a character" : "\(named), which the bundled fonts lack; at least one of them"
                return "\(subject) needs \(lacking) that no installed font has either: the golden would show a missing-glyph box"
            }
        case .toolNotInstalled(let tool, let package):
            return "\(tool) is not installed: install Debian's \(package) (make deps-test does)"
        case .toolFailed(let tool, let status, let message):
            return "\(tool) exited with status \(status): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }

    /// `"𝐀" (U+1D400 MATHEMATICAL BOLD CAPITAL A)`.
    static func describe(_ character: Character) -> String {
        let scalars = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return scalar.properties.name.map { "\(code) \($0)" } ?? code
        }
        return "\"\(character)\" (\(scalars.joined(separator: ", ")))"
    }
}

extension SnapshotError: LocalizedError {
    /// The same message as ``description``: what went wrong, where, and what to do. Without it,
    /// `error.localizedDescription` said "The operation could not be completed. (SnapshotError error 10.)".
    public var errorDescription: String? { description }
}
