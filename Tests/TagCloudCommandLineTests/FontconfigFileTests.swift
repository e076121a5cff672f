import Foundation
@testable import TagCloud
import Testing
import Typesetting

/// The command falls back to the fonts of the fontconfig configuration `FONTCONFIG_FILE` names:
/// the test installs a Devanagari font (Tests/TypesettingTests/Fixtures/Fonts/DevanagariSubset.ttf)
/// into a private configuration, so the result does not depend on the machine's fonts.
@MainActor
@Suite struct FontconfigFileTests {
    /// A configuration listing only `fonts` (empty or holding the subset), with its own cache.
    static func configuration(withFont: Bool) throws -> (file: String, folder: URL) {
        let folder = try temporaryFolder("fontconfig-\(withFont)")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        if withFont {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts/DevanagariSubset.ttf"),
                to: fonts.appendingPathComponent("DevanagariSubset.ttf"))
        }
        let conf = folder.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(folder.appendingPathComponent("cache").path)</cachedir></fontconfig>
            """.write(to: conf, atomically: true, encoding: .utf8)
        return (conf.path, folder)
    }

    @Test func theCommandFallsBackToThePrivateConfigurationsFont() throws {
        let (withFont, folder) = try Self.configuration(withFont: true)
        let (empty, emptyFolder) = try Self.configuration(withFont: false)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: emptyFolder)
        }
        let input = Data("नमस्ते\nSwift\n".utf8)
        let found = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json"], input: input,
                                          environment: ["FONTCONFIG_FILE": withFont])
        let missing = try CommandRunner.run(["render", "-", "-o", "-", "--format", "json"], input: input,
                                            environment: ["FONTCONFIG_FILE": empty])
        #expect(found.status == 0 && missing.status == 0, "\(found.standardError) \(missing.standardError)")
        let withFontLayout = try CloudLayout(jsonData: found.standardOutput)
        let missingLayout = try CloudLayout(jsonData: missing.standardOutput)
        // The same text in the installed font, in-process through the same configuration.
        let library = try FontLibrary(directory: packageRoot.appendingPathComponent("Fonts").path, systemFonts: true,
                                      fontconfigFile: withFont)
        let shaped = try Typesetter(library: library).shape("नमस्ते", font: Font(size: 17))
        #expect(shaped.fontFamilies == ["Noto Sans Devanagari"] && shaped.uncoveredCharacters.isEmpty)
        #expect(withFontLayout.chips[0].width != missingLayout.chips[0].width)
        #expect(withFontLayout.chips[1] == missingLayout.chips[1] || withFontLayout.chips[1].width == missingLayout.chips[1].width)
    }
}
