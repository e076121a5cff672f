package import TagCloud
#if canImport(Glibc)
import Glibc
#endif

extension TagCloudCommand {
    /// The input format an option names (`--input-format yaml`).
    ///
    /// - Parameter name: `json`, `yaml`, `yml`, `text`, `txt` or `csv`, any case.
    /// - Returns: The format.
    /// - Throws: ``CommandError/usage(_:)`` for another name.
    package static func inputFormat(named name: String) throws(CommandError) -> SpecFormat {
        guard let format = SpecFormat(fileExtension: name) else {
            throw .usage("unknown input format \(quoted(name)); use one of json, yaml, text, csv")
        }
        return format
    }

    /// The output format an option names (`--format svg`).
    ///
    /// - Parameter name: `png`, `svg`, `pdf` or `json`, any case.
    /// - Returns: The format.
    /// - Throws: ``CommandError/usage(_:)`` for another name.
    package static func outputFormat(named name: String) throws(CommandError) -> OutputFormat {
        guard let format = OutputFormat(fileExtension: name) else {
            let valid = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("unknown output format \(quoted(name)); use one of \(valid)")
        }
        return format
    }

    /// Refuses, before any output is checked or written, an input file that is not there or is a
    /// folder: the command's first error is then the input's (exit 66), not one about an output
    /// beside it.
    ///
    /// - Parameter inputs: The inputs as given; `-` (standard input) is skipped.
    /// - Throws: ``CommandError/library(_:)`` with ``TagCloudError/cannotReadInput(path:reason:)``.
    static func checkInputFiles(_ inputs: [String]) throws(CommandError) {
        for input in inputs where input != "-" {
            var status = stat()
            guard stat(input, &status) == 0 else {
                let code = errno
                throw .library(.cannotReadInput(path: input, reason: code == ENOENT || code == ENOTDIR
                                                ? "there is no such file" : String(cString: strerror(code))))
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                throw .library(.cannotReadInput(path: input, reason: "it is a folder, not a spec file"))
            }
        }
    }
}
