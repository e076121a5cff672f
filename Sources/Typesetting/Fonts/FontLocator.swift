public import Foundation

/// Finds the bundled `Fonts/` folder at run time.
///
/// The search order: the `TAGCLOUD_FONTS` environment variable; a `Fonts` folder beside the running
/// executable, or in `../share/tagcloud/` next to it (where `make install` and the Debian package
/// put them: `/usr/local/bin/tagcloud` finds `/usr/local/share/tagcloud/Fonts`); then the package
/// checkout this library was built from (found from the source file's `#filePath`), for builds run
/// in place. The first folder that exists wins.
public enum FontLocator {
    /// The environment variable that names the fonts folder.
    public static let environmentVariable = "TAGCLOUD_FONTS"

    /// The folders searched, in order, for the given environment and executable.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - executable: the running executable's path (by default the kernel's `/proc/self/exe`,
    ///     which holds even when the command was found through `PATH`).
    /// - Returns: candidate folders, most preferred first.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: String? = runningExecutable) -> [URL] {
        var result: [URL] = []
        if let value = environment[environmentVariable], !value.isEmpty {
            result.append(URL(fileURLWithPath: value, isDirectory: true))
        }
        if let executable, !executable.isEmpty {
            let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            result.append(folder.appendingPathComponent("Fonts", isDirectory: true))
            result.append(folder.deletingLastPathComponent().appendingPathComponent("share/tagcloud/Fonts", isDirectory: true))
        }
        // Sources/Typesetting/Fonts/FontLocator.swift -> the package root (named as a file: a
        // URL left to guess looks at the path, and an installed command stat'ed its build's source).
        let root = URL(fileURLWithPath: #filePath, isDirectory: false).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        result.append(root.appendingPathComponent("Fonts", isDirectory: true))
        return result
    }

    /// The path of the running executable: `/proc/self/exe` resolved, or the program's first
    /// argument where there is no `/proc`.
    public static var runningExecutable: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    /// The first candidate folder that exists.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - executable: the running executable's path.
    /// - Returns: the folder.
    /// - Throws: ``TypesettingError/fontsFolderNotFound(searched:)`` listing every folder tried;
    ///   when `TAGCLOUD_FONTS` is set but names no folder, only that folder is reported, since the
    ///   user asked for it.
    public static func fontsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                      executable: String? = runningExecutable) throws -> URL {
        let candidates = candidates(environment: environment, executable: executable)
        if let value = environment[environmentVariable], !value.isEmpty, let first = candidates.first {
            guard isDirectory(first) else { throw TypesettingError.fontsFolderNotFound(searched: [first.path]) }
            return first
        }
        guard let found = candidates.first(where: isDirectory) else {
            throw TypesettingError.fontsFolderNotFound(searched: candidates.map(\.path))
        }
        return found
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
