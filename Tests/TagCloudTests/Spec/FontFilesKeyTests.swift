import Canvas
import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The `fonts` key: font files or folders, relative to the spec's folder, whose families the spec
/// names ahead of the bundled ones. The fonts are the Typesetting fixtures (a WOFF2 subset of
/// Inter, a Devanagari subset of Noto Sans); the bundled fonts only otherwise.
@Suite struct FontFilesKeyTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts")

    /// A spec folder holding `fonts/` with the fixtures, and the spec written there.
    static func specFolder(_ spec: String) throws -> (folder: URL, spec: URL) {
        let folder = try temporaryFolder("fonts-key")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for file in ["DevanagariSubset.ttf", "InterSubset.woff2"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(file), to: fonts.appendingPathComponent(file))
        }
        let url = folder.appendingPathComponent("cloud.yaml")
        try spec.write(to: url, atomically: true, encoding: .utf8)
        return (folder, url)
    }

    @Test func familiesOfAddedFilesAreUsableByName() throws {
        let (folder, spec) = try Self.specFolder("""
            fonts: [fonts]
            font: {family: Noto Sans Devanagari}
            tags: [हिन्दी, {text: Swift, font: {family: Inter}}]
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cloud = try Cloud(contentsOf: spec)
        #expect(cloud.fonts == ["fonts"])
        let rendered = try cloud.rendered(typesetter: bundledTypesetter)
        #expect(rendered.fontWarnings.isEmpty)
        #expect(rendered.layout.chips.map(\.fonts) == [["Noto Sans Devanagari"], ["Inter"]])
        // "Inter" is the added WOFF2 file, ahead of the bundled Inter.
        let faces = rendered.displayList.flattened.compactMap { entry -> [String]? in
            if case .text(let text) = entry.item.content { return text.runs.map(\.face.path) }
            return nil
        }
        #expect(faces[1].allSatisfy { $0.hasSuffix("fonts/InterSubset.woff2") })
    }

    @Test func onePathAndItsErrors() throws {
        let (folder, _) = try Self.specFolder("tags: [a]")
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ yaml: String) throws(TagCloudError) -> RenderedCloud {
            let url = folder.appendingPathComponent("spec.yaml")
            do { try yaml.write(to: url, atomically: true, encoding: .utf8) } catch { throw .internalError("\(error)") }
            return try Cloud(contentsOf: url).rendered(typesetter: bundledTypesetter)
        }
        #expect(try render("fonts: fonts/InterSubset.woff2\ntags: [Swift]").layout.chips.map(\.fonts) == [["Inter"]])
        var messages: [String] = []
        for yaml in ["tags: [a]\nfonts: [missing.woff2]", "tags: [a]\nfonts: [spec.yaml]",
                     "fonts: [fonts]\nfont: {family: Brand Sans}\ntags: [a]"] {
            do {
                _ = try render(yaml)
                Issue.record("rendered: \(yaml)")
            } catch {
                messages.append(error.description)
            }
        }
        #expect(messages[0].contains("missing.woff2") && messages[0].contains(":2:"), "\(messages[0])")
        #expect(messages[1].contains("spec.yaml") && messages[1].contains("not a TrueType, OpenType, WOFF or WOFF2"), "\(messages[1])")
        #expect(messages[2].contains("Brand Sans") && messages[2].contains("Noto Sans Devanagari"), "\(messages[2])")
    }
}
