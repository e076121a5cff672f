import CFreeType
import CHarfBuzz

/// The versions of the C libraries that shape and rasterise text, as loaded in this process: what a
/// golden image of text depends on besides the fonts.
public enum TextLibraries {
    /// FreeType's version, such as `2.12.1` (`FT_Library_Version` of the process's library).
    public static let freeTypeVersion: String = FreeTypeLibrary.shared.withLibrary { library in
        guard let library else { return "unavailable" }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// HarfBuzz's version, such as `6.0.0` (`hb_version_string`).
    public static let harfBuzzVersion = String(cString: hb_version_string())
}
