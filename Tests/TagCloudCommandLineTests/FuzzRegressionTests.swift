import Foundation
import Testing

/// The fuzz targets' seeds and every input that once made a target fail (Fuzz/regressions/TARGET)
/// replayed through the targets' checks, in the normal build of TagCloudFuzz (no libFuzzer).
@Suite struct FuzzRegressionTests {
    static let replayer: URL = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("TagCloudFuzz")

    static let targets = ["json", "yaml", "csv", "text", "set", "png", "link", "render"]

    @Test(arguments: targets)
    func seedsAndRegressionsPassTheTargetsChecks(_ target: String) throws {
        let folders = ["Fuzz/seeds/\(target)", "Fuzz/regressions/\(target)"].map { packageRoot.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let samples = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("samples").path)
            .filter { name in
                switch target {
                case "json": name.hasSuffix(".json")
                case "yaml": name.hasSuffix(".yaml")
                case "csv": name.hasSuffix(".csv")
                case "text": name.hasSuffix(".txt")
                default: false
                }
            }
            .map { packageRoot.appendingPathComponent("samples/\($0)").path }
        let process = Process()
        process.executableURL = Self.replayer
        process.arguments = [target] + folders + samples
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasPrefix("\(target): ") && text.contains("every check held"), "\(text)")
        #expect(!text.hasPrefix("\(target): 0 inputs"), "no input was replayed for \(target)")
    }

    /// An unknown target is a usage error, not a silent pass.
    @Test func anUnknownTargetIsRefused() throws {
        let process = Process()
        process.executableURL = Self.replayer
        process.arguments = ["nonsense", "/dev/null"]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }
}
