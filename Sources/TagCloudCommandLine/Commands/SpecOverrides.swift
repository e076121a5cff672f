package import TagCloud
import Foundation

/// What a command line changes in every spec it reads: `--set KEY=VALUE` and the spec options
/// (as key paths, in order), then `--font-file`s added after the spec's own `fonts`.
///
/// `render`, `animate` and `preview` apply them the same way, so that an option means the same
/// in each and its bad value gets the same message ("option --set: …").
package struct SpecOverrides: Sendable {
    /// Key paths to set, in order: the key path, the value as typed, and the option (without
    /// dashes) that messages name.
    package var settings: [(keyPath: String, value: String, option: String)]
    /// Font files or folders, as typed; relative paths are relative to the working folder.
    package var fontFiles: [String]

    package init(settings: [(keyPath: String, value: String, option: String)] = [], fontFiles: [String] = []) {
        self.settings = settings
        self.fontFiles = fontFiles
    }

    /// The settings of `--set` assignments, in order.
    ///
    /// - Parameter assignments: The values of `--set`, each `KEY=VALUE` (the value may contain `=`).
    /// - Returns: The key paths and values, each labelled with the option `set`.
    /// - Throws: ``CommandError/usage(_:)`` for an assignment without `=`.
    package static func settings(fromAssignments assignments: [String]) throws(CommandError)
        -> [(keyPath: String, value: String, option: String)] {
        var settings: [(keyPath: String, value: String, option: String)] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw .usage("--set takes KEY=VALUE, but \(quoted(assignment)) has no \"=\"")
            }
            settings.append((String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]), "set"))
        }
        return settings
    }

    /// Applies the settings, then adds the font files (made absolute against the working folder:
    /// a spec's own relative `fonts` paths are relative to the spec's folder instead).
    ///
    /// - Parameter cloud: The spec as read.
    /// - Throws: ``TagCloudError`` for a key path or value the spec refuses, labelled with its option.
    package func apply(to cloud: inout Cloud) throws(TagCloudError) {
        for setting in settings {
            try cloud.setValue(setting.value, forKeyPath: setting.keyPath, source: CommandError.optionSource(setting.option))
        }
        guard !fontFiles.isEmpty else { return }
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        cloud.addFontFiles(fontFiles, relativeTo: folder, source: CommandError.optionSource("font-file"))
    }
}
