import Foundation
import Testing
import XCTest

/// The test an assertion belongs to, captured once when the assertion starts, so that its golden
/// path and its failure go to the same test whatever thread the work ends on.
struct TestContext: Sendable {
    /// Which framework runs the test, if any.
    enum Runner: Sendable {
        /// A Swift Testing test, with its case when the test is parameterised.
        case swiftTesting(Test, Test.Case?)
        /// An XCTest case, as the observer saw it start.
        case xcTest(XCTestCaseReference)
        /// No test of either framework is running: a detached task, another thread after its test
        /// ended, or code that is not a test.
        case none
    }

    let runner: Runner

    /// The running test, read once: Swift Testing's task-local current test, else the XCTest case
    /// the observer saw start.
    static func capture() -> TestContext {
        if let test = Test.current { return TestContext(runner: .swiftTesting(test, Test.Case.current)) }
        if let testCase = XCTestObserver.shared.currentTestCase {
            return TestContext(runner: .xcTest(XCTestCaseReference(testCase: testCase)))
        }
        return TestContext(runner: .none)
    }

    /// The test's identity for golden paths, or `nil` when no test is running.
    var identity: TestIdentity? {
        switch runner {
        case .swiftTesting(let test, let testCase):
            return TestIdentity(swiftTesting: test, testCase: testCase)
        case .xcTest(let reference):
            return TestIdentity(xcTestName: reference.name, type: reference.typeName)
        case .none:
            return nil
        }
    }

    /// Whether this process runs Swift Testing's tests: SwiftPM starts the test binary once per
    /// framework, with `--testing-library swift-testing` for Swift Testing.
    static let processRunsSwiftTesting: Bool = {
        let arguments = CommandLine.arguments
        return zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
    }()

    /// Reports a failure to the captured test, so that it is never lost.
    ///
    /// A Swift Testing test gets an issue (and the artifacts as attachments); an XCTest case gets a
    /// failure; with no test running, Swift Testing's run gets an issue of no test (its runner reports
    /// it and the run fails), and a process that does not run Swift Testing stops with the message,
    /// since XCTest would drop a failure with no case to receive it.
    ///
    /// - Parameters:
    ///   - message: What failed.
    ///   - location: The assertion's call site.
    ///   - attachments: Files to attach to a Swift Testing result.
    func report(_ message: String, at location: CallSite, attachments: [SnapshotAttachment]) {
        switch runner {
        case .swiftTesting:
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
            #if compiler(>=6.2)
            // Swift Testing's attachments are public API from Swift 6.2 on.
            for attachment in attachments {
                Attachment.record([UInt8](attachment.data), named: attachment.name, sourceLocation: location.sourceLocation)
            }
            #endif
        case .xcTest(let reference):
            reference.recordFailure(message, at: location)
        case .none:
            if Self.processRunsSwiftTesting {
                Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
            } else {
                fatalError("TagCloudTesting: \(message)", file: location.filePath, line: location.line)
            }
        }
    }
}

/// An XCTest case, held to record its failure and read its name. XCTest cases are not `Sendable`;
/// the reference only reads the name and calls XCTest's failure recording, which the test case
/// serialises itself.
struct XCTestCaseReference: @unchecked Sendable {
    let testCase: XCTestCase

    /// The case's name, `Class.testMethod` in swift-corelibs-xctest.
    var name: String { testCase.name }

    /// The case's class, fully qualified (`Module.Outer.Inner`).
    var typeName: String { String(reflecting: type(of: testCase)) }

    /// Records a failed assertion on the case.
    func recordFailure(_ message: String, at location: CallSite) {
        testCase.recordFailure(withDescription: message, inFile: "\(location.filePath)", atLine: Int(location.line), expected: true)
    }
}

/// Where an assertion was written.
struct CallSite: Hashable, Sendable, CustomStringConvertible {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// `Module/File.swift:12:5`.
    var description: String { "\(fileID):\(line):\(column)" }

    static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        "\(lhs.filePath)" == "\(rhs.filePath)" && lhs.line == rhs.line && lhs.column == rhs.column
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine("\(filePath)")
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// A file to attach to a Swift Testing result.
struct SnapshotAttachment: Sendable {
    let name: String
    let data: Data
}
