import Canvas
import Foundation
import TagCloudTesting
import Testing

/// Each record mode does what it says, from the environment or per assertion, and CI refuses
/// recording that does not name its mode.
@Suite struct RecordModeTests {
    @Test func theEnvironmentNamesTheMode() throws {
        func mode(_ environment: [String: String]) throws -> SnapshotRecordMode {
            try SnapshotRecordMode.fromEnvironment(environment)
        }
        #expect(try mode([:]) == .never)
        #expect(try mode(["TAGCLOUD_RECORD": ""]) == .never)
        for name in ["all", "missing", "failed", "never"] {
            #expect(try mode(["TAGCLOUD_RECORD": name]).rawValue == name)
            #expect(try mode(["TAGCLOUD_RECORD": name.uppercased(), "CI": "true"]).rawValue == name)
        }
        #expect(try mode(["TAGCLOUD_RECORD": "1"]) == .all)
        #expect(try mode(["TAGCLOUD_RECORD": "true", "CI": "false"]) == .all)
        #expect(try mode(["TAGCLOUD_RECORD": "0", "CI": "true"]) == .never)
        #expect(throws: SnapshotError.recordingRefusedOnCI("1")) { try mode(["TAGCLOUD_RECORD": "1", "CI": "true"]) }
        #expect(throws: SnapshotError.unknownRecordMode("everything")) { try mode(["TAGCLOUD_RECORD": "everything"]) }
        // CI services that do not set CI: Azure Pipelines, Jenkins, TeamCity.
        for variable in ["TF_BUILD", "JENKINS_URL", "TEAMCITY_VERSION"] {
            #expect(throws: SnapshotError.recordingRefusedOnCI("yes")) { try mode(["TAGCLOUD_RECORD": "yes", variable: "True"]) }
            #expect(try mode(["TAGCLOUD_RECORD": "yes", variable: ""]) == .all)
        }
    }

    /// The three states a golden can be in.
    enum State: CaseIterable, Sendable { case missing, matching, mismatching }

    /// What each mode does in each state: the outcome, and whether the golden then holds the actual
    /// picture.
    static let table: [(SnapshotRecordMode, State, SnapshotResult.Outcome, writes: Bool)] = [
        (.never, .missing, .missing, false), (.never, .matching, .matched, false), (.never, .mismatching, .mismatched, false),
        (.missing, .missing, .recorded, true), (.missing, .matching, .matched, false), (.missing, .mismatching, .mismatched, false),
        (.failed, .missing, .recorded, true), (.failed, .matching, .matched, false), (.failed, .mismatching, .recorded, true),
        (.all, .missing, .recorded, true), (.all, .matching, .recorded, false), (.all, .mismatching, .recorded, true),
    ]

    @Test(arguments: table.indices)
    func eachModeDoesWhatItSays(_ row: Int) throws {
        let (mode, state, outcome, writes) = Self.table[row]
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let actual = Fixtures.chip(color: Fixtures.blue)
        let golden = folder.appendingPathComponent("RecordModeTests/eachModeDoesWhatItSays.\(row).golden.png")
        let old = state == .mismatching ? Fixtures.chip(color: .black) : actual
        if state != .missing {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try old.rgbaImage().pngData().write(to: golden)  // encoded as the strategy encodes
        }
        let before = try? Data(contentsOf: golden)
        // Once per assertion, and once from the environment: the same result.
        for (record, environment) in [(Optional(mode), [String: String]()), (nil, ["TAGCLOUD_RECORD": mode.rawValue])] {
            if let before { try before.write(to: golden) } else { try? FileManager.default.removeItem(at: golden) }
            let result = verifySnapshot(of: actual, as: .image(), named: "golden", record: record, snapshotDirectory: folder,
                                        artifactsDirectory: folder.appendingPathComponent("artifacts"), environment: environment)
            #expect(result.outcome == outcome, "\(mode) with a \(state) golden")
            let now = try? RGBAImage(contentsOf: golden)
            if writes {
                #expect(now == (try actual.rgbaImage()), "\(mode) with a \(state) golden writes it")
            } else {
                #expect((try? Data(contentsOf: golden)) == before, "\(mode) with a \(state) golden leaves it")
            }
        }
    }

    /// Under CI, `TAGCLOUD_RECORD=1` is refused: nothing is written and the assertion fails saying
    /// so. Named, the mode records.
    @Test func ciRefusesRecordingThatIsNotAskedForByName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = verifySnapshot(of: Fixtures.chip(color: .black), as: .image(), snapshotDirectory: folder,
                                     artifactsDirectory: folder, environment: ["TAGCLOUD_RECORD": "1", "CI": "true"])
        #expect(refused.outcome == .refused)
        #expect(refused.failureMessage?.contains("CI is set, so TAGCLOUD_RECORD=1 is refused") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let named = verifySnapshot(of: Fixtures.chip(color: .black), as: .image(), named: "named", snapshotDirectory: folder,
                                   artifactsDirectory: folder, environment: ["TAGCLOUD_RECORD": "missing", "CI": "true"])
        #expect(named.outcome == .recorded)
        #expect(named.goldenURL.map { FileManager.default.fileExists(atPath: $0.path) } == true)
    }

    /// An unknown value fails the assertion rather than being taken for "never".
    @Test func anUnknownModeFails() {
        let result = verifySnapshot(of: Fixtures.chip(color: .black), as: .image(), environment: ["TAGCLOUD_RECORD": "yes please"])
        #expect(result.outcome == .error)
        #expect(result.failureMessage?.contains("names no record mode") == true)
    }
}
