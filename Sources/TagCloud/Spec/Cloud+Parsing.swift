public import Foundation

extension Cloud {
    /// Parses a cloud from YAML: a mapping of the spec's keys, or a list of tags.
    ///
    /// ```swift
    /// let cloud = try Cloud(yaml: """
    ///     style: suggestionChips
    ///     tags: [Swift, {text: Linux, selected: true}]
    ///     """, source: "chips.yaml")
    /// ```
    ///
    /// - Parameters:
    ///   - yaml: The text.
    ///   - source: The name messages give the text (`chips.yaml:2:8: …`).
    /// - Throws: A ``TagCloudError`` naming the problem and its line, column and key: malformed
    ///   YAML, a duplicate or unknown key (with the nearest valid one), a wrong type, a number out
    ///   of its limits, an unknown name, an invalid colour, weight or tag.
    public init(yaml: String, source: String = "<yaml>") throws(TagCloudError) {
        try self.init(parsing: Array(yaml.utf8), format: .yaml, source: source)
    }

    /// Parses a cloud from JSON (RFC 8259; the same keys as YAML).
    ///
    /// - Parameters:
    ///   - json: The text.
    ///   - source: The name messages give the text.
    /// - Throws: A ``TagCloudError`` naming the problem and its place, as ``init(yaml:source:)``.
    public init(json: String, source: String = "<json>") throws(TagCloudError) {
        try self.init(parsing: Array(json.utf8), format: .json, source: source)
    }

    /// The most bytes a spec may have, unless a reader is given another limit: 64 MiB.
    public static let defaultMaxInputSize = 64 << 20

    /// The most Unicode scalars a tag's text may have (``TagCloudError/tagTooLong(length:limit:_:)``
    /// beyond): far more than a chip shows, few enough that shaping, line breaking and truncation
    /// stay cheap (a tag of 10,000 letters renders in about 0.05 s; one of 900,000, which a spec
    /// within the input limit can hold, took minutes).
    public static let maximumTagLength = 10_000

    /// Reads and parses a spec file: JSON, YAML, a text list (a tag per line, optional tab and
    /// weight) or CSV (`tag,weight[,href]`).
    ///
    /// Anything `open(2)` reads will do: a regular file, a FIFO, `/dev/stdin`, `/dev/fd/N` (a
    /// shell's `<(…)`). Its size is checked as it is read, so an endless input costs at most
    /// `maxInputSize`.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How to read it; by default from the file's extension (``SpecFormat/of(path:)``),
    ///     or guessed from the bytes (``SpecFormat/guess(_:)``) for a name without an extension
    ///     (`tags`, `/dev/stdin`) and for a pipe, FIFO or device whose name has no known extension.
    ///   - maxInputSize: The most bytes accepted (``defaultMaxInputSize``, 64 MiB).
    /// - Throws: ``TagCloudError/cannotReadInput(path:reason:)`` when the file cannot be read,
    ///   ``TagCloudError/inputTooLarge(path:limit:)`` when it has more than `maxInputSize` bytes,
    ///   ``TagCloudError/unknownFormat(what:name:valid:)`` for a regular file with an unknown
    ///   extension, and the errors of ``init(parsing:format:source:)``, located in the file by
    ///   its path as the URL gives it (`URL(fileURLWithPath: "tags.yaml")` is `tags.yaml` in
    ///   messages).
    public init(contentsOf url: URL, format: SpecFormat? = nil, maxInputSize: Int = Cloud.defaultMaxInputSize) throws(TagCloudError) {
        self = try Self.read(contentsOf: url, format: format, maxInputSize: maxInputSize).cloud
    }

    /// ``init(contentsOf:format:maxInputSize:)``, and whether the input held nothing but
    /// whitespace, whatever it was (a file, or a pipe or FIFO whose writer wrote nothing), so that
    /// the command can say so.
    package static func read(contentsOf url: URL, format: SpecFormat? = nil,
                             maxInputSize: Int = Cloud.defaultMaxInputSize) throws(TagCloudError) -> (cloud: Cloud, isBlank: Bool) {
        let name = url.relativePath
        let known: SpecFormat? = format ?? (try? SpecFormat.of(path: name))
        let contents = try SpecReader.read(path: url.fileSystemPath, name: name, limit: maxInputSize)
        // A name without an extension (`tags`, `/dev/stdin` redirected from a file) says nothing
        // of the format: it is guessed, as for a pipe.
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        let isBlank = contents.bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // Blank JSON is no JSON document, but the command says a blank input is an empty spec,
        // whatever its format (as blank YAML, text and CSV are), and warns.
        if isBlank, known == .json { return (Cloud(), true) }
        if let known { return (try Cloud(parsing: contents.bytes, format: known, source: name), isBlank) }
        if contents.isRegularFile, hasExtension {
            return (try Cloud(parsing: contents.bytes, format: try SpecFormat.of(path: name), source: name), isBlank)
        }
        return (try Cloud(parsingGuessed: contents.bytes, source: name), isBlank)
    }

    /// Parses input whose format nothing names (standard input, a file without an extension) in
    /// the format ``SpecFormat/guess(_:)`` finds. A syntax error then says that the format was a
    /// guess, from what, and how to name another: `{"tags": [a, b]}` is YAML, not the JSON its
    /// first character suggests.
    package init(parsingGuessed bytes: [UInt8], source: String) throws(TagCloudError) {
        let format = SpecFormat.guess(bytes)
        // TOML is no spec format: guessed, it was read as text, each of its lines a tag, or (from
        // a first `[`) as JSON, which fails. Valid JSON (a large cloud) is not scanned for it.
        func refusingTOML() throws(TagCloudError) {
            guard let (line, column) = SpecFormat.tomlTagsLine(bytes) else { return }
            throw .syntax(format: format, SpecLocation(source: source, line: line, column: column),
                          message: "it is TOML (`tags = [` or a `[[tags]]` table on this line), which no spec is written in; write it as YAML "
                            + "(`tags: [Swift, Linux]`, `width: 300`) or JSON")
        }
        if format == .text { try refusingTOML() }
        do {
            self = try Cloud(parsing: bytes, format: format, source: source)
        } catch .syntax(let format, let location, let message) {
            if format == .json { try refusingTOML() }
            let reason = switch format {
            case .json: "from its first character"
            case .csv: "from its first line, a CSV header"
            case .yaml: "from a line that starts like YAML (`key:`, `- ` or `---`)"
            case .text: "as nothing else matched"
            }
            let other = SpecFormat.allCases.filter { $0 != format }.map(\.rawValue).joined(separator: ", ")
            let name = TagCloudError.forCommandLine ? "--input-format" : "a format: argument"
            throw .syntax(format: format, location, message: message + " (the input was read as \(format.displayName), guessed \(reason); "
                            + "\(name) names another: \(other))")
        }
    }

    /// Parses a cloud from the bytes of a spec.
    ///
    /// JSON and YAML are composed by libyaml (through Yams) into nodes that carry lines and
    /// columns, then decoded through the key tables; JSON is first checked strictly, and valid JSON
    /// takes a fast path to the same cloud (locations are then found only if asked for). Text and
    /// CSV hold only tags.
    ///
    /// - Parameters:
    ///   - bytes: The input, UTF-8 (a byte order mark is allowed).
    ///   - format: How to read it.
    ///   - source: The name messages give the input (a path, `<stdin>`).
    /// - Throws: A ``TagCloudError`` naming the problem and its place: invalid UTF-8, malformed
    ///   syntax, duplicate or unknown keys, wrong types, bad numbers, names, colours, weights,
    ///   empty tags, control characters.
    /// - Complexity: O(n) in the size of the input.
    public init(parsing bytes: [UInt8], format: SpecFormat, source: String) throws(TagCloudError) {
        let input = try TextInput(bytes: bytes, source: source)
        switch format {
        case .json:
            if let root = FastJSONReader.read(input),
               var cloud = try? SpecDecoder(locate: { _ in SpecLocation(source: source) }, input: nil, recordsLocations: false)
                   .decodeDocument(root) {
                cloud.provenance.parsed = SpecSourceMap.Store {
                    (try? Self.located(input, format: format).provenance.parsed?.map) ?? SpecSourceMap()
                }
                cloud.provenance.checkedTags = CheckedTags(cloud.tags)
                self = cloud
                return
            }
            self = try Self.located(input, format: format)
        case .yaml:
            self = try Self.located(input, format: format)
        case .text, .csv:
            let decoder = SpecDecoder(locate: { _ in SpecLocation(source: source) }, input: nil)
            let (tags, map) = format == .text
                ? try TagListParsers.parseText(input, decoder: decoder)
                : try TagListParsers.parseCSV(input, decoder: decoder)
            self.init(tags: tags)
            provenance.parsed = SpecSourceMap.Store(map)
            provenance.checkedTags = CheckedTags(tags)
        }
    }

    /// Reads JSON or YAML the located way: every value with its line and column, every error at
    /// its place.
    static func located(_ input: TextInput, format: SpecFormat) throws(TagCloudError) -> Cloud {
        let composed = try YAMLReader.compose(input, format: format)
        let decoder = SpecDecoder(locate: composed.locate, input: format == .yaml ? input : nil)
        var cloud = try decoder.decodeDocument(composed.root)
        cloud.provenance.parsed = SpecSourceMap.Store(decoder.sourceMap)
        cloud.provenance.checkedTags = CheckedTags(cloud.tags)
        return cloud
    }

    /// Where the value at a key path was written: in the text the cloud was parsed from, or by
    /// ``setValue(_:forKeyPath:source:)``.
    ///
    /// - Parameter keyPath: Dotted keys with 0-based list indices, as in messages (`font.family`,
    ///   `tags[2]`).
    /// - Returns: The location, or `nil` when the value was not written in text (set by a program,
    ///   or not given).
    public func location(ofKeyPath keyPath: String) -> SpecLocation? {
        provenance.location(of: keyPath)
    }
}

extension URL {
    /// The path the file system is asked to open for a file URL: a relative URL's own path after
    /// its base folder's, its `..` left for the kernel. (`path` removes `L/..` as text, which names
    /// another file when `L` is a symbolic link to a folder elsewhere.)
    var fileSystemPath: String {
        guard let base = baseURL, !relativePath.hasPrefix("/") else { return path }
        let folder = base.path
        return folder.hasSuffix("/") ? folder + relativePath : folder + "/" + relativePath
    }
}
