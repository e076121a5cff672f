/// The keys the spec allows in each mapping, with aliases, for decoding, suggestions and docs.
struct KeySchema: Sendable {
    /// The canonical keys, in documentation order.
    let keys: [String]
    /// Other spellings accepted for a key: alias → canonical key.
    let aliases: [String: String]
    /// Keys whose values are colours (for the YAML `#` comment hint).
    let colorKeys: Set<String>
    /// The schemas of keys whose values are mappings, for suggesting `font.family` when
    /// `family` is written at the top level.
    let children: [String: KeySchema]

    init(_ keys: [String], aliases: [String: String] = [:], colorKeys: Set<String> = [],
         children: [String: KeySchema] = [:]) {
        self.keys = keys
        self.aliases = aliases
        self.colorKeys = colorKeys
        self.children = children
    }

    /// `{horizontal, vertical}` (spacing, chip padding).
    static let axes = KeySchema(["horizontal", "vertical"])

    /// `font`.
    static let font = KeySchema(["family", "size", "weight"])

    /// `weights`.
    static let weights = KeySchema(["minSize", "maxSize", "scale"])

    /// `chip.selected`.
    static let selected = KeySchema(["fill", "stroke", "strokeWidth", "textColor", "checkmark"],
                                    aliases: ["text": "textColor"],
                                    colorKeys: ["fill", "stroke", "textColor", "text"])

    /// `chip`.
    static let chip = KeySchema(["padding", "shape", "cornerRadius", "fill", "stroke", "strokeWidth",
                                 "textColor", "selected"],
                                aliases: ["text": "textColor"],
                                colorKeys: ["fill", "stroke", "textColor", "text"],
                                children: ["padding": axes, "selected": selected])

    /// An element of `tags` written as a mapping.
    static let tag = KeySchema(["text", "weight", "href", "selected", "fill", "textColor", "font"],
                               colorKeys: ["fill", "textColor"], children: ["font": font])

    /// The top level.
    static let root = KeySchema(["width", "padding", "spacing", "alignment", "justification",
                                 "justifyLastRow", "lineBreaking", "maxRows", "direction", "font",
                                 "weights", "chip", "style", "theme", "scale", "background", "tags"],
                                colorKeys: ["background"],
                                children: ["spacing": axes, "font": font, "weights": weights, "chip": chip])

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
            if let near = nearestName(to: key, in: child.keys, maxDistance: 1) {
                return "\(parent).\(near)"
            }
        }
        return nil
    }
}
