import Foundation
import Yams

/// A parsed spec with the places its values were written, so that later stages can point at
/// the spec when a value turns out to be unusable (an unknown font family, for example).
public struct SpecDocument: Sendable {
    /// The spec.
    public var spec: TagCloudSpec
    /// Where each given value was written.
    ///
    /// A JSON spec read by the fast path finds its locations only when they are first asked for
    /// (by reading the input the located way), since valid input rarely needs them.
    public var locations: SpecSourceMap {
        get { locationStore.map }
        set { locationStore = LocationStore(newValue) }
    }
    /// The format it was read as.
    public var format: SpecFormat

    private var locationStore: LocationStore

    /// Makes a document from its parts.
    public init(spec: TagCloudSpec, locations: SpecSourceMap = SpecSourceMap(), format: SpecFormat) {
        self.spec = spec
        self.locationStore = LocationStore(locations)
        self.format = format
    }

    private init(spec: TagCloudSpec, format: SpecFormat, locate: @escaping @Sendable () -> SpecSourceMap) {
        self.spec = spec
        self.locationStore = LocationStore(locate)
        self.format = format
    }

    /// A source map, or the means to make it once when first asked.
    private final class LocationStore: @unchecked Sendable {
        private let lock = NSLock()
        private var made: SpecSourceMap?
        private var make: (@Sendable () -> SpecSourceMap)?

        init(_ map: SpecSourceMap) { made = map }
        init(_ make: @escaping @Sendable () -> SpecSourceMap) { self.make = make }

        var map: SpecSourceMap {
            lock.withLock {
                if let made { return made }
                let map = make?() ?? SpecSourceMap()
                made = map
                make = nil
                return map
            }
        }
    }

    /// Parses a spec from bytes: a file's contents or standard input.
    ///
    /// JSON and YAML are composed by libyaml (through Yams) into nodes that carry lines and
    /// columns, then decoded against one schema; JSON is first checked strictly (see the catalog's
    /// "Formats"). Valid JSON takes a fast path (`FastJSONReader`) to the same spec, and the
    /// located way is taken only for errors and, when asked, for locations. Text and CSV hold
    /// only tags.
    ///
    /// - Parameters:
    ///   - bytes: The input, UTF-8 (a byte order mark is allowed).
    ///   - format: How to read it.
    ///   - source: Where it came from, for messages.
    /// - Returns: The spec and its source map.
    /// - Throws: A ``TagCloudError`` naming the problem and its place: invalid UTF-8, malformed
    ///   syntax, duplicate or unknown keys, wrong types, bad numbers, names, colours, weights,
    ///   empty tags, control characters.
    /// - Complexity: O(n) in the size of the input.
    public static func parse(_ bytes: [UInt8], format: SpecFormat,
                             source: SpecLocation.Source) throws(TagCloudError) -> SpecDocument {
        let input = try TextInput(bytes: bytes, source: source)
        switch format {
        case .json:
            if let root = FastJSONReader.read(input),
               let spec = try? SpecDecoder(locate: { _ in SpecLocation(source: source) }, input: nil).decodeDocument(root) {
                return SpecDocument(spec: spec, format: format) {
                    (try? located(input, format: format).locations) ?? SpecSourceMap()
                }
            }
            return try located(input, format: format)
        case .yaml:
            return try located(input, format: format)
        case .text, .csv:
            let decoder = SpecDecoder(locate: { _ in SpecLocation(source: source) }, input: nil)
            let (tags, map) = format == .text
                ? try TagListParsers.parseText(input, decoder: decoder)
                : try TagListParsers.parseCSV(input, decoder: decoder)
            return SpecDocument(spec: TagCloudSpec(tags: tags), locations: map, format: format)
        }
    }

    /// Reads JSON or YAML the located way: every value with its line and column, every error at
    /// its place.
    static func located(_ input: TextInput, format: SpecFormat) throws(TagCloudError) -> SpecDocument {
        switch format {
        case .json, .yaml:
            let composed = try YAMLReader.compose(input, format: format)
            let decoder = SpecDecoder(locate: composed.locate, input: format == .yaml ? input : nil)
            let spec = try decoder.decodeDocument(composed.root)
            return SpecDocument(spec: spec, locations: decoder.sourceMap, format: format)
        case .text, .csv:
            throw .internalError("\(format) is not read the located way")
        }
    }

    /// Reads and parses a spec file, or standard input for the path `-`.
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input.
    ///   - format: How to read it; by default from the path's extension
    ///     (``SpecFormat/of(path:)``), or for standard input guessed from the text
    ///     (``SpecFormat/guess(_:)``).
    /// - Returns: The spec and its source map.
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` when the file cannot be read,
    ///   ``TagCloudError/unknownFormat(what:name:valid:)`` for an unknown extension, and
    ///   whatever ``parse(_:format:source:)`` throws.
    public static func load(path: String, format: SpecFormat? = nil) throws(TagCloudError) -> SpecDocument {
        if path == "-" {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            return try parse(bytes, format: format ?? SpecFormat.guess(bytes), source: .standardInput)
        }
        let format = if let format { format } else { try SpecFormat.of(path: path) }
        let bytes = try readFile(path)
        return try parse(bytes, format: format, source: .file(path))
    }

    /// The bytes of a file, or a ``TagCloudError/cannotReadInput(path:reason:)`` saying why not.
    static func readFile(_ path: String) throws(TagCloudError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .cannotReadInput(path: path, reason: "there is no such file")
        }
        if isFolder.boolValue { throw .cannotReadInput(path: path, reason: "it is a folder") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .cannotReadInput(path: path, reason: "permission denied")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .cannotReadInput(path: path, reason: error.localizedDescription)
        }
    }
}

extension TagCloudSpec {
    /// Parses a spec from bytes; see ``SpecDocument/parse(_:format:source:)``.
    ///
    /// - Parameters:
    ///   - bytes: The input.
    ///   - format: How to read it.
    ///   - source: Where it came from; standard input by default.
    /// - Throws: A ``TagCloudError`` naming the problem and its place.
    public init(parsing bytes: [UInt8], format: SpecFormat, source: SpecLocation.Source = .standardInput) throws(TagCloudError) {
        self = try SpecDocument.parse(bytes, format: format, source: source).spec
    }

    /// Parses a spec from text; see ``SpecDocument/parse(_:format:source:)``.
    ///
    /// - Parameters:
    ///   - text: The input.
    ///   - format: How to read it.
    ///   - source: Where it came from; standard input by default.
    /// - Throws: A ``TagCloudError`` naming the problem and its place.
    public init(parsing text: String, format: SpecFormat, source: SpecLocation.Source = .standardInput) throws(TagCloudError) {
        try self.init(parsing: Array(text.utf8), format: format, source: source)
    }
}
