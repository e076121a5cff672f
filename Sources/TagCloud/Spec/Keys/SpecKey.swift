import Yams

// The spec's keys, each declared once: its name, aliases, type and limits (a `ValueKind`), its
// default and the values the styles give it, its documentation and its command-line option.
// Decoding, encoding, merging, `--set`, the command's options, the style presets and the catalog's
// key reference all read these declarations (see `KeyTable`); nothing else lists the keys.

/// A key's value when the spec does not give one: a value, or one value per theme.
struct KeyDefault<Value: Sendable>: Sendable {
    /// The light theme's value.
    let light: Value
    /// The dark theme's value.
    let dark: Value

    /// The same value in both themes.
    init(_ value: Value) {
        light = value
        dark = value
    }

    /// A value per theme.
    init(light: Value, dark: Value) {
        self.light = light
        self.dark = dark
    }

    /// The value for a theme.
    func value(for theme: Cloud.Theme) -> Value {
        switch theme {
        case .light, .auto: light
        case .dark: dark
        }
    }
}

/// How a key's value is written in a spec: how it is read and checked, written back, merged and
/// described (the "type" column of the key reference).
struct ValueKind<Value: Sendable>: Sendable {
    /// What the key takes, for the key reference (`number ≥ 0, at most 100,000`).
    let typeDoc: String
    /// Reads and checks a value; the string is the key path, for messages.
    let decode: @Sendable (SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Value
    /// Writes a value back as the spec's plain values.
    let encode: @Sendable (Value) -> SpecTree
    /// Puts `top` over `base` when both are given: `top` for plain values, key by key for
    /// mappings.
    let merge: @Sendable (_ base: Value, _ top: Value) -> Value
    /// The keys of a mapping value (for suggestions, `--set` and the key reference), `nil` for
    /// other values.
    let schema: KeySchema?
    /// Whether the value is a colour (for the YAML `# …` comment hint).
    let isColor: Bool

    init(typeDoc: String, isColor: Bool = false, schema: KeySchema? = nil,
         decode: @escaping @Sendable (SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Value,
         encode: @escaping @Sendable (Value) -> SpecTree,
         merge: @escaping @Sendable (_ base: Value, _ top: Value) -> Value = { _, top in top }) {
        self.typeDoc = typeDoc
        self.isColor = isColor
        self.schema = schema
        self.decode = decode
        self.encode = encode
        self.merge = merge
    }
}

/// One key of a mapping of the spec (`width`, `chip.fill`, a tag's `href`).
///
/// `Root` is the mapping's type, `Value` the key's, and `Resolved` what resolution gives: `Value`
/// for keys with a default, `Value?` for keys whose absence means something (no row limit, no
/// border, the system font).
struct SpecKey<Root, Value: Sendable, Resolved>: Sendable {
    /// The canonical name.
    let name: String
    /// Other spellings accepted for the key.
    let aliases: [String]
    /// What the key does, one sentence or two, for the key reference and `--help`.
    let doc: String
    /// How the value is written.
    let kind: ValueKind<Value>
    /// The given value, `nil` when the spec does not give it.
    let get: @Sendable (Root) -> Value?
    /// Sets the given value.
    let set: @Sendable (inout Root, Value?) -> Void
    /// The value when neither the spec nor the style gives one. A mapping's default, a style's
    /// value and the spec's are layered key by key (`spacing: {vertical: 4}` keeps the style's
    /// horizontal spacing).
    let fallback: KeyDefault<Value>?
    /// The values the styles give the key, where they differ from the default.
    let presets: [Cloud.Style: KeyDefault<Value>]
    /// The default column of the key reference, when the default is not a plain value
    /// ("twice `minSize`").
    let defaultDoc: String?
    /// The `tagcloud render` option that sets the key (`font-size` for `--font-size`), if any.
    let option: String?
    /// The outputs that read the key (`page`: HTML), or `nil` for every output: an option setting
    /// it when none of them is written is warned about.
    let outputs: Set<OutputFormat>?
    /// The option's value placeholder in `--help` (`points`).
    let optionValueName: String?
    /// Whether the key is read after the mapping's other keys (a tag's `weight`, whose messages
    /// name the tag's text).
    let decodesLast: Bool
    /// Reads the key into a mapping under construction; by default the kind's reader and ``set``.
    let decodeInto: @Sendable (inout Root, SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Void
    /// Turns the value given (or `nil`) into the resolved value.
    let resolve: @Sendable (Value?, Cloud.Style, Cloud.Theme) -> Resolved

    private init(name: String, aliases: [String], doc: String, kind: ValueKind<Value>,
                 get: @escaping @Sendable (Root) -> Value?, set: @escaping @Sendable (inout Root, Value?) -> Void,
                 fallback: KeyDefault<Value>?, presets: [Cloud.Style: KeyDefault<Value>], defaultDoc: String?,
                 option: String?, optionValueName: String?, outputs: Set<OutputFormat>? = nil, decodesLast: Bool,
                 decode: (@Sendable (inout Root, SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Void)?,
                 resolve: @escaping @Sendable (Value?, Cloud.Style, Cloud.Theme) -> Resolved) {
        self.name = name
        self.aliases = aliases
        self.doc = doc
        self.kind = kind
        self.get = get
        self.set = set
        self.fallback = fallback
        self.presets = presets
        self.defaultDoc = defaultDoc
        self.option = option
        self.optionValueName = optionValueName
        self.outputs = outputs
        self.decodesLast = decodesLast
        if let decode {
            self.decodeInto = decode
        } else {
            self.decodeInto = { root, node, path, decoder throws(TagCloudError) in
                set(&root, try kind.decode(node, path, decoder))
            }
        }
        self.resolve = resolve
    }

    /// A key with a default: resolution always gives a value (the spec's, else the style's, else
    /// the default for the theme).
    init(_ name: String, _ keyPath: any WritableKeyPath<Root, Value?> & Sendable, _ kind: ValueKind<Value>,
         default fallback: KeyDefault<Value>, presets: [Cloud.Style: KeyDefault<Value>] = [:],
         defaultDoc: String? = nil, aliases: [String] = [], option: String? = nil, valueName: String? = nil,
         outputs: Set<OutputFormat>? = nil, doc: String) where Resolved == Value {
        self.init(name: name, aliases: aliases, doc: doc, kind: kind, get: { $0[keyPath: keyPath] },
                  set: { $0[keyPath: keyPath] = $1 }, fallback: fallback, presets: presets, defaultDoc: defaultDoc,
                  option: option, optionValueName: valueName, outputs: outputs, decodesLast: false, decode: nil,
                  resolve: { given, style, theme in
                      layered([fallback.value(for: theme), presets[style]?.value(for: theme), given], kind) ?? fallback.value(for: theme)
                  })
    }

    /// A key without a default: resolution gives the spec's value or the style's, else `nil`.
    ///
    /// - Parameter defaultDoc: What the absence means, for the key reference ("no limit").
    init(_ name: String, _ keyPath: any WritableKeyPath<Root, Value?> & Sendable, _ kind: ValueKind<Value>,
         presets: [Cloud.Style: KeyDefault<Value>] = [:], defaultDoc: String, aliases: [String] = [],
         option: String? = nil, valueName: String? = nil, outputs: Set<OutputFormat>? = nil, decodesLast: Bool = false,
         decode: (@Sendable (inout Root, SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Void)? = nil,
         doc: String) where Resolved == Value? {
        self.init(name: name, aliases: aliases, doc: doc, kind: kind, get: { $0[keyPath: keyPath] },
                  set: { $0[keyPath: keyPath] = $1 }, fallback: nil, presets: presets, defaultDoc: defaultDoc,
                  option: option, optionValueName: valueName, outputs: outputs, decodesLast: decodesLast, decode: decode,
                  resolve: { given, style, theme in layered([presets[style]?.value(for: theme), given], kind) })
    }

    /// A key stored as a list, given when the list is not empty (`tags`).
    init<Element>(list name: String, _ keyPath: any WritableKeyPath<Root, [Element]> & Sendable,
                  _ kind: ValueKind<[Element]>, defaultDoc: String, doc: String)
    where Value == [Element], Resolved == [Element] {
        self.init(name: name, aliases: [], doc: doc, kind: kind,
                  get: { root in let list = root[keyPath: keyPath]; return list.isEmpty ? nil : list },
                  set: { $0[keyPath: keyPath] = $1 ?? [] }, fallback: KeyDefault([]), presets: [:],
                  defaultDoc: defaultDoc, option: nil, optionValueName: nil, decodesLast: false, decode: nil,
                  resolve: { given, _, _ in given ?? [] })
    }

    /// A key that must be given (a tag's `text`); it has no default.
    init(required name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ kind: ValueKind<Value>,
         doc: String) where Resolved == Value? {
        self.init(name: name, aliases: [], doc: doc, kind: kind, get: { $0[keyPath: keyPath] },
                  set: { root, value in if let value { root[keyPath: keyPath] = value } }, fallback: nil,
                  presets: [:], defaultDoc: "required", option: nil, optionValueName: nil, decodesLast: false,
                  decode: nil, resolve: { given, _, _ in given })
    }

    /// The resolved value in a mapping that may be absent (`cloud.chip` when the spec has no
    /// `chip`): the given value, else the style's, else the default for the theme.
    ///
    /// - Complexity: O(1).
    func resolved(in root: Root?, style: Cloud.Style, theme: Cloud.Theme) -> Resolved {
        resolve(root.flatMap(get), style, theme)
    }
}

/// The values given, each put over the ones before it (key by key for mappings); `nil` when none is.
private func layered<Value>(_ layers: [Value?], _ kind: ValueKind<Value>) -> Value? {
    layers.reduce(nil) { below, layer in
        guard let layer else { return below }
        return below.map { kind.merge($0, layer) } ?? layer
    }
}

/// A key of any type, as a mapping's table holds it: a class, so that the decoder passes
/// each key of every tag it reads by one reference instead of copying a dozen fields.
final class AnyKey<Root>: Sendable {
    /// The canonical name.
    let name: String
    /// Other accepted spellings.
    let aliases: [String]
    /// What the key does.
    let doc: String
    /// What the key takes.
    let typeDoc: String
    /// The default column of the key reference.
    let defaultDoc: String
    /// The `tagcloud render` option, without dashes, and its value placeholder.
    let option: (name: String, valueName: String)?
    /// Whether the value is a colour.
    let isColor: Bool
    /// The keys of a mapping value.
    let schema: KeySchema?
    /// Whether the key is read after the others.
    let decodesLast: Bool
    /// The outputs that read the key, or `nil` for every output.
    let outputs: Set<OutputFormat>?
    /// Whether `written` is the key's name or one of its aliases.
    func isNamed(_ written: String) -> Bool {
        let length = written.utf8.count
        return (name.utf8.count == length && name == written) || aliases.contains(written)
    }

    /// Reads the key into the mapping under construction.
    let decode: @Sendable (inout Root, SpecNode, () -> String, SpecDecoder) throws(TagCloudError) -> Void
    /// The given value as plain values, `nil` when not given.
    let encode: @Sendable (Root) -> SpecTree?
    /// Puts `top`'s value over `base`'s.
    let merge: @Sendable (_ base: inout Root, _ top: Root) -> Void

    init<Value, Resolved>(_ key: SpecKey<Root, Value, Resolved>) {
        name = key.name
        aliases = key.aliases
        doc = key.doc
        typeDoc = key.kind.typeDoc
        isColor = key.kind.isColor
        schema = key.kind.schema
        decodesLast = key.decodesLast
        option = key.option.map { ($0, key.optionValueName ?? "value") }
        outputs = key.outputs
        defaultDoc = key.defaultDoc ?? AnyKey.describeDefault(key)
        decode = key.decodeInto
        let get = key.get, set = key.set, kind = key.kind
        encode = { root in get(root).map(kind.encode) }
        merge = { base, top in
            guard let topValue = get(top) else { return }
            set(&base, get(base).map { kind.merge($0, topValue) } ?? topValue)
        }
    }

    /// `358; globulusList 350, materialCapsules 390`: the default and the styles' values.
    private static func describeDefault<Value, Resolved>(_ key: SpecKey<Root, Value, Resolved>) -> String {
        func describe(_ value: KeyDefault<Value>) -> String {
            let light = key.kind.encode(value.light).inlineText, dark = key.kind.encode(value.dark).inlineText
            return light == dark ? "`\(light)`" : "`\(light)` (light), `\(dark)` (dark)"
        }
        var text = key.fallback.map(describe) ?? "none"
        let styles = Cloud.Style.allCases.compactMap { style in key.presets[style].map { "\(style.rawValue) \(describe($0))" } }
        if !styles.isEmpty { text += "; " + styles.joined(separator: ", ") }
        return text
    }
}

/// The keys of one mapping of the spec, in the reference's order.
///
/// A table is built by reflection from a value whose stored properties are its ``SpecKey``s, so
/// that each key is declared once, as a property that resolution also reads by name.
struct KeyTable<Root>: Sendable {
    /// The keys, in declaration order.
    let keys: [AnyKey<Root>]
    /// The keys read after the others (``AnyKey/decodesLast``), in declaration order.
    let lastKeys: [AnyKey<Root>]
    /// The keys as a schema: names, aliases, colour keys, child mappings.
    let schema: KeySchema
    private let index: [String: Int]
    /// Every accepted name (canonical names, then aliases) with its key's position.
    private let names: [(String, Int)]

    /// The table of the ``SpecKey`` properties of `declarations`, in their declaration order.
    init<Declarations>(reflecting declarations: Declarations) {
        var keys: [AnyKey<Root>] = []
        for child in Mirror(reflecting: declarations).children {
            if let key = child.value as? any KeyErasable<Root> { keys.append(key.erased) }
        }
        self.init(keys)
    }

    init(_ keys: [AnyKey<Root>]) {
        self.keys = keys
        lastKeys = keys.filter(\.decodesLast)
        var index: [String: Int] = [:]
        for (position, key) in keys.enumerated() {
            index[key.name] = position
            for alias in key.aliases { index[alias] = position }
        }
        self.index = index
        names = keys.enumerated().map { ($1.name, $0) }
            + keys.enumerated().flatMap { position, key in key.aliases.map { ($0, position) } }
        var aliases: [String: String] = [:]
        for key in keys { for alias in key.aliases { aliases[alias] = key.name } }
        var children: [String: KeySchema] = [:]
        for key in keys { if let schema = key.schema { children[key.name] = schema } }
        var options: [String: SpecOption] = [:]
        for key in keys {
            if let option = key.option {
                options[key.name] = SpecOption(name: option.name, keyPath: key.name, valueName: option.valueName,
                                               help: key.doc, type: key.typeDoc)
            }
        }
        var docs: [String: KeyDoc] = [:]
        for key in keys { docs[key.name] = KeyDoc(type: key.typeDoc, defaultValue: key.defaultDoc, doc: key.doc) }
        var outputs: [String: Set<OutputFormat>] = [:]
        for key in keys { if let readers = key.outputs { outputs[key.name] = readers } }
        schema = KeySchema(keys.map(\.name), aliases: aliases,
                           colorKeys: Set(keys.filter(\.isColor).flatMap { [$0.name] + $0.aliases }),
                           children: children, options: options, docs: docs, outputs: outputs)
    }

    /// The key with a canonical name or alias.
    subscript(name: String) -> AnyKey<Root>? {
        // A table of a few names is searched in order: comparing short strings costs less than
        // hashing one (a tag's keys are looked up for each of a large cloud's tags).
        if names.count <= 24 {
            let length = name.utf8.count
            for (candidate, position) in names where candidate.utf8.count == length && candidate == name { return keys[position] }
            return nil
        }
        return index[name].map { keys[$0] }
    }

    /// The given keys of a mapping as plain values, in table order.
    func encode(_ root: Root) -> SpecTree {
        .mapping(keys.compactMap { key in key.encode(root).map { (key.name, $0) } })
    }

    /// `top`'s given values put over `base`'s, key by key (mappings merged key by key too).
    func merge(_ base: Root, _ top: Root) -> Root {
        var result = base
        for key in keys { key.merge(&result, top) }
        return result
    }
}

/// A ``SpecKey`` of any value type, for ``KeyTable/init(reflecting:)``.
protocol KeyErasable<Root> {
    associatedtype Root
    /// The key, type-erased.
    var erased: AnyKey<Root> { get }
}

extension SpecKey: KeyErasable {
    var erased: AnyKey<Root> { AnyKey(self) }
}

extension SpecTree {
    /// The value on one line, as the key reference shows defaults (`358`, `{horizontal: 8}`).
    var inlineText: String {
        switch self {
        case .string(let text): text
        case .number(let number): Self.format(number)
        case .bool(let value): value ? "true" : "false"
        case .sequence(let elements): "[" + elements.map(\.inlineText).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{" + pairs.map { "\($0.0): \($0.1.inlineText)" }.joined(separator: ", ") + "}"
        }
    }
}
