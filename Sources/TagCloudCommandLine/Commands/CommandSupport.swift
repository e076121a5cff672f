package import TagCloud
import Canvas
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension TagCloudCommand {
    /// The extension of a path's last part, lower-case; `""` for none (`.png` alone is a hidden
    /// file's name, not an extension).
    static func fileExtension(of path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).pathExtension.lowercased()
    }

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

    /// A whole number an option takes (`--top 40`, `--min-count 2`), at least `minimum`.
    ///
    /// - Parameters:
    ///   - text: The value as typed.
    ///   - option: The option's name without dashes.
    ///   - minimum: The least value.
    /// - Returns: The number.
    /// - Throws: ``CommandError/usage(_:)`` naming the option and the value: a number of digits
    ///   too large for a whole number (past 9,223,372,036,854,775,807) is said to be too large,
    ///   anything else that is not a whole number ≥ `minimum` to be that.
    package static func wholeNumber(_ text: String, option: String, minimum: Int) throws(CommandError) -> Int {
        if let value = Int(text) {
            if value >= minimum { return value }
        } else if case let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text),
                  !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .usage("--\(option) is \(quoted(text, limit: 40)), which is too large: it must be a whole number from \(minimum) "
                         + "to \(Int.max)")
        }
        throw .usage("--\(option) is \(quoted(text, limit: 40)), but it must be a whole number ≥ \(minimum)")
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
                // `x.yaml/`: a name ending in / names a folder, as for cat.
                if code == ENOTDIR, input.hasSuffix("/"), stat(String(input.dropLast()), &status) == 0 {
                    throw .library(.cannotReadInput(path: input, reason: "it ends with /, which names a folder, but it is a file; "
                                                    + "give it without the /"))
                }
                throw .library(.cannotReadInput(path: input, reason: code == ENOENT || code == ENOTDIR
                                                ? "there is no such file" : FileErrorWording.reason(code)))
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                throw .library(.cannotReadInput(path: input, reason: "it is a folder, not a spec file"))
            }
        }
    }
}
