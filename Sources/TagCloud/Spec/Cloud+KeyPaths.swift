import Foundation
import Yams

extension Cloud {
    /// Sets the value at a key path from text, as the same key in a YAML spec would set it:
    /// `300` is a number, `true` a boolean, `#ff0000` a colour, `dark` a name.
    ///
    /// ```swift
    /// var cloud = Cloud(tags: ["Swift", "Linux"])
    /// try cloud.setValue("gold", forKeyPath: "chip.fill", source: "settings")
    /// try cloud.setValue("10", forKeyPath: "spacing", source: "settings")   // both axes
    /// try cloud.setValue("3", forKeyPath: "tags[1].weight", source: "settings")
    /// ```
    ///
    /// The value is checked as in a spec file, merged over the cloud's (a mapping key such as
    /// `spacing` sets what its text gives), and its location (`source`) is what
    /// ``location(ofKeyPath:)`` reports for it afterwards.
    ///
    /// - Parameters:
    ///   - text: The value as written.
    ///   - keyPath: A key path of the spec (`width`, `font.family`, `chip.padding.horizontal`),
    ///     or a key of one tag by its 0-based index (`tags[0].text`, `tags[2].font.size`). The
    ///     list `tags` as a whole is not set this way.
    ///   - source: The name messages give the value (the `tagcloud` command passes the option
    ///     that set it, `option --width`).
    /// - Throws: ``TagCloudError/unknownKey(path:_:suggestion:valid:)`` for a key the spec does
    ///   not have (with the nearest valid one and the keys valid there, or saying there are none),
    ///   ``TagCloudError/invalidKeyPath(path:reason:_:)`` for `tags` without an index, an index
    ///   that is not a number or past the last tag, an index on a key that is not a list, or a
    ///   whole tag; or the error the value would get in a spec file, located at `source`.
    public mutating func setValue(_ text: String, forKeyPath keyPath: String, source: String) throws(TagCloudError) {
        let location = SpecLocation(source: source)
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let trimmed = text.trimmingASCIISpaces()
        if let first = keys.first, first == "tags" || first.hasPrefix("tags[") {
            try setTagValue(trimmed, keys: keys, keyPath: keyPath, location: location)
        } else {
            try Self.checkKeys(keys[...], in: Cloud.keys.schema, parent: "", location: location)
            let decoder = SpecDecoder(locate: { _ in location }, input: nil)
            self = merging(try Self.decoding(trimmed, keys: keys[...], keyPath: keyPath, location: location) { node throws(TagCloudError) in
                try decoder.decodeDocument(node)
            })
        }
        provenance.assigned[keyPath] = location
    }

    /// `tags[N].key…`: checks the index and the tag's keys, then merges the value over that tag's
    /// (the tag's other keys, and the other keys of a mapping such as its `font`, stay).
    private mutating func setTagValue(_ text: String, keys: [String], keyPath: String,
                                      location: SpecLocation) throws(TagCloudError) {
        let head = keys[0]
        guard head.hasPrefix("tags["), head.hasSuffix("]") else {
            throw .invalidKeyPath(path: keyPath, reason: "names the whole list of tags; set one key of one tag by its 0-based index, as tags[0].text or tags[2].weight", location)
        }
        let digits = head.dropFirst(5).dropLast()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let index = Int(digits) else {
            throw .invalidKeyPath(path: keyPath, reason: "needs a tag's index as a whole number from 0 between the brackets", location)
        }
        guard index < tags.count else {
            let count = tags.isEmpty ? "the cloud has no tags" : "the cloud has \(tags.count) (0 to \(tags.count - 1))"
            throw .invalidKeyPath(path: keyPath, reason: "names tag \(index), but \(count)", location)
        }
        let schema = Cloud.Tag.keys.schema
        guard keys.count > 1 else {
            throw .invalidKeyPath(path: keyPath, reason: "names a whole tag; add one of its keys: " + schema.keys.joined(separator: ", "), location)
        }
        try Self.checkKeys(keys.dropFirst(), in: schema, parent: head, location: location)
        // A tag's text set to null is a tag without text, as `{text: null}` is in a spec (it was
        // "not given", and the old text stayed in silence).
        if keys.count == 2, schema.canonical(keys[1]) == "text", ["~", "null", "Null", "NULL"].contains(text) {
            throw .emptyTag(location)
        }
        let decoder = SpecDecoder(locate: { _ in location }, input: nil)
        let tagText = tags[index].text
        // Read into a tag with this tag's text, so that a weight's or a link's message names it.
        let given = try Self.decoding(text, keys: keys.dropFirst(), keyPath: keyPath, location: location) { node throws(TagCloudError) in
            try decoder.decodeMapping(node, path: head, table: Cloud.Tag.keys, into: Cloud.Tag(tagText),
                                      record: false) { (tag: inout Cloud.Tag) throws(TagCloudError) in
                tag.text = try decoder.tagText(tag.text, location: location)
            }
        }
        guard let key = Cloud.Tag.keys[keys[1]] else { return }
        key.merge(&tags[index], given)
    }

    /// Checks that every key of a key path exists where it is written (`chip.padding.vertical`),
    /// and that only mappings are walked into.
    private static func checkKeys(_ keys: ArraySlice<String>, in schema: KeySchema, parent: String,
                                  location: SpecLocation) throws(TagCloudError) {
        var schema = schema
        var parent = parent
        for (offset, key) in keys.enumerated() {
            let path = parent.isEmpty ? key : "\(parent).\(key)"
            if key.hasSuffix("]"), let bracket = key.firstIndex(of: "["), schema.canonical(String(key[..<bracket])) != nil {
                throw .invalidKeyPath(path: path, reason: "has an index, but \(quoted(String(key[..<bracket]))) is not a list", location)
            }
            guard key != "tags", let canonical = schema.canonical(key) else {
                let suggestion = schema.suggestion(for: key).map { parent.isEmpty ? $0 : "\(parent).\($0)" }
                throw .unknownKey(path: path, location, suggestion: suggestion, valid: schema.keys.filter { $0 != "tags" })
            }
            if offset < keys.count - 1 {
                guard let child = schema.children[canonical] else {
                    let next = keys[keys.startIndex + offset + 1]
                    throw .unknownKey(path: "\(path).\(next)", location, suggestion: nil, valid: [])
                }
                schema = child
            }
            parent = path
        }
    }

    /// Decodes the value nested in mappings of the keys (`{chip: {fill: gold}}`).
    ///
    /// The decoder reads scalars by their style and text, as the spec's own composer leaves them.
    /// A value in brackets or braces is first read as a YAML flow list or mapping
    /// (`colors.gradient=["#dbeafe", "#1e3a8a"]`, `spacing={horizontal: 4, vertical: 2}`), and as
    /// text when the key does not take that (a label template `{text} {weight}`, a tag `[beta]`).
    private static func decoding<T>(_ text: String, keys: ArraySlice<String>, keyPath: String, location: SpecLocation,
                                    _ decode: (SpecNode) throws(TagCloudError) -> T) throws(TagCloudError) -> T {
        if text.isEmpty {
            throw .wrongType(path: keyPath, expected: "a value", got: "empty", location)
        }
        func nested(_ value: SpecNode) -> SpecNode {
            var node = value
            for key in keys.reversed() {
                node = .mapping(SpecNode.Mapping(pairs: [(SpecNode(key, .any), node)]))
            }
            return node
        }
        let plain = nested(SpecNode(text, .plain))
        // A quoted scalar is read as YAML reads it (`title="Hi"` is `Hi`, `tags[0].text='yes'`
        // the text `yes`, not a boolean; the quotes were kept as part of the text), and as text
        // when it is more than one (`"Hi" there`).
        if let first = text.unicodeScalars.first, first == "\"" || first == "'" {
            if let root = try? YAMLReader.compose(try TextInput(bytes: Array(text.utf8), source: location.source), format: .yaml).root,
               case .scalar = root {
                return try decode(nested(root))
            }
            return try decode(plain)
        }
        guard text.hasPrefix("[") || text.hasPrefix("{") else { return try decode(plain) }
        let flowError: TagCloudError
        do {
            if let root = try YAMLReader.compose(try TextInput(bytes: Array(text.utf8), source: location.source), format: .yaml).root {
                do {
                    return try decode(nested(root))
                } catch {
                    flowError = error
                }
            } else {
                flowError = .wrongType(path: keyPath, expected: "a value", got: "empty", location)
            }
        } catch {
            // The value is one line: its own line and column would only confuse.
            let hint = text.contains("#") ? " (quote colours, as # starts a YAML comment: [\"#dbeafe\", \"#1e3a8a\"])" : ""
            flowError = .wrongType(path: keyPath, expected: "a YAML flow list or mapping (as [a, b] or {key: value})",
                                   got: quoted(text, limit: 60) + ", which YAML cannot read" + hint, location)
        }
        do {
            return try decode(plain)
        } catch {
            // Read as text, the value reached the key's own checks (a template's placeholders:
            // `--label '{txt}'` was said to be "a mapping"): their message is the one that helps.
            // A key that wants a list or a mapping refuses text by type: the flow reading's stands.
            if case .wrongType = error { throw flowError }
            throw error
        }
    }

    /// This cloud with every value `other` gives put over it, key by key (nested mappings are
    /// merged key by key too); `other`'s tags replace these tags only when it has some.
    ///
    /// - Parameter other: The overriding values.
    /// - Returns: The merged cloud; its locations are this cloud's, with `other`'s values set by
    ///   ``setValue(_:forKeyPath:source:)`` over them.
    public func merging(_ other: Cloud) -> Cloud {
        var result = Cloud.keys.merge(self, other)
        result.provenance = provenance
        result.provenance.assigned.merge(other.provenance.assigned) { _, new in new }
        return result
    }
}

extension Cloud {
    /// Adds font files given outside the spec (`--font-file`) after its own ``fonts``, each made
    /// absolute against `folder`, and named in messages as given, at `source` (an unusable one
    /// was named by its absolute path, with no option).
    ///
    /// - Parameters:
    ///   - paths: The paths as given.
    ///   - folder: The folder relative paths are relative to (the working folder).
    ///   - source: Where they were given (`option --font-file`).
    package mutating func addFontFiles(_ paths: [String], relativeTo folder: URL, source: String) {
        var absolute: [String] = []
        for path in paths {
            let full = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
            absolute.append(full)
            provenance.addedFontFiles[full] = (path, SpecLocation(source: source))
        }
        fonts = (fonts ?? []) + absolute
    }
}
