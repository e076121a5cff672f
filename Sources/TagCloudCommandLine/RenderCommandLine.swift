// The `tagcloud render` command line as plain values, and a fast path that parses its common forms
// without swift-argument-parser.
//
// swift-argument-parser builds each command's argument set by reflecting over its property
// wrappers, which instantiates generic metadata and scans the binary's protocol conformances at run
// time: about 3 ms of a render's 25, on the critical path before anything else can start. The
// plain forms that scripts and static-site builds use (an input, -o, and options with values) are
// parsed here directly; anything else (help, an unknown or repeated option, a missing value, a
// value that looks like an option where swift-argument-parser would reject it) returns nil and
// goes to swift-argument-parser, which prints the messages. A property test checks that whenever
// the fast path answers, swift-argument-parser gives the same values.
package import TagCloud

/// `tagcloud render`'s command line, parsed: the same values whichever parser read it.
package struct RenderCommandLine: Equatable, Sendable {
    /// The spec file, or `-`.
    package var input: String
    /// `-o`/`--output`.
    package var output: String?
    /// `--format`.
    package var format: String?
    /// `--input-format`.
    package var inputFormat: String?
    /// The options that set a spec key, by option name without dashes (`width`, `font-size`).
    package var specOptions: [String: String] = [:]
    /// `--set KEY=VALUE`, in order.
    package var assignments: [String] = []
    /// `-v`/`--verbose`.
    package var verbose = false

    package init(input: String, output: String? = nil, format: String? = nil, inputFormat: String? = nil,
                 specOptions: [String: String] = [:], assignments: [String] = [], verbose: Bool = false) {
        self.input = input
        self.output = output
        self.format = format
        self.inputFormat = inputFormat
        self.specOptions = specOptions
        self.assignments = assignments
        self.verbose = verbose
    }

    /// The options that set a spec key: option name (without dashes) and key path, in the order
    /// their values are applied.
    package static let specOptionKeys: [(option: String, key: String)] = [
        ("width", "width"), ("padding", "padding"), ("spacing", "spacing"), ("alignment", "alignment"),
        ("justification", "justification"), ("line-breaking", "lineBreaking"), ("max-rows", "maxRows"),
        ("direction", "direction"), ("font", "font.family"), ("font-size", "font.size"),
        ("font-weight", "font.weight"), ("shape", "chip.shape"), ("fill", "chip.fill"), ("style", "style"),
        ("theme", "theme"), ("scale", "scale"), ("background", "background"),
    ]

    /// The request for the library: `--set` assignments first, then every option as a spec
    /// override.
    ///
    /// - Throws: ``TagCloudError`` for a value the spec would reject, naming the option.
    package func request() throws(TagCloudError) -> RenderRequest {
        var overrides = SpecOverrides()
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw .wrongType(path: assignment, expected: "KEY=VALUE", got: "no \"=\"",
                                 SpecLocation(source: .option("--set")))
            }
            try overrides.set(String(assignment[..<equals]), to: String(assignment[assignment.index(after: equals)...]),
                              option: "--set")
        }
        for (option, key) in Self.specOptionKeys {
            if let value = specOptions[option] { try overrides.set(key, to: value, option: "--\(option)") }
        }
        return RenderRequest(input: input, inputFormat: try inputFormat.map(TagCloudCommand.inputFormat(named:)),
                             output: output, format: try format.map(TagCloudCommand.outputFormat(named:)),
                             overrides: overrides)
    }

    /// Parses the arguments after `render` when they use only the plain forms: one input; `-o`,
    /// `--output`, `--format`, `--input-format` with a value that is not an option; the spec
    /// options and `--set` with any value (`--name value` or `--name=value`); `-v`/`--verbose`.
    ///
    /// - Parameter arguments: The arguments after `render`.
    /// - Returns: The command line, or `nil` for anything else (swift-argument-parser then parses
    ///   it and reports errors and help).
    /// - Complexity: O(n) in the number of arguments.
    package static func parseFast(_ arguments: [String]) -> RenderCommandLine? {
        var input: String?
        var line = RenderCommandLine(input: "")
        var seen = Set<String>()
        var index = 0
        // The value of an option that takes the next argument only when it is not an option.
        func nextValue(inline: String?) -> String? {
            if let inline { return inline }
            guard index + 1 < arguments.count else { return nil }
            let next = arguments[index + 1]
            guard next == "-" || !next.hasPrefix("-") else { return nil }
            index += 1
            return next
        }
        // The value of an option that takes the next argument whatever it is.
        func anyValue(inline: String?) -> String? {
            if let inline { return inline }
            guard index + 1 < arguments.count else { return nil }
            index += 1
            return arguments[index]
        }
        // Empty arguments, `--`, empty `--name=` values and `---…` are read differently by
        // swift-argument-parser (found by the property test).
        guard !arguments.contains(where: { $0.isEmpty || $0 == "--" || $0.hasPrefix("-") && $0.hasSuffix("=") || $0.hasPrefix("---") }) else {
            return nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String, inline: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inline = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                    inline = nil
                }
                if name != "set" { guard seen.insert(name).inserted else { return nil } }
                switch name {
                case "output": guard let value = nextValue(inline: inline) else { return nil }; line.output = value
                case "format": guard let value = nextValue(inline: inline) else { return nil }; line.format = value
                case "input-format": guard let value = nextValue(inline: inline) else { return nil }; line.inputFormat = value
                case "set": guard let value = anyValue(inline: inline) else { return nil }; line.assignments.append(value)
                case "verbose": guard inline == nil else { return nil }; line.verbose = true
                default:
                    guard specOptionKeys.contains(where: { $0.option == name }), let value = anyValue(inline: inline) else { return nil }
                    line.specOptions[name] = value
                }
            } else if argument.hasPrefix("-"), argument != "-" {
                switch argument {
                case "-o":
                    guard seen.insert("output").inserted, let value = nextValue(inline: nil) else { return nil }
                    line.output = value
                case "-v":
                    guard seen.insert("verbose").inserted else { return nil }
                    line.verbose = true
                default:
                    return nil
                }
            } else {
                guard input == nil else { return nil }
                input = argument
            }
        }
        guard let input else { return nil }
        line.input = input
        return line
    }
}
