// The command line of tagcloud: what each subcommand accepts, turned into the commands' requests.
// Values are checked by the TagCloud library, so an option's value gets the same message as the
// same key in a spec file. Every command names itself (commandName), which spares the parser
// deriving names from type names at run time, a measurable part of the command's start-up.
package import ArgumentParser
import Canvas
import TagCloud

/// `tagcloud`.
package struct Tagcloud: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "tagcloud",
        abstract: "Render tag clouds: chips with shaped text, wrapped like CSS flex-wrap, to PNG, SVG, PDF or layout JSON.",
        discussion: """
            Exit codes: 0 success; 64 bad command line or option value; 65 bad input data \
            (syntax, unknown key, wrong type, bad value, unknown font, input or picture too large); \
            66 unreadable input (or a closed standard input); 70 internal error; 73 unwritable \
            output (or a closed or full standard output). \
            tagcloud diff exits 0 (same), 1 (different) or 2 (cannot compare).
            """,
        subcommands: [Render.self, Samples.self, Fonts.self, Diff.self])

    package init() {}
}

/// `tagcloud render`, as swift-argument-parser shows it in help. The command line itself is read
/// by ``RenderCommandLine/parse(_:)``, whose spec options come from the key tables; the help lists
/// them from the same tables.
package struct Render: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a tag cloud spec (JSON, YAML, text or CSV) to PNG, SVG, PDF or layout JSON.",
        usage: "tagcloud render <input> [-o <output>] [--format <format>] [--input-format <format>] [--set <key=value> ...] [--max-input-size <size>] [spec options] [-v]",
        discussion: """
            The output format follows OUTPUT's extension unless --format says otherwise (PNG for \
            standard output and devices); without -o the output goes beside INPUT (tags.yaml -> \
            tags.png; JSON layouts -> tags.layout.json). INPUT may be a file, a FIFO, /dev/fd/N or - \
            for standard input. Options override the spec's keys; --set KEY=VALUE sets any key path, \
            and a tag's keys by index (--set 'tags[0].weight=3').


            """ + specOptionsHelp + """

            Examples:
              tagcloud render tags.yaml -o cloud.png
              tagcloud render tags.txt --style suggestionChips --width 320 -o chips.svg
              tagcloud render tags.csv --theme dark --scale 3 -o cloud@3x.png
              tagcloud render tags.json --format json -o layout.json
              printf 'Swift\\nSwiftUI\\nLinux\\n' | tagcloud render - -o - > cloud.png
              tagcloud render tags.yaml --set chip.fill=gold --max-rows 2 -o out.pdf
            """)

    @Argument(help: ArgumentHelp("The spec: .json, .yaml/.yml, .txt (a tag per line, optional tab and weight), .csv (tag,weight[,href]), or - for standard input.", valueName: "input"))
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, or - for standard output.", valueName: "output"))
    var output: String?

    @Option(help: ArgumentHelp("The output format: png, svg, pdf or json.", valueName: "format"))
    var format: String?

    @Option(name: .customLong("input-format"), help: ArgumentHelp("How to read the input: json, yaml, text or csv (default: from its extension; guessed for standard input).", valueName: "format"))
    var inputFormat: String?

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sets any spec key path, e.g. --set chip.padding.horizontal=10 (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    @Option(name: .customLong("max-input-size"), help: ArgumentHelp("The most bytes the spec may have: a number, or with K, M or G (default 64M, at most 1G).", valueName: "size"))
    var maxInputSize: String?

    @Flag(name: .shortAndLong, help: "Print what was written to standard error.")
    var verbose = false

    package init() {}

    /// The spec options, one per key with an option in the key tables, formatted as
    /// swift-argument-parser formats options.
    static var specOptionsHelp: String {
        var text = "Spec options (each sets one key; the key reference in the TagCloud catalog says what it takes):\n"
        for option in RenderCommandLine.specOptionKeys {
            let label = "  --\(option.name) <\(option.valueName)>"
            let type = String(option.type.filter { $0 != "`" })
            let described = "\(option.keyPath): \(type)"
            let what = described.count <= 49 ? described : "sets \(option.keyPath)"
            text += label + String(repeating: " ", count: max(1, 30 - label.count)) + what + "\n"
        }
        return text
    }
}

/// `tagcloud samples`.
package struct Samples: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Render the gallery: every spec in the samples folder and the articles' Swift examples, as PNG (2×) and SVG.",
        discussion: """
            Examples:
              tagcloud samples                 # samples/*.yaml -> samples/*.png, *.svg, *.layout.json
              tagcloud samples --out /tmp/gallery
            """)

    @Option(help: ArgumentHelp("The folder of specs.", valueName: "folder"))
    var samples = "samples"

    @Option(help: ArgumentHelp("Where to write the pictures (default: the samples folder).", valueName: "folder"))
    var out: String?

    package init() {}

    /// The request for the command.
    package func request() -> SamplesRequest {
        SamplesRequest(samplesFolder: samples, outputFolder: out ?? samples, swiftExamples: swiftGallery())
    }
}

/// `tagcloud fonts`.
package struct Fonts: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the bundled font families and the system families fontconfig finds.")

    package init() {}
}

/// `tagcloud diff`.
package struct Diff: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images pixel by pixel (pixelmatch's YIQ distance with anti-aliasing detection).",
        discussion: """
            Prints the number and share of differing pixels. Exits 0 when they are within the limits, \
            1 when the images differ beyond them, 2 when they cannot be compared (a missing file, not a \
            PNG, different sizes). The diff image shows the first image in faded grey, differences in \
            red and anti-aliasing in yellow.

            Examples:
              tagcloud diff expected.png actual.png
              tagcloud diff a.png b.png --out diff.png --threshold 0.05 --max-diff-pixels 20
              tagcloud diff untrusted.png expected.png --max-pixels 4000000
            """)

    @Argument(help: ArgumentHelp("The expected image.", valueName: "first"))
    var first: String

    @Argument(help: ArgumentHelp("The actual image.", valueName: "second"))
    var second: String

    @Option(help: ArgumentHelp("Where to write the diff image (PNG).", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("The colour distance (0–1) below which pixels count as equal; pixelmatch's 0.1 by default.", valueName: "threshold"))
    var threshold: Double = 0.1

    @Option(name: .customLong("max-diff-pixels"), help: ArgumentHelp("How many differing pixels are allowed (default 0).", valueName: "count"))
    var maxDiffPixels: Int = 0

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAntiAliasing = false

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("The most pixels an image may have, checked before it is decoded (default 64000000; each side at most 32767).", valueName: "count"))
    var maxPixels: Int = PNGReadingLimits.standard.maxPixels

    package init() {}

    /// The request for the command.
    package func request() -> DiffRequest {
        DiffRequest(first: first, second: second, diffOutput: out, threshold: threshold,
                    maxDiffPixels: maxDiffPixels, includeAntiAliasing: includeAntiAliasing, maxPixels: maxPixels)
    }
}
