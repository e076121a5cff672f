// The `tagcloud render` command line: its options are the command's own (`-o`, `--format`,
// `--out-dir`, `--set`, `--from`, …) and one per spec key that has an option in the key tables
// (`Cloud.commandLineOptions`), so a key's option, its value name and its help come from the key's
// one declaration. swift-argument-parser declares options statically, so it prints `render`'s
// help (with the spec options listed from the same tables) but does not parse it.
package import TagCloud

/// `tagcloud render`'s command line, parsed.
package struct RenderCommandLine: Equatable, Sendable {
    /// The spec files, or `-`; empty when the tags come from `--from` alone.
    package var inputs: [String]
    /// `-o`/`--output`.
    package var output: String?
    /// `--out-dir`.
    package var outputFolder: String?
    /// `--format` (one) or `--formats` (a comma-separated list), as given.
    package var formats: [String] = []
    /// Which of the two gave ``formats`` (`format` or `formats`), for messages.
    package var formatOption = "format"
    /// `--input-format`.
    package var inputFormat: String?
    /// The options that set a spec key, by option name without dashes (`width`, `font-size`).
    package var specOptions: [String: String] = [:]
    /// `--set KEY=VALUE`, in order.
    package var assignments: [String] = []
    /// `-v`/`--verbose`.
    package var verbose = false
    /// Warnings about the command line itself (an option given twice, the last one used), printed
    /// before anything runs.
    package var warnings: [String] = []
    /// `--progress` (true) or `--quiet` (false); `nil` shows progress when standard error is a
    /// terminal.
    package var progress: Bool?
    /// `--from DIR` and the options of `tagcloud collect`, when the tags come from site content.
    package var collect: CollectCommandLine?
    /// `--strict-fonts`: sets the spec's `strictFonts` to `true`.
    package var strictFonts = false
    /// `--font-file`, in order (repeatable): font files or folders added to the spec's `fonts`.
    package var fontFiles: [String] = []
    /// `--max-input-size`, as typed.
    package var maxInputSize: String?
    /// `--page`: HTML output is a whole document (sets the `page` key).
    package var page = false

    package init(inputs: [String], output: String? = nil, outputFolder: String? = nil, formats: [String] = [],
                 inputFormat: String? = nil, specOptions: [String: String] = [:], assignments: [String] = [],
                 verbose: Bool = false, progress: Bool? = nil, collect: CollectCommandLine? = nil,
                 strictFonts: Bool = false, fontFiles: [String] = [], maxInputSize: String? = nil) {
        self.inputs = inputs
        self.output = output
        self.outputFolder = outputFolder
        self.formats = formats
        self.inputFormat = inputFormat
        self.specOptions = specOptions
        self.assignments = assignments
        self.verbose = verbose
        self.progress = progress
        self.collect = collect
        self.strictFonts = strictFonts
        self.fontFiles = fontFiles
        self.maxInputSize = maxInputSize
    }

    /// The options that set a spec key, in the key reference's order (which is the order their
    /// values are applied in, after `--set`).
    package static let specOptionKeys: [SpecOption] = Cloud.commandLineOptions

    /// The command's own options that take a value, without dashes.
    static let valueOptions = ["output", "out-dir", "format", "formats", "input-format", "set", "font-file", "max-input-size"]
        + CollectCommandLine.valueOptions
    /// The command's own flags.
    static let flagOptions = ["verbose", "progress", "quiet", "strict-fonts", "page"] + CollectCommandLine.flagOptions

    /// What parsing found: a command line, or a request for help.
    package enum Parsed: Equatable, Sendable {
        /// A command line to run.
        case run(RenderCommandLine)
        /// `-h`/`--help` was given.
        case help
        /// `--version` was given (as every subcommand takes it, after the root command's).
        case version
    }

    /// Parses the arguments after `render`.
    ///
    /// Options take their value as the next argument or after `=` (`--width 300`,
    /// `--width=300`); the value of a spec option or `--set` may start with `-` (`--padding -3` is
    /// a negative padding, refused by the spec's rules with the option named), the value of the
    /// command's other options may not (so `-o --width` is a missing value, not a file named
    /// `--width`). A repeated option keeps its last value; `--set`, `--from` and `--taxonomy`
    /// accumulate. `--` ends the options: what follows is positional. `-` alone is standard input.
    ///
    /// - Parameter arguments: The arguments after `render`.
    /// - Returns: The command line, or ``Parsed/help``.
    /// - Throws: ``CommandError/usage(_:)`` for an unknown option (naming the nearest known one),
    ///   a missing value, a flag given a value, no input, or options that do not go together.
    /// - Complexity: O(n) in the number of arguments.
    package static func parse(_ arguments: [String]) throws(CommandError) -> Parsed {
        var line = RenderCommandLine(inputs: [])
        var collect = CollectCommandLine()
        var index = 0
        var optionsEnded = false
        var sawFormat = false, sawFormats = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                line.inputs.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" { return .help }
            if argument == "--version" { return .version }
            let name: String, inline: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inline = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                    inline = nil
                }
            } else {
                switch argument {
                case "-o": name = "output"
                case "-v": name = "verbose"
                default: throw usage("unknown option \(quoted(argument))\(suggestion(for: argument))")
                }
                inline = nil
            }
            // The value: after `=`, or the next argument (spec options and `--set` take any next
            // argument, the command's own options one that is not an option).
            func value(takesAnyNext: Bool = false) throws(CommandError) -> String {
                if let inline { return inline }
                guard index < arguments.count, takesAnyNext || arguments[index] == "-" || !arguments[index].hasPrefix("-") else {
                    // `-o -out.png`: the next argument looks like an option; say how to give it.
                    let next = index < arguments.count ? arguments[index] : ""
                    let hint = next.count > 1 && !next.hasPrefix("--") && !["-o", "-v", "-h"].contains(next)
                        ? "; a value that starts with \"-\" is given as --\(name)=\(arguments[index])"
                            + (name == "output" || name == "out-dir" ? " or ./\(arguments[index])" : "")
                        : ""
                    throw usage("missing value for \(quoted(argument))\(hint)")
                }
                index += 1
                return arguments[index - 1]
            }
            if flagOptions.contains(name), inline != nil { throw usage("\(quoted("--" + name)) takes no value") }
            switch name {
            case "verbose": line.verbose = true
            case "strict-fonts": line.strictFonts = true
            case "progress", "quiet":
                let progress = name == "progress"
                if line.progress == !progress { throw usage("give --progress or --quiet, not both") }
                line.progress = progress
            case "page": line.page = true
            case "output":
                let output = try value()
                // A second -o silently replaced the first: `-o a.png -o a.svg` wrote only the SVG.
                if let first = line.output {
                    throw usage("-o is given twice (\(quoted(first)) and \(quoted(output))); it names one file: for several formats "
                                + "of one spec, give --out-dir DIR --formats png,svg")
                }
                line.output = output
            case "out-dir":
                let folder = try value()
                if let first = line.outputFolder {
                    throw usage("--out-dir is given twice (\(quoted(first)) and \(quoted(folder))); give one folder")
                }
                line.outputFolder = folder
            case "format":
                let format = try value()
                if format.trimmingASCIISpaces().isEmpty { throw usage("--format is empty; name a format (png, svg, pdf, html or json)") }
                if sawFormat, let first = line.formats.first, first != format { line.warnings.append(Self.givenTwice(name, first, format)) }
                line.formats = [format]
                sawFormat = true
            case "formats":
                let list = try value()
                // Given again, the lists add up (`--formats png,svg --formats pdf` is three):
                // a list option that dropped the first list lost formats without a word.
                let named = list.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingASCIISpaces() }
                line.formats = (sawFormats ? line.formats : []) + named
                if named.contains(where: \.isEmpty) {
                    throw usage("--formats \(quoted(list)) has an empty entry; give format names separated by commas (png,svg)")
                }
                line.formatOption = "formats"
                sawFormats = true
            case "input-format":
                let format = try value()
                if let first = line.inputFormat, first != format { line.warnings.append(Self.givenTwice(name, first, format)) }
                line.inputFormat = format
            case "set": line.assignments.append(try value(takesAnyNext: true))
            case "font-file": line.fontFiles.append(try value())
            case "max-input-size":
                let size = try value()
                if let first = line.maxInputSize, first != size { line.warnings.append(Self.givenTwice(name, first, size)) }
                line.maxInputSize = size
            default:
                if try collect.parseOption(name, value: { () throws(CommandError) in try value() }) { continue }
                guard specOptionKeys.contains(where: { $0.name == name }) else {
                    throw usage("unknown option \(quoted(argument))\(suggestion(for: "--" + name))")
                }
                let given = try value(takesAnyNext: true)
                // `--width 300 --width 500`: likely a slip in a build script; the last one is used.
                if let first = line.specOptions[name], first != given { line.warnings.append(Self.givenTwice(name, first, given)) }
                line.specOptions[name] = given
            }
        }
        if sawFormat, sawFormats { throw usage("give --format or --formats, not both") }
        line.warnings += line.conflictingSettings()
        if line.outputFolder?.isEmpty == true { throw usage("--out-dir is empty; name a folder (. for this one)") }
        if line.outputFolder == "-" {
            throw usage("--out-dir - names no folder (standard output takes one file: -o -); name a folder, ./- for one called -")
        }
        if line.output?.isEmpty == true { throw usage("-o is empty; name a file, or - for standard output") }
        // Not the working folder: an unset variable (`--font-file "$FONTS"`) loaded its fonts.
        if line.fontFiles.contains("") { throw usage("--font-file is empty; name a font file or a folder of fonts (. for this one)") }
        if collect.folders.isEmpty {
            guard collect == CollectCommandLine() else {
                throw usage("the options of tagcloud collect need --from DIR (the site's content)")
            }
        } else {
            line.collect = collect
        }
        if line.inputs.isEmpty, line.collect == nil {
            throw usage("missing the input: give a spec file, - for standard input, or --from DIR")
        }
        if line.collect != nil, line.inputs.count > 1 {
            throw usage("with --from, give at most one spec (its keys style the cloud of the site's tags)")
        }
        if line.output != nil, line.outputFolder != nil { throw usage("give -o or --out-dir, not both") }
        if line.inputs.count > 1 || line.formats.count > 1, line.output != nil {
            throw usage("-o names one file; with several inputs or formats, give --out-dir")
        }
        return .run(line)
    }

    /// `; did you mean "--width"?` for an option spelt like a known one, or nothing.
    private static func suggestion(for option: String) -> String {
        let known = (valueOptions + flagOptions + ["help"] + specOptionKeys.map(\.name)).map { "--" + $0 }
        // An option spelt as its key's path (`--font-family` for `font.family`, whose option is
        // `--font`), or the start of one (`--justify`): said before the nearest spelling, which
        // named `--font-file`.
        let given = option.lowercased()
        if let key = specOptionKeys.first(where: { "--" + String($0.keyPath.map { $0 == "." ? "-" : $0 }).lowercased() == given }) {
            return "; did you mean \(quoted("--" + key.name))? (it sets \(quoted(key.keyPath)))"
        }
        let shared = known.map { name in (name, zip(name.dropFirst(2), given.dropFirst(2)).prefix { $0 == $1 }.count) }
        if let best = shared.max(by: { $0.1 < $1.1 }), best.1 >= 6, shared.filter({ $0.1 == best.1 }).count == 1 {
            return "; did you mean \(quoted(best.0))?"
        }
        return nearestName(to: option, in: known).map { "; did you mean \(quoted($0))?" } ?? ""
    }

    static func usage(_ message: String) -> CommandError {
        .usage(message + "\nusage: tagcloud render <input>... [-o <output> | --out-dir <folder>] [options]; see 'tagcloud render --help'")
    }

    /// Warnings for a key set twice to different values: by `--set` twice (the last one is used),
    /// or by `--set` and the option that names it (`--set width=300 --width 200`: the option is
    /// used, whatever their order, as options are applied after `--set`).
    func conflictingSettings() -> [String] {
        var warnings: [String] = []
        var assigned: [String: String] = [:]
        var order: [String] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            let key = String(assignment[..<equals]), value = String(assignment[assignment.index(after: equals)...])
            if let first = assigned[key], first != value {
                warnings.append("warning: --set \(key) is given twice (\(quoted(first)) and \(quoted(value))); the last one is used")
            }
            if assigned[key] == nil { order.append(key) }
            assigned[key] = value
        }
        for key in order {
            guard let value = assigned[key] else { continue }
            // The option's key, or one holding it or held by it (`--set spacing.horizontal=40
            // --spacing 5`: the option replaces the whole key).
            for option in Self.specOptionKeys where option.keyPath == key || key.hasPrefix(option.keyPath + ".")
                || option.keyPath.hasPrefix(key + ".") {
                guard let given = specOptions[option.name], option.keyPath != key || value != given else { continue }
                // `--order NAME` sets the order's criterion alone: a seed or direction set by
                // `--set order.seed=5` is kept, and used.
                if option.keyPath == "order", key.hasPrefix("order."), key != "order.by" { continue }
                warnings.append("warning: --set \(key)=\(value) and --\(option.name) \(given) both set \(quoted(option.keyPath.count < key.count ? option.keyPath : key)); "
                                + "--\(option.name) is used (options are applied after --set)")
            }
        }
        return warnings
    }

    /// The warning for a value option given twice with different values (the last one is used);
    /// the same value twice says nothing.
    static func givenTwice(_ option: String, _ first: String, _ second: String) -> String {
        "warning: --\(option) is given twice (\(quoted(first)) and \(quoted(second))); the last one is used"
    }

    /// The request for the command: `--set` assignments first, then every spec option, as key
    /// paths set on the spec.
    ///
    /// - Throws: ``CommandError/usage(_:)`` for an unknown format name, a `--set` without `=`, a
    ///   collect option's bad value, or a `--max-input-size` that is not a size.
    package func request() throws(CommandError) -> RenderRequest {
        var settings = try SpecOverrides.settings(fromAssignments: assignments)
        for option in Self.specOptionKeys {
            if let value = specOptions[option.name] { settings.append((option.keyPath, value, option.name)) }
        }
        if strictFonts { settings.append(("strictFonts", "true", "strict-fonts")) }
        if page { settings.append(("page", "true", "page")) }
        var formats: [OutputFormat] = []
        for name in self.formats {
            let format = try TagCloudCommand.outputFormat(named: name)
            if !formats.contains(format) { formats.append(format) }
        }
        // `render --from -v` says what was collected, as `collect -v` does.
        var collectRequest = try collect?.request()
        collectRequest?.printsSummary = verbose
        return RenderRequest(inputs: inputs, inputFormat: try inputFormat.map(TagCloudCommand.inputFormat(named:)),
                             output: output, outputFolder: outputFolder, formats: formats, formatOption: formatOption, settings: settings,
                             collect: collectRequest, fontFiles: fontFiles,
                             maxInputSize: try maxInputSize.map(Self.byteCount) ?? Cloud.defaultMaxInputSize)
    }

    /// The most `--max-input-size` may be: 1 GiB (a spec is parsed into memory several times its
    /// size).
    package static let largestMaxInputSize = 1 << 30

    /// A size in bytes as `--max-input-size` takes it: a whole number, optionally followed by
    /// `K`, `M` or `G` (1,024, 1,048,576, 1,073,741,824), from 1 byte to 1 GiB.
    ///
    /// - Parameter text: The value as typed (`65536`, `64K`, `64M`, `1G`).
    /// - Returns: The number of bytes.
    /// - Throws: ``CommandError/usage(_:)`` naming the option and the value (at most 60 characters of it).
    static func byteCount(_ text: String) throws(CommandError) -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20, "G": 1 << 30, "g": 1 << 30]
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
              case let (bytes, overflow) = number.multipliedReportingOverflow(by: unit ?? 1), !overflow,
              (1...largestMaxInputSize).contains(bytes) else {
            throw .usage("--max-input-size takes a size from 1 byte to 1G (65536, 64K, 64M, 1G), but it is \(quoted(text))")
        }
        return bytes
    }
}
