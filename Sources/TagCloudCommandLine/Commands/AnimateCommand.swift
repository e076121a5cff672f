package import Foundation
import TagCloud
package import TagCloudUI

/// What `tagcloud animate` is asked to do: the command line, checked and typed.
package struct AnimateRequest: Sendable {
    /// The spec before the change (a file, or `-` for standard input).
    package var from: String
    /// The spec after the change.
    package var to: String
    /// The output file, or `-` for standard output.
    package var output: String
    /// The file format; `nil` for the output's extension.
    package var format: AnimationFormat?
    /// The change's animation.
    package var animation: Animation
    /// Frames per second.
    package var frameRate: Double
    /// How long each cloud shows, in seconds.
    package var hold: Double
    /// Pixels per point of an APNG; `nil` for the second spec's scale.
    package var scale: Double?
    /// Whether the animation goes back to the first spec.
    package var loop: Bool
    /// The most bytes read from each spec (`--max-input-size`).
    package var maxInputSize: Int
    /// `--set`, `--strict-fonts` and `--font-file`, applied to both specs.
    package var overrides: SpecOverrides

    package init(from: String, to: String, output: String, format: AnimationFormat? = nil, animation: Animation = .default,
                 frameRate: Double = 60, hold: Double = 1, scale: Double? = nil, loop: Bool = false,
                 maxInputSize: Int = Cloud.defaultMaxInputSize, overrides: SpecOverrides = SpecOverrides()) {
        self.from = from
        self.to = to
        self.output = output
        self.format = format
        self.animation = animation
        self.frameRate = frameRate
        self.hold = hold
        self.scale = scale
        self.loop = loop
        self.maxInputSize = maxInputSize
        self.overrides = overrides
    }

    /// The animations an option can name: SwiftUI's, by their names.
    package static let animations: [(name: String, animation: Animation)] = [
        ("default", .default), ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("spring", .spring), ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
        ("interactiveSpring", .interactiveSpring),
    ]

    /// The animation an option names (`--animation bouncy`).
    ///
    /// - Parameter name: One of ``animations``' names.
    /// - Returns: The animation.
    /// - Throws: ``CommandError/usage(_:)`` for another name.
    package static func animation(named name: String) throws(CommandError) -> Animation {
        guard let found = animations.first(where: { $0.name == name }) else {
            throw .usage("unknown animation \(quoted(name)); use one of \(animations.map(\.name).joined(separator: ", "))")
        }
        return found.animation
    }
}

/// What `tagcloud animate` wrote.
package struct AnimateResult: Sendable {
    /// The file written, or `nil` for standard output.
    package var outputPath: String?
    /// The format written.
    package var format: AnimationFormat
    /// The bytes written.
    package var data: Data

    /// One line saying what was written: `wrote switch.svg (animated SVG, 52,133 bytes)`.
    package var summary: String {
        let kind = format == .png ? "APNG" : "animated SVG"
        return "wrote \(outputPath.map(escapingControls) ?? "standard output") (\(kind), \(data.count) bytes)"
    }
}

extension TagCloudCommand {
    /// `tagcloud animate`: reads two specs and writes the change from the first to the second as
    /// an APNG or an SVG animated with CSS keyframes (``Cloud/animationData(to:as:scale:animation:frameRate:hold:loop:typesetter:)``).
    ///
    /// The options are checked first, then the output (as ``OutputFile/check(_:inputs:)`` checks
    /// it), then both specs are read with the request's size limit (files, FIFOs, `/dev/fd/N` or
    /// standard input) and the request's ``SpecOverrides`` applied to each; the output is written by ``OutputFile`` (atomically for a file, never over
    /// one of the inputs) or ``StandardStreams``.
    ///
    /// A tag with characters no font covers is named through `warn`, as `render` names it, with
    /// the spec it is in (`warning: b.yaml: tag "…" (tags[1]): no font has …`); with
    /// `strictFonts` it is an error instead, and nothing is written.
    ///
    /// - Parameters:
    ///   - request: The parsed command line.
    ///   - warn: Receives each warning line.
    /// - Returns: What was written and where.
    /// - Throws: ``CommandError``; its ``CommandError/exitCode`` is the process's exit code.
    @MainActor
    package static func animate(_ request: AnimateRequest, warn: (String) -> Void = { _ in }) throws(CommandError) -> AnimateResult {
        guard request.frameRate >= 1, request.frameRate <= 240 else {
            throw .usage("--fps must be from 1 to 240 frames per second, not \(CloudLayout.number(request.frameRate))")
        }
        guard request.hold >= 0, request.hold <= 60 else {
            throw .usage("--hold must be from 0 to 60 seconds, not \(CloudLayout.number(request.hold))")
        }
        if let scale = request.scale, !Cloud.scaleLimits.contains(scale) {
            let limits = Cloud.scaleLimits
            throw .usage("--scale must be from \(CloudLayout.number(limits.lowerBound)) to \(CloudLayout.number(limits.upperBound)), "
                         + "not \(CloudLayout.number(scale))")
        }
        guard request.from != "-" || request.to != "-" else {
            throw .usage("only one of the two specs can come from standard input")
        }
        if request.output.isEmpty { throw .usage("-o is empty; name a file, or - for standard output") }
        let format: AnimationFormat
        // Standard output without --format is APNG, as `render -o -` is PNG (it was "unknown
        // animation format "-"").
        if let given = request.format {
            format = given
            // `--format svg -o a.png` wrote SVG text into a file named for a PNG.
            let ext = fileExtension(of: request.output)
            if let named = ext == "apng" ? .png : AnimationFormat(rawValue: ext), named != given {
                throw .usage("--format \(given.rawValue) does not match the output \(quoted(path: request.output)), named for "
                             + "\(named == .png ? "an APNG" : "an SVG"); name it .\(given.rawValue) or leave out --format")
            }
        } else {
            format = request.output == "-" ? .png : try animationFormat(ofOutput: request.output)
        }
        let path: String? = request.output == "-" ? nil : request.output
        if format == .png { try refuseBinaryOnTerminal("png", path: path, advice: "give -o FILE") }
        if format == .png, request.frameRate > Cloud.maximumAPNGFrameRate {
            throw .usage("--fps \(Cloud.apngFrameRateReason), not \(CloudLayout.number(request.frameRate))")
        }
        let inputs = [request.from, request.to]
        try checkInputFiles(inputs)
        try OutputFile.checkDestination(path, inputs: inputs)
        func load(_ input: String) throws(CommandError) -> Cloud {
            let name = input == "-" ? StandardStreams.standardInputName : input
            var isEmpty = false
            var cloud = try library { () throws(TagCloudError) in
                if input == "-" {
                    let bytes = try StandardStreams.readInput(limit: request.maxInputSize)
                    isEmpty = bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
                    return try Cloud(parsingGuessed: bytes, source: StandardStreams.standardInputName)
                }
                let read = try Cloud.read(contentsOf: URL(fileURLWithPath: input), maxInputSize: request.maxInputSize)
                isEmpty = read.isBlank
                return read.cloud
            }
            warnIfEmpty(cloud, named: name, isEmpty: isEmpty, warn: warn)
            do {
                try request.overrides.apply(to: &cloud)
            } catch {
                // The options apply to both specs: an option that does not fit one names it.
                let failure = CommandError.library(error)
                guard failure.exitCode == .usage else { throw failure }
                throw .usage("\(escapingControls(name)): \(failure.description)")
            }
            return cloud
        }
        let from = try load(request.from), to = try load(request.to)
        // A spec whose still picture could not fit is refused before anything is laid out, as
        // `render` refuses it, naming the spec (an animation's frames are at least as large as
        // either picture; a picture thousands of chips tall was laid out and animated first,
        // for seconds and gigabytes).
        for (input, cloud) in [(request.from, from), (request.to, to)] {
            do throws(TagCloudError) {
                let (image, still): (ImageFormat, OutputFormat) = format == .svg ? (.svg, .svg) : (.png, .png)
                try cloud.checkPictureCanFit(still, scale: format == .svg ? nil : request.scale)
                // Then laid out once, as a still (its text shaped once for the frames too), and
                // held to the still picture's limits exactly.
                let rendered = try cloud.rendered()
                try rendered.checkFits(image, scale: format == .svg ? 1 : request.scale ?? rendered.scale)
            } catch {
                let failure = CommandError.library(error)
                throw error.isTheSpecsWithoutPlace ? .inSpec(name: input == "-" ? StandardStreams.standardInputName : input, failure) : failure
            }
        }
        // An SVG is drawn in points, at any size the page gives it: a scale would do nothing.
        if format == .svg, request.scale != nil {
            warn("warning: --scale sets an animated PNG's pixels per point; an SVG has none, and it was not used")
        }
        // `theme: auto` writes a still SVG's dark look for dark pages; an animation has one look.
        for (input, cloud) in [(request.from, from), (request.to, to)] where format == .svg && cloud.theme == .auto {
            let name = input == "-" ? StandardStreams.standardInputName : escapingControls(input)
            warn("warning: \(name): theme: auto is drawn in its light look in an animation (a still SVG or HTML carries the dark look too); "
                 + "give theme: light or dark to choose")
        }
        // Both specs' font files (theirs and `--font-file`'s) are inputs too, which the output
        // must not replace: checked before anything is drawn.
        let fonts = from.fontFilePaths + to.fontFilePaths, readPaths = inputs + fonts
        if !fonts.isEmpty { try OutputFile.checkDestination(path, inputs: readPaths) }
        let data = try library { () throws(TagCloudError) in
            try from.animationData(to: to, as: format, scale: request.scale, animation: request.animation,
                                   frameRate: request.frameRate, hold: request.hold, loop: request.loop)
        }
        for (input, cloud) in [(request.from, from), (request.to, to)] {
            let warnings = try library { () throws(TagCloudError) in try cloud.layoutAndHiddenCount().fontWarnings }
            let name = input == "-" ? StandardStreams.standardInputName : input
            // A warning with its tag's place names the spec; one without gets its name.
            for warning in warnings { warn(warning.location == nil ? "warning: \(escapingControls(name)): \(warning)" : "warning: \(warning)") }
        }
        if let path { try OutputFile.write(data, to: path, inputs: readPaths) } else { try StandardStreams.output(data) }
        return AnimateResult(outputPath: path, format: format, data: data)
    }

    /// The format of an animation output, from its extension; for a path with no known
    /// extension, the extension of the file a link names, and APNG for a device, FIFO or socket
    /// (`/dev/null`), as ``outputFormat(ofOutput:)`` decides for `render`.
    static func animationFormat(ofOutput output: String) throws(CommandError) -> AnimationFormat {
        try format(ofOutput: output, forDevices: .png, ofPath: animationFormat(ofPath:))
    }

    /// The format of an animation file, from its extension: `.png` or `.apng` (APNG) or `.svg`,
    /// in any case. A name with none (`x`, or `.png`, which is a hidden file's name) is told so,
    /// as `render` tells it.
    static func animationFormat(ofPath path: String) throws(CommandError) -> AnimationFormat {
        let ext = fileExtension(of: path)
        if ext == "apng" { return .png }
        guard let format = AnimationFormat(rawValue: ext) else {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                // As render says it (exit 73): a folder cannot be written, whatever its name.
                throw .cannotWriteOutput(path: path, reason: OutputFile.outputIsAFolder(path))
            }
            if ext.isEmpty {
                throw .usage("the output \(quoted(path: path)) has no extension to tell its format: name it .png (APNG) or .svg, "
                             + "or give --format")
            }
            throw .usage("unknown animation format \(quoted(".\(ext)")) of \(quoted(path: path)); use .png (APNG) or .svg, or give --format")
        }
        return format
    }
}
