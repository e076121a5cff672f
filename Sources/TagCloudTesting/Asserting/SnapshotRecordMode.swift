public import Foundation

/// When an assertion writes its golden file, as teams choose it: by the environment variable
/// `TAGCLOUD_RECORD` for a whole run, or per assertion.
///
/// Every assertion that writes a golden fails, so a recording run is never taken for a pass. With
/// ``never``, the default, a missing golden fails and the actual picture is written among the
/// artifacts with the command that records it.
///
/// On CI (the `CI` environment variable set, as most CI services set it, or Azure Pipelines',
/// Jenkins' or TeamCity's own variable: `isCI(_:)`) recording from the
/// environment must be asked for by the mode's name: `TAGCLOUD_RECORD=all`, `missing` or `failed`.
/// The loose values a developer may leave set locally (`1`, `true`, `yes`, which mean ``all``
/// elsewhere) are refused there, and the assertion fails saying so.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Writes every golden, matching or not.
    case all
    /// Writes the goldens that do not exist yet; a mismatch fails without writing.
    case missing
    /// Writes the goldens that are missing or do not match.
    case failed
    /// Writes nothing: missing and mismatching goldens fail, and the actual values are written
    /// among the artifacts. The default.
    case never

    /// The environment variable that sets the mode of a run: `all`, `missing`, `failed` or `never`.
    public static let environmentVariable = "TAGCLOUD_RECORD"

    /// The mode the environment asks for: ``never`` when `TAGCLOUD_RECORD` is unset or empty.
    ///
    /// - Parameter environment: The variables to read; the process's by default.
    /// - Returns: The mode.
    /// - Throws: ``SnapshotError/unknownRecordMode(_:)`` for a value that names no mode, and
    ///   ``SnapshotError/recordingRefusedOnCI(_:)`` for `1`, `true` or `yes` when `CI` is set.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(SnapshotError) -> SnapshotRecordMode {
        let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces) ?? ""
        if value.isEmpty { return .never }
        if let mode = SnapshotRecordMode(rawValue: value.lowercased()) { return mode }
        switch value.lowercased() {
        case "0", "false", "no":
            return .never
        case "1", "true", "yes":
            if isCI(environment) { throw .recordingRefusedOnCI(value) }
            return .all
        default:
            throw .unknownRecordMode(value)
        }
    }

    /// Whether the run is on CI: `CI` set to anything but an empty string, `0` or `false` (GitHub
    /// Actions, GitLab, CircleCI, Travis, Buildkite, Woodpecker), or the variable of a service that
    /// does not set `CI`: Azure Pipelines' `TF_BUILD`, Jenkins' `JENKINS_URL`, TeamCity's
    /// `TEAMCITY_VERSION`.
    static func isCI(_ environment: [String: String]) -> Bool {
        if let value = environment["CI"]?.lowercased(), !["", "0", "false"].contains(value) { return true }
        return ["TF_BUILD", "JENKINS_URL", "TEAMCITY_VERSION"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Whether a golden is written when it is missing.
    var recordsMissing: Bool {
        switch self {
        case .all, .missing, .failed: return true
        case .never: return false
        }
    }

    /// Whether a golden is written when it does not match.
    var recordsMismatches: Bool {
        switch self {
        case .all, .failed: return true
        case .missing, .never: return false
        }
    }

    /// Whether a matching golden is written again.
    var recordsMatches: Bool {
        switch self {
        case .all: return true
        case .missing, .failed, .never: return false
        }
    }
}
