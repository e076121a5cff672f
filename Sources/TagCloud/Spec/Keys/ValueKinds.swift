import Yams

// The kinds of value the spec's keys take: each reads and checks a value (through `SpecDecoder`'s
// readers, so every key of a kind gets the same messages), writes it back, and describes it for
// the key reference.

/// The limits of a number key.
struct NumberRule: Sendable, Hashable {
    /// The smallest value allowed.
    let minimum: Double
    /// Whether `minimum` itself is refused (font sizes and scales must be more than 0).
    let excludesMinimum: Bool
    /// The largest value allowed.
    let maximum: Double
    /// The unit, for messages (`points`), or empty.
    let unit: String

    /// A length in points: 0 … 100,000 (a picture is at most 32,767 pixels a side, so the largest
    /// lengths draw only at scales below 1; the layout JSON has no such limit).
    static let length = NumberRule(minimum: 0, excludesMinimum: false, maximum: 100_000, unit: "points")
    /// A font size: more than 0, at most 10,000 points (the typesetter refuses sizes from 100,000
    /// up, and a chip taller than 32,767 pixels cannot be drawn).
    static let fontSize = NumberRule(minimum: 0, excludesMinimum: true, maximum: 10_000, unit: "points")
    /// A tag's weight: a finite number ≥ 0, as large as it comes (weights are relative: page
    /// views or counts do).
    static let weight = NumberRule(minimum: 0, excludesMinimum: false, maximum: .infinity, unit: "")
    /// Pixels per point: 0.01 … 64. Below 1/100 Cairo's transformation is not invertible, and a
    /// picture of 1 × 1 pixel is all any cloud would give.
    static let scale = NumberRule(minimum: 0.01, excludesMinimum: false, maximum: 64, unit: "")

    /// `number ≥ 0, at most 100,000`; `finite number ≥ 0` without a maximum.
    var typeDoc: String {
        guard maximum.isFinite else { return "finite number ≥ \(SpecTree.format(minimum))" }
        let low = excludesMinimum ? "number > \(SpecTree.format(minimum))" : "number ≥ \(SpecTree.format(minimum))"
        return "\(low), at most \(maximum.formatted(grouping: true))"
    }
}

extension Cloud {
    /// The values the `scale` key takes (0.01 … 64), for options that give a scale outside a spec
    /// (`tagcloud animate --scale`).
    package static var scaleLimits: ClosedRange<Double> { NumberRule.scale.minimum...NumberRule.scale.maximum }
}

extension Double {
    /// `100,000`: whole numbers with thousands separators, others as Swift prints them.
    func formatted(grouping: Bool) -> String {
        guard grouping, rounded() == self, abs(self) < 1e15 else { return SpecTree.format(self) }
        let digits = String(Int64(abs(self)))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}

extension ValueKind where Value == Double {
    /// A number within a rule's limits.
    static func number(_ rule: NumberRule) -> ValueKind {
        ValueKind(typeDoc: rule.typeDoc,
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.number(node, path: path(), rule: rule) },
                  encode: { .number($0) })
    }

    /// A font size: a number of points, or a SwiftUI text style name (`body` is 17).
    static var fontSize: ValueKind {
        ValueKind(typeDoc: NumberRule.fontSize.typeDoc + ", or a text style name",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.fontSize(node, path: path()) },
                  encode: { .number($0) })
    }
}

extension ValueKind where Value == Int {
    /// A whole number within a range.
    static func integer(_ range: ClosedRange<Int>) -> ValueKind {
        ValueKind(typeDoc: "whole number \(Double(range.lowerBound).formatted(grouping: true)) … "
                    + Double(range.upperBound).formatted(grouping: true),
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.integer(node, path: path(), range: range) },
                  encode: { .number(Double($0)) })
    }
}

extension ValueKind where Value == Bool {
    /// `true` or `false`.
    static var bool: ValueKind {
        ValueKind(typeDoc: "`true` / `false`",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.bool(node, path: path()) },
                  encode: { .bool($0) })
    }
}

extension ValueKind where Value: SpecName {
    /// One of a fixed set of names.
    static var name: ValueKind {
        ValueKind(typeDoc: Value.names.map { "`\($0)`" }.joined(separator: ", "),
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.name(node, path: path()) },
                  encode: { .string($0.rawValue) })
    }
}

extension ValueKind where Value == CSSColor {
    /// A CSS colour.
    static var color: ValueKind {
        ValueKind(typeDoc: "colour", isColor: true,
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.color(node, path: path()) },
                  encode: { .string($0.hex) })
    }
}

extension ValueKind where Value == Cloud.Fill {
    /// A CSS colour or a SwiftUI material name.
    static var fill: ValueKind {
        ValueKind(typeDoc: "colour or material", isColor: true,
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.fill(node, path: path()) },
                  encode: { fill in
                      switch fill {
                      case .color(let color): .string(color.hex)
                      case .material(let material): .string(material.rawValue)
                      }
                  })
    }
}

extension ValueKind where Value == String {
    /// A font family name: not empty, spaces around it ignored.
    static var familyName: ValueKind {
        ValueKind(typeDoc: "string",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.familyName(node, path: path()) },
                  encode: { .string($0) })
    }

    /// A BCP 47 language tag ("ja", "zh-Hans", "sr-Cyrl"), kept in canonical case; checked by
    /// Typesetting's `TextLanguage`.
    static var languageTag: ValueKind {
        ValueKind(typeDoc: "BCP 47 language tag",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.languageTag(node, path: path()) },
                  encode: { .string($0) })
    }

    /// A link web output writes (`fontURL`), checked as tags' links are.
    static var webLink: ValueKind {
        ValueKind(typeDoc: "URL (http, https or relative)",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.webLink(node, path: path()) },
                  encode: { .string($0) })
    }

    /// The prefix of a web output's ids (`id`).
    static var webID: ValueKind {
        ValueKind(typeDoc: "ASCII letter, then letters, digits, `-`, `_` (at most 64)",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.webID(node, path: path()) },
                  encode: { .string($0) })
    }

    /// A line of text a reader is given (the cloud's `title`, `moreLabel`): no control
    /// characters (a line break or escape in an accessible name or a chip), not blank.
    static var line: ValueKind {
        ValueKind(typeDoc: "string (one line, not blank)",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.line(node, path: path()) },
                  encode: { .string($0) })
    }

    /// Any string (a scalar's text as written).
    static var string: ValueKind {
        ValueKind(typeDoc: "string",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.string(node, path: path()) },
                  encode: { .string($0) })
    }
}

extension ValueKind where Value == Cloud.FontWeight {
    /// A SwiftUI weight name or a CSS number 1 … 1000.
    static var fontWeight: ValueKind {
        ValueKind(typeDoc: "SwiftUI weight name, or a whole number 1 … 1000",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.fontWeight(node, path: path()) },
                  encode: { weight in weight.name.map(SpecTree.string) ?? .number(Double(weight.value)) })
    }
}

extension ValueKind where Value == Cloud.Axes {
    /// Two lengths: a number (both) or `{horizontal, vertical}`.
    static var axes: ValueKind {
        let table = Cloud.Axes.keys
        return ValueKind(typeDoc: NumberRule.length.typeDoc + ", or `{horizontal, vertical}`", schema: table.schema,
                         decode: { node, path, decoder throws(TagCloudError) in
                             if case .scalar = node {
                                 return Cloud.Axes(try decoder.number(node, path: path(), rule: .length,
                                                                      expected: "a number or {horizontal, vertical}"))
                             }
                             return try decoder.decodeMapping(node, path: path(), table: table, into: Cloud.Axes(),
                                                              expected: "a number or {horizontal, vertical}")
                         },
                         encode: { axes in
                             if let horizontal = axes.horizontal, horizontal == axes.vertical { return .number(horizontal) }
                             return table.encode(axes)
                         },
                         merge: { table.merge($0, $1) })
    }
}

extension ValueKind {
    /// A mapping with its own keys, merged key by key.
    static func mapping(_ table: KeyTable<Value>, empty: Value) -> ValueKind {
        ValueKind(typeDoc: "mapping: " + table.keys.map { "`\($0.name)`" }.joined(separator: ", "),
                  schema: table.schema,
                  decode: { node, path, decoder throws(TagCloudError) in
                      try decoder.decodeMapping(node, path: path(), table: table, into: empty)
                  },
                  encode: { table.encode($0) },
                  merge: { table.merge($0, $1) })
    }
}

extension ValueKind where Value == [String] {
    /// Font files or folders: a list of paths, or one path.
    static var fontFiles: ValueKind {
        ValueKind(typeDoc: "list of paths (or one path)",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.paths(node, path: path()) },
                  encode: { .sequence($0.map(SpecTree.string)) })
    }
}

extension ValueKind where Value == [Cloud.Tag] {
    /// The list of tags: strings or mappings of a tag's keys.
    static var tags: ValueKind {
        let table = Cloud.Tag.keys
        return ValueKind(typeDoc: "list of tags (strings or mappings)", schema: table.schema.listElements,
                         decode: { node, path, decoder throws(TagCloudError) in try decoder.tags(node, path: path()) },
                         encode: { tags in .sequence(tags.map { $0.isPlain ? .string($0.text) : table.encode($0) }) })
    }
}

extension ValueKind where Value == Cloud.Order {
    /// An order: a criterion name (`weight`), or `{by, descending, seed}`.
    static var order: ValueKind {
        let table = Cloud.Order.keys
        let expected = "an order name or {by, descending, seed}"
        return ValueKind(typeDoc: "`given`, `weight`, `name`, `shuffle`, or `{by, descending, seed}`", schema: table.schema,
                         decode: { node, path, decoder throws(TagCloudError) in
                             if case .scalar = node {
                                 return Cloud.Order(by: try decoder.name(node, path: path()))
                             }
                             return try decoder.decodeMapping(node, path: path(), table: table, into: Cloud.Order(),
                                                              expected: expected)
                         },
                         encode: { order in
                             if let by = order.by, order.descending == nil, order.seed == nil { return .string(by.rawValue) }
                             return table.encode(order)
                         },
                         merge: { table.merge($0, $1) })
    }
}

extension ValueKind where Value == Cloud.Colors {
    /// Colours by weight: a mapping whose `palette` and `gradient` exclude each other (the one
    /// given later replaces the other when mappings are merged).
    static var colors: ValueKind {
        let table = Cloud.Colors.keys
        return ValueKind(typeDoc: "mapping: " + table.keys.map { "`\($0.name)`" }.joined(separator: ", "), schema: table.schema,
                         decode: { node, path, decoder throws(TagCloudError) in
                             let colors = try decoder.decodeMapping(node, path: path(), table: table, into: Cloud.Colors())
                             if colors.palette != nil, colors.gradient != nil {
                                 throw .wrongType(path: path(), expected: "either a palette or a gradient",
                                                  got: "both", decoder.location(node))
                             }
                             return colors
                         },
                         encode: { table.encode($0) },
                         merge: { base, top in
                             var merged = table.merge(base, top)
                             if top.palette != nil, top.gradient == nil { merged.gradient = nil }
                             if top.gradient != nil, top.palette == nil { merged.palette = nil }
                             return merged
                         })
    }
}

extension ValueKind where Value == Cloud.Palette {
    /// A named palette, or a list of one or more colours.
    static var palette: ValueKind {
        ValueKind(typeDoc: "palette name, or a list of colours",
                  decode: { node, path, decoder throws(TagCloudError) in
                      if case .sequence = node { return .colors(try decoder.colorList(node, path: path(), minimum: 1)) }
                      return .named(try decoder.name(node, path: path()))
                  },
                  encode: { palette in
                      switch palette {
                      case .named(let name): .string(name.rawValue)
                      case .colors(let colors): .sequence(colors.map { .string($0.hex) })
                      }
                  })
    }
}

extension ValueKind where Value == [CSSColor] {
    /// Two or more colours, in order.
    static var gradient: ValueKind {
        ValueKind(typeDoc: "list of 2 or more colours",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.colorList(node, path: path(), minimum: 2) },
                  encode: { .sequence($0.map { .string($0.hex) }) })
    }
}

extension ValueKind where Value == String {
    /// A ``Template``: text with `{text}` and `{weight}`.
    static var template: ValueKind {
        ValueKind(typeDoc: "template string",
                  decode: { node, path, decoder throws(TagCloudError) in try decoder.template(node, path: path()) },
                  encode: { .string($0) })
    }
}
