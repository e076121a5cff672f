import Canvas
import Foundation
import TagCloud
import TagCloudTesting
import TagCloudUI
import Testing

/// The README's library section, as a user follows it: its Swift snippets are taken from
/// README.md itself, its dependency lines become the `Package.swift` of a package of its own that
/// depends on this one by path (through a folder named `TagCloud`, as a clone would be), the
/// code snippets are compiled inside nonisolated functions and inside an `@main` type, and the
/// program runs: what it draws, on the main thread and on another, must equal the library's
/// own rendering of the same clouds and view.
@Suite("The README's library section") struct ReadmeExampleTests {
    /// The ```swift blocks of the README's "The library" section, in order.
    static func librarySnippets() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## ").first { $0.hasPrefix("The library") })
        var snippets: [String] = []
        var current: [String]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```swift" { current = [] } else if line == "```", let lines = current {
                snippets.append(lines.joined(separator: "\n"))
                current = nil
            } else if current != nil { current?.append(String(line)) }
        }
        return snippets
    }

    /// A code snippet split into its imports, its declarations (types and functions, kept at file
    /// level) and its statements (wrapped by the caller), with the names its statements bind.
    struct Snippet {
        var imports: [String] = []
        var declarations: [String] = []
        var statements: [String] = []
        var names: [String] = []

        init(_ text: String) {
            var inDeclaration = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("import ") { imports.append(line); continue }
                if line.hasPrefix("struct ") || line.hasPrefix("@MainActor") || line.hasPrefix("func ") {
                    inDeclaration = true
                }
                if inDeclaration {
                    declarations.append(line)
                    if line == "}" { inDeclaration = false }
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    statements.append(line)
                    if let match = line.firstMatch(of: /^(?:let|var) (\w+)/) { names.append(String(match.1)) }
                }
            }
        }
    }

    /// Builds and runs the README's package; returns the folder of what it wrote.
    static func runDownstream(_ snippets: [String]) throws -> URL {
        let root = packageRoot.appendingPathComponent(".build/readme-downstream")
        let package = root.appendingPathComponent("ReadmeUser")
        let sources = package.appendingPathComponent("Sources/MyTool")
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        // The clone the README's path names, under the name it says.
        let link = root.appendingPathComponent("TagCloud")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != packageRoot.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: packageRoot)
        }
        let manifest = snippets[0].split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
        try """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "ReadmeUser",
                platforms: [.macOS(.v13)],
            \(manifest)
            )

            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        let code = snippets.dropFirst().map(Snippet.init)
        var mainBlocks: [String] = []
        var calls: [String] = []
        for (index, snippet) in code.enumerated() {
            // Each snippet's file has the snippet's imports alone, as a reader's file would.
            let imports = Set(snippet.imports).sorted().joined(separator: "\n")
            var file = imports + "\n\n" + snippet.declarations.joined(separator: "\n") + "\n"
            if !snippet.statements.isEmpty {
                // Inside a nonisolated function, returning every value the snippet binds.
                let values = snippet.names.map { "(\"\($0)\", \($0) as Any)" }.joined(separator: ", ")
                file += "\nfunc example\(index)() throws -> [(String, Any)] {\n"
                    + snippet.statements.map { "    " + $0 }.joined(separator: "\n")
                    + "\n    return [\(values)]\n}\n"
                // Inside the @main type too, as written.
                mainBlocks.append("do {\n" + snippet.statements.map { "    " + $0 }.joined(separator: "\n")
                                  + "\n    _ = (" + snippet.names.joined(separator: ", ") + ")\n}")
                calls.append("example\(index)")
            }
            try file.write(to: sources.appendingPathComponent("Example\(index).swift"), atomically: true, encoding: .utf8)
        }
        // The DocC catalogs' examples, compiled (not run: they name files of the reader's).
        for (index, example) in try docExamples().enumerated() {
            try example.write(to: sources.appendingPathComponent("Doc\(index).swift"), atomically: true, encoding: .utf8)
        }
        let imports = Set(code.flatMap(\.imports) + ["import Foundation"]).sorted().joined(separator: "\n")
        try """
            \(imports)

            /// Writes every value an example binds: Data as a file, the rest as its description.
            func save(_ values: [(String, Any)], as prefix: String, in folder: URL) throws {
                for (name, value) in values {
                    let data = (value as? Data) ?? Data(String(describing: value).utf8)
                    try data.write(to: folder.appendingPathComponent("\\(prefix)-\\(name)"))
                }
            }

            @main struct ReadmeUser {
                @MainActor static func main() throws {
                    let folder = URL(fileURLWithPath: CommandLine.arguments[1])
            \(mainBlocks.map { $0.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n") }.joined(separator: "\n"))
                    try renderTagCloudView().write(to: folder.appendingPathComponent("view.png"))
                    let examples: [@Sendable () throws -> [(String, Any)]] = [\(calls.joined(separator: ", "))]
                    for (index, example) in examples.enumerated() {
                        try save(try example(), as: "main\\(index)", in: folder)
                        // The same example on another thread, with no actor (the main thread waits).
                        let done = DispatchSemaphore(value: 0)
                        Thread {
                            try? save(try example(), as: "thread\\(index)", in: folder)
                            done.signal()
                        }.start()
                        done.wait()
                    }
                }
            }

            """.write(to: sources.appendingPathComponent("Main.swift"), atomically: true, encoding: .utf8)

        let output = root.appendingPathComponent("output")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let build = try run(["swift", "build", "--package-path", package.path,
                             "--scratch-path", root.appendingPathComponent("scratch").path])
        try #require(build.status == 0, "the README's package does not build:\n\(build.output)")
        #expect(!build.output.contains("warning:"), "the README's package builds with warnings:\n\(build.output)")
        let binary = try run(["swift", "build", "--package-path", package.path,
                              "--scratch-path", root.appendingPathComponent("scratch").path, "--show-bin-path"])
        let program = binary.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/MyTool"
        var environment = ProcessInfo.processInfo.environment
        environment["TAGCLOUD_FONTS"] = packageRoot.appendingPathComponent("Fonts").path
        let ran = try run([program, output.path], environment: environment)
        try #require(ran.status == 0, "the README's program failed:\n\(ran.output)")
        return output
    }

    /// The catalogs whose examples a program writes (TagCloudTesting's are a test target's, and
    /// are built by `DownstreamFixtureTests`).
    static let catalogs = ["Sources/TagCloud/TagCloud.docc", "Sources/TagCloudUI/TagCloudUI.docc",
                           "Sources/Canvas/Canvas.docc", "Sources/Typesetting/Typesetting.docc"]

    /// Each ```swift block of the catalogs' articles as a file of its own: its imports, then its
    /// declarations and statements in an enum of their own (examples may each define a
    /// `TagCloudView`), the statements in a main-actor function, a bare expression (`label.size`,
    /// shown with its value in a comment) assigned to `_`, the values bound used. A block with
    /// `…` in its code (not in a comment) is a sketch, not code, and is left out.
    static func docExamples() throws -> [String] {
        var files: [String] = []
        for catalog in catalogs {
            let folder = packageRoot.appendingPathComponent(catalog)
            let articles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
            for article in articles {
                let text = try String(contentsOf: folder.appendingPathComponent(article), encoding: .utf8)
                var current: [String]?
                for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                    if line == "```swift" { current = []; continue }
                    guard line == "```", let block = current else { current?.append(line); continue }
                    current = nil
                    guard !block.contains(where: { $0.split(separator: "//").first?.contains("…") == true }) else { continue }
                    let snippet = Snippet(block.joined(separator: "\n"))
                    let statements = snippet.statements.map { line in
                        line.wholeMatch(of: /[A-Za-z_][\w.]*\s*(\/\/.*)?/) != nil ? "_ = " + line : line
                    }
                    let used = snippet.names.isEmpty ? "" : "\n        _ = (" + snippet.names.joined(separator: ", ") + ")"
                    files.append(snippet.imports.sorted().joined(separator: "\n") + "\n\n// \(catalog)/\(article)\n"
                                 + "enum DocExample\(files.count) {\n" + snippet.declarations.joined(separator: "\n") + "\n"
                                 + "    @MainActor static func run() throws {\n"
                                 + statements.map { "        " + $0 }.joined(separator: "\n") + used + "\n    }\n}\n")
                }
            }
        }
        return files
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("Built as a user builds it, the README's examples draw what the library draws")
    @MainActor func theSnippetsBuildAndRunInAPackageOfTheirOwn() throws {
        let snippets = try Self.librarySnippets()
        try #require(snippets.count == 4, "the library section should have its 4 snippets, found \(snippets.count)")
        // The catalogs' examples are compiled with them: TagCloud's, TagCloudUI's, Canvas's, Typesetting's.
        #expect(try Self.docExamples().count == 4)
        let output = try Self.runDownstream(snippets)
        func file(_ name: String) throws -> Data { try Data(contentsOf: output.appendingPathComponent(name)) }

        // The spec example: the PNG of the YAML the README gives, at 2×, from any thread.
        let yaml = try #require(snippets[1].firstMatch(of: /Cloud\(yaml: "([^"]*)"/)?.1)
        let expected = try Cloud(yaml: String(yaml)).pngData(scale: 2)
        #expect(try file("main0-png") == expected)
        #expect(try file("thread0-png") == expected)
        #expect(try RGBAImage(pngData: expected).width == Int((try Cloud(yaml: String(yaml)).layout().width * 2).rounded(.up)))

        // The built-in-code example: the same SVG and frames whichever thread drew them, and the
        // SVG has every chip the code gives.
        #expect(try file("main1-svg") == file("thread1-svg"))
        #expect(try file("main1-frames") == file("thread1-frames"))
        let svg = String(decoding: try file("main1-svg"), as: UTF8.self)
        for tag in ["Swift", "Linux", "Cairo"] { #expect(svg.contains("data-label=\"\(tag)\""), "\(tag)") }
        #expect(svg.contains("https://kernel.org"))

        // The view example: the README's view, rendered in its package, equals this copy rendered here.
        let renderer = ImageRenderer(content: ReadmeTagCloudView())
        renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
        renderer.scale = 2
        #expect(try file("view.png") == renderer.pngData())
    }

    /// The README's golden-test line, with this copy of the README's view (a golden at
    /// `Readme/__Snapshots__/ReadmeExampleTests/goldenExample.1.png`).
    @Test("The README's golden test of the view")
    func goldenExample() {
        assertSnapshot(of: ReadmeTagCloudView(), as: .image(scale: 2))
    }
}

/// The README's `TagCloudView`, as the oracle for the view example.
struct ReadmeTagCloudView: View {
    let tags = ["Swift", "SwiftUI", "iOS Development", "Xcode", "UIKit", "Combine"]

    var body: some View {
        FlowLayout(itemSpacing: 8, lineSpacing: 8) {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 8)
                    .background(Capsule().fill(Color.blue.opacity(0.2)))
            }
        }
        .padding()
    }
}
