/// The keys one mapping of the spec allows, as plain names (derived from its ``KeyTable``): for
/// unknown-key messages and suggestions, `--set` key paths and the command's options.
struct KeySchema: Sendable {
    /// The canonical keys, in the reference's order.
    let keys: [String]
    /// Other spellings accepted for a key: alias → canonical key.
    let aliases: [String: String]
    /// Keys whose values are colours (for the YAML `#` comment hint).
    let colorKeys: Set<String>
    /// The schemas of keys whose values are mappings, for suggesting `font.family` when
    /// `family` is written at the top level.
    let children: [String: KeySchema]
    /// The `tagcloud render` options of this mapping's keys, by key.
    let options: [String: SpecOption]
    /// Whether the mapping is an element of a list (a tag): its keys have no options and no
    /// single key path (`tags[3].font`).
    let isListElement: Bool
    /// What each key takes, defaults to and does, for the key reference.
    let docs: [String: KeyDoc]
    /// The outputs that read a key, for the keys that not every output reads (``SpecKey/outputs``).
    let outputs: [String: Set<OutputFormat>]

    init(_ keys: [String], aliases: [String: String] = [:], colorKeys: Set<String> = [],
         children: [String: KeySchema] = [:], options: [String: SpecOption] = [:], isListElement: Bool = false,
         docs: [String: KeyDoc] = [:], outputs: [String: Set<OutputFormat>] = [:]) {
        self.outputs = outputs
        self.keys = keys
        self.aliases = aliases
        self.colorKeys = colorKeys
        self.children = children
        self.options = options
        self.isListElement = isListElement
        self.docs = docs
    }

    /// This schema as the schema of a list's elements.
    var listElements: KeySchema {
        KeySchema(keys, aliases: aliases, colorKeys: colorKeys, children: children, isListElement: true, docs: docs, outputs: outputs)
    }

    /// The canonical key for a key as written, if the schema has it.
    func canonical(_ key: String) -> String? {
        keys.contains(key) ? key : aliases[key]
    }

    /// The best replacement for an unknown key: a key of this mapping spelled alike, or else a
    /// key of a child mapping with the same name (`family` → `font.family`).
    func suggestion(for key: String) -> String? {
        if let near = nearestName(to: key, in: keys + aliases.keys.sorted()) {
            return canonical(near) ?? near
        }
        for parent in keys {
            guard let child = children[parent] else { continue }
            // A child's key is a guess already: one spelled with another first letter is another
            // word (`height` is not `font.weight`).
            let alike = child.keys.filter { $0.first?.lowercased() == key.first?.lowercased() }
            if let near = nearestName(to: key, in: alike, maxDistance: 1) {
                return "\(parent).\(near)"
            }
        }
        return nil
    }
}

/// One key's row of the key reference.
struct KeyDoc: Sendable, Hashable {
    /// What the key takes.
    let type: String
    /// Its default, and the styles' values.
    let defaultValue: String
    /// What it does.
    let doc: String
}

/// A `tagcloud render` option that sets one key of the spec (`--font-size` sets `font.size`).
package struct SpecOption: Sendable, Hashable {
    /// The option's name without dashes (`font-size`).
    package let name: String
    /// The key path it sets (`font.size`).
    package let keyPath: String
    /// The value's placeholder in `--help` (`size`).
    package let valueName: String
    /// What the key does, for `--help`.
    package let help: String
    /// What the key takes (`number ≥ 0, at most 100,000`).
    package let type: String
}

extension Cloud {
    /// The outputs that read the key a key path starts with (`page` and `page`: HTML; `scale`:
    /// PNG), or `nil` when every output reads it or the key is not known.
    ///
    /// - Parameter keyPath: A key path as `--set` takes it (`chip.fill`, `tags[2].href`).
    package static func outputs(readingKeyPath keyPath: String) -> Set<OutputFormat>? {
        // `tags[2].href` → tags, href: an index names an element, whose keys are the list's schema's.
        let names = keyPath.split(separator: ".").map { String($0.prefix { $0 != "[" }) }
        var schema: KeySchema? = keys.schema
        for name in names {
            guard let current = schema, let key = current.canonical(name) else { return nil }
            if let outputs = current.outputs[key] { return outputs }
            schema = current.children[key]
        }
        return nil
    }

    /// Every key that has a `tagcloud render` option, in the key reference's order: the command's
    /// spec options, derived from the key tables.
    package static var commandLineOptions: [SpecOption] {
        func collect(_ schema: KeySchema, prefix: String) -> [SpecOption] {
            guard !schema.isListElement else { return [] }
            return schema.keys.flatMap { key -> [SpecOption] in
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                var found = schema.options[key].map { [SpecOption(name: $0.name, keyPath: path, valueName: $0.valueName, help: $0.help, type: $0.type)] } ?? []
                if let child = schema.children[key] { found += collect(child, prefix: path) }
                return found
            }
        }
        return collect(Cloud.keys.schema, prefix: "")
    }
}
