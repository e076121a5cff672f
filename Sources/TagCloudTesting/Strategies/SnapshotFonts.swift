import Canvas
import Typesetting

/// Which fonts a snapshot may use.
///
/// A golden image must look the same on every machine, so snapshots of views are shaped with the
/// fonts bundled in the package's `Fonts/` folder only, and a text needing a character they lack
/// fails the assertion, naming the text and the character, instead of silently taking it from the
/// machine's fonts (a golden of `Text("Bold 𝐀𝐁𝐂")` recorded on one machine failed on another).
public enum SnapshotFonts: Sendable, Hashable {
    /// The bundled fonts only (the default).
    case bundled
    /// The bundled fonts, then the machine's fonts (fontconfig) for characters they lack: for tests
    /// about fallback, whose goldens hold only on machines with the same fonts.
    case bundledAndSystem

    /// The shared typesetter for these fonts.
    func typesetter() throws -> Typesetter {
        try Typesetter.standard(systemFonts: self == .bundledAndSystem)
    }

    /// Checks that no text of `list` draws a missing glyph (glyph 0, `.notdef`).
    ///
    /// - Parameters:
    ///   - list: The picture.
    ///   - library: The fonts the text was shaped with, to name the characters they lack; `nil` to
    ///     name only the text.
    /// - Throws: ``SnapshotError/missingGlyphs(text:characters:fonts:)`` for the first text with a
    ///   missing glyph.
    func checkGlyphs(in list: DisplayList, library: FontLibrary?) throws(SnapshotError) {
        for (_, item) in list.flattened {
            guard case .text(let text) = item.content, text.runs.contains(where: \.hasNotdef) else { continue }
            let label = item.metadata.label
            let characters = label.flatMap { label in library?.charactersWithoutBundledGlyph(in: label) } ?? []
            throw .missingGlyphs(text: label, characters: characters, fonts: self)
        }
    }
}
