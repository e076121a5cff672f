import Yams

/// Values given on the command line that override the spec's (`--width 300`, `--theme dark`).
///
/// Each value is checked as the same key in a spec file would be, and errors name the option
/// instead of a line (and exit with 64, a usage error).
public struct SpecOverrides: Sendable {
    /// The overriding values; keys not set are `nil`.
    public private(set) var spec = TagCloudSpec()
    /// The option that set each key path (`font.family` → `--font`).
    private var options: [String: String] = [:]

    /// No overrides.
    public init() {}

    /// Where the value of a key path came from, if an option set it.
    ///
    /// - Parameter keyPath: A key path as given to ``set(_:to:option:)``, such as `font.family`.
    /// - Returns: The option's location, or `nil` when no option set that key.
    public func location(of keyPath: String) -> SpecLocation? {
        options[keyPath].map { SpecLocation(source: .option($0)) }
    }

    /// Sets a key from an option's text.
    ///
    /// The text is read as a plain YAML scalar would be: `300` is a number, `true` a boolean,
    /// `#ff0000` a colour, `dark` a name.
    ///
    /// - Parameters:
    ///   - keyPath: A spec key path such as `width`, `theme`, `font.family`, `chip.fill`,
    ///     `spacing.vertical`. `tags` cannot be overridden.
    ///   - value: The option's value as typed.
    ///   - option: The option's name for messages (`--width`).
    /// - Throws: ``TagCloudError/unknownKey(path:_:suggestion:valid:)`` for a key path the spec
    ///   does not have, or the error the value would get in a spec file, located at the option.
    public mutating func set(_ keyPath: String, to value: String, option: String) throws(TagCloudError) {
        let location = SpecLocation(source: .option(option))
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var schema = KeySchema.root
        for (index, key) in keys.enumerated() {
            let path = keys[...index].joined(separator: ".")
            let isLast = index == keys.count - 1
            guard key != "tags", let canonical = schema.canonical(key) else {
                let parent = keys[..<index].joined(separator: ".")
                let suggestion = key == "tags" ? nil : schema.suggestion(for: key).map { parent.isEmpty ? $0 : "\(parent).\($0)" }
                throw .unknownKey(path: path, location, suggestion: suggestion, valid: schema.keys.filter { $0 != "tags" })
            }
            if !isLast {
                guard let child = schema.children[canonical] else {
                    throw .unknownKey(path: keys[...(index + 1)].joined(separator: "."), location, suggestion: nil,
                                      valid: [])
                }
                schema = child
            }
        }
        let trimmed = value.trimmingASCIISpaces()
        if trimmed.isEmpty {
            throw .wrongType(path: keyPath, expected: "a value", got: "empty", location)
        }
        // The decoder reads scalars by their style and text, as the spec's own composer leaves
        // them (Yams' basic resolver); `Tag.implicit` would compile Yams' default resolver's
        // regular expressions, a few milliseconds on every command with an option.
        let tag = Tag(.implicit, .basic, .default)
        var node = Node.scalar(Node.Scalar(trimmed, tag, .plain))
        for key in keys.reversed() {
            node = .mapping(Node.Mapping([(Node(key, tag), node)], tag))
        }
        let decoder = SpecDecoder(locate: { _ in location }, input: nil)
        spec = spec.merging(try decoder.decodeDocument(node))
        options[keyPath] = option
    }
}

extension TagCloudSpec {
    /// This spec with every value `other` gives put over it, key by key (nested mappings are
    /// merged key by key too). `other`'s tags replace these tags only when it has some.
    ///
    /// - Parameter other: The overriding values.
    /// - Returns: The merged spec.
    public func merging(_ other: TagCloudSpec) -> TagCloudSpec {
        var result = self
        result.width = other.width ?? width
        result.padding = other.padding ?? padding
        result.spacing = merge(spacing, other.spacing) { $0.merging($1) }
        result.alignment = other.alignment ?? alignment
        result.justification = other.justification ?? justification
        result.justifyLastRow = other.justifyLastRow ?? justifyLastRow
        result.lineBreaking = other.lineBreaking ?? lineBreaking
        result.maxRows = other.maxRows ?? maxRows
        result.direction = other.direction ?? direction
        result.font = merge(font, other.font) {
            Font(family: $1.family ?? $0.family, size: $1.size ?? $0.size, weight: $1.weight ?? $0.weight)
        }
        result.weights = merge(weights, other.weights) {
            Weights(minSize: $1.minSize ?? $0.minSize, maxSize: $1.maxSize ?? $0.maxSize, scale: $1.scale ?? $0.scale)
        }
        result.chip = merge(chip, other.chip) { base, top in
            Chip(padding: merge(base.padding, top.padding) { $0.merging($1) },
                 shape: top.shape ?? base.shape, cornerRadius: top.cornerRadius ?? base.cornerRadius,
                 fill: top.fill ?? base.fill, stroke: top.stroke ?? base.stroke,
                 strokeWidth: top.strokeWidth ?? base.strokeWidth, textColor: top.textColor ?? base.textColor,
                 selected: merge(base.selected, top.selected) {
                     SelectedChip(fill: $1.fill ?? $0.fill, stroke: $1.stroke ?? $0.stroke,
                                  strokeWidth: $1.strokeWidth ?? $0.strokeWidth,
                                  textColor: $1.textColor ?? $0.textColor, checkmark: $1.checkmark ?? $0.checkmark)
                 })
        }
        result.style = other.style ?? style
        result.theme = other.theme ?? theme
        result.scale = other.scale ?? scale
        result.background = other.background ?? background
        if !other.tags.isEmpty { result.tags = other.tags }
        return result
    }
}

extension TagCloudSpec.Axes {
    func merging(_ other: TagCloudSpec.Axes) -> TagCloudSpec.Axes {
        TagCloudSpec.Axes(horizontal: other.horizontal ?? horizontal, vertical: other.vertical ?? vertical)
    }
}

/// `top` over `base` with `combine` when both are given, else whichever is.
private func merge<Value>(_ base: Value?, _ top: Value?, _ combine: (Value, Value) -> Value) -> Value? {
    switch (base, top) {
    case let (base?, top?): combine(base, top)
    case let (base?, nil): base
    case let (nil, top): top
    }
}
