import Foundation
import TagCloud
import Testing

/// The layout JSON shown in the documentation is what the library writes for the tags it shows:
/// the catalog's example said a one-row cloud was 156 pt tall (it is 71), and `CloudLayout`'s own
/// example gave widths of an older font and one line where the writer puts a chip a line.
@Suite struct LayoutJSONExampleTests {
    /// The first ```json block after `marker` in `file`, its lines without `prefix` (`/// ` in a
    /// doc comment).
    static func example(in file: String, after marker: String, prefix: String = "") throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        let rest = try #require(text.range(of: marker).map { text[$0.upperBound...] }, "\(file) has no \(marker)")
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
        }
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```json" }, "\(file): no json block")
        let end = try #require(lines[(start + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" })
        return lines[(start + 1)..<end].joined(separator: "\n") + "\n"
    }

    @Test(arguments: [("Sources/TagCloud/TagCloud.docc/TagCloud.md", "### The layout JSON", ""),
                      ("Sources/TagCloud/Rendering/CloudLayout.swift", "/// Where every chip of a rendered cloud went", "/// ")])
    func theDocumentedLayoutIsTheOneWritten(_ file: String, _ marker: String, _ prefix: String) throws {
        let shown = try Self.example(in: file, after: marker, prefix: prefix)
        let layout = try CloudLayout(jsonData: Data(shown.utf8))
        // The cloud of those tags, with every key at its default.
        let cloud = Cloud(tags: layout.chips.map { Cloud.Tag($0.text) })
        let written = String(decoding: try cloud.rendered(typesetter: bundledTypesetter).layout.jsonData(), as: UTF8.self)
        #expect(shown == written, "\(file) shows\n\(shown)but the library writes\n\(written)")
    }
}
