public import Foundation

/// Everything that can go wrong while loading fonts or shaping text.
///
/// Each case names the file, folder or family involved, and its ``description`` says what to do.
public enum TypesettingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A font file does not exist or cannot be read.
    case fontFileUnreadable(path: String)
    /// A font file exists but is not a font FreeType and HarfBuzz can use.
    case fontFileCorrupt(path: String, reason: String)
    /// No font with this family name is bundled or installed.
    case unknownFamily(String, available: [String])
    /// No font with this family name is in the font files added to the library
    /// (``FontLibrary/adding(fontFiles:)``), bundled or installed.
    case familyNotInFontFiles(String, fontFiles: [String], available: [String])
    /// A folder of font files given to ``FontLibrary/adding(fontFiles:)`` holds no font file.
    case noFontsInFolder(path: String)
    /// A folder of font files given to ``FontLibrary/adding(fontFiles:)`` holds more than
    /// ``FontLibrary/maximumFolderEntries`` files and folders (`fonts: [/]` searched the whole
    /// file system).
    case tooManyFilesInFolder(path: String, limit: Int)
    /// A language tag is not a BCP 47 tag (``TextLanguage``).
    case invalidLanguageTag(String)
    /// The folder of bundled fonts is not a readable folder, or holds no font file.
    case fontsFolderUnreadable(path: String)
    /// No `Fonts/` folder was found in any of the places searched (see ``FontLocator``).
    case fontsFolderNotFound(searched: [String])
    /// A font size is not a finite number greater than zero and below ``Typesetter/largestFontSize``.
    case invalidFontSize(CGFloat)
    /// A width or line limit passed to the typesetter is not usable.
    case invalidLayoutParameter(name: String, value: String)
    /// A FreeType call failed.
    case freeType(function: String, code: Int32)
    /// HarfBuzz or FriBidi could not process the text (out of memory).
    case shapingFailed(text: String, reason: String)

    /// The font file or folder the error is about, or `nil` when it is about something else.
    public var path: String? {
        switch self {
        case .fontFileUnreadable(let path), .fontFileCorrupt(let path, _), .fontsFolderUnreadable(let path),
             .noFontsInFolder(let path), .tooManyFilesInFolder(let path, _):
            return path
        case .unknownFamily, .familyNotInFontFiles, .invalidLanguageTag, .fontsFolderNotFound, .invalidFontSize,
             .invalidLayoutParameter, .freeType, .shapingFailed:
            return nil
        }
    }

    /// What happened, naming the file, folder or family, and what to do about it.
    public var description: String {
        switch self {
        case .fontFileUnreadable(let path):
            return "cannot read the font file \(path): check that it exists and is readable"
        case .fontFileCorrupt(let path, let reason):
            return "the font file \(path) is not a usable font (\(reason)): replace it with a valid TrueType, OpenType, WOFF or WOFF2 file"
        case .unknownFamily(let family, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "unknown font family '\(family)'; available families: \(list). Use one of these, or install the family so fontconfig finds it"
        case .familyNotInFontFiles(let family, let files, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no font file given has the family '\(family)' (files: \(files.joined(separator: ", "))), and it is not bundled or installed; available families: \(list). Check the family name in the font file, or add the file that has it"
        case .noFontsInFolder(let path):
            return "the folder \(path) holds no font file (.ttf, .otf, .ttc, .otc, .woff, .woff2): name the font files or the folder that holds them"
        case .tooManyFilesInFolder(let path, let limit):
            return "the folder \(path) holds more than \(limit) files and folders, too many to search for fonts: name the font files or a folder that holds only fonts"
        case .invalidLanguageTag(let tag):
            return "'\(tag)' is not a language tag: give a BCP 47 tag such as en, ja, zh-Hans, zh-Hant-HK or sr-Cyrl"
        case .fontsFolderUnreadable(let path):
            return "cannot use the fonts folder \(path): it is not a readable folder of .ttf/.otf files; set TAGCLOUD_FONTS to the project's Fonts/ folder"
        case .fontsFolderNotFound(let searched):
            return "no Fonts/ folder found; searched: \(searched.joined(separator: ", ")). Set TAGCLOUD_FONTS to the folder of bundled fonts"
        case .invalidFontSize(let size):
            return "the font size \(size) is not usable: give a finite size greater than zero and below \(Int(Typesetter.largestFontSize)) points"
        case .invalidLayoutParameter(let name, let value):
            return "the \(name) \(value) is not usable: give a finite, non-negative \(name)"
        case .freeType(let function, let code):
            return "FreeType's \(function) failed with error \(code): the font file may be damaged"
        case .shapingFailed(let text, let reason):
            return "could not shape '\(text.prefix(40))': \(reason)"
        }
    }
}

extension TypesettingError: LocalizedError {
    /// The same message as ``description``: what went wrong, where, and what to do. Without it,
    /// `error.localizedDescription` said "The operation could not be completed. (TypesettingError error 10.)".
    public var errorDescription: String? { description }
}
