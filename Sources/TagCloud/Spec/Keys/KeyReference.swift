extension KeySchema {
    /// The key reference of this mapping and the mappings below it, as Markdown: a table of its
    /// keys (type, default and the styles' values, what the key does, its `tagcloud render`
    /// option), then a table per child mapping.
    ///
    /// - Parameters:
    ///   - title: The heading of this mapping's table.
    ///   - prefix: The key path of the mapping, with a trailing dot (empty at the top level and
    ///     for a list element's keys, which are named as a tag names them).
    ///   - element: The list whose element this mapping is or is inside (`tags`), for the
    ///     headings of the mappings below it: a tag's `font` was headed `font`, as the cloud's.
    /// - Returns: The tables, each under a `####` heading.
    func reference(title: String, prefix: String, element: String? = nil) -> String {
        var text = "#### \(title)\n\n| key | type | default | meaning |\n| --- | --- | --- | --- |\n"
        var below = ""
        for key in keys {
            guard let doc = docs[key] else { continue }
            let names = ([key] + aliases.filter { $0.value == key }.keys.sorted()).map { "`\(prefix)\($0)`" }
            let option = options[key].map { " Option: `--\($0.name)`." } ?? ""
            text += "| \(names.joined(separator: " or ")) | \(doc.type) | \(doc.defaultValue) | \(doc.doc)\(option) |\n"
            if let child = children[key] {
                let childPrefix = child.isListElement ? "" : "\(prefix)\(key)."
                let childTitle = if child.isListElement {
                    "Each of `\(prefix)\(key)` (a string, or a mapping of these keys)"
                } else if let element {
                    "`\(prefix)\(key)` of each of `\(element)`"
                } else {
                    "`\(prefix)\(key)`"
                }
                below += "\n" + child.reference(title: childTitle, prefix: childPrefix,
                                                 element: child.isListElement ? "\(prefix)\(key)" : element)
            }
        }
        return text + below
    }
}

extension Cloud {
    /// The spec's key reference as the TagCloud catalog shows it ("The keys"), made from the key
    /// tables: every key with its type and limits, its default and the values each style gives
    /// it, what it does and its `tagcloud render` option.
    package static var keyReference: String {
        keys.schema.reference(title: "The top level", prefix: "")
    }
}
