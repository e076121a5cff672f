package import Foundation
package import TagCloud
import Canvas

/// What `tagcloud render` is asked to do: the command line, checked and typed.
package struct RenderRequest: Sendable {
    /// The spec file, or `-` for standard input.
    package var input: String
    /// How to read the input; `nil` for its extension (or, for standard input, a guess).
    package var inputFormat: SpecFormat?
    /// The output file, `-` for standard output, or `nil` for a file beside the input (standard
    /// output when the input is standard input).
    package var output: String?
    /// The output format; `nil` for the output's extension (PNG when there is none to go by).
    package var format: OutputFormat?
    /// Key paths set from options, in order: the key path, the value as typed, and the option
    /// (without dashes) for messages.
    package var settings: [(keyPath: String, value: String, option: String)]
    /// The most bytes the spec may have (`--max-input-size`).
    package var maxInputSize: Int

    package init(input: String, inputFormat: SpecFormat? = nil, output: String? = nil, format: OutputFormat? = nil,
                 settings: [(keyPath: String, value: String, option: String)] = [],
                 maxInputSize: Int = Cloud.defaultMaxInputSize) {
        self.input = input
        self.inputFormat = inputFormat
        self.output = output
        self.format = format
        self.settings = settings
        self.maxInputSize = maxInputSize
    }
}

/// Where `tagcloud render` wrote, and what.
package struct RenderResult: Sendable {
    /// The file written, or `nil` for standard output.
    package var outputPath: String?
    /// The format written.
    package var format: OutputFormat
    /// The bytes written.
    package var data: Data
    /// Where each chip went.
    package var layout: CloudLayout
    /// How many tags `maxRows` hid.
    package var hiddenCount: Int

    /// One line saying what was written: `wrote tags.png (PNG, 390 × 140 pt, 8 chips)`.
    package var summary: String {
        let place = outputPath ?? "standard output"
        let size = "\(CloudLayout.number(layout.width)) × \(CloudLayout.number(layout.height)) pt"
        let more = hiddenCount > 0 ? ", \(hiddenCount) hidden behind +\(hiddenCount)" : ""
        return "wrote \(place) (\(format.displayName), \(size), \(layout.chips.count) chips\(more))"
    }
}

/// The `tagcloud` subcommands as functions of their requests.
package enum TagCloudCommand {
    /// `tagcloud render`: reads a spec, applies the options, lays out and draws the cloud, and
    /// writes it as PNG, SVG, PDF or layout JSON.
    ///
    /// Everything is checked before anything is written: the output's format and folder (and
    /// that it is not the input), the spec, the font families, the picture's size. The output is
    /// written by ``OutputFile`` (a file replaced atomically, a device or FIFO in place), so a
    /// failure never leaves a partial file and never replaces an existing one; standard output
    /// gets the bytes only once they are complete.
    ///
    /// - Parameter request: The parsed command line.
    /// - Returns: What was written and where.
    /// - Throws: ``CommandError``; its ``CommandError/exitCode`` is the process's exit code.
    package static func render(_ request: RenderRequest) throws(CommandError) -> RenderResult {
        let (outputPath, format) = try destination(of: request)
        if let outputPath { try OutputFile.check(outputPath, inputs: [request.input]) }
        let rendered: RenderedCloud, data: Data
        do throws(TagCloudError) {
            var cloud: Cloud
            if request.input == "-" {
                let bytes = try StandardStreams.readInput(limit: request.maxInputSize)
                cloud = try Cloud(parsing: bytes, format: request.inputFormat ?? SpecFormat.guess(bytes),
                                  source: StandardStreams.standardInputName)
            } else {
                cloud = try Cloud(contentsOf: URL(fileURLWithPath: request.input), format: request.inputFormat,
                                  maxInputSize: request.maxInputSize)
            }
            for setting in request.settings {
                try cloud.setValue(setting.value, forKeyPath: setting.keyPath, source: CommandError.optionSource(setting.option))
            }
            rendered = try cloud.rendered()
            data = try rendered.data(as: format)
        } catch {
            throw .library(error)
        }
        if let outputPath {
            try OutputFile.write(data, to: outputPath, inputs: [request.input])
        } else {
            try StandardStreams.output(data)
        }
        return RenderResult(outputPath: outputPath, format: format, data: data, layout: rendered.layout,
                            hiddenCount: rendered.hiddenCount)
    }

    /// The output file (`nil` for standard output) and format of a request.
    ///
    /// Without `-o`, the output goes beside the input with the format's extension (`tags.yaml` →
    /// `tags.png`; the layout JSON is `tags.layout.json`, so that it never replaces a JSON spec),
    /// or to standard output when the input is standard input. An output with no known extension
    /// takes the format of the file a link names (`/dev/stdout` when standard output is `out.svg`),
    /// and PNG when it is a device, FIFO or socket (`/dev/null`), as standard output does.
    static func destination(of request: RenderRequest) throws(CommandError) -> (String?, OutputFormat) {
        switch request.output {
        case "-":
            return (nil, request.format ?? .png)
        case let output?:
            if let format = request.format { return (output, format) }
            do {
                return (output, try outputFormat(ofPath: output))
            } catch {
                // The extension of what a link names (`/dev/stdout` → `out.svg`), else PNG for a
                // device, FIFO or socket.
                guard let target = try? OutputFile.resolve(output) else { throw error }
                if target.method != .replace { return (output, .png) }
                guard let format = try? outputFormat(ofPath: target.path) else { throw error }
                return (output, format)
            }
        case nil:
            let format = request.format ?? .png
            guard request.input != "-" else { return (nil, format) }
            return (besideInput(request.input, format: format), format)
        }
    }

    /// The format of an output file, from its extension.
    static func outputFormat(ofPath path: String) throws(CommandError) -> OutputFormat {
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        guard !ext.isEmpty, let format = OutputFormat(fileExtension: ext) else {
            let valid = OutputFormat.allCases.map { ".\($0.rawValue)" }.joined(separator: ", ")
            throw .usage("unknown output format \(quoted(ext.isEmpty ? name : ".\(ext)")); use one of \(valid), or give --format")
        }
        return format
    }

    /// The input's path with the output format's extension.
    static func besideInput(_ input: String, format: OutputFormat) -> String {
        let url = URL(fileURLWithPath: input)
        let base = url.deletingPathExtension().lastPathComponent
        let name = format == .json ? "\(base).layout.json" : "\(base).\(format.rawValue)"
        let folder = (input as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }
}
