import Foundation
import Testing
@testable import Typesetting

@Suite struct FontTests {
    /// SwiftUI's text styles with their iOS sizes and weights (default Dynamic Type size).
    @Test func textStyles() {
        let expected: [(Font, CGFloat, Font.Weight)] = [
            (.largeTitle, 34, .regular), (.title, 28, .regular), (.title2, 22, .regular), (.title3, 20, .regular),
            (.headline, 17, .semibold), (.body, 17, .regular), (.callout, 16, .regular), (.subheadline, 15, .regular),
            (.footnote, 13, .regular), (.caption, 12, .regular), (.caption2, 11, .regular),
        ]
        for (font, size, weight) in expected {
            #expect(font.size == size && font.weight == weight && font.family == nil && !font.isItalic)
        }
        #expect(Font.system(.headline, weight: .bold).weight == .bold)
        #expect(Font.system(size: 13, weight: .medium, design: .rounded) == Font(size: 13, weight: .medium, design: .rounded))
        #expect(Font.body.bold().weight == .bold && Font.body.italic().isItalic && Font.body.size(9).size == 9)
        #expect(Font.custom("DejaVu Sans", size: 12).family == "DejaVu Sans")
    }

    /// Every style and design draws with the bundled Inter face of its weight.
    @Test func stylesResolveToInter() throws {
        for style in Font.TextStyle.allCases {
            for design in Font.Design.allCases {
                let face = try bundledLibrary.face(for: .system(style, design: design))
                #expect(face.familyName == "Inter")
                #expect(face.path.hasSuffix(style == .headline ? "Inter-SemiBold.otf" : "Inter-Regular.otf"))
            }
        }
    }

    /// Weight and slant matching follow CSS Fonts 4, section 5.2.
    @Test(arguments: [(100, "Inter-Thin.otf"), (250, "Inter-ExtraLight.otf"), (400, "Inter-Regular.otf"),
                      (450, "Inter-Medium.otf"), (500, "Inter-Medium.otf"), (550, "Inter-SemiBold.otf"),
                      (700, "Inter-Bold.otf"), (1000, "Inter-Black.otf"), (1, "Inter-Thin.otf")])
    func weightMatching(weight: Int, file: String) throws {
        let face = try bundledLibrary.face(for: Font(size: 12, weight: Font.Weight(weight)))
        #expect(face.path.hasSuffix("/" + file))
    }

    @Test func slantMatching() throws {
        #expect(try bundledLibrary.face(for: Font(size: 12, italic: true)).path.hasSuffix("Inter-Italic.otf"))
        #expect(try bundledLibrary.face(for: Font(size: 12, weight: .bold, italic: true)).path.hasSuffix("Inter-BoldItalic.otf"))
        #expect(try bundledLibrary.face(for: Font(family: "dejavu sans", size: 12, italic: true)).path.hasSuffix("DejaVuSans-Oblique.ttf"))
        // Noto Color Emoji has no italic: the upright face is used.
        #expect(try bundledLibrary.face(for: Font(family: "Noto Color Emoji", size: 12, italic: true)).hasColorBitmaps)
    }

    @Test func families() {
        #expect(bundledLibrary.families == ["DejaVu Sans", "Inter", "Noto Color Emoji"])
        #expect(bundledLibrary.fallbackFamilies == ["DejaVu Sans", "Noto Color Emoji"])
        #expect(!bundledLibrary.usesSystemFonts)
        #expect(bundledLibrary.faces.count == 23)
    }

    /// Metrics: Inter's hhea ascender 2728, descender 680, no gap; cap height 2048, x-height 1536
    /// (upem 2816). Browser line heights as Chromium measures them.
    @Test func metrics() throws {
        let metrics = try typesetter.metrics(for: .body)
        #expect(metrics.unitsPerEm == 2816)
        #expect(metrics.ascender == 2728 * 17 / 2816.0 && metrics.descender == 680 * 17 / 2816.0 && metrics.lineGap == 0)
        #expect(metrics.capHeight == 2048 * 17 / 2816.0 && metrics.xHeight == 1536 * 17 / 2816.0)
        #expect(metrics.lineHeight == 20 && metrics.baselineOffset == 16)
        for (size, height, baseline) in [(9.0, 11.0, 9.0), (12, 15, 12), (13.5, 16, 13), (15, 19, 15), (17, 20, 16), (72, 87, 70)] {
            let m = try typesetter.metrics(for: Font(size: size))
            #expect(m.lineHeight == height && m.baselineOffset == baseline, "\(size)")
        }
        let emoji = try typesetter.metrics(for: Font(family: "Noto Color Emoji", size: 72))
        #expect(emoji.roundedAscent == 67 && emoji.roundedDescent == 18)
    }

    @Test func faceProperties() throws {
        let inter = try bundledLibrary.face(for: .body)
        #expect(inter.familyName == "Inter" && inter.styleName == "Regular" && inter.weightClass == 400 && !inter.isItalic)
        #expect(inter.unitsPerEm == 2816 && inter.glyphCount > 2000 && !inter.hasColorBitmaps)
        let emoji = try bundledLibrary.face(for: Font(family: "Noto Color Emoji", size: 12))
        #expect(emoji.hasColorBitmaps && emoji.unitsPerEm == 2048)
        // The FreeType face for Canvas opens lazily, once.
        let first = try inter.withFreeTypeFace { $0 }
        let second = try inter.withFreeTypeFace { $0 }
        #expect(first == second)
    }

    /// Each font file is loaded once: resolving the same request twice gives the same face object.
    @Test func facesAreShared() throws {
        let a = try bundledLibrary.face(for: Font(size: 9))
        let b = try bundledLibrary.face(for: Font(size: 72))
        #expect(a === b)
        let library = try FontLibrary.bundled(systemFonts: false)
        #expect(try library === FontLibrary.bundled(systemFonts: false))
        #expect(try Typesetter.standard(systemFonts: false) === Typesetter.standard(systemFonts: false))
    }
}

@Suite struct ErrorTests {
    let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typesetting-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Caches that must not keep a face alive key it by its serial: a face made after another is
    /// freed (often at the same address) never has the freed one's serial.
    @Test func everyFaceHasItsOwnSerial() throws {
        var serials: [UInt64] = []
        for name in ["Inter-Regular.otf", "Inter-Bold.otf", "Inter-Regular.otf"] {
            let face = try FontFace(path: fontsDirectory + "/Inter/" + name)
            serials.append(face.serial)
        }
        #expect(Set(serials).count == serials.count)
        #expect(serials == serials.sorted())
    }

    @Test func missingFontFile() {
        let path = scratch.appendingPathComponent("missing.ttf").path
        #expect(throws: TypesettingError.fontFileUnreadable(path: path)) { try FontFace(path: path) }
        #expect(TypesettingError.fontFileUnreadable(path: path).description.contains(path))
    }

    @Test func corruptFontFile() throws {
        let path = scratch.appendingPathComponent("corrupt.otf").path
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try FontFace(path: path)
            Issue.record("a corrupt file loaded")
        } catch let error as TypesettingError {
            guard case .fontFileCorrupt(let reported, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reported == path && error.description.contains(path))
        }
        // A folder holding it fails to load, naming the file.
        #expect(throws: TypesettingError.self) { try FontLibrary(directory: scratch.path, systemFonts: false) }
    }

    @Test func unreadableFolders() throws {
        let missing = scratch.appendingPathComponent("nowhere").path
        #expect(throws: TypesettingError.fontsFolderUnreadable(path: missing)) {
            try FontLibrary(directory: missing, systemFonts: false)
        }
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: TypesettingError.fontsFolderUnreadable(path: empty.path)) {
            try FontLibrary(directory: empty.path, systemFonts: false)
        }
    }

    @Test func unknownFamily() {
        let available = ["DejaVu Sans", "Inter", "Noto Color Emoji"]
        #expect(throws: TypesettingError.unknownFamily("Helvetica Neue", available: available)) {
            try typesetter.shape("x", font: Font(family: "Helvetica Neue", size: 12))
        }
        let message = TypesettingError.unknownFamily("Helvetica Neue", available: available).description
        #expect(message.contains("Helvetica Neue") && message.contains("Inter"))
        #expect(throws: TypesettingError.unknownFamily("Nope", available: available)) {
            try FontLibrary(directory: fontsDirectory, defaultFamily: "Nope", systemFonts: false)
        }
    }

    /// With system fonts on, fontconfig is asked, and a substitute family is refused, so an
    /// unknown family is still an error whatever the machine has installed.
    @Test func unknownFamilyWithSystemFonts() throws {
        let library = try FontLibrary(directory: fontsDirectory, systemFonts: true)
        #expect(library.usesSystemFonts)
        #expect(throws: TypesettingError.self) {
            try library.face(for: Font(family: "No Such Family 7f3a", size: 12))
        }
        #expect(try library.face(for: .body).path.hasPrefix(fontsDirectory))
    }

    /// The machine's families come from fontconfig, only for a library that uses system fonts;
    /// fontconfig itself is loaded on first use, so a library answered by its bundled faces never
    /// loads it.
    @Test func systemFamiliesOnlyWithSystemFonts() throws {
        let bundledOnly = try FontLibrary(directory: fontsDirectory, systemFonts: false)
        #expect(bundledOnly.systemFamilies().isEmpty)
        let library = try FontLibrary(directory: fontsDirectory, systemFonts: true)
        #expect(try library.face(for: .body).familyName == "Inter")
        let families = library.systemFamilies()
        #expect(families == families.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        #expect(Set(families.map { $0.lowercased() }).count == families.count)
        // This test is about the machine's fonts, so it depends on them: Debian's fontconfig
        // (fontconfig-config, which the build's libfontconfig-dev pulls in) requires a font
        // package, so fontconfig always lists at least one family. An empty list is a failure, not
        // a reason to skip: it is what a broken fontconfig lookup gives.
        let first = try #require(families.first, "fontconfig lists no family: the lookup of system fonts is broken")
        #expect(throws: Never.self) { try library.face(for: Font(family: first, size: 12)) }
        // Every family listed is one a spec may name, a face's second name too ("DejaVu Sans
        // Condensed", whose faces are first "DejaVu Sans"): 20 of 229 were unknown to `render`.
        let unknown = families.filter { (try? library.face(for: Font(family: $0, size: 12))) == nil }
        #expect(unknown.isEmpty, "listed but unknown: \(unknown)")
        // The same families as fontconfig's own command lists (Debian package fontconfig).
        let listed = try fontconfigCommandFamilies()
        #expect(Set(families.map { $0.lowercased() }) == listed,
                "only ours: \(Set(families.map { $0.lowercased() }).subtracting(listed).sorted()); only fc-list's: \(listed.subtracting(families.map { $0.lowercased() }).sorted())")
    }

    /// Every family name `fc-list` prints, lowercased (a font with several names gives each).
    private func fontconfigCommandFamilies() throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = ["--format", "%{family}\\n"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "fc-list failed (Debian package fontconfig)")
        // Names are separated by commas; a comma inside a name is escaped with a backslash.
        var names = Set<String>()
        for line in text.split(separator: "\n") {
            var name = "", escaped = false
            for character in line {
                if escaped { name.append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == "," { names.insert(name.lowercased()); name = "" }
                else { name.append(character) }
            }
            if !name.isEmpty { names.insert(name.lowercased()) }
        }
        return names
    }

    @Test func invalidParameters() {
        #expect(throws: TypesettingError.invalidFontSize(0)) { try typesetter.shape("x", font: Font(size: 0)) }
        #expect(throws: TypesettingError.invalidFontSize(-3)) { try typesetter.metrics(for: Font(size: -3)) }
        #expect(throws: TypesettingError.self) { try typesetter.shape("x", font: Font(size: .nan)) }
        #expect(throws: TypesettingError.invalidLayoutParameter(name: "width", value: "-1.0")) {
            try typesetter.shape("x", font: .body, width: -1)
        }
        #expect(throws: TypesettingError.invalidLayoutParameter(name: "line limit", value: "0")) {
            try typesetter.shape("x", font: .body, lineLimit: 0)
        }
    }
}

@Suite struct FontLocatorTests {
    @Test func environmentVariableWins() throws {
        let found = try FontLocator.fontsDirectory(environment: ["TAGCLOUD_FONTS": fontsDirectory], executable: nil)
        #expect(found.path == fontsDirectory)
    }

    @Test func environmentVariableNamingNothingIsAnError() {
        #expect(throws: TypesettingError.fontsFolderNotFound(searched: ["/nonexistent/Fonts"])) {
            try FontLocator.fontsDirectory(environment: ["TAGCLOUD_FONTS": "/nonexistent/Fonts"], executable: nil)
        }
    }

    /// Without the variable, the fonts beside an installed executable win, then the package
    /// checkout (from the source file's path) is found.
    @Test func installedFontsThenThePackageCheckout() throws {
        let found = try FontLocator.fontsDirectory(environment: [:], executable: "/nonexistent/bin/tagcloud")
        #expect(found.standardizedFileURL.path == URL(fileURLWithPath: fontsDirectory).standardizedFileURL.path)
        let candidates = FontLocator.candidates(environment: [:], executable: "/opt/tagcloud/bin/tagcloud").map(\.path)
        #expect(candidates.count == 3)
        #expect(candidates[0] == "/opt/tagcloud/bin/Fonts" && candidates[1] == "/opt/tagcloud/share/tagcloud/Fonts")
        #expect(TypesettingError.fontsFolderNotFound(searched: candidates).description.contains("/opt/tagcloud/bin/Fonts"))
        // An installed layout: <prefix>/bin/tagcloud finds <prefix>/share/tagcloud/Fonts.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-prefix-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let installed = prefix.appendingPathComponent("share/tagcloud/Fonts")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        let located = try FontLocator.fontsDirectory(environment: [:], executable: prefix.appendingPathComponent("bin/tagcloud").path)
        #expect(located.standardizedFileURL.path == installed.standardizedFileURL.path)
        // The running executable is the kernel's, not the first argument (which may be a bare name).
        #expect(FontLocator.runningExecutable?.hasPrefix("/") == true)
    }
}

@Suite struct BitmapStrikeTests {
    /// Noto Color Emoji has one strike, 109 pixels per em; renderers scale it to the font size.
    @Test func strikeAndScale() throws {
        let emoji = try bundledLibrary.face(for: Font(family: "Noto Color Emoji", size: 17))
        let strike = try #require(emoji.colorBitmapStrike(forSize: 17))
        #expect(strike.ppem == 109 && strike.scale == 17 / 109.0)
        #expect(try bundledLibrary.face(for: .body).colorBitmapStrike(forSize: 17) == nil)
    }
}
