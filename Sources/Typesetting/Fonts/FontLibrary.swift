import Foundation
import CHarfBuzz

/// The fonts TagCloud can use: the bundled ones in `Fonts/`, loaded once and shared.
public final class FontLibrary: Sendable {
    /// The faces, loaded when the library was created.
    public let faces: [FontFace]
    /// The family used when a ``Font`` names none.
    public let defaultFamily: String

    /// Loads every `.ttf` and `.otf` file under `directory`.
    ///
    /// - Throws: ``TypesettingError/fontsFolderUnreadable(path:)`` when the folder cannot be
    ///   listed, or the error of the first file that fails to load.
    public init(directory: String, defaultFamily: String = "Inter") throws {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: directory) else {
            throw TypesettingError.fontsFolderUnreadable(path: directory)
        }
        var paths: [String] = []
        for case let relative as String in enumerator
        where relative.hasSuffix(".ttf") || relative.hasSuffix(".otf") {
            paths.append((directory as NSString).appendingPathComponent(relative))
        }
        guard !paths.isEmpty else { throw TypesettingError.fontsFolderUnreadable(path: directory) }
        faces = try paths.sorted().map { try FontFace(path: $0) }
        self.defaultFamily = defaultFamily
    }

    /// The face that best matches `font`'s family, weight and slant.
    ///
    /// - Throws: ``TypesettingError/unknownFamily(_:available:)`` when no face has the family.
    public func face(for font: Font) throws -> FontFace {
        let family = font.family ?? defaultFamily
        let candidates = faces.filter { $0.familyName.caseInsensitiveCompare(family) == .orderedSame }
        guard !candidates.isEmpty else {
            throw TypesettingError.unknownFamily(family, available: Array(Set(faces.map(\.familyName))).sorted())
        }
        let wanted = font.weight.value
        return candidates.min { a, b in
            let ka = (a.isItalic == font.italic ? 0 : 10_000) + abs(a.weightClass - wanted)
            let kb = (b.isItalic == font.italic ? 0 : 10_000) + abs(b.weightClass - wanted)
            return ka < kb
        } ?? candidates[0]
    }
}

extension FontFace {
    /// The OpenType weight class (OS/2 usWeightClass), 100 to 900.
    var weightClass: Int {
        Int(hb_style_get_value(font.pointer, HB_STYLE_TAG_WEIGHT))
    }

    /// Whether the face is italic or oblique.
    var isItalic: Bool {
        hb_style_get_value(font.pointer, HB_STYLE_TAG_ITALIC) > 0.5
            || hb_style_get_value(font.pointer, HB_STYLE_TAG_SLANT_ANGLE) != 0
    }
}
