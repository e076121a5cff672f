public import Foundation
import Canvas
import Typesetting

/// What `tagcloud render` is asked to do: the command line, parsed.
public struct RenderRequest: Sendable {
    /// The spec file, or `-` for standard input.
    public var input: String
    /// How to read the input; `nil` for its extension (or, for standard input, a guess).
    public var inputFormat: SpecFormat?
    /// The output file, `-` for standard output, or `nil` for a file beside the input (standard
    /// output when the input is standard input).
    public var output: String?
    /// The output format; `nil` for the output's extension (PNG when there is none to go by).
    public var format: OutputFormat?
    /// Values from options, over the spec's.
    public var overrides: SpecOverrides

    /// Makes a request.
    ///
    /// - Parameters:
    ///   - input: The spec file, or `-`.
    ///   - inputFormat: How to read it; `nil` for its extension.
    ///   - output: The output file, `-`, or `nil` for beside the input.
    ///   - format: The output format; `nil` for the output's extension.
    ///   - overrides: Values from options.
    public init(input: String, inputFormat: SpecFormat? = nil, output: String? = nil, format: OutputFormat? = nil,
                overrides: SpecOverrides = SpecOverrides()) {
        self.input = input
        self.inputFormat = inputFormat
        self.output = output
        self.format = format
        self.overrides = overrides
    }
}

/// Where `tagcloud render` wrote, and what.
public struct RenderResult: Sendable {
    /// The file written, or `nil` for standard output.
    public var outputPath: String?
    /// The format written.
    public var format: OutputFormat
    /// The bytes written.
    public var data: Data
    /// Where each chip went.
    public var layout: CloudLayout
    /// How many tags `maxRows` hid.
    public var hiddenCount: Int
}

/// The largest picture side, in pixels, Cairo's image surfaces allow; the command holds SVG and
/// PDF output (1 px per point) to it too.
public let maximumPictureSide = 32_767

/// The `tagcloud` subcommands, as library functions the executable calls after parsing.
///
/// The functions that lay out views run on the main actor, as TagCloudUI's `ImageRenderer` does.
public enum TagCloudCommand {
    /// `tagcloud render`: reads a spec, applies the options, lays out and draws the cloud, and
    /// writes it as PNG, SVG, PDF or layout JSON.
    ///
    /// Everything is checked before anything is written: the output's format and folder, the
    /// spec, the font family, the picture's size (at most ``maximumPictureSide`` pixels a side at
    /// the output's scale). The file is written atomically, so a failure never leaves a partial
    /// file and never replaces an existing one; standard output gets the bytes only once they are
    /// complete.
    ///
    /// - Parameters:
    ///   - request: The parsed command line.
    ///   - readStandardInput: Reads all of standard input (for the input `-`).
    ///   - writeStandardOutput: Writes the result to standard output (for the output `-`).
    /// - Returns: What was written and where.
    /// - Throws: ``TagCloudError``; its ``TagCloudError/exitCode`` is the process's exit code.
    @MainActor
    public static func render(
        _ request: RenderRequest,
        readStandardInput: () -> [UInt8] = { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
        writeStandardOutput: (Data) throws(TagCloudError) -> Void = { data throws(TagCloudError) in try StandardStreams.write(data, to: 1) }
    ) throws(TagCloudError) -> RenderResult {
        let (outputPath, format) = try destination(of: request)
        if let outputPath { try checkWritable(outputPath) }

        let document: SpecDocument
        if request.input == "-" {
            let bytes = readStandardInput()
            document = try SpecDocument.parse(bytes, format: request.inputFormat ?? SpecFormat.guess(bytes),
                                              source: .standardInput)
        } else {
            document = try SpecDocument.load(path: request.input, format: request.inputFormat)
        }
        let cloud = resolve(document.spec, overrides: request.overrides)
        let typesetter = try CloudRenderer.standardTypesetter()
        try checkFontFamilies(cloud, document: document, overrides: request.overrides, library: typesetter.library)
        let rendered = try CloudRenderer.render(cloud, typesetter: typesetter)
        let data = try encode(rendered, as: format)

        if let outputPath {
            do {
                try AtomicFile.write(data, to: URL(fileURLWithPath: outputPath))
            } catch {
                throw .cannotWriteOutput(path: outputPath, reason: Self.reason(error))
            }
        } else {
            try writeStandardOutput(data)
        }
        return RenderResult(outputPath: outputPath, format: format, data: data, layout: rendered.layout,
                            hiddenCount: rendered.hiddenCount)
    }

    /// Encodes a rendered cloud, after checking its size against ``maximumPictureSide``.
    ///
    /// - Parameters:
    ///   - rendered: The cloud.
    ///   - format: The format.
    /// - Returns: The bytes.
    /// - Throws: ``TagCloudError/pictureTooLarge(width:height:limit:)`` or
    ///   ``TagCloudError/renderingFailed(format:reason:)``.
    public static func encode(_ rendered: RenderedCloud, as format: OutputFormat) throws(TagCloudError) -> Data {
        if format == .json { return rendered.layout.jsonData() }
        let pixels = rendered.pixelSize(scale: format == .png ? rendered.scale : 1)
        guard pixels.width <= maximumPictureSide, pixels.height <= maximumPictureSide else {
            throw .pictureTooLarge(width: pixels.width, height: pixels.height, limit: maximumPictureSide)
        }
        let renderer: Renderer<Data> = switch format {
        case .png: .png(scale: rendered.scale, background: rendered.background)
        case .svg: .svg(background: rendered.background)
        default: .pdf(background: rendered.background)
        }
        do {
            return try renderer.render(rendered.displayList)
        } catch CanvasError.imageTooLarge(let width, let height, let limit) {
            throw .pictureTooLarge(width: width, height: height, limit: limit)
        } catch {
            throw .renderingFailed(format: format.displayName, reason: Self.reason(error))
        }
    }

    /// The output file (`nil` for standard output) and format of a request.
    ///
    /// Without `-o`, the output goes beside the input with the format's extension (`tags.yaml` →
    /// `tags.png`; the layout JSON is `tags.layout.json`, so that it never replaces a JSON spec),
    /// or to standard output when the input is standard input.
    static func destination(of request: RenderRequest) throws(TagCloudError) -> (String?, OutputFormat) {
        switch request.output {
        case "-":
            return (nil, request.format ?? .png)
        case let output?:
            let format = if let format = request.format { format } else { try OutputFormat.of(path: output) }
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
    static func checkWritable(_ path: String) throws(TagCloudError) {
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

    /// Checks that every font family the cloud names exists (bundled, or found by fontconfig),
    /// naming where the spec or an option gave the first unknown one.
    ///
    /// - Complexity: O(n) in the number of chips; each distinct family is looked up once.
    static func checkFontFamilies(_ cloud: ResolvedCloud, document: SpecDocument, overrides: SpecOverrides,
                                  library: FontLibrary) throws(TagCloudError) {
        var checked = Set<String>()
        func check(_ family: String?, weight: TagCloudSpec.FontWeight, at keyPath: String) throws(TagCloudError) {
            guard let family, checked.insert(family.lowercased()).inserted else { return }
            do {
                _ = try library.face(for: Font(family: family, size: 12, weight: Font.Weight(weight.value)))
            } catch {
                let location = overrides.location(of: keyPath) ?? document.locations[keyPath]
                throw .unknownFontFamily(family, location, available: library.families)
            }
        }
        try check(cloud.fontFamily, weight: cloud.fontWeight, at: "font.family")
        for (index, tag) in document.spec.tags.enumerated() {
            if let family = tag.font?.family {
                try check(family, weight: tag.font?.weight ?? cloud.fontWeight, at: "tags[\(index)].font.family")
            }
        }
    }

    /// The message of an error from another module.
    static func reason(_ error: any Error) -> String {
        if case CanvasError.fileWriteFailed(_, let reason) = error { return reason }
        return String(describing: error)
    }
}

/// Writing to the process's standard streams.
public enum StandardStreams {
    /// Writes all of `data` to a file descriptor, retrying short writes.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - descriptor: 1 for standard output, 2 for standard error.
    /// - Throws: ``TagCloudError/cannotWriteOutput(path:reason:)`` naming `-` when the stream is
    ///   closed or full.
    public static func write(_ data: Data, to descriptor: Int32) throws(TagCloudError) {
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
