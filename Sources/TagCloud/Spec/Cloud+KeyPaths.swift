import Yams

extension Cloud {
    /// Sets the value at a key path from text, as the same key in a YAML spec would set it:
    /// `300` is a number, `true` a boolean, `#ff0000` a colour, `dark` a name.
    ///
    /// ```swift
    /// var cloud = Cloud(tags: ["Swift", "Linux"])
    /// try cloud.setValue("gold", forKeyPath: "chip.fill", source: "settings")
    /// try cloud.setValue("10", forKeyPath: "spacing", source: "settings")   // both axes
    /// ```
    ///
    /// The value is checked as in a spec file, merged over the cloud's (a mapping key such as
    /// `spacing` sets what its text gives), and its location (`source`) is what
    /// ``location(ofKeyPath:)`` reports for it afterwards.
    ///
    /// - Parameters:
    ///   - text: The value as written.
    ///   - keyPath: A key path of the spec (`width`, `font.family`, `chip.padding.horizontal`);
    ///     `tags` and the keys of single tags are not reached this way.
    ///   - source: The name messages give the value (the `tagcloud` command passes the option
    ///     that set it, `option --width`).
    /// - Throws: ``TagCloudError/unknownKey(path:_:suggestion:valid:)`` for a key path the spec
    ///   does not have (with the nearest valid one), or the error the value would get in a spec
    ///   file, located at `source`.
    public mutating func setValue(_ text: String, forKeyPath keyPath: String, source: String) throws(TagCloudError) {
        let location = SpecLocation(source: source)
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var schema = Cloud.keys.schema
        for (index, key) in keys.enumerated() {
            let path = keys[...index].joined(separator: ".")
            let parent = keys[..<index].joined(separator: ".")
            let settable = schema.keys.filter { $0 != "tags" }
            guard key != "tags", let canonical = schema.canonical(key) else {
                let suggestion = key == "tags" ? nil : schema.suggestion(for: key).map { parent.isEmpty ? $0 : "\(parent).\($0)" }
                throw .unknownKey(path: path, location, suggestion: suggestion, valid: settable)
            }
            if index < keys.count - 1 {
                guard let child = schema.children[canonical] else {
                    throw .unknownKey(path: keys[...(index + 1)].joined(separator: "."), location, suggestion: nil, valid: [])
                }
                schema = child
            }
        }
        let trimmed = text.trimmingASCIISpaces()
        if trimmed.isEmpty {
            throw .wrongType(path: keyPath, expected: "a value", got: "empty", location)
        }
        // The decoder reads scalars by their style and text, as the spec's own composer leaves
        // them (Yams' basic resolver); `Tag.implicit` would compile Yams' default resolver's
        // regular expressions, a few milliseconds on every command with an option.
        let tag = Yams.Tag(.implicit, .basic, .default)
        var node = Node.scalar(Node.Scalar(trimmed, tag, .plain))
        for key in keys.reversed() {
            node = .mapping(Node.Mapping([(Node(key, tag), node)], tag))
        }
        let decoder = SpecDecoder(locate: { _ in location }, input: nil)
        self = merging(try decoder.decodeDocument(node))
        provenance.assigned[keyPath] = location
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
