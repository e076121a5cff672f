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

    package init(input: String, inputFormat: SpecFormat? = nil, output: String? = nil, format: OutputFormat? = nil,
                 settings: [(keyPath: String, value: String, option: String)] = []) {
        self.input = input
        self.inputFormat = inputFormat
        self.output = output
        self.format = format
        self.settings = settings
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
    /// Everything is checked before anything is written: the output's format and folder, the
    /// spec, the font families, the picture's size. The file is written atomically, so a failure
    /// never leaves a partial file and never replaces an existing one; standard output gets the
    /// bytes only once they are complete.
    ///
    /// - Parameters:
    ///   - request: The parsed command line.
    ///   - readStandardInput: Reads all of standard input (for the input `-`).
    ///   - writeStandardOutput: Writes the result to standard output (for the output `-`).
    /// - Returns: What was written and where.
    /// - Throws: ``CommandError``; its ``CommandError/exitCode`` is the process's exit code.
    package static func render(
        _ request: RenderRequest,
        readStandardInput: () -> [UInt8] = { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
        writeStandardOutput: (Data) throws(CommandError) -> Void = { data throws(CommandError) in
            try StandardStreams.write(data, to: 1)
        }
    ) throws(CommandError) -> RenderResult {
        let (outputPath, format) = try destination(of: request)
        if let outputPath { try checkWritable(outputPath) }
        do {
            var cloud: Cloud
            if request.input == "-" {
                let bytes = readStandardInput()
                cloud = try Cloud(parsing: bytes, format: request.inputFormat ?? SpecFormat.guess(bytes), source: "<stdin>")
            } else {
                cloud = try Cloud(contentsOf: URL(fileURLWithPath: request.input), format: request.inputFormat)
            }
            for setting in request.settings {
                try cloud.setValue(setting.value, forKeyPath: setting.keyPath, source: CommandError.optionSource(setting.option))
            }
            let rendered = try cloud.rendered()
            let data = try rendered.data(as: format)
            if let outputPath {
                do {
                    try AtomicFile.write(data, to: URL(fileURLWithPath: outputPath))
                } catch {
                    throw CommandError.cannotWriteOutput(path: outputPath, reason: reason(error))
                }
            } else {
                try writeStandardOutput(data)
            }
            return RenderResult(outputPath: outputPath, format: format, data: data, layout: rendered.layout,
                                hiddenCount: rendered.hiddenCount)
        } catch let error as TagCloudError {
            throw .library(error)
        } catch let error as CommandError {
            throw error
        } catch {
            throw .library(.internalError(String(describing: error)))
        }
    }

    /// The output file (`nil` for standard output) and format of a request.
    ///
    /// Without `-o`, the output goes beside the input with the format's extension (`tags.yaml` →
    /// `tags.png`; the layout JSON is `tags.layout.json`, so that it never replaces a JSON spec),
    /// or to standard output when the input is standard input.
    static func destination(of request: RenderRequest) throws(CommandError) -> (String?, OutputFormat) {
        switch request.output {
        case "-":
            return (nil, request.format ?? .png)
        case let output?:
            let format = if let format = request.format { format } else { try outputFormat(ofPath: output) }
            if request.input != "-", samePath(output, request.input) {
                throw .cannotWriteOutput(path: output, reason: "it is the input file, which must not be replaced")
            }
            return (output, format)
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

    private static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Fails early, before any work, when the output cannot be written: its folder is missing or
    /// not writable, or the path is a folder.
    static func checkWritable(_ path: String) throws(CommandError) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotWriteOutput(path: path, reason: "it is a folder")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        guard manager.fileExists(atPath: folderPath, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotWriteOutput(path: path, reason: "the folder \(folderPath) does not exist")
        }
        guard manager.isWritableFile(atPath: folderPath) else {
            throw .cannotWriteOutput(path: path, reason: "the folder \(folderPath) is not writable")
        }
    }

    /// The message of an error from another module.
    static func reason(_ error: any Error) -> String {
        if case CanvasError.fileWriteFailed(_, let reason) = error { return reason }
        return String(describing: error)
    }
}

/// Writing to the process's standard streams.
package enum StandardStreams {
    /// Writes all of `data` to a file descriptor, retrying short writes.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - descriptor: 1 for standard output, 2 for standard error.
    /// - Throws: ``CommandError/cannotWriteOutput(path:reason:)`` naming `-` when the stream is
    ///   closed or full.
    package static func write(_ data: Data, to descriptor: Int32) throws(CommandError) {
        let failure: String? = data.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .cannotWriteOutput(path: "-", reason: failure) }
    }
}
