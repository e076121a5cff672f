import Foundation
import Testing
@testable import Typesetting

/// The test fonts of `Fixtures/Fonts` (made by `make_fonts.py`).
let testFontsDirectory = fixturesDirectory.appendingPathComponent("Fonts")

@Suite struct FontFileTests {
    let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typesetting-fonts-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// WOFF2 (Brotli, transformed glyf) and WOFF 1.0 (zlib) files decompress into the same font:
    /// the same glyph advances and metrics as the bundled Inter Regular they were cut from, a
    /// FreeType face for Cairo, and the file's own path and family.
    @Test(arguments: ["InterSubset.woff2", "InterSubset.woff"])
    func webFontsLoad(file: String) throws {
        let path = testFontsDirectory.appendingPathComponent(file).path
        let face = try FontFace(path: path)
        #expect(face.path == path && face.familyName == "Inter" && face.styleName == "Regular" && face.faceCount == 1)
        let inter = try bundledLibrary.face(for: .body)
        #expect(face.unitsPerEm == inter.unitsPerEm && face.metrics(size: 17) == inter.metrics(size: 17))
        #expect(face.glyphCount < inter.glyphCount)
        _ = try face.withFreeTypeFace { $0 }
        // Shaped through a library that has it first, "Inter" is this file, at Inter's widths.
        let library = try bundledLibrary.adding(fontFiles: [path])
        let shaped = try Typesetter(library: library).shape("Hello, world", font: .body)
        #expect(shaped.runs.map(\.face) == [face] || shaped.runs.allSatisfy { $0.face.path == path })
        #expect(shaped.size == (try typesetter.shape("Hello, world", font: .body)).size)
    }

    /// Added families come first, the bundled ones stay, and characters the added font lacks fall
    /// back as for any face (the subset has only ASCII: "é" and "☀️" come from the bundled fonts).
    @Test func addedFilesComeFirstWithTheSameFallback() throws {
        let woff2 = testFontsDirectory.appendingPathComponent("InterSubset.woff2").path
        let library = try bundledLibrary.adding(fontFiles: [woff2])
        #expect(library.addedFamilies == ["Inter"] && library.addedFontFiles == [woff2] && library.families == bundledLibrary.families)
        #expect(try library.face(for: .body).path == woff2)
        #expect(try library.face(for: Font(family: "DejaVu Sans", size: 12)).familyName == "DejaVu Sans")
        let shaped = try Typesetter(library: library).shape("Café ☀️", font: .body)
        #expect(shaped.runs.map(\.face.path).first == woff2)
        // é: the subset lacks it, so it comes from the fallback families (DejaVu Sans), as a
        // browser given only this @font-face and the same fallback list would draw it.
        #expect(shaped.fontFamilies == ["Inter", "DejaVu Sans", "Noto Color Emoji"])
        #expect(!shaped.runs.contains { $0.face.path.hasSuffix("Inter-Regular.otf") })
        #expect(shaped.uncoveredCharacters.isEmpty)
        // The file has one regular face: bold and italic requests are synthesized, never for the
        // bundled families, which have every weight and slant.
        let boldItalic = try Typesetter(library: library).shape("Hello", font: Font(size: 17, weight: .bold, italic: true))
        #expect(boldItalic.runs.map(\.synthesis) == [[.bold, .italic]])
        #expect(try typesetter.shape("Hello مرحبا", font: Font(size: 17, weight: .bold, italic: true)).runs.allSatisfy { $0.synthesis.isEmpty })
        #expect(try typesetter.shape("☀️", font: Font(size: 17, weight: .bold, italic: true)).runs.allSatisfy { $0.synthesis.isEmpty })
        // The original library is unchanged.
        #expect(try bundledLibrary.face(for: .body).path.hasSuffix("Inter-Regular.otf") && bundledLibrary.addedFaces.isEmpty)
    }

    /// A folder is searched for font files; a TrueType file of a family nobody bundles becomes
    /// usable by name.
    @Test func foldersAndNewFamilies() throws {
        let library = try bundledLibrary.adding(fontFiles: [testFontsDirectory.path])
        #expect(library.addedFamilies == ["Inter", "Noto Sans Devanagari"])
        let shaped = try Typesetter(library: library).shape("हिन्दी", font: Font(family: "noto sans devanagari", size: 17))
        #expect(shaped.fontFamilies == ["Noto Sans Devanagari"] && shaped.uncoveredCharacters.isEmpty)
        #expect(library.loadedFaces().count == library.addedFaces.count + library.faces.count)
    }

    @Test func errorsNameTheFile() throws {
        let missing = scratch.appendingPathComponent("brand.woff2").path
        #expect(throws: TypesettingError.fontFileUnreadable(path: missing)) { try bundledLibrary.adding(fontFiles: [missing]) }
        let text = scratch.appendingPathComponent("notes.woff2")
        try Data("wOF2 is what a WOFF2 file starts with, but this is text".utf8).write(to: text)
        do {
            _ = try bundledLibrary.adding(fontFiles: [text.path])
            Issue.record("a text file loaded as a font")
        } catch let error as TypesettingError {
            guard case .fontFileCorrupt(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == text.path && error.description.contains(text.path))
        }
        let plain = scratch.appendingPathComponent("readme.ttf")
        try Data("hello".utf8).write(to: plain)
        #expect(throws: TypesettingError.fontFileCorrupt(path: plain.path, reason: "it is not a TrueType, OpenType, WOFF or WOFF2 font")) {
            try FontFace(path: plain.path)
        }
        // A font cut short, which HarfBuzz reads but FreeType cannot open, is refused when it is
        // loaded (it failed every picture as an internal error, and its layout JSON had the widths
        // of a broken face).
        let regular = try bundledLibrary.face(for: .body).path
        let cut = scratch.appendingPathComponent("cut.otf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: regular)).prefix(20_000)).write(to: cut)
        do {
            _ = try bundledLibrary.adding(fontFiles: [cut.path])
            Issue.record("a font cut short loaded")
        } catch let error as TypesettingError {
            guard case .fontFileCorrupt(let path, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == cut.path && reason.hasPrefix("FreeType cannot open it (error "), "\(reason)")
        }
        // A device is refused before it is read (`/dev/zero` was read without end, then said to be
        // unreadable).
        #expect(throws: TypesettingError.fontFileCorrupt(path: "/dev/zero", reason: "it is a device, FIFO or socket, not a file")) {
            try FontFace(path: "/dev/zero")
        }
        // A font reached through a symbolic link is the file it leads to (it was refused as "a
        // device, FIFO or socket"), and a link to nothing cannot be read.
        let linked = scratch.appendingPathComponent("linked.woff2"), dangling = scratch.appendingPathComponent("dangling.ttf")
        try? FileManager.default.removeItem(at: linked)
        try? FileManager.default.removeItem(at: dangling)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: testFontsDirectory.appendingPathComponent("InterSubset.woff2"))
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent-tagcloud/font.ttf")
        #expect(try FontFace(path: linked.path).familyName == FontFace(path: testFontsDirectory.appendingPathComponent("InterSubset.woff2").path).familyName)
        #expect(throws: TypesettingError.fontFileUnreadable(path: dangling.path)) { try FontFace(path: dangling.path) }
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: TypesettingError.noFontsInFolder(path: empty.path)) { try bundledLibrary.adding(fontFiles: [empty.path]) }
        // A folder of fonts reached through a link is searched where it leads (it "held no font
        // file"), its files named through the link.
        let linkedFolder = scratch.appendingPathComponent("linked-fonts")
        try? FileManager.default.removeItem(at: linkedFolder)
        try FileManager.default.createSymbolicLink(at: linkedFolder, withDestinationURL: testFontsDirectory)
        let throughLink = try #require(try FontLibrary.fontFiles(inFolder: linkedFolder.path))
        let direct = try #require(try FontLibrary.fontFiles(inFolder: testFontsDirectory.path))
        #expect(!throughLink.isEmpty && throughLink.count == direct.count && throughLink.allSatisfy { $0.hasPrefix(linkedFolder.path + "/") })
        // A folder too large to search is refused before it is searched on (`fonts: [/]` searched
        // the whole file system for half a minute), and paths under a folder written with a
        // trailing slash have one slash (`//tmp/…`).
        let crowded = scratch.appendingPathComponent("crowded")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        let font = testFontsDirectory.appendingPathComponent("InterSubset.woff2")
        try FileManager.default.copyItem(at: font, to: crowded.appendingPathComponent("Brand.woff2"))
        #expect(try FontLibrary.fontFiles(inFolder: crowded.path + "/") == [crowded.path + "/Brand.woff2"])
        for index in 0..<FontLibrary.maximumFolderEntries {
            _ = FileManager.default.createFile(atPath: crowded.appendingPathComponent("note-\(index).txt").path, contents: nil)
        }
        #expect(throws: TypesettingError.tooManyFilesInFolder(path: crowded.path, limit: FontLibrary.maximumFolderEntries)) {
            try bundledLibrary.adding(fontFiles: [crowded.path])
        }
        // A family in none of the files: the error names the files and what is available.
        let woff2 = testFontsDirectory.appendingPathComponent("InterSubset.woff2").path
        let library = try bundledLibrary.adding(fontFiles: [woff2])
        do {
            _ = try library.face(for: Font(family: "Brand Sans", size: 12))
            Issue.record("an unknown family resolved")
        } catch let error as TypesettingError {
            #expect(error == .familyNotInFontFiles("Brand Sans", fontFiles: [woff2], available: ["DejaVu Sans", "Inter", "Noto Color Emoji"]))
            #expect(error.description.contains(woff2) && error.description.contains("Brand Sans"))
        }
    }

    /// The sfnt writer's table directory: sorted tags, binary-search fields, 4-byte alignment.
    @Test func sfntLayout() {
        let sfnt = makeSFNT([(tag: 0x6E61_6D65, bytes: [1, 2, 3]), (tag: 0x4346_4620, bytes: [4, 5, 6, 7, 8]), (tag: 0x6865_6164, bytes: [9])])
        #expect(Array(sfnt[0..<4]) == [0x4F, 0x54, 0x54, 0x4F])                 // OTTO: a CFF font
        #expect(Array(sfnt[4..<12]) == [0, 3, 0, 32, 0, 1, 0, 16])              // 3 tables: 32, 1, 16
        #expect(Array(sfnt[12..<16]) == Array("CFF ".utf8) && Array(sfnt[28..<32]) == Array("head".utf8))
        #expect(sfnt.count == 12 + 48 + 8 + 4 + 4)
    }
}

/// Fallback to the machine's fonts through a private fontconfig configuration that lists only a
/// font this test installs (Fixtures/Fonts/DevanagariSubset.ttf): it does not depend on what the
/// machine has installed.
@Suite struct PrivateFontconfigTests {
    /// A fontconfig configuration of one folder holding the Devanagari subset, with its own cache.
    static func configuration() throws -> (file: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typesetting-fontconfig-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: testFontsDirectory.appendingPathComponent("DevanagariSubset.ttf"),
                                         to: fonts.appendingPathComponent("DevanagariSubset.ttf"))
        let conf = folder.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <dir>\(fonts.path)</dir>
              <cachedir>\(folder.appendingPathComponent("cache").path)</cachedir>
            </fontconfig>
            """.write(to: conf, atomically: true, encoding: .utf8)
        return (conf.path, folder)
    }

    @Test func fallbackReachesTheInstalledFont() throws {
        let (file, folder) = try Self.configuration()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(directory: fontsDirectory, systemFonts: true, fontconfigFile: file)
        let shaped = try Typesetter(library: library).shape("Hindi हिन्दी", font: .body)
        #expect(shaped.fontFamilies == ["Inter", "Noto Sans Devanagari"])
        let devanagari = try #require(shaped.runs.last)
        #expect(devanagari.face.path.hasPrefix(folder.path) && !devanagari.glyphs.contains(0))
        // The conjunct and the reordered i-matra, as hb-shape gives them for this file.
        #expect(devanagari.glyphs == [78, 12, 24, 4, 100])
        #expect(devanagari.clusters == [6, 6, 12, 18, 18])
        #expect(shaped.uncoveredCharacters.isEmpty)
        // A character the private configuration has no font for is reported.
        let thai = try Typesetter(library: library).shape("ไทย", font: .body)
        #expect(thai.uncoveredCharacters.map(\.description) == ["U+0E44 (Thai)", "U+0E17 (Thai)", "U+0E22 (Thai)"])
        #expect(library.loadedFaces().contains { $0.path.hasPrefix(folder.path) })
    }

    /// Characters Unicode calls default-ignorable that HarfBuzz draws with glyphs (the Hangul
    /// fillers, Duployan's format controls) are boxes when no font has them, and are reported:
    /// they were taken as hidden, drew a box, and nothing was said. A right-to-left text's
    /// characters are listed in the order they are written.
    @Test func boxesHarfBuzzDrawsAreReportedInWrittenOrder() throws {
        for (text, missing) in [("a\u{115F}b", ["U+115F"]), ("e\u{FFA0}f", ["U+FFA0"]), ("x\u{3164}y", ["U+3164"]),
                                ("\u{1BC00}\u{1BCA0}", ["U+1BC00", "U+1BCA0"])] {
            let shaped = try typesetter.shape(text, font: .body)
            #expect(shaped.uncoveredCharacters.map(\.codePoint) == missing, "\(text.unicodeScalars.map(\.value))")
        }
        // A zero-width joiner or a variation selector HarfBuzz hides is no box.
        #expect(try typesetter.shape("a\u{200D}b\u{FE0F}", font: .body).uncoveredCharacters.isEmpty)
        let syriac = try typesetter.shape("\u{0723}\u{0718}\u{072A}", font: .body)
        #expect(syriac.uncoveredCharacters.map(\.codePoint) == ["U+0723", "U+0718", "U+072A"])
    }

    /// Without system fonts the same text shows boxes, and says so.
    @Test func withoutSystemFontsTheCharactersAreReported() throws {
        let shaped = try typesetter.shape("हिन्दी", font: .body)
        #expect(!shaped.uncoveredCharacters.isEmpty && shaped.uncoveredCharacters.allSatisfy { $0.scriptName == "Devanagari" })
    }
}
