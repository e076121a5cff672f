import Foundation
import Testing
import Typesetting

/// `FontFace.subset(characters:)`: small, deterministic font files that shape the kept
/// characters exactly as the whole face does.
@Suite struct FontSubsetTests {
    /// Writes a subset into a folder of its own and loads it as a library whose default family is
    /// the subset's (hb-subset keeps the basic names, so "Inter SemiBold" may lose its typographic
    /// family "Inter"; a web page names the subset itself).
    static func library(of subset: Data, named name: String) throws -> (FontLibrary, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subset-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try subset.write(to: file)
        let family = try FontFace(path: file.path).familyName
        return (try FontLibrary(directory: folder.path, defaultFamily: family, systemFonts: false), folder)
    }

    @Test(arguments: [(400, "Swift · Linux"), (600, "Kerning AVATAR Typography office"), (700, "naïve café Ελληνικά")])
    func aSubsetShapesItsCharactersAsTheWholeFace(weight: Int, text: String) throws {
        let font = Font(family: "Inter", size: 17, weight: Font.Weight(weight))
        let face = try bundledLibrary.face(for: font)
        let subset = try face.subset(characters: Set(text.unicodeScalars))
        let whole = try Data(contentsOf: URL(fileURLWithPath: face.path))
        #expect(subset.count * 5 < whole.count, "\(subset.count) of \(whole.count) bytes")
        let (library, folder) = try Self.library(of: subset, named: "subset.otf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let subsetFont = Font(size: 17, weight: Font.Weight(weight))
        let subsetFace = try library.face(for: subsetFont)
        #expect(subsetFace.familyName.hasPrefix("Inter") && subsetFace.hasCFFOutlines == face.hasCFFOutlines)
        let expected = try typesetter.shape(text, font: font)
        let actual = try Typesetter(library: library).shape(text, font: subsetFont)
        #expect(actual.size == expected.size && actual.firstBaseline == expected.firstBaseline)
        #expect(actual.runs.flatMap(\.positions) == expected.runs.flatMap(\.positions))
        #expect(actual.runs.flatMap(\.advances) == expected.runs.flatMap(\.advances))
    }

    @Test func theSameCharactersGiveTheSameBytes() throws {
        let face = try bundledLibrary.face(for: Font(size: 17))
        let characters = Set("Deterministic".unicodeScalars)
        #expect(try face.subset(characters: characters) == face.subset(characters: characters))
        // More characters, more glyphs.
        #expect(try face.subset(characters: characters).count < face.subset(characters: characters.union("xyzQ".unicodeScalars)).count)
    }

    @Test func colourEmojiKeepTheirBitmaps() throws {
        let face = try bundledLibrary.face(for: Font(family: "Noto Color Emoji", size: 17))
        #expect(face.hasColorBitmaps)
        let subset = try face.subset(characters: Set("🎉🍕".unicodeScalars))
        #expect(subset.count < 100_000, "\(subset.count) bytes")
        let (library, folder) = try Self.library(of: subset, named: "emoji.ttf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let subsetFace = try library.face(for: Font(size: 17))
        #expect(subsetFace.hasColorBitmaps && !subsetFace.hasCFFOutlines)
        let expected = try typesetter.shape("🎉🍕", font: Font(family: "Noto Color Emoji", size: 17))
        let actual = try Typesetter(library: library).shape("🎉🍕", font: Font(size: 17))
        #expect(actual.runs.flatMap(\.advances) == expected.runs.flatMap(\.advances))
    }

    /// A face that drew nothing but the space (a chip's own face, first in its list for the line
    /// height) keeps the metrics; characters the face lacks change nothing.
    @Test func charactersTheFaceLacksAreIgnoredAndTheMetricsAreKept() throws {
        let face = try bundledLibrary.face(for: Font(size: 17))
        let space = try face.subset(characters: [" "])
        #expect(try face.subset(characters: Set(" שלום".unicodeScalars)) == space)
        #expect(space.prefix(4) == Data("OTTO".utf8) && space.count < 4_000)
        let (library, folder) = try Self.library(of: space, named: "space.otf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let metrics = try library.face(for: Font(size: 17)).metrics(size: 17)
        #expect(metrics == face.metrics(size: 17))
    }
}
