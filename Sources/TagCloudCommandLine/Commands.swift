// The command line of tagcloud: what each subcommand accepts, turned into the commands' requests.
// Values are checked by the TagCloud library, so an option's value gets the same message as the
// same key in a spec file. Every command names itself (commandName), which spares the parser
// deriving names from type names at run time, a measurable part of the command's start-up.
package import ArgumentParser
import Canvas
import Foundation
import TagCloud
import TagCloudUI

/// `tagcloud`.
package struct Tagcloud: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "tagcloud",
        abstract: "Render tag clouds: chips with shaped text, wrapped like CSS flex-wrap, to PNG, SVG, PDF, HTML or layout JSON.",
        discussion: """
            Exit codes: 0 success; 64 bad command line or option value; 65 bad input data \
            (syntax, unknown key, wrong type, bad value, a number past its limits, a refused link, unknown font, \
            input or picture too large); \
            66 unreadable input (or a closed standard input); 69 tagcloud preview cannot listen (its port \
            is in use or reserved); 70 internal error; 73 unwritable \
            output (or a closed or full standard output). \
            With several specs, one that fails does not stop the others, and the exit code is the \
            highest of the failures'. A run stopped by SIGINT, SIGTERM or SIGHUP ends by that \
            signal (status 130, 143 or 129 in a shell), its outputs either whole or not written. \
            tagcloud diff exits 0 (same), 1 (different) or 2 (cannot compare, or its output \
            cannot be written).
            """,
        version: TagCloudVersion.string,
        subcommands: [Render.self, Animate.self, Collect.self, Preview.self, Samples.self, Fonts.self, Diff.self])

    package init() {}
}

/// `tagcloud render`, as swift-argument-parser shows it in help. The command line itself is read
/// by ``RenderCommandLine/parse(_:)``, whose spec options come from the key tables; the help lists
/// them from the same tables.
package struct Render: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a tag cloud spec (JSON, YAML, text or CSV) to PNG, SVG, PDF, HTML or layout JSON.",
        usage: """
            tagcloud render <input> [-o <output>] [--format <format>] [--input-format <format>] [--set <key=value> ...] [spec options] [--font-file <path> ...] [--strict-fonts] [--page] [--max-input-size <size>] [-v]
              tagcloud render <input>... --out-dir <folder> [--formats png,svg,...] [--progress | --quiet] [options]
              tagcloud render [<style-spec>] --from <content-folder> [--from <content-folder>]... [collect options] [-o <output>] [options]
            """,
        discussion: """
            The output format follows OUTPUT's extension unless --format says otherwise (PNG for - \
            and for a device, FIFO or socket whose name is no format's, as /dev/stdout or out.fifo); without -o the output goes beside INPUT (tags.yaml -> \
            tags.png; JSON layouts -> tags.layout.json), and standard input's or --from's to standard \
            output (refused when it is a terminal and the format is binary). INPUT may be a file, a \
            FIFO, /dev/fd/N or - for standard input. Options override the spec's keys; --set KEY=VALUE sets any key path, \
            and a tag's keys by index (--set 'tags[0].weight=3'); --set is applied first, so an option \
            that names a key wins over --set for it (warned about). A tag with characters no font covers \
            is drawn with boxes and named on standard error (warning: ...), with the Debian package \
            that covers its script; --strict-fonts makes it an error.


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

    @Option(help: ArgumentHelp("The output format: png, svg, pdf, json or html.", valueName: "format"))
    var format: String?

    @Option(name: .customLong("input-format"), help: ArgumentHelp("How to read the input: json, yaml, text or csv (default: from its extension; guessed for standard input).", valueName: "format"))
    var inputFormat: String?

    @Option(name: .customLong("out-dir"), help: ArgumentHelp("Write every output into this folder, as <spec name>.<format> (without it, each output goes beside its spec).", valueName: "folder"))
    var outputFolder: String?

    @Option(help: ArgumentHelp("Write several formats from one layout, e.g. png,svg,json (given again, the lists add up).", valueName: "formats"))
    var formats: String?

    @Option(name: .customLong("from"), help: ArgumentHelp("Take the tags from a site's content folder (repeatable), as tagcloud collect counts them.", valueName: "folder"))
    var from: [String] = []

    @OptionGroup(title: "Collect options (with --from)") var collect: CollectOptions

    @Flag(help: "Show a progress bar on standard error even when it is not a terminal.")
    var progress = false

    @Flag(help: "No progress bar and no summary.")
    var quiet = false

    @Flag(help: "HTML output: write a whole document instead of a fragment (the spec key page).")
    var page = false

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sets any spec key path, e.g. --set chip.padding.horizontal=10 (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    @Option(name: .customLong("max-input-size"), parsing: .unconditional, help: ArgumentHelp("The most bytes the spec may have: a number, or with K, M or G (default 64M, at most 1G).", valueName: "size"))
    var maxInputSize: String?

    @Flag(name: .shortAndLong, help: "Print what was written to standard error.")
    var verbose = false

    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file (.ttf, .otf, .ttc, .woff, .woff2) or folder whose families the spec may name, ahead of the bundled ones (repeatable; adds to the spec's fonts).", valueName: "path"))
    var fontFiles: [String] = []

    @Flag(name: .customLong("strict-fonts"),
          help: "Fail (exit 65, no output) when a tag has characters no font covers, instead of warning (sets strictFonts).")
    var strictFonts = false

    package init() {}

    /// The spec options, one per key with an option in the key tables, formatted as
    /// swift-argument-parser formats options.
    static var specOptionsHelp: String {
        var text = "Spec options (each sets one key; the key reference in the TagCloud catalog says what it takes):\n"
        for option in RenderCommandLine.specOptionKeys {
            let label = "  --\(option.name) <\(option.valueName)>"
            let type = String(option.type.filter { $0 != "`" })
            // What the key takes, wrapped into the help's 80 columns from column 30, as
            // swift-argument-parser wraps an option's help.
            var lines: [String] = []
            var line = ""
            for word in "\(option.keyPath): \(type)".split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > 48 {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            text += label + String(repeating: " ", count: max(1, 30 - label.count)) + lines[0] + "\n"
            for more in lines.dropFirst() { text += String(repeating: " ", count: 30) + more + "\n" }
        }
        return text
    }
}

/// The options of `tagcloud collect`, which `tagcloud render --from` takes too (its own parser
/// reads them by the same names; a test checks that the two agree).
package struct CollectOptions: ParsableArguments {
    @Option(name: .customLong("taxonomy"), help: ArgumentHelp("A front matter key whose values are tags (repeatable; default: tags and categories, or a Hugo site's own [taxonomies]).", valueName: "name"))
    var taxonomies: [String] = []

    @Option(help: ArgumentHelp("A tag to leave out, matched as tags are grouped (repeatable): Eleventy's post, a site's own name.", valueName: "tag"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("In a multilingual Hugo site, count the pages of this language (post.fr.md, a language's contentDir), as Hugo's /fr/tags/ does; default: its defaultContentLanguage.", valueName: "code"))
    var language: String?

    @Option(help: ArgumentHelp("A link for each tag: {slug} (the site's page name: Hugo's urlize, Jekyll's slugify, Eleventy's slugify filter, Publish's), {name}, {count}, {taxonomy} (tags, categories); e.g. /tags/{slug}/, /{taxonomy}/{slug}/.", valueName: "template"))
    var href: String?

    @Option(name: .customLong("min-count"), parsing: .unconditional, help: ArgumentHelp("Leave out tags on fewer pages.", valueName: "count"))
    var minCount: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Keep the most used tags only (ties by name).", valueName: "count"))
    var top: String?

    @Option(help: ArgumentHelp("The order of the tags: name (default; Unicode collation, as order: name) or count (the most used first, ties by name).", valueName: "order"))
    var sort: String?

    @Flag(help: "Count drafts (draft: true, published: false, _drafts/).")
    var drafts = false

    @Flag(help: "Count pages whose publish date (publishDate, pubDate, published or date; a Jekyll post's file name) is in the future, as Hugo's --buildFuture.")
    var future = false

    @Flag(help: "Count pages whose expiry date (expiryDate, unpublishDate) has passed, as Hugo's --buildExpired.")
    var expired = false

    @Flag(help: "Fail (exit 65) on any problem in the content instead of skipping it with a warning.")
    var strict = false

    @Flag(name: .customLong("case-sensitive"), help: "Count tags that differ in any way apart (Swift and swift, Q&A and QA), as Jekyll and Eleventy do; by default tags with one slug are one, as in Hugo.")
    var caseSensitive = false

    package init() {}

    /// The options as `render --from` reads them.
    func commandLine(folders: [String]) -> CollectCommandLine {
        var line = CollectCommandLine()
        line.folders = folders
        line.taxonomies = taxonomies
        line.excluded = exclude
        line.language = language
        line.href = href
        line.minCount = minCount
        line.top = top
        line.sort = sort
        line.drafts = drafts
        line.future = future
        line.expired = expired
        line.strict = strict
        line.caseSensitive = caseSensitive
        return line
    }
}

/// `tagcloud collect`.
package struct Collect: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "collect",
        abstract: "Count the tags in a static site's content (front matter of Markdown and HTML files) and write a spec of them.",
        discussion: """
            Reads YAML (---), TOML (+++), JSON and Org (#+) front matter, as Hugo, Jekyll, Eleventy and Publish write it; \
            each tag gets its page count as weight. Problems (unreadable or binary files, malformed front \
            matter, a tag that is not text) are reported with file and line and skipped, unless --strict. \
            At a Hugo site's root only its content folder is read (contentDir in hugo.toml or config/_default/), \
            and a multilingual site is counted in one language: its defaultContentLanguage, or --language.

            Examples:
              tagcloud collect content/ -o tags.yaml --href '/{taxonomy}/{slug}/'
              tagcloud collect _posts/ --taxonomy tags --top 40 --sort count -o tags.json
              tagcloud collect my-hugo-site --language fr --href '/fr/tags/{slug}/' -o data/tags-fr.yaml
              tagcloud render --from content/ --href '/{taxonomy}/{slug}/' -o static/tags.svg
            """)

    @Argument(help: ArgumentHelp("The content folders.", valueName: "folder"))
    var folders: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The spec to write: .yaml or .json (default: YAML to standard output).", valueName: "output"))
    var output: String?

    @OptionGroup var options: CollectOptions

    @Flag(name: .shortAndLong, help: "Print a summary to standard error.")
    var verbose = false

    package init() {}
}

/// `tagcloud animate`.
package struct Animate: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Animate the change from one tag cloud spec to another, as an animated PNG or an SVG animated with CSS.",
        discussion: """
            The chips are matched by their place in the tag list and move, resize and change colour along \
            SwiftUI's curves (a spring by default); chips that appear or disappear (maxRows) fade. The first \
            frame is FROM, the last TO, each shown for --hold seconds. The picture is as large as the larger \
            of the two clouds.

            Examples:
              tagcloud animate wide.yaml narrow.yaml -o switch.svg
              tagcloud animate tags.yaml tags-centred.yaml -o switch.png --animation bouncy --fps 30 --scale 2
              tagcloud animate light.yaml dark.yaml -o theme.svg --loop
              tagcloud animate wide.yaml narrow.yaml -o switch.svg --set theme=dark --font-file fonts/
            """)

    @Argument(help: ArgumentHelp("The spec before the change (JSON, YAML, text or CSV), or - for standard input.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The spec after the change.", valueName: "to"))
    var to: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file: .png or .apng (APNG) or .svg, or - for standard output.", valueName: "output"))
    var output: String

    @Option(help: ArgumentHelp("The output format: png (APNG) or svg (default: from the output's extension; APNG for -).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("SwiftUI's animation: default, linear, easeIn, easeOut, easeInOut, spring, smooth, snappy, bouncy or interactiveSpring.", valueName: "name"))
    var animation = "default"

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second, 1 to 240; at most 90 for an animated PNG (browsers show a shorter frame for 100 ms).", valueName: "rate"))
    var fps: Double = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("How long each cloud shows, in seconds (0 to 60; one frame at least).", valueName: "seconds"))
    var hold: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point of an APNG (default: TO's scale key).", valueName: "scale"))
    var scale: Double?

    @Flag(help: "Animate the change back to FROM too (the animation always repeats, in SVG unless the reader asks for less motion; without --loop it jumps back to FROM).")
    var loop = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The most bytes read from each spec: a number, or with K, M or G (default 64M, at most 1G).", valueName: "size"))
    var maxInputSize: String?

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sets a spec key path in both specs (repeatable), as for render, e.g. --set theme=dark.", valueName: "key=value"))
    var assignments: [String] = []

    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file or folder whose families both specs may name (repeatable), as for render.", valueName: "path"))
    var fontFiles: [String] = []

    @Flag(name: .customLong("strict-fonts"),
          help: "Fail (exit 65, no output) when a tag has characters no font covers, instead of warning.")
    var strictFonts = false

    @Flag(name: .shortAndLong, help: "Print what was written to standard error.")
    var verbose = false

    package init() {}

    /// The request for the command.
    ///
    /// - Throws: ``CommandError/usage(_:)`` for an unknown format or animation, or a
    ///   `--max-input-size` that is not a size.
    package func request() throws(CommandError) -> AnimateRequest {
        var format: AnimationFormat?
        if let name = self.format {
            guard let known = AnimationFormat(rawValue: name.lowercased()) else {
                throw .usage("unknown animation format \(quoted(name)); use png (APNG) or svg")
            }
            format = known
        }
        return AnimateRequest(from: from, to: to, output: output, format: format,
                              animation: try AnimateRequest.animation(named: animation), frameRate: fps, hold: hold,
                              scale: scale, loop: loop,
                              maxInputSize: try maxInputSize.map(RenderCommandLine.byteCount) ?? Cloud.defaultMaxInputSize,
                              overrides: SpecOverrides(settings: try SpecOverrides.settings(fromAssignments: assignments)
                                                           + (strictFonts ? [("strictFonts", "true", "strict-fonts")] : []),
                                                       fontFiles: fontFiles))
    }
}

/// `tagcloud preview`.
package struct Preview: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of a spec on this machine: the cloud, a width slider, and errors, reloaded on each save.",
        discussion: """
            Listens on loopback only. Open the address it prints; edit the spec and save, and the page \
            shows the new cloud within a second (or the error, without stopping). Ctrl-C stops it.

            Examples:
              tagcloud preview tags.yaml
              tagcloud preview tags.yaml --port 8123 --set chip.fill=gold
            """)

    @Argument(help: ArgumentHelp("The spec to watch.", valueName: "spec"))
    var spec: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The port (0 for any free one).", valueName: "port"))
    var port: Int = 8123

    @Option(help: ArgumentHelp("The loopback address to listen on: 127.0.0.1 (or another 127.x.x.x), ::1 or localhost.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sets any spec key path (repeatable), as for render.", valueName: "key=value"))
    var assignments: [String] = []

    @Option(name: .customLong("font-file"),
            help: ArgumentHelp("A font file or folder whose families the spec may name (repeatable), as for render.", valueName: "path"))
    var fontFiles: [String] = []

    package init() {}

    /// The server, after checking the address and the options.
    package func server() throws(CommandError) -> (PreviewServer, host: String, port: Int) {
        guard PreviewServer.isLoopback(host) else {
            throw .usage("--host is \(quoted(host)), but the preview listens on loopback only (127.0.0.1, ::1 or localhost)")
        }
        guard (0...65_535).contains(port) else { throw .usage("--port is \(port), but it must be from 0 to 65535") }
        // A browser refuses these (net::ERR_UNSAFE_PORT): the address printed would not open.
        if let service = PreviewServer.badPorts[port] {
            throw .usage("--port is \(port) (\(service)), which browsers refuse to open (the Fetch standard's bad ports); "
                         + "choose another, or 0 for any free one")
        }
        let request = try RenderCommandLine(inputs: [spec], assignments: assignments).request()
        // A spec that does not parse is shown on the page; one that is not there is an error now.
        try TagCloudCommand.checkInputFiles([spec])
        guard FileManager.default.isReadableFile(atPath: spec) else {
            throw .library(.cannotReadInput(path: spec, reason: "there is no such readable file"))
        }
        // The spec is read again at each save: a FIFO (a shell's `<(…)`) or a device would block
        // the server, or give nothing the second time.
        if PreviewServer.isThereButNotAFile(spec) {
            throw .usage("\(quoted(path: spec)) is not a regular file; the preview reads the spec again at each save, so give a file")
        }
        let overrides = SpecOverrides(settings: request.settings, fontFiles: fontFiles)
        // An option the spec refuses (`--set widht=3`) is the command line's error, now: with a
        // spec that reads, it is checked against it.
        if var cloud = try? Cloud(contentsOf: URL(fileURLWithPath: spec)) {
            do {
                try overrides.apply(to: &cloud)
            } catch {
                throw .library(error)
            }
        }
        return (PreviewServer(specPath: spec, overrides: overrides), host, port)
    }
}

/// `tagcloud samples`.
package struct Samples: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Render the gallery: every spec in the samples folder and the articles' Swift examples, as PNG (2×), SVG, layout JSON and HTML, their animations as APNG (1×) and animated SVG, and a README.md page of them.",
        discussion: """
            Examples:
              tagcloud samples                 # samples/*.yaml -> samples/*.png, *.svg, *.layout.json, *.html
              tagcloud samples --out /tmp/gallery

            A spec that cannot be rendered is reported (error: FILE:LINE:COLUMN: …) and left out of \
            the page; the rest are still written, and the exit code is that of the worst failure.
            """)

    @Option(help: ArgumentHelp("The folder of specs.", valueName: "folder"))
    var samples = "samples"

    @Option(help: ArgumentHelp("Where to write the pictures (default: the samples folder).", valueName: "folder"))
    var out: String?

    package init() {}

    /// The request for the command.
    package func request() -> SamplesRequest {
        SamplesRequest(samplesFolder: samples, outputFolder: out ?? samples, swiftExamples: swiftGallery(),
                       swiftAnimations: swiftGalleryAnimations())
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
            1 when the images differ beyond them or in size, 2 when they cannot be compared (a missing \
            file, not a PNG, a damaged or animated PNG). The diff image shows the first image in faded grey, differences in red, \
            anti-aliasing in yellow, and what only one image of two sizes has in magenta.

            Examples:
              tagcloud diff expected.png actual.png
              tagcloud diff a.png b.png --out diff.png --threshold 0.05 --max-diff-pixels 20
              tagcloud diff untrusted.png expected.png --max-pixels 4000000
            """)

    @Argument(help: ArgumentHelp("The expected image, or - for standard input.", valueName: "first"))
    var first: String

    @Argument(help: ArgumentHelp("The actual image, or - for standard input (one of the two).", valueName: "second"))
    var second: String

    @Option(help: ArgumentHelp("Where to write the diff image (PNG); - for standard output (the summary then goes to standard error).", valueName: "file"))
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The colour distance (0–1) below which pixels count as equal; 0.02 by default, as TagCloudTesting's goldens (pixelmatch's own 0.1 lets a fill change from #007AFF to #1A8AFF pass).", valueName: "threshold"))
    var threshold: Double = ImageDiff.goldenThreshold

    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional, help: ArgumentHelp("How many differing pixels are allowed (default 0).", valueName: "count"))
    var maxDiffPixels: Int = 0

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAntiAliasing = false

    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: ArgumentHelp("The most pixels an image may have, checked before it is decoded (default 64000000; each side at most 32767).", valueName: "count"))
    var maxPixels: Int = PNGReadingLimits.standard.maxPixels

    package init() {}

    /// The request for the command.
    package func request() -> DiffRequest {
        DiffRequest(first: first, second: second, diffOutput: out, threshold: threshold,
                    maxDiffPixels: maxDiffPixels, includeAntiAliasing: includeAntiAliasing, maxPixels: maxPixels)
    }
}
