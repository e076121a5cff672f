import Foundation
import TagCloud
import TagCloudUI
import Typesetting

extension TagCloudCommand {
    /// `tagcloud fonts`: the bundled families with their styles and folder, then the families
    /// fontconfig finds on this machine (any of them can be a spec's `font.family`).
    ///
    /// - Returns: The listing, a family per line, ending with a newline.
    /// - Throws: ``TagCloud/TagCloudError/fontsUnavailable(_:)`` when the bundled fonts cannot be loaded.
    package static func fonts() throws(CommandError) -> String {
        let library: FontLibrary
        do {
            library = try FontLibrary.bundled(systemFonts: true)
        } catch {
            throw .library(.fontsUnavailable(TypesettingError(thrown: error)))
        }
        var output = "Bundled families (\(library.directory)):\n"
        for family in library.families {
            let styles = library.faces.filter { $0.familyName.caseInsensitiveCompare(family) == .orderedSame }
                .sorted { ($0.weightClass, $0.isItalic ? 1 : 0) < ($1.weightClass, $1.isItalic ? 1 : 0) }
                .map(\.styleName)
            output += "  \(family) (\(styles.joined(separator: ", ")))\n"
        }
        let system = library.systemFamilies()
        output += "System families (fontconfig, \(system.count)):\n"
        for family in system { output += "  \(family)\n" }
        return output
    }
}
