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
/// | 64 | ``usage`` | the command line is wrong: an unknown option value, an unknown format |
/// | 65 | ``dataError`` | the input is malformed or invalid: syntax, unknown key, wrong type, bad number, colour, weight or tag, unknown font family, a picture too large |
/// | 66 | ``noInput`` | the input cannot be opened or read |
/// | 70 | ``software`` | an internal error (a bug: please report it), or the bundled fonts cannot be loaded |
/// | 73 | ``cannotCreate`` | the output cannot be created or written |
///
/// ``TagCloudError/exitCode`` maps every error to one of these.
public enum TagCloudExitCode: Int32, Sendable, CaseIterable {
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
    /// 70 (`EX_SOFTWARE`): an internal error.
    case software = 70
    /// 73 (`EX_CANTCREAT`): the output cannot be created or written.
    case cannotCreate = 73
}

/// Everything that can go wrong between reading a spec and having a ``ResolvedCloud``, with a
/// message that says what happened, where, and what to do.
///
/// `description` starts with the location in compiler style (`tags.yaml:4:3: …`) so editors and
/// terminals can jump to it; the command prints it after `error: `. ``exitCode`` gives the
/// process exit code from ``TagCloudExitCode``.
public enum TagCloudError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input file cannot be opened or read (missing, a directory, no permission).
    ///
    /// Exit code 66.
    case cannotReadInput(path: String, reason: String)

    /// The output file cannot be created or written.
    ///
    /// Exit code 73.
    case cannotWriteOutput(path: String, reason: String)

    /// A format name or file extension that is not known (`--format gif`, `tags.xml`).
    ///
    /// `what` names the thing (`input format`, `output format`); `valid` lists the known names.
    /// Exit code 64.
    case unknownFormat(what: String, name: String, valid: [String])

    /// The input is not valid UTF-8 (or is UTF-16/UTF-32, which specs are not).
    ///
    /// The location carries the byte offset of the first bad byte and its line.
    /// Exit code 65.
    case invalidUTF8(SpecLocation, detail: String)

    /// The input is not well-formed JSON, YAML, CSV or text: `message` says what was expected.
    ///
    /// Exit code 65.
    case syntax(format: SpecFormat, SpecLocation, message: String)

    /// The same key appears twice in one mapping (`previous` is the other occurrence, if known).
    ///
    /// Exit code 65.
    case duplicateKey(path: String, SpecLocation, previous: SpecLocation?)

    /// A key the schema does not have: `key` as written, `path` the full key path
    /// (`chip.paddng`), `suggestion` the nearest valid key path (`chip.padding`), `valid` the keys
    /// allowed there.
    ///
    /// Exit code 65 (64 when the key came from a command-line option).
    case unknownKey(path: String, SpecLocation, suggestion: String?, valid: [String])

    /// A value of the wrong type: `expected` describes what the key takes (`a number`),
    /// `got` what was written (`the string "wide"`).
    ///
    /// Exit code 65 (64 when the value came from a command-line option).
    case wrongType(path: String, expected: String, got: String, SpecLocation)

    /// A number that is not allowed for the key: negative, NaN, infinite, too large, zero where
    /// a positive number is needed, or not a whole number. `reason` says which.
    ///
    /// Exit code 65 (64 when the value came from a command-line option).
    case invalidNumber(path: String, value: String, reason: String, SpecLocation)

    /// A name that is not one of the allowed values (a preset, theme, alignment, weight name…).
    ///
    /// `suggestion` is the nearest valid name, `valid` lists them all.
    /// Exit code 65 (64 when the value came from a command-line option).
    case unknownValue(path: String, value: String, suggestion: String?, valid: [String], SpecLocation)

    /// A colour that is not CSS hex (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`), one of the 148 CSS
    /// named colours, or `transparent`; `suggestion` is the nearest colour name, if any.
    ///
    /// Exit code 65 (64 when the value came from a command-line option).
    case invalidColor(path: String, value: String, suggestion: String?, SpecLocation)

    /// A control character (Unicode general category Cc, or U+2028/U+2029) in a tag, or a raw
    /// control character in JSON or YAML text. `tag` is the tag's text when it is known.
    ///
    /// Exit code 65.
    case controlCharacter(Unicode.Scalar, tag: String?, SpecLocation)

    /// A tag's `href` that web output must not write: a scheme other than http, https, mailto and
    /// tel (`javascript:`, `data:`, …, in any letter case), or text that is not a valid URL.
    /// `reason` is Canvas's `WebLink` message; `location` is the tag's place in the spec when the
    /// spec stage found it, `nil` when the renderer did.
    ///
    /// Exit code 65.
    case refusedLink(tag: String, href: String, reason: String, SpecLocation?)

    /// A tag weight that is not a finite number ≥ 0.
    ///
    /// Exit code 65.
    case invalidWeight(tag: String, value: String, SpecLocation)

    /// A tag whose text is empty.
    ///
    /// Exit code 65.
    case emptyTag(SpecLocation)

    /// A font family that neither the bundled fonts nor the system provide.
    ///
    /// `location` is where the spec names it (`nil` for the default family); `available` lists
    /// families that do exist. Exit code 65 (64 when the family came from a command-line option).
    case unknownFontFamily(String, SpecLocation?, available: [String])

    /// The picture would be larger than Cairo's limit of 32,767 pixels on a side at its output
    /// scale; `width` and `height` are in pixels.
    ///
    /// Exit code 65.
    case pictureTooLarge(width: Int, height: Int, limit: Int)

    /// The bundled fonts cannot be found or loaded (the `Fonts/` folder is missing or damaged).
    ///
    /// Exit code 70.
    case fontsUnavailable(reason: String)

    /// A tag's text cannot be laid out in its font (a font size out of range, a font file that
    /// fails to load). Exit code 65.
    case textLayoutFailed(text: String, reason: String)

    /// The picture cannot be encoded as `format` (PNG, SVG, PDF). Exit code 70.
    case renderingFailed(format: String, reason: String)

    /// `tagcloud diff` cannot compare the images: a file is missing or not a PNG, the sizes
    /// differ, or an option is out of range. Exit code 2.
    case cannotCompareImages(reason: String)

    /// An internal error; the message says what broke. Exit code 70.
    case internalError(String)

    /// The process exit code for this error, from ``TagCloudExitCode``.
    ///
    /// Errors about a value report ``TagCloudExitCode/usage`` (64) when the value came from a
    /// command-line option and ``TagCloudExitCode/dataError`` (65) when it came from the input.
    public var exitCode: TagCloudExitCode {
        switch self {
        case .cannotReadInput: return .noInput
        case .cannotWriteOutput: return .cannotCreate
        case .unknownFormat: return .usage
        case .internalError, .fontsUnavailable, .renderingFailed: return .software
        case .cannotCompareImages: return .diffFailed
        default: return location?.isCommandLine == true ? .usage : .dataError
        }
    }

    /// Where the problem is, when it has a place in the input or on the command line.
    public var location: SpecLocation? {
        switch self {
        case .cannotReadInput, .cannotWriteOutput, .unknownFormat, .pictureTooLarge, .internalError,
             .fontsUnavailable, .textLayoutFailed, .renderingFailed, .cannotCompareImages:
            nil
        case .invalidUTF8(let location, _), .syntax(_, let location, _),
             .duplicateKey(_, let location, _), .unknownKey(_, let location, _, _),
             .wrongType(_, _, _, let location), .invalidNumber(_, _, _, let location),
             .unknownValue(_, _, _, _, let location), .invalidColor(_, _, _, let location),
             .controlCharacter(_, _, let location), .invalidWeight(_, _, let location),
             .emptyTag(let location):
            location
        case .unknownFontFamily(_, let location, _), .refusedLink(_, _, _, let location):
            location
        }
    }

    /// What happened, where, and what to do, in one or two sentences.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return prefix + message
    }

    private var message: String {
        switch self {
        case let .refusedLink(tag, _, reason, _):
            return "the link of the tag \(quoted(tag)) is refused: \(reason)"
        case let .cannotReadInput(path, reason):
            return "cannot read the input \(quoted(path)): \(reason); check the path and its permissions"
        case let .cannotWriteOutput(path, reason):
            return "cannot write the output \(quoted(path)): \(reason); check that the folder exists and is writable"
        case let .unknownFormat(what, name, valid):
            return "unknown \(what) \(quoted(name)); use one of \(list(valid))"
        case let .invalidUTF8(location, detail):
            let offset = location.byteOffset.map { " at byte offset \($0)" } ?? ""
            return "the input is not valid UTF-8\(offset) (\(detail)); save the file as UTF-8"
        case let .syntax(format, _, message):
            return "malformed \(format.displayName): \(message)"
        case let .duplicateKey(path, _, previous):
            let other = previous.map { " (also at \(position($0)))" } ?? ""
            return "duplicate key \(quoted(path))\(other); keep only one of them"
        case let .unknownKey(path, _, suggestion, valid):
            if let suggestion {
                return "unknown key \(quoted(path)); did you mean \(quoted(suggestion))? Valid keys here: \(list(valid))"
            }
            return "unknown key \(quoted(path)); valid keys here: \(list(valid))"
        case let .wrongType(path, expected, got, _):
            return "\(quoted(path)) must be \(expected), but it is \(got)"
        case let .invalidNumber(path, value, reason, _):
            return "\(quoted(path)) is \(value), but it \(reason)"
        case let .unknownValue(path, value, suggestion, valid, _):
            let hint = suggestion.map { "did you mean \(quoted($0))? " } ?? ""
            return "unknown value \(quoted(value)) for \(quoted(path)); \(hint)valid values: \(list(valid))"
        case let .invalidColor(path, value, suggestion, _):
            let hint = suggestion.map { "did you mean \(quoted($0))? " } ?? ""
            return "\(quoted(path)) is \(quoted(value)), which is not a colour; \(hint)"
                + "use CSS hex (#RGB, #RGBA, #RRGGBB, #RRGGBBAA), a CSS colour name or transparent"
        case let .controlCharacter(scalar, tag, _):
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            if let tag {
                return "the tag \(quoted(tag)) contains the control character \(code); remove it"
            }
            return "the input contains the control character \(code), which JSON and YAML do not allow "
                + "in text; remove it or write it as an escape in a double-quoted string"
        case let .invalidWeight(tag, value, _):
            return "the weight of the tag \(quoted(tag)) is \(value); a weight must be a finite number ≥ 0"
        case .emptyTag:
            return "a tag has no text; give it some text or remove it"
        case let .unknownFontFamily(family, _, available):
            return "unknown font family \(quoted(family)); available families: \(list(available))"
        case let .pictureTooLarge(width, height, limit):
            return "the picture would be \(width) × \(height) pixels, over the limit of \(limit) pixels "
                + "on a side; lower the width, the scale or the number of tags"
        case let .fontsUnavailable(reason):
            return "the bundled fonts cannot be loaded: \(reason); set TAGCLOUD_FONTS to the folder of the "
                + "project's Fonts/ or reinstall tagcloud with its fonts"
        case let .textLayoutFailed(text, reason):
            return "the tag \(quoted(text)) cannot be laid out: \(reason); check the font size and family"
        case let .renderingFailed(format, reason):
            return "the picture cannot be encoded as \(format): \(reason); please report this with the spec"
        case let .cannotCompareImages(reason):
            return "cannot compare the images: \(reason)"
        case let .internalError(message):
            return "internal error: \(message); please report this"
        }
    }
}

// MARK: Message helpers

/// Quotes a value for a message, escaping control characters and shortening long values.
func quoted(_ text: String, limit: Int = 60) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// `line 3, column 4` for a location in the same input, or the full location for another source.
private func position(_ location: SpecLocation) -> String {
    switch (location.line, location.column) {
    case let (line?, column?): "line \(line), column \(column)"
    case let (line?, nil): "line \(line)"
    default: location.description
    }
}

/// A readable list of names, shortened when long.
private func list(_ names: [String]) -> String {
    let shown = names.prefix(20).joined(separator: ", ")
    return names.count > 20 ? shown + ", … (\(names.count) in all)" : shown
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
