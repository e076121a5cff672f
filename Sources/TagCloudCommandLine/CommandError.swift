package import TagCloud
package import TagCloudUI

/// The exit codes of the `tagcloud` command: the one table the command and the README use.
///
/// The codes follow BSD `sysexits(3)`, so scripts can tell a bad command line from bad input data
/// from a file that cannot be read or written:
///
/// | code | case | meaning |
/// | ---: | --- | --- |
/// | 0 | ``success`` | the output was written (`tagcloud diff`: the images match within the limits) |
/// | 1 | ``imagesDiffer`` | `tagcloud diff` only: the images differ beyond the limits |
/// | 2 | ``diffFailed`` | `tagcloud diff` only: the comparison could not be made (missing file, not a PNG, sizes differ) |
/// | 64 | ``usage`` | the command line is wrong: an unknown option, a bad option value, an unknown format |
/// | 65 | ``dataError`` | the input is malformed or invalid: syntax, unknown key, wrong type, bad number, colour, weight or tag, unknown font family, characters no font covers under `strictFonts`, a picture too large |
/// | 66 | ``noInput`` | the input, or a font file it names, cannot be opened or read |
/// | 69 | ``unavailable`` | `tagcloud preview` only: the server cannot listen (the port is in use or reserved) |
/// | 70 | ``software`` | an internal error (a bug: please report it), or the bundled fonts cannot be loaded |
/// | 73 | ``cannotCreate`` | the output cannot be created or written |
package enum TagCloudExitCode: Int32, Sendable, CaseIterable {
    /// 0: the output was written, or `tagcloud diff` found the images within the limits.
    case success = 0
    /// 1: `tagcloud diff` found the images different beyond the limits.
    case imagesDiffer = 1
    /// 2: `tagcloud diff` could not compare the images.
    case diffFailed = 2
    /// 64 (`EX_USAGE`): the command line is wrong.
    case usage = 64
    /// 65 (`EX_DATAERR`): the input data is malformed or invalid.
    case dataError = 65
    /// 66 (`EX_NOINPUT`): the input cannot be opened or read.
    case noInput = 66
    /// 69 (`EX_UNAVAILABLE`): a resource the command needs is unavailable: `tagcloud preview`'s
    /// port is in use, or it cannot listen there.
    case unavailable = 69
    /// 70 (`EX_SOFTWARE`): an internal error.
    case software = 70
    /// 73 (`EX_CANTCREAT`): the output cannot be created or written.
    case cannotCreate = 73
}

/// What can go wrong in a `tagcloud` command: the library's errors, and the command's own (the
/// command line, the output file, the images `diff` compares), each with its exit code.
package enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An error of the TagCloud library: reading, checking or rendering the spec, or a value an
    /// option gave (its location's source is then the option, ``optionSource(_:)``).
    case library(TagCloudError)
    /// The command line is malformed: an unknown option, a missing value, an unknown format name.
    case usage(String)
    /// The output cannot be created or written; `reason` says why. The path `-` is standard
    /// output.
    case cannotWriteOutput(path: String, reason: String)
    /// `tagcloud diff` cannot compare the images: a file is missing or not a PNG, the sizes
    /// differ, or an option is out of range.
    case cannotCompareImages(reason: String)
    /// A Swift example of the gallery (`tagcloud samples`) could not be rendered.
    case swiftExampleFailed(name: String, TagCloudUIError)
    /// Content files with problems, under `--strict` (`tagcloud collect`, `render --from`).
    case contentProblems([SiteTags.Problem])
    /// `--strict`: the site's content gave no tags for the cloud; the reason says why (no page has
    /// the taxonomy, every tag was excluded, none is on `--min-count` pages).
    case emptyCollection(String)
    /// `tagcloud preview`'s server cannot listen on `host`:`port`; `reason` says why and what to do
    /// (the port is in use: give another `--port`).
    case cannotListen(host: String, port: Int, reason: String)
    /// An error about one of a command's several specs (`animate`'s two) that its message does not
    /// place, said after the spec's name (`error: to.yaml: the picture would be …`).
    indirect case inSpec(name: String, CommandError)

    /// The name a value set by an option is located at (`option --width`), so messages name the
    /// option and its errors exit with 64.
    ///
    /// - Parameter option: The option's name without dashes.
    package static func optionSource(_ option: String) -> String {
        "option --\(option)"
    }

    /// The process exit code for this error.
    ///
    /// Errors about a value exit with ``TagCloudExitCode/usage`` (64) when an option gave the value
    /// and ``TagCloudExitCode/dataError`` (65) when the input did.
    package var exitCode: TagCloudExitCode {
        switch self {
        case .usage: return .usage
        case .cannotWriteOutput: return .cannotCreate
        case .cannotCompareImages: return .diffFailed
        case .swiftExampleFailed: return .software
        case .contentProblems, .emptyCollection: return .dataError
        case .cannotListen: return .unavailable
        case .inSpec(_, let error): return error.exitCode
        case .library(let error):
            switch error {
            case .cannotReadInput: return .noInput
            case .inputTooLarge: return .dataError
            case .unusableFontFile(_, let reason, _):
                if case .fontFileUnreadable = reason { return .noInput }
                return .dataError
            case .unknownFormat: return .usage
            // A font file that cannot draw (damaged past what loading it checks) is bad input.
            case .renderingFailed(_, .fontUnavailable): return .dataError
            case .internalError, .fontsUnavailable, .renderingFailed: return .software
            case .unbuiltLanguage(_, _, _, _, let isDefault): return isDefault ? .dataError : .usage
            case .mixedLanguages: return .usage
            case .invalidUTF8, .syntax, .duplicateKey, .unknownKey, .invalidKeyPath, .wrongType, .invalidNumber, .unknownValue,
                 .invalidColor, .controlCharacter, .invalidWeight, .emptyTag, .tagTooLong, .unknownFontFamily, .pictureTooLarge, .pictureHasTooManyPixels,
                 .animationTooLarge, .animationHasTooManyPixels,
                 .textLayoutFailed, .missingGlyphs, .refusedLink, .refusedSettingLink:
                let fromOption = error.location?.source.hasPrefix(Self.optionSource("")) ?? false
                return fromOption ? .usage : .dataError
            }
        }
    }

    /// Whether the error is about a value an option gave (its location's source is the option),
    /// so that every spec given meets it alike.
    package var isAboutAnOption: Bool {
        guard case .library(let error) = self else { return false }
        return error.location?.source.hasPrefix(Self.optionSource("")) ?? false
    }

    /// What happened and what to do, as the command prints it after `error: `.
    package var description: String { description(afterNaming: nil) }

    /// What happened and what to do, for a line that names `input` first (a batch's
    /// `error: <spec>: …`): an error about that very file does not name it again.
    package func description(afterNaming input: String?) -> String {
        switch self {
        case .library(let error):
            let named = input == nil || error.inputPath != input
            let text = named ? error.description : error.message(namingInput: false)
            // The command's own way past the library's limit.
            if case .inputTooLarge = error { return text + " (--max-input-size raises it)" }
            return text
        case .usage(let message):
            return message
        case let .cannotWriteOutput(path, reason):
            if path == "-" { return "cannot write to standard output: \(reason)" }
            return "cannot write the output \(quoted(path: path)): \(reason)"
        case let .cannotCompareImages(reason):
            return "cannot compare the images: \(reason)"
        case let .swiftExampleFailed(name, error):
            return "the Swift example \(name) cannot be rendered: \(error)"
        case let .contentProblems(problems):
            let shown = problems.prefix(20).map { "\n  \($0.problem)" }.joined()
            let more = problems.count > 20 ? "\n  … and \(problems.count - 20) more" : ""
            return "the content has \(problems.count) problem\(problems.count == 1 ? "" : "s") (--strict):\(shown)\(more)"
        case let .emptyCollection(reason):
            return "\(reason) (--strict)"
        case let .cannotListen(host, port, reason):
            return "the preview server cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port): \(reason)"
        case let .inSpec(name, error):
            return "\(escapingControls(name)): \(error.description(afterNaming: name))"
        }
    }
}
