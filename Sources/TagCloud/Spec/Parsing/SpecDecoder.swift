import Foundation
import Typesetting
import Canvas
import LayoutKit
import Yams

/// Turns a composed JSON/YAML node tree into a ``Cloud``, checking every key and value
/// and recording where each was written.
///
/// Scalars are typed by their style and text, the same for JSON and YAML: a quoted scalar is a
/// string; a plain one is `null`/`~`/empty (not given), `true`/`false` (any case form), a number
/// (decimal, with optional sign, fraction and exponent; `.inf` and `.nan` are read so they can be
/// refused by name), or else a string. YAML's own tags are not consulted, but for `!!str`, which makes
/// a plain scalar a string; other tags (`!custom`) are refused where the YAML is read.
final class SpecDecoder: @unchecked Sendable {
    // Unchecked: without `recordsLocations` (the only mode that decodes on several threads), the
    // decoder mutates nothing; `locate` and `input` are only read.
    private let locate: (Mark?) -> SpecLocation
    private let input: TextInput?
    private(set) var sourceMap = SpecSourceMap()
    /// Whether ``sourceMap`` is filled. Without it (the fast JSON path, whose input has no
    /// places and whose map is made again the located way when asked for), a long list of tags is
    /// decoded on every core.
    private let recordsLocations: Bool
    /// Whether a tag's messages name it by its index in its list (``Cloud``'s check of values a
    /// program set, which have no place in a text).
    private let namesTagsByIndex: Bool

    /// - Parameters:
    ///   - locate: Turns a node's mark into a location.
    ///   - input: The YAML text, for hints that need the source line; `nil` otherwise.
    ///   - recordsLocations: Whether to fill ``sourceMap``.
    ///   - namesTagsByIndex: Whether a tag's messages name it by its index (``namesTagsByIndex``).
    init(locate: @escaping (Mark?) -> SpecLocation, input: TextInput?, recordsLocations: Bool = true, namesTagsByIndex: Bool = false) {
        self.namesTagsByIndex = namesTagsByIndex
        self.locate = locate
        self.input = input
        self.recordsLocations = recordsLocations
    }

    /// The fewest tags decoded on several threads.
    static let concurrentTagThreshold = 8192

    // MARK: Document

    /// Decodes the top level: a mapping of keys, a list of tags, or nothing.
    func decodeDocument(_ root: SpecNode?) throws(TagCloudError) -> Cloud {
        guard let root, !isNull(root) else { return Cloud() }
        switch root {
        case .sequence:
            return Cloud(tags: try tags(root, path: "tags"))
        case .mapping:
            return try decodeMapping(root, path: "", table: Cloud.keys, into: Cloud())
        default:
            throw .wrongType(path: "(top level)", expected: "a mapping of keys or a list of tags",
                             got: describe(root), location(root))
        }
    }

    /// Decodes a mapping through its key table: each entry by its key's reader, the keys read
    /// last (``SpecKey/decodesLast``) after the others and after `beforeLast`.
    ///
    /// - Parameters:
    ///   - node: The mapping.
    ///   - path: Its key path, for messages (empty at the top level).
    ///   - table: Its keys.
    ///   - root: The value to read into (an empty mapping value).
    ///   - expected: What the key takes, for a node that is not a mapping.
    ///   - record: Whether to record each value's location in the source map.
    ///   - beforeLast: Checks made between the two rounds.
    /// - Returns: The value with every given key set.
    func decodeMapping<Root>(_ node: SpecNode, path: String, table: KeyTable<Root>, into root: Root,
                             expected: String = "a mapping", record: Bool = true,
                             beforeLast: (inout Root) throws(TagCloudError) -> Void = { _ throws(TagCloudError) in }
    ) throws(TagCloudError) -> Root {
        var result = root
        var hasLast = false
        try forEachEntry(node, path: path, table: table, expected: expected, record: record) {
            (key: AnyKey<Root>, entry: Entry) throws(TagCloudError) in
            if key.decodesLast {
                hasLast = true
            } else {
                try key.decode(&result, entry.value, { entry.path }, self)
            }
        }
        try beforeLast(&result)
        guard hasLast, case .mapping(let mapping) = node else { return result }
        // Keys read last go in table order, whatever their order in the text: the mapping (a few
        // pairs, already checked) is read again for each, instead of keeping its entries.
        for key in table.lastKeys {
            for (keyNode, value) in mapping {
                guard case .scalar(let keyScalar) = keyNode, key.isNamed(keyScalar.string), !isNull(value) else { continue }
                try key.decode(&result, value, { Entry(key: key.name, parent: path, value: value).path }, self)
            }
        }
        return result
    }

    // MARK: Values with their own rules

    /// A font family name: a string, spaces around it ignored, not empty.
    func familyName(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        let family = try string(node, path: path()).trimmingASCIISpaces()
        if family.isEmpty {
            throw .wrongType(path: path(), expected: "a font family name", got: "empty", location(node))
        }
        return family
    }

    /// A list of file paths, or one: each a non-empty string without control characters.
    func paths(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> [String] {
        let items: [SpecNode], isList: Bool
        if case .sequence(let sequence) = node { (items, isList) = (Array(sequence), true) } else { (items, isList) = ([node], false) }
        var paths: [String] = []
        let base = path()
        for (index, item) in items.enumerated() {
            let itemPath = isList ? "\(base)[\(index)]" : base
            let text = try string(item, path: itemPath)
            if text.isEmpty { throw .wrongType(path: itemPath, expected: "a file or folder path", got: "empty", location(item)) }
            if let bad = text.unicodeScalars.first(where: TextInput.isControl) { throw .controlCharacter(bad, tag: nil, key: itemPath, location(item)) }
            paths.append(text)
        }
        return paths
    }

    /// A language tag, in canonical case (`zh_hant_hk` reads as `zh-Hant-HK`).
    func languageTag(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        let text = try string(node, path: path())
        guard let language = try? TextLanguage(text) else {
            throw .wrongType(path: path(), expected: "a BCP 47 language tag such as en, ja, zh-Hans, zh-Hant-HK or sr",
                             got: quoted(text, limit: 40), location(node))
        }
        return language.identifier
    }

    func fontSize(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> Double {
        if case .string(let text) = scalarValue(node) {
            if let style = Cloud.textStyleSizes.first(where: { $0.name == text }) { return style.size }
            let names = Cloud.textStyleSizes.map(\.name)
            throw .unknownValue(path: path(), value: text, suggestion: nearestName(to: text, in: names),
                                valid: ["a number of points"] + names, location(node))
        }
        return try number(node, path: path(), rule: .fontSize, expected: "a number or a text style name")
    }

    func fontWeight(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> Cloud.FontWeight {
        let names = Cloud.FontWeight.named.map(\.name)
        switch scalarValue(node) {
        case .string(let text):
            if let match = Cloud.FontWeight.named.first(where: { $0.name == text }) { return match.weight }
            throw .unknownValue(path: path(), value: text, suggestion: nearestName(to: text, in: names),
                                valid: names + ["a number from 1 to 1000"], location(node))
        case .number:
            let value = try integer(node, path: path(), range: 1...1000)
            guard let weight = Cloud.FontWeight(value) else {
                throw .internalError("weight \(value) passed the range check")
            }
            return weight
        case .null, .bool, nil:
            throw .wrongType(path: path(), expected: "a weight name or a number from 1 to 1000",
                             got: describe(node), location(node))
        }
    }

    // MARK: Tags

    func tags(_ node: SpecNode, path: String) throws(TagCloudError) -> [Cloud.Tag] {
        guard case .sequence(let sequence) = node else {
            throw .wrongType(path: path, expected: "a list of tags", got: describe(node), location(node))
        }
        let workers = Cores.active
        if !recordsLocations, sequence.count >= Self.concurrentTagThreshold, workers > 1 {
            return try concurrentTags(sequence, path: path, workers: workers)
        }
        var tags: [Cloud.Tag] = []
        tags.reserveCapacity(sequence.count)
        for (index, element) in sequence.enumerated() {
            let tagLocation = location(element)
            if recordsLocations { sourceMap.recordTag(tagLocation) }
            tags.append(try tag(element, index: index, path: path, location: tagLocation))
        }
        return tags
    }

    /// One element of a list of tags.
    private func tag(_ element: SpecNode, index: Int, path: String, location given: SpecLocation) throws(TagCloudError) -> Cloud.Tag {
        // A tag a program set has no line to name: its messages name its index (`Cloud.tags[3]:
        // a tag has no text`), as a key set in code is named by its path.
        let tagLocation = namesTagsByIndex ? SpecLocation(source: "\(given.source).\(path)[\(index)]") : given
        switch element {
        case .scalar(let scalar):
            return Cloud.Tag(try tagText(scalar.string, location: tagLocation))
        case .mapping:
            return try tagObject(element, path: "\(path)[\(index)]", location: tagLocation)
        case .sequence, .alias:
            throw .wrongType(path: "\(path)[\(index)]", expected: "a tag: a string or a mapping with a text",
                             got: describe(element), tagLocation)
        }
    }

    /// The tags of a long list decoded in consecutive shares on every core; the first error in
    /// the list's order is thrown, as decoding them in order would.
    private func concurrentTags(_ sequence: SpecNode.Sequence, path: String, workers: Int) throws(TagCloudError) -> [Cloud.Tag] {
        let count = sequence.count
        let shares = workers * 4
        var tags = [Cloud.Tag](repeating: Cloud.Tag(""), count: count)
        var errors = [TagCloudError?](repeating: nil, count: shares)
        tags.withUnsafeMutableBufferPointer { tagBuffer in
            errors.withUnsafeMutableBufferPointer { errorBuffer in
                // Unchecked: each share writes its own slots; the decoder mutates nothing here, and
                // the nodes (values) are only read.
                nonisolated(unsafe) let tagBuffer = tagBuffer, errorBuffer = errorBuffer, sequence = sequence
                DispatchQueue.concurrentPerform(iterations: shares) { share in
                    let start = count * share / shares, end = count * (share + 1) / shares
                    do throws(TagCloudError) {
                        for index in start..<end {
                            let element = sequence[sequence.startIndex + index]
                            tagBuffer[index] = try tag(element, index: index, path: path, location: location(element))
                        }
                    } catch {
                        errorBuffer[share] = error
                    }
                }
            }
        }
        if let first = errors.lazy.compactMap({ $0 }).first { throw first }
        return tags
    }

    /// A tag written as a mapping: its text is checked before its weight and link are read, so
    /// their messages can name it.
    private func tagObject(_ node: SpecNode, path: String, location tagLocation: SpecLocation) throws(TagCloudError) -> Cloud.Tag {
        if let tag = usualTagObject(node, location: tagLocation) { return tag }
        return try decodeMapping(node, path: path, table: Cloud.Tag.keys, into: Cloud.Tag(""), record: false) {
            (tag: inout Cloud.Tag) throws(TagCloudError) in
            tag.text = try tagText(tag.text, location: tagLocation)
        }
    }

    /// A tag written with the usual keys alone (`text`, and `weight` and `href` when given, each
    /// once, none null), read as the key table reads them but without it; `nil` for any other
    /// mapping, or one with a value the key table would refuse (its reading then says why).
    ///
    /// Every tag of a large spec was read through the key table, whose keys, names and closures
    /// all threads reading tags share: a third of the reading went to counting references on
    /// them (`collect` writes these keys alone).
    private func usualTagObject(_ node: SpecNode, location: SpecLocation) -> Cloud.Tag? {
        guard case .mapping(let mapping) = node, mapping.count <= 3 else { return nil }
        var text: SpecNode?, weight: SpecNode?, href: SpecNode?
        for (key, value) in mapping {
            guard case .scalar(let name) = key, !isNull(key), !isNull(value) else { return nil }
            switch name.string {
            case "text" where text == nil: text = value
            case "weight" where weight == nil: weight = value
            case "href" where href == nil: href = value
            default: return nil
            }
        }
        guard let text, let written = try? string(text, path: "text"),
              let checked = try? tagText(written, location: location) else { return nil }
        var tag = Cloud.Tag(checked)
        if let weight {
            guard let value = try? self.weight(weight, tag: checked) else { return nil }
            tag.weight = value
        }
        if let href {
            guard let value = try? self.href(href, path: "href", tag: checked) else { return nil }
            tag.href = value
        }
        return tag
    }

    /// Checks a tag's text: not empty or only white space (a chip with nothing to read), no
    /// control characters.
    func tagText(_ text: String, location: SpecLocation) throws(TagCloudError) -> String {
        if text.isEmpty { throw .emptyTag(location) }
        // Scalars are counted only when the bytes could be too many (each scalar is 1-4 bytes).
        if text.utf8.count > Cloud.maximumTagLength, case let length = text.unicodeScalars.count, length > Cloud.maximumTagLength {
            throw .tagTooLong(length: length, limit: Cloud.maximumTagLength, location)
        }
        // Printable ASCII (most tags) in one pass over the bytes; anything else is looked at by
        // Unicode scalars below (100,000 tags spent 1 % of their reading time in two passes).
        var printableASCII = true, blank = true
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { printableASCII = false; break }
            if byte != 0x20 { blank = false }
        }
        if printableASCII {
            if blank { throw .emptyTag(location) }
            return text
        }
        // A control character is named first: some (U+0085) are white space too.
        if let bad = text.unicodeScalars.first(where: TextInput.isControl) {
            throw .controlCharacter(bad, tag: text, key: nil, location)
        }
        if TextInput.isBlank(text) { throw .emptyTag(location) }
        return text
    }

    /// A tag's weight: a finite number ≥ 0. A quoted value is named as a string (`weight: "3"`
    /// is "the string "3"", which a bare 3 would not explain).
    func weight(_ node: SpecNode, tag: String) throws(TagCloudError) -> Double {
        guard case .scalar(let scalar) = node, case .number(let value) = scalarValue(node),
              value.isFinite, value >= 0 else {
            let text = if case .scalar(let scalar) = node {
                scalar.style == .plain || scalar.style == .any ? scalar.string : "the string \(quoted(scalar.string, limit: 40))"
            } else {
                describe(node)
            }
            throw .invalidWeight(tag: tag, value: text.isEmpty ? "empty" : text, location(node))
        }
        _ = scalar
        return value
    }

    /// A tag's string (its tooltip, or its link before ``href(_:path:tag:)`` checks it): a string
    /// without control characters.
    func tagString(_ node: SpecNode, path: @autoclosure () -> String, tag: String) throws(TagCloudError) -> String {
        let value = try string(node, path: path())
        if let bad = value.unicodeScalars.first(where: TextInput.isControl) {
            throw .controlCharacter(bad, tag: tag, key: path().split(separator: ".").last.map(String.init) ?? path(), location(node))
        }
        return value
    }

    /// A line of text for readers: a string without control characters (a title with an escape
    /// lost it silently, and one with a line break was written with it), not blank (an empty
    /// title named the cloud "").
    func line(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        var text = try string(node, path: path())
        // A YAML block scalar (`title: >`) ends with its line break, which is not the title's.
        while text.hasSuffix("\n") { text.removeLast() }
        if let bad = text.unicodeScalars.first(where: TextInput.isControl) {
            throw .controlCharacter(bad, tag: nil, key: path(), location(node))
        }
        if TextInput.isBlank(text) {
            throw .wrongType(path: path(), expected: "text that is not blank (leave the key out for its default)",
                             got: text.isEmpty ? "an empty string" : "only white space", location(node))
        }
        return text
    }

    /// A ``Template``'s text: a string whose placeholders are known and braces closed.
    func template(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        let text = try string(node, path: path())
        if let bad = text.unicodeScalars.first(where: TextInput.isControl) {
            throw .controlCharacter(bad, tag: nil, key: path(), location(node))
        }
        do {
            _ = try Template(text)
        } catch {
            throw TagCloudError(error, template: text, path: path(), location(node))
        }
        return text
    }

    /// A list of colours with at least `minimum` entries.
    func colorList(_ node: SpecNode, path: @autoclosure () -> String, minimum: Int) throws(TagCloudError) -> [CSSColor] {
        guard case .sequence(let sequence) = node, sequence.count >= minimum else {
            // A list that is too short says how long it is ("but it is a list" read as no reason).
            let got = if case .sequence(let short) = node {
                short.isEmpty ? "an empty list" : short.count == 1 ? "a list of 1 colour" : "a list of \(short.count) colours"
            } else {
                describe(node)
            }
            throw .wrongType(path: path(), expected: "a list of \(minimum == 1 ? "colours" : "\(minimum) or more colours")",
                             got: got, location(node))
        }
        var colors: [CSSColor] = []
        for (index, element) in sequence.enumerated() {
            colors.append(try color(element, path: "\(path())[\(index)]"))
        }
        return colors
    }

    /// A tag's link: a string without control characters that web output will write
    /// (``checkLink(_:tag:location:)``).
    func href(_ node: SpecNode, path: @autoclosure () -> String, tag: String) throws(TagCloudError) -> String {
        try refuseBooleanLink(node, path: path())
        let href = try tagString(node, path: path(), tag: tag)
        try Self.checkLink(href, tag: tag, location: location(node))
        return href
    }

    /// Checks a link as web output will (Canvas's `WebLink`: http, https, mailto, tel, relative
    /// URLs and fragments, any letter case, surrounding spaces ignored).
    ///
    /// - Throws: ``TagCloudError/refusedLink(tag:href:reason:_:)`` at `location`.
    static func checkLink(_ href: String, tag: String, location: SpecLocation?) throws(TagCloudError) {
        do {
            _ = try WebLink(checking: href)
        } catch {
            throw .refusedLink(tag: tag, href: href, reason: error.description, location)
        }
    }

    /// A web link that is not a tag's (`fontURL`, the folder web output loads fonts from): checked
    /// as ``href(_:path:tag:)`` checks, and an `http` or `https` URL or a relative path (a `mailto:`,
    /// `tel:` or `#fragment` link names no folder).
    /// Refuses `true` or `false` where a link is written: `href: false`, a natural way to say "no
    /// link", was the relative link `false` (every page linked to `./false`). A number stays a
    /// relative link (`href: 2024`, a year's page).
    private func refuseBooleanLink(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) {
        guard case .bool = scalarValue(node) else { return }
        throw .wrongType(path: path(), expected: "a link (leave it out, or null, for none)",
                         got: describe(node), location(node))
    }

    func webLink(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        try refuseBooleanLink(node, path: path())
        let href = try string(node, path: path())
        if let bad = href.unicodeScalars.first(where: TextInput.isControl) {
            throw .controlCharacter(bad, tag: nil, key: path(), location(node))
        }
        _ = try WebFonts.folderLink(href, key: path(), location: location(node))
        return href
    }

    /// A web id prefix (`id`): an ASCII letter, then at most 63 letters, digits, `-` and `_`.
    func webID(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        let id = try string(node, path: path())
        do {
            try WebText.checkPrefix(id)
        } catch {
            throw .wrongType(path: path(), expected: "an ASCII letter followed by at most 63 letters, digits, - and _",
                             got: "\"\(id)\"", location(node))
        }
        return id
    }

    // MARK: Mappings

    private struct Entry {
        /// The canonical key.
        var key: String
        /// The key path of the mapping holding it.
        var parent: String
        var value: SpecNode

        /// The entry's key path, made when a message or the source map needs it.
        var path: String { parent.isEmpty ? key : "\(parent).\(key)" }
    }

    /// Calls `body` with each entry of a mapping with known keys (aliases made canonical), in
    /// order; entries with a null value are left out, as "not given".
    private func forEachEntry<Root>(_ node: SpecNode, path: String, table: KeyTable<Root>, expected: String, record: Bool,
                                    _ body: (AnyKey<Root>, Entry) throws(TagCloudError) -> Void) throws(TagCloudError) {
        let schema = table.schema
        guard case .mapping(let mapping) = node else {
            throw .wrongType(path: path.isEmpty ? "(top level)" : path, expected: expected,
                             got: describe(node), location(node))
        }
        // The keys so far, canonical, with their nodes: a mapping has a few keys, so a list.
        var seen: [(canonical: String, node: SpecNode)] = []
        let checksAliases = !schema.aliases.isEmpty
        for (keyNode, value) in mapping {
            guard case .scalar(let keyScalar) = keyNode, !isNull(keyNode) else {
                throw .wrongType(path: path.isEmpty ? "(top level)" : path, expected: "keys that are names",
                                 got: "a key that is \(describe(keyNode))", location(keyNode))
            }
            let written = keyScalar.string
            guard let tableKey = table[written] else {
                let keyPath = path.isEmpty ? written : "\(path).\(written)"
                let suggestion = schema.suggestion(for: written).map { path.isEmpty ? $0 : "\(path).\($0)" }
                throw .unknownKey(path: keyPath, location(keyNode), suggestion: suggestion, valid: schema.keys)
            }
            let key = tableKey.name
            let entry = Entry(key: key, parent: path, value: value)
            // An alias and its key in one mapping (Yams finds plain duplicates).
            if checksAliases {
                if let previous = seen.first(where: { $0.canonical == key }) {
                    throw .duplicateKey(path: entry.path, location(keyNode), previous: location(previous.node))
                }
                seen.append((key, keyNode))
            }
            if isNull(value) {
                if schema.colorKeys.contains(written), let comment = commentedColor(after: keyNode) {
                    // Said in that order: the advice before "but it is empty" read as if quoting
                    // had been tried and found empty.
                    throw .wrongType(path: entry.path, expected: "a colour",
                                     got: "empty (in YAML, # after a space starts a comment: write \(written): \"\(comment)\")",
                                     location(keyNode))
                }
                continue
            }
            if record && recordsLocations { sourceMap.record(entry.path, location(value)) }
            try body(tableKey, entry)
        }
    }

    /// For `fill: #ff0000` in YAML (a key with a comment for its value), the commented text.
    private func commentedColor(after keyNode: SpecNode) -> String? {
        guard let input, let mark = keyNode.mark, let line = input.line(mark.line) else { return nil }
        let rest = line.unicodeScalars.dropFirst(mark.column - 1).drop { $0 != ":" }.dropFirst()
            .drop { $0 == " " || $0 == "\t" }
        guard rest.first == "#" else { return nil }
        let word = rest.prefix { $0 != " " && $0 != "\t" }
        return String(String.UnicodeScalarView(word))
    }

    // MARK: Scalars

    /// A scalar's value as the spec reads it.
    enum ScalarValue: Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
    }

    /// A node's scalar value, or `nil` for a mapping or list.
    func scalarValue(_ node: SpecNode) -> ScalarValue? {
        guard case .scalar(let scalar) = node else { return nil }
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        // A digit first is a number or a word (`3D`), never null or a boolean.
        if let first = text.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            return parseNumber(text).map(ScalarValue.number) ?? .string(text)
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return parseNumber(text).map(ScalarValue.number) ?? .string(text)
        }
    }

    private func isNull(_ node: SpecNode) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        switch scalar.string {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// What a node is, for "but it is …" messages.
    func describe(_ node: SpecNode) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch scalarValue(node) {
            case .null, nil: return "empty"
            case .bool(let value): return "the value \(value)"
            case .number: return "the number \(scalar.string.shortened(to: 40))"
            case .string(let text): return "the string \(quoted(text))"
            }
        }
    }

    /// Where a node was written.
    func location(_ node: SpecNode) -> SpecLocation {
        locate(node.mark)
    }

    func string(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> String {
        guard case .scalar(let scalar) = node else {
            throw .wrongType(path: path(), expected: "a string", got: describe(node), location(node))
        }
        return scalar.string
    }

    func bool(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> Bool {
        guard case .bool(let value) = scalarValue(node) else {
            throw .wrongType(path: path(), expected: "true or false", got: describe(node), location(node))
        }
        return value
    }

    func name<Value: SpecName>(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> Value {
        guard case .scalar(let scalar) = node else {
            throw .wrongType(path: path(), expected: "one of \(Value.names.joined(separator: ", "))",
                             got: describe(node), location(node))
        }
        let text = scalar.string
        if let value = Value(rawValue: text) { return value }
        throw .unknownValue(path: path(), value: text, suggestion: nearestName(to: text, in: Value.names),
                            valid: Value.names, location(node))
    }

    func color(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> CSSColor {
        guard case .scalar(let scalar) = node else {
            throw .wrongType(path: path(), expected: "a colour", got: describe(node), location(node))
        }
        if let color = CSSColor(css: scalar.string) { return color }
        throw .invalidColor(path: path(), value: scalar.string, suggestion: colorSuggestion(scalar.string, materials: false),
                            location(node))
    }

    func fill(_ node: SpecNode, path: @autoclosure () -> String) throws(TagCloudError) -> Cloud.Fill {
        if case .scalar(let scalar) = node, let material = Cloud.Material(rawValue: scalar.string) {
            return .material(material)
        }
        guard case .scalar(let scalar) = node else {
            throw .wrongType(path: path(), expected: "a colour or a material", got: describe(node), location(node))
        }
        if let color = CSSColor(css: scalar.string) { return .color(color) }
        throw .invalidColor(path: path(), value: scalar.string, suggestion: colorSuggestion(scalar.string, materials: true),
                            location(node))
    }

    private func colorSuggestion(_ text: String, materials: Bool) -> String? {
        if text.hasPrefix("#") { return nil }
        let names = CSSColor.names + (materials ? Cloud.Material.names : [])
        return nearestName(to: text.trimmingASCIISpaces(), in: names)
    }

    /// A number within a rule's limits; the messages say which limit a value breaks.
    func number(_ node: SpecNode, path: @autoclosure () -> String, rule: NumberRule, expected: String = "a number") throws(TagCloudError) -> Double {
        guard case .scalar(let scalar) = node, case .number(let value) = scalarValue(node) else {
            throw .wrongType(path: path(), expected: expected, got: describe(node), location(node))
        }
        let text = scalar.string
        func refuse(_ reason: String) -> TagCloudError {
            .invalidNumber(path: path(), value: text, reason: reason, location(node))
        }
        if value.isNaN { throw refuse("must be a number (NaN is not)") }
        // An infinity (`.inf`, or a literal too large for a number, `1e400`) is said by the limit
        // it breaks, as any number past it is ("must be finite" named no limit).
        let unit = rule.unit.isEmpty ? "" : " \(rule.unit)"
        if rule.minimum == 0, value < 0 { throw refuse("must not be negative") }
        if rule.excludesMinimum, value <= rule.minimum {
            throw refuse("must be more than \(SpecTree.format(rule.minimum))")
        }
        if value < rule.minimum { throw refuse("must be at least \(SpecTree.format(rule.minimum))\(unit)") }
        if value > rule.maximum { throw refuse("must be at most \(SpecTree.format(rule.maximum))\(unit)") }
        guard value.isFinite else { throw refuse("must be finite") }
        return value
    }

    func integer(_ node: SpecNode, path: @autoclosure () -> String, range: ClosedRange<Int>) throws(TagCloudError) -> Int {
        guard case .scalar(let scalar) = node, case .number(let value) = scalarValue(node) else {
            throw .wrongType(path: path(), expected: "a whole number", got: describe(node), location(node))
        }
        let text = scalar.string
        guard value.isInfinite || value.rounded() == value else {
            throw .invalidNumber(path: path(), value: text, reason: "must be a whole number", location(node))
        }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw .invalidNumber(path: path(), value: text,
                                 reason: "must be from \(range.lowerBound) to \(range.upperBound)", location(node))
        }
        return Int(value)
    }
}

/// Reads a number as YAML 1.2's core schema writes decimals: an optional sign, digits with an
/// optional fraction (or a fraction alone), an optional exponent; and `.inf`, `-.inf`, `.nan` in
/// their three case forms. JSON numbers are a subset.
///
/// - Parameter text: The plain scalar.
/// - Returns: The value, or `nil` when the text is not a number.
/// - Complexity: O(n).
func parseNumber(_ text: String) -> Double? {
    let utf8 = text.utf8
    guard let first = utf8.first else { return nil }
    let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), dot = UInt8(ascii: ".")
    let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")
    // Most scalars are words: leave at once.
    guard (zero...nine).contains(first) || first == dot || first == plus || first == minus else { return nil }
    // Integers of up to 15 digits (weights, counts) are exact in a Double: read without strtod.
    if utf8.count <= 15 {
        var value: Int64 = 0
        var allDigits = true
        for byte in utf8 {
            guard (zero...nine).contains(byte) else { allDigits = false; break }
            value = value * 10 + Int64(byte - zero)
        }
        if allDigits { return Double(value) }
    }
    var index = utf8.startIndex
    var negative = false
    if first == plus || first == minus {
        negative = first == minus
        index = utf8.index(after: index)
    }
    let rest = text[index...]
    switch rest {
    case ".inf", ".Inf", ".INF": return negative ? -.infinity : .infinity
    case ".nan", ".NaN", ".NAN": return index == utf8.startIndex ? .nan : nil
    default: break
    }
    var integerDigits = 0
    while index < utf8.endIndex, (zero...nine).contains(utf8[index]) { integerDigits += 1; index = utf8.index(after: index) }
    var fractionDigits = 0
    if index < utf8.endIndex, utf8[index] == dot {
        index = utf8.index(after: index)
        while index < utf8.endIndex, (zero...nine).contains(utf8[index]) { fractionDigits += 1; index = utf8.index(after: index) }
    }
    guard integerDigits + fractionDigits > 0 else { return nil }
    if index < utf8.endIndex, utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E") {
        index = utf8.index(after: index)
        if index < utf8.endIndex, utf8[index] == plus || utf8[index] == minus { index = utf8.index(after: index) }
        var exponentDigits = 0
        while index < utf8.endIndex, (zero...nine).contains(utf8[index]) { exponentDigits += 1; index = utf8.index(after: index) }
        guard exponentDigits > 0 else { return nil }
    }
    guard index == utf8.endIndex else { return nil }
    return Double(text)
}
