import Foundation
import Testing

/// The parts of a golden path a running test contributes: its enclosing types, its name and, for a
/// case of a parameterised test, its arguments.
struct TestIdentity: Hashable, Sendable {
    /// The enclosing types, outermost first (`["Outer", "Inner"]`); empty for a test at file scope.
    var suite: [String]
    /// The test function or method, without its argument labels (`golden`, `testCloud`).
    var name: String
    /// The case's arguments as a file-name part (`aligned-flow-leading`, `b,2`); `nil` for a test
    /// that is not parameterised.
    var arguments: String?
    /// Whether the test is parameterised but its case's arguments could not be read.
    var argumentsUnknown = false
    /// Tells tests apart in one process: module, suite, name and arguments.
    var key: String
    /// How messages name the test: `Outer/Inner/golden(_:) with aligned-flow-leading`.
    var description: String

    /// The identity of a Swift Testing test and, when parameterised, its case.
    init(swiftTesting test: Test, testCase: Test.Case?) {
        let components = test.id.nameComponents
        suite = components.dropLast().map { SnapshotName.sanitise($0) }
        let function = components.last ?? test.name
        name = SnapshotName.sanitise(String(function.prefix { $0 != "(" }))
        // The arguments as they are, to tell cases apart: two whose file-name parts are one
        // ("a/b" and "a_b") are two tests, whose claims on one golden collide.
        var exactArguments = ""
        if let testCase, testCase.isParameterized {
            if let values = TestArguments.values(of: testCase) {
                arguments = values.map(TestArguments.fileNamePart).joined(separator: ",")
                exactArguments = values.map(TestArguments.structure).joined(separator: "\u{1F}")
            } else {
                argumentsUnknown = true
            }
        }
        let argumentText = arguments.map { " with \($0)" } ?? ""
        description = components.joined(separator: "/") + argumentText
        key = "\(test.id.moduleName)/\(components.joined(separator: "/"))|\(exactArguments)"
    }

    /// The identity of an XCTest case from its name (`Class.testMethod`) and its class's fully
    /// qualified name (`Module.Outer.Class`).
    init(xcTestName: String, type typeName: String) {
        // `Module.Outer.Class`: drop the module; private types add "(unknown context at $…)", which
        // changes from build to build, so such parts are dropped too.
        let typeParts = typeName.split(separator: ".").dropFirst().map(String.init).filter { !$0.hasPrefix("(") }
        suite = typeParts.map { SnapshotName.sanitise($0) }
        let method = xcTestName.split(separator: ".").last.map(String.init) ?? xcTestName
        name = SnapshotName.sanitise(String(method.prefix { $0 != "(" }))
        description = "\(typeParts.joined(separator: ".")).\(method)"
        key = "\(typeName).\(method)"
    }
}

/// The arguments of a case of a parameterised Swift Testing test.
///
/// Swift Testing keeps a case's arguments in `Test.Case`, whose public interface only says whether
/// the test is parameterised; the values are read by reflection (`Mirror`). If a future Swift
/// Testing stores them differently, ``values(of:)`` returns `nil` and the assertion fails asking for
/// `named:`, rather than letting every case share one golden.
enum TestArguments {
    /// The argument values of `testCase`, in parameter order, or `nil` if they cannot be read.
    static func values(of testCase: Test.Case) -> [Any]? {
        guard let arguments = child(labelled: "arguments", of: testCase, depth: 4) else { return nil }
        let values = Mirror(reflecting: arguments).children.compactMap { argument in
            Mirror(reflecting: argument.value).children.first { $0.label == "value" }?.value
        }
        return values.isEmpty ? nil : values
    }

    /// The first descendant of `subject` (breadth first, at most `depth` levels down) labelled `label`.
    private static func child(labelled label: String, of subject: Any, depth: Int) -> Any? {
        var level: [Any] = [subject]
        for _ in 0..<depth {
            var next: [Any] = []
            for value in level {
                for child in Mirror(reflecting: value).children {
                    if child.label == label { return child.value }
                    next.append(child.value)
                }
            }
            level = next
        }
        return nil
    }

    /// An argument's value as its structure shows it (`dump`: its type and every stored
    /// property, whatever its `description` says): two cases whose arguments describe themselves
    /// alike (`Variant(title: "One", label: "same")` and `Variant(title: "Two", …)` both "same")
    /// are two tests, whose claims on one golden collide, not one test run twice.
    static func structure(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text, maxDepth: 8, maxItems: 10_000)
        return text
    }

    /// One argument as part of a file name: a string itself, anything else its test description
    /// (`String(describingForTest:)`), sanitised; a description longer than 40 characters keeps
    /// its first 24 and a stable hash of the whole (FNV-1a), so long values still give distinct,
    /// stable names.
    static func fileNamePart(_ value: Any) -> String {
        let description = (value as? any StringProtocol).map { String($0) } ?? String(describingForTest: value)
        let name = SnapshotName.sanitise(description)
        guard name.count > 40 else { return name }
        var hash: UInt32 = 0x811C_9DC5
        for byte in description.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return "\(name.prefix(24))-\(String(hash, radix: 16))"
    }
}

/// File-name parts of golden paths.
enum SnapshotName {
    /// Keeps letters, digits, `-`, `_` and `.`; anything else becomes `_`. An empty result, or one
    /// starting with a dot (a hidden file, or `..`), gets a leading `_`.
    static func sanitise(_ text: String) -> String {
        let kept = String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return kept.isEmpty || kept.hasPrefix(".") ? "_" + kept : kept
    }
}
