import Foundation
import Testing

/// `tagcloud render` for the web: HTML by extension or `--format html`, `--page`, `--id`, the web
/// keys, and refused links (exit 65 naming the file, line and tag, nothing written).
@Suite struct WebCommandTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-command-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static let tags = "tags:\n  - Swift\n  - {text: Linux, href: \"https://kernel.org\"}\n"

    @Test func htmlByExtensionOrFormatWithPageAndId() throws {
        let dir = try Self.folder(["tags.yaml": Self.tags])
        defer { try? FileManager.default.removeItem(at: dir) }
        let fragment = try CommandRunner.run(["render", "tags.yaml", "-o", "cloud.html", "--id", "langs"], in: dir)
        #expect(fragment.status == 0, "\(fragment.standardError)")
        let html = try String(contentsOf: dir.appendingPathComponent("cloud.html"), encoding: .utf8)
        #expect(html.hasPrefix("<style>") && html.contains("<ul id=\"langs\" class=\"tc-cloud\" role=\"list\""))
        let page = try CommandRunner.run(["render", "tags.yaml", "-o", "-", "--format", "html", "--page"], in: dir)
        #expect(page.status == 0, "\(page.standardError)")
        #expect(String(decoding: page.standardOutput, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
    }

    @Test func theWebKeysReachTheSVG() throws {
        let spec = Self.tags + "theme: auto\nresponsive: true\nlinkTarget: _blank\ntitle: Languages\nid: langs\n"
        let dir = try Self.folder(["tags.yaml": spec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try CommandRunner.run(["render", "tags.yaml", "-o", "cloud.svg"], in: dir)
        #expect(output.status == 0, "\(output.standardError)")
        let svg = try String(contentsOf: dir.appendingPathComponent("cloud.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"langs\" class=\"tc-svg\" width=\"390\" height=\"68\" viewBox="))
        #expect(svg.contains("#langs{width:100%;"))
        #expect(svg.contains("<title id=\"langs-title\">Languages</title>"))
        #expect(svg.contains("@media screen and (prefers-color-scheme:dark){"))
        #expect(svg.contains("href=\"https://kernel.org\" aria-label=\"Linux\" target=\"_blank\" rel=\"noopener\""))
        // No background unless the spec gives one.
        #expect(!svg.contains("tc-background\""))
    }

    @Test(arguments: ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " JaVaScRiPt:alert(1)", "vbscript:x", "data:text/html,x",
                      "file:///etc/passwd", "https://", "https://a.com/%zz"])
    func refusedLinksExit65NamingTheFileLineAndTagAndWriteNothing(href: String) throws {
        let dir = try Self.folder(["evil.yaml": "tags:\n  - Swift\n  - {text: Evil, href: \"\(href)\"}\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        for output in ["cloud.svg", "cloud.html", "cloud.pdf", "cloud.png"] {
            let result = try CommandRunner.run(["render", "evil.yaml", "-o", output], in: dir)
            #expect(result.status == 65, "\(href): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: evil.yaml:3:"), "\(result.standardError)")
            #expect(result.standardError.contains("the tag \"Evil\""), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path))
        }
    }

    @Test func badWebKeysAreDataErrors() throws {
        let dir = try Self.folder(["a.yaml": "id: 9lives\ntags: [Swift]\n", "b.yaml": "fontURL: \"javascript:x\"\ntags: [Swift]\n",
                                   "c.yaml": "linkTarget: _new\ntags: [Swift]\n",
                                   "ok.yaml": "tags: [Swift]\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, line) in [("a.yaml", 1), ("b.yaml", 1), ("c.yaml", 1)] {
            let result = try CommandRunner.run(["render", file, "-o", "x.html"], in: dir)
            #expect(result.status == 65, "\(file): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: \(file):\(line):"), "\(result.standardError)")
        }
        let option = try CommandRunner.run(["render", "ok.yaml", "-o", "x.svg", "--id", "a b"], in: dir)
        #expect(option.status == 64, "\(option.standardError)")
    }
}
