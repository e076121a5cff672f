import CCairo
import Foundation

/// The versions of the C libraries that draw pictures, as loaded in this process: what a golden
/// image depends on besides the display list and the fonts.
public enum DrawingLibraries {
    /// Cairo's version, such as `1.16.0` (`cairo_version_string`).
    public static let cairoVersion = String(cString: cairo_version_string())

    /// pixman's version, such as `0.42.2`: `pixman_version_string` of the pixman that Cairo loaded
    /// (Canvas calls pixman through Cairo only, so the symbol is looked up at run time), or
    /// `unknown` when the program links pixman statically and does not export it.
    public static let pixmanVersion: String = {
        typealias VersionString = @convention(c) () -> UnsafePointer<CChar>?
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pixman_version_string"),
           let version = unsafeBitCast(symbol, to: VersionString.self)() {
            return String(cString: version)
        }
        return "unknown"
    }()
}
