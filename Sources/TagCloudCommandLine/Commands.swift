// The command line of tagcloud: what each subcommand accepts, turned into the TagCloud library's
// requests. Values are checked by the library, so an option's value gets the same message as the
// same key in a spec file. Every command names itself (commandName), which spares the parser
// deriving names from type names at run time, a measurable part of the command's start-up.
package import ArgumentParser
package import TagCloud

/// `tagcloud`.
package struct Tagcloud: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "tagcloud",
        abstract: "Render tag clouds: chips with shaped text, wrapped like CSS flex-wrap, to PNG, SVG, PDF or layout JSON.",
        discussion: """
            Exit codes: 0 success; 64 bad command line or option value; 65 bad input data \
            (syntax, unknown key, wrong type, bad value, unknown font, picture too large); \
            66 unreadable input; 70 internal error; 73 unwritable output. \
            tagcloud diff exits 0 (same), 1 (different) or 2 (cannot compare).
            """,
        subcommands: [Render.self, Samples.self, Fonts.self, Diff.self])

    package init() {}
}

/// `tagcloud render`.
package struct Render: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a tag cloud spec (JSON, YAML, text or CSV) to PNG, SVG, PDF or layout JSON.",
        discussion: """
            The output format follows OUTPUT's extension unless --format says otherwise; without -o \
            the output goes beside INPUT (tags.yaml -> tags.png; JSON layouts -> tags.layout.json). \
            Options override the spec's keys; --set KEY=VALUE sets any key path.

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

    @Option(parsing: .unconditional, help: ArgumentHelp("The flow's width in points (the picture is width + 2 × padding wide).", valueName: "points"))
    var width: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The outer margin in points.", valueName: "points"))
    var padding: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The gap between chips and between rows, in points.", valueName: "points"))
    var spacing: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("SwiftUI alignment: topLeading, top, center, trailing, leadingFirstTextBaseline, …", valueName: "name"))
    var alignment: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("none, spaceBetween, spaceAround, spaceEvenly or stretch.", valueName: "name"))
    var justification: String?

    @Option(name: .customLong("line-breaking"), parsing: .unconditional, help: ArgumentHelp("greedy or balanced.", valueName: "name"))
    var lineBreaking: String?

    @Option(name: .customLong("max-rows"), parsing: .unconditional, help: ArgumentHelp("The most rows; the rest become a \"+N\" chip.", valueName: "count"))
    var maxRows: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("ltr or rtl.", valueName: "direction"))
    var direction: String?

    @Option(name: .customLong("font"), parsing: .unconditional, help: ArgumentHelp("The font family (see tagcloud fonts).", valueName: "family"))
    var fontFamily: String?

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: ArgumentHelp("The font size in points, or a text style (body, subheadline, …).", valueName: "size"))
    var fontSize: String?

    @Option(name: .customLong("font-weight"), parsing: .unconditional, help: ArgumentHelp("regular, medium, semibold, bold, … or 1–1000.", valueName: "weight"))
    var fontWeight: String?

    @Option(name: .customLong("shape"), parsing: .unconditional, help: ArgumentHelp("The chip shape: capsule, rounded or rectangle.", valueName: "shape"))
    var chipShape: String?

    @Option(name: .customLong("fill"), parsing: .unconditional, help: ArgumentHelp("The chip fill: a CSS colour or a material.", valueName: "colour"))
    var chipFill: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A look from the articles: tagCloud, suggestionChips, globulusList, collectionView, materialCapsules, wrappingHStack.", valueName: "name"))
    var style: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("light or dark.", valueName: "name"))
    var theme: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point in PNG output (2 for @2x).", valueName: "factor"))
    var scale: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The background: a CSS colour or transparent.", valueName: "colour"))
    var background: String?

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sets any spec key path, e.g. --set chip.padding.horizontal=10 (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    @Flag(name: .shortAndLong, help: "Print what was written to standard error.")
    var verbose = false

    package init() {}

    /// The command line as the fast path also parses it.
    package var commandLine: RenderCommandLine {
        var line = RenderCommandLine(input: input, output: output, format: format, inputFormat: inputFormat,
                                     assignments: assignments, verbose: verbose)
        let values: [(String, String?)] = [
            ("width", width), ("padding", padding), ("spacing", spacing), ("alignment", alignment),
            ("justification", justification), ("line-breaking", lineBreaking), ("max-rows", maxRows),
            ("direction", direction), ("font", fontFamily), ("font-size", fontSize), ("font-weight", fontWeight),
            ("shape", chipShape), ("fill", chipFill), ("style", style), ("theme", theme), ("scale", scale),
            ("background", background),
        ]
        for case let (option, value?) in values { line.specOptions[option] = value }
        return line
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

    /// The request for the library.
    package func request() throws(TagCloudError) -> SamplesRequest {
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

    package init() {}

    /// The request for the library.
    package func request() -> DiffRequest {
        DiffRequest(first: first, second: second, diffOutput: out, threshold: threshold,
                    maxDiffPixels: maxDiffPixels, includeAntiAliasing: includeAntiAliasing)
    }
}
