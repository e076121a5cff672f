import Foundation

/// Everything that can go wrong while loading fonts or shaping text.
///
/// Each case names the file or family involved and says what to do about it.
public enum TypesettingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A font file does not exist or cannot be read.
    case fontFileUnreadable(path: String)
    /// A font file exists but is not a font FreeType and HarfBuzz can use.
    case fontFileCorrupt(path: String, reason: String)
    /// No font with this family name is bundled or installed.
    case unknownFamily(String, available: [String])
    /// The folder of bundled fonts is missing or unreadable.
    case fontsFolderUnreadable(path: String)
    /// A FreeType call failed.
    case freeType(function: String, code: Int32)

    public var description: String {
        switch self {
        case .fontFileUnreadable(let path):
            return "cannot read the font file \(path): check that it exists and is readable"
        case .fontFileCorrupt(let path, let reason):
            return "the font file \(path) is not a usable font (\(reason)): replace it with a valid TrueType or OpenType file"
        case .unknownFamily(let family, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "unknown font family '\(family)'; available families: \(list)"
        case .fontsFolderUnreadable(let path):
            return "cannot read the fonts folder \(path): set TAGCLOUD_FONTS to the project's Fonts/ folder"
        case .freeType(let function, let code):
            return "FreeType's \(function) failed with error \(code)"
        }
    }
}
