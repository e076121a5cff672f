import Foundation
import Canvas
@testable import TagCloud
import TagCloudUI
import Typesetting
import Testing

/// Every number the spec takes has limits, the key reference documents them, and a value past
/// them is refused with the file, line and key in the message; what the reference allows, the
/// renderer draws without an internal error.
@Suite struct LimitTests {
    /// A numeric key of the reference with the limits its type column states.
    struct NumericKey: CustomStringConvertible, Sendable {
        /// The key path as messages write it (`chip.padding.horizontal`, `tags[0].weight`).
        var path: String
        var minimum: Double
        var excludesMinimum: Bool
        /// `nil` when the reference states none (`finite number ≥ 0`).
        var maximum: Double?
        var wholeNumbers: Bool

        var description: String { path }
    }

    /// The numeric keys, read from the type column of the key tables' reference: `number ≥ 0, at
    /// most 100,000`, `number > 0, …`, `whole number 1 … 1,000,000`, `a number 1 … 1000`,
    /// `finite number ≥ 0`.
    static let numericKeys: [NumericKey] = {
        var found: [NumericKey] = []
        func walk(_ schema: KeySchema, prefix: String) {
            for key in schema.keys {
                let path = prefix + key
                if let type = schema.docs[key]?.type, let limits = limits(in: type) {
                    found.append(NumericKey(path: path, minimum: limits.minimum, excludesMinimum: limits.excludes,
                                            maximum: limits.maximum, wholeNumbers: limits.whole))
                }
                if let child = schema.children[key] {
                    walk(child, prefix: child.isListElement ? "\(path)[0]." : "\(path).")
                }
            }
        }
        walk(Cloud.keys.schema, prefix: "")
        return found
    }()

    /// The limits a type column states, or `nil` for a type that is not a number.
    static func limits(in type: String) -> (minimum: Double, excludes: Bool, maximum: Double?, whole: Bool)? {
        func number(_ text: Substring) -> Double? { Double(text.filter { $0 != "," }) }
        let words = type.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",`")) }
        if let dots = words.firstIndex(of: "…"), dots > 0, dots + 1 < words.count,
           let low = number(Substring(words[dots - 1])), let high = number(Substring(words[dots + 1])) {
            return (low, false, high, true)
        }
        guard let relation = words.firstIndex(where: { $0 == "≥" || $0 == ">" }), relation + 1 < words.count,
              let low = number(Substring(words[relation + 1])) else { return nil }
        let high = words.firstIndex(of: "most").flatMap { $0 + 1 < words.count ? number(Substring(words[$0 + 1])) : nil }
        return (low, words[relation] == ">", high, false)
    }

    /// `chip.padding.horizontal: 3` as YAML, on line 2 (after a tag, so tags' keys have a tag).
    static func spec(setting path: String, to value: String) -> String {
        if path.hasPrefix("tags[0].") {
            let keys = path.dropFirst("tags[0].".count).split(separator: ".")
            var text = value
            for key in keys.dropFirst().reversed() { text = "{\(key): \(text)}" }
            return "style: tagCloud\ntags:\n  - {text: a, \(keys[0]): \(text)}\n"
        }
        let keys = path.split(separator: ".")
        var text = value
        for key in keys.dropFirst().reversed() { text = "{\(key): \(text)}" }
        return "tags: [a]\n\(keys[0]): \(text)\n"
    }

    @Test func theReferenceStatesLimitsForEveryNumericKey() {
        let paths = Set(Self.numericKeys.map(\.path))
        for path in ["width", "padding", "spacing", "spacing.horizontal", "maxRows", "font.size", "font.weight",
                     "weights.minSize", "weights.maxSize", "chip.padding", "chip.cornerRadius", "chip.strokeWidth",
                     "chip.selected.strokeWidth", "scale", "tags[0].weight", "tags[0].font.size"] {
            #expect(paths.contains(path), "\(path) has no limits in the key reference")
        }
        #expect(Self.numericKeys.allSatisfy { $0.maximum != nil || $0.path == "tags[0].weight" })
    }

    @Test(arguments: numericKeys)
    func theDocumentedLimitsAreTheEnforcedOnes(_ key: NumericKey) throws {
        func parse(_ value: Double) -> TagCloudError? {
            let text = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            do {
                _ = try Cloud(yaml: Self.spec(setting: key.path, to: text), source: "limits.yaml")
                return nil
            } catch {
                return error
            }
        }
        let line = key.path.hasPrefix("tags[0].") ? 3 : 2
        func expectRefused(_ value: Double, _ why: String) {
            guard let error = parse(value) else {
                Issue.record("\(key.path): \(value) (\(why)) was accepted")
                return
            }
            let message = error.description
            #expect(message.hasPrefix("limits.yaml:\(line):"), "\(key.path): \(message)")
            #expect(message.contains(key.path) || (key.path.hasPrefix("tags[0].") && message.contains("\"a\"")),
                    "\(key.path): \(message)")
            if case .internalError = error { Issue.record("\(key.path): \(message)") }
        }
        if key.excludesMinimum {
            expectRefused(key.minimum, "the excluded minimum")
        } else {
            #expect(parse(key.minimum) == nil, "\(key.path): the minimum \(key.minimum) was refused")
        }
        let step = key.wholeNumbers ? 1 : max(key.minimum.magnitude, 1) * 1e-3
        expectRefused(key.minimum - step, "below the minimum")
        if let maximum = key.maximum {
            #expect(parse(maximum) == nil, "\(key.path): the maximum \(maximum) was refused: \(String(describing: parse(maximum)))")
            expectRefused(maximum + (key.wholeNumbers ? 1 : max(maximum * 1e-3, 1e-3)), "above the maximum")
        } else {
            #expect(parse(1e300) == nil, "\(key.path): 1e300 was refused")
        }
        if key.wholeNumbers { expectRefused(key.minimum + 0.5, "not a whole number") }
    }

    /// Each key with a `tagcloud render` option is refused past its limits with the option named,
    /// as the command passes it (and the command exits with 64 for it).
    @Test func optionValuesPastTheLimitsNameTheOption() throws {
        for option in Cloud.commandLineOptions {
            guard let key = Self.numericKeys.first(where: { $0.path == option.keyPath }), let maximum = key.maximum else { continue }
            var cloud = Cloud(tags: ["a"])
            #expect {
                try cloud.setValue("\(maximum * 10 + 1)", forKeyPath: option.keyPath, source: "option --\(option.name)")
            } throws: { error in
                (error as? TagCloudError)?.description.hasPrefix("option --\(option.name): \"\(option.keyPath)\"") == true
            }
        }
    }

    /// The numbers the reference allows render: each numeric key at its minimum and its maximum
    /// (with a scale that keeps the picture under Cairo's limit) gives a picture or a documented
    /// error, never an internal one.
    @Test(arguments: numericKeys)
    func valuesWithinTheLimitsNeverReachAnInternalError(_ key: NumericKey) throws {
        for value in [key.excludesMinimum ? key.minimum + 1e-3 : key.minimum, key.maximum ?? 1e300] {
            let text = value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            var cloud = try Cloud(yaml: Self.spec(setting: key.path, to: text), source: "limits.yaml")
            if key.path != "scale" { cloud.scale = 0.01 }
            do {
                _ = try cloud.pngData()
                _ = try cloud.svgData()
            } catch {
                switch error {
                case .pictureTooLarge, .pictureHasTooManyPixels, .invalidNumber: break
                default: Issue.record("\(key.path) = \(text): \(error)")
                }
            }
        }
    }

    /// A picture under the side limit whose pixels would take gigabytes (30,032 × 24,278 px from a
    /// three-line spec) is refused by its size before any is taken: it aborted the process when
    /// the allocation failed. SVG has no such buffer and is written.
    @Test func aPictureOfTooManyPixelsIsRefusedBeforeItIsDrawn() throws {
        let cloud = try Cloud(yaml: "width: 30000\nfont: {size: 10000}\ntags: [abc, def]\n")
        #expect {
            _ = try cloud.pngData()
        } throws: { error in
            guard case let .pictureHasTooManyPixels(width, height, limit)? = error as? TagCloudError else { return false }
            return width <= 32_767 && height <= 32_767 && width * height > limit && limit == 16_384 * 16_384
                && (error as? TagCloudError)?.description.contains("over the limit of 268435456 pixels") == true
        }
        #expect(throws: Never.self) { _ = try cloud.svgData() }
        // The same limit holds for a display list drawn by Canvas directly.
        let rendered = try cloud.rendered()
        #expect(throws: CanvasError.self) { _ = try rendered.displayList.pngData(scale: 1) }
    }

    // MARK: Messages

    /// A huge value, key or tag is echoed shortened: no message repeats the input.
    @Test func messagesEchoAtMostEightyCharactersOfAValue() throws {
        let long = String(repeating: "1", count: 20_000)
        let word = String(repeating: "w", count: 20_000)
        let specs = [
            "width: \(long)", "maxRows: \(long).5", "justifyLastRow: \(long)", "theme: \(word)", "style: \(long)",
            "background: \"#\(word)\"", "\(word): 1", "chip: {\(word): 1}", "font: {weight: \(long)}",
            "font: {size: \(word)}", "tags: [{text: a, weight: -\(long)}]", "tags: [{text: a, \(word): 1}]",
            "spacing: [\(long)]", "chip: {fill: \(word)}",
        ]
        for spec in specs {
            do {
                _ = try Cloud(yaml: spec, source: "long.yaml")
                Issue.record("\(spec.prefix(40)) was accepted")
            } catch {
                #expect(error.description.count < 400, "\(spec.prefix(30)): \(error.description.count) characters")
                #expect(!error.description.contains(String(repeating: "1", count: 81))
                        && !error.description.contains(String(repeating: "w", count: 81)), "\(spec.prefix(30))")
            }
        }
        var cloud = Cloud(tags: ["a"])
        for (path, value) in [(word, "1"), ("width", long), ("chip.\(word)", "1"), ("tags[\(long)].text", "x")] {
            #expect(throws: TagCloudError.self) { try cloud.setValue(value, forKeyPath: path, source: "option --set") }
            do { try cloud.setValue(value, forKeyPath: path, source: "option --set") } catch {
                #expect(error.description.count < 400, "\(path.prefix(20)): \(error.description.count) characters")
            }
        }
    }

    // MARK: Weights

    @Test func invertedWeightRangesAreRefusedWhereTheyAreWritten() throws {
        let inverted = try Cloud(yaml: "weights: {minSize: 40, maxSize: 10}\ntags: [{text: a, weight: 1}, {text: b, weight: 2}]\n",
                                 source: "w.yaml")
        #expect(throws: TagCloudError.invalidNumber(path: "weights.maxSize", value: "10",
                                                    reason: "must be at least \"weights.minSize\" (40)",
                                                    SpecLocation(source: "w.yaml", line: 1, column: 33))) {
            try inverted.rendered()
        }
        // Below font.size, the default minSize.
        let belowFont = try Cloud(yaml: "font: {size: 20}\nweights: {maxSize: 10}\ntags: [a]\n", source: "w.yaml")
        #expect {
            try belowFont.rendered()
        } throws: { error in
            (error as? TagCloudError)?.description
                == #"w.yaml:2:20: "weights.maxSize" is 10, but it must be at least "weights.minSize" (20, from font.size)"#
        }
        // An option that raises minSize over the file's maxSize is the one named.
        var raised = try Cloud(yaml: "weights: {maxSize: 30}\ntags: [a]\n", source: "w.yaml")
        try raised.setValue("50", forKeyPath: "weights.minSize", source: "option --set")
        #expect {
            try raised.rendered()
        } throws: { error in
            (error as? TagCloudError)?.description == #"option --set: "weights.minSize" is 50, but it must be at most "weights.maxSize" (30)"#
        }
        // So is an option that raises font.size, which minSize follows, over the file's maxSize
        // (the file's maxSize was named, with exit 65).
        var fontRaised = try Cloud(yaml: "font: {size: 8}\nweights: {maxSize: 10}\ntags: [a]\n", source: "w.yaml")
        try fontRaised.setValue("20", forKeyPath: "font.size", source: "option --font-size")
        #expect {
            try fontRaised.rendered()
        } throws: { error in
            (error as? TagCloudError)?.description.hasPrefix(#"option --font-size: "font.size" is 20, but it must be at most "weights.maxSize" (10)"#) == true
        }
        // Equal sizes are a range of one size.
        #expect(throws: Never.self) {
            try Cloud(yaml: "weights: {minSize: 20, maxSize: 20}\ntags: [{text: a, weight: 1}]\n").rendered()
        }
    }

    // MARK: --set with list indexes

    @Test func setValueReachesOneTagByItsIndex() throws {
        var cloud = try Cloud(yaml: "tags:\n  - Swift\n  - {text: Linux, weight: 3, font: {family: Inter, size: 12}}\n",
                              source: "t.yaml")
        try cloud.setValue("Cairo", forKeyPath: "tags[0].text", source: "option --set")
        try cloud.setValue("5", forKeyPath: "tags[0].weight", source: "option --set")
        try cloud.setValue("20", forKeyPath: "tags[1].font.size", source: "option --set")
        try cloud.setValue("https://kernel.org", forKeyPath: "tags[1].href", source: "option --set")
        try cloud.setValue("true", forKeyPath: "tags[1].selected", source: "option --set")
        try cloud.setValue("gold", forKeyPath: "tags[1].fill", source: "option --set")
        #expect(cloud.tags[0] == Cloud.Tag("Cairo", weight: 5))
        var linux = Cloud.Tag("Linux", weight: 3, href: "https://kernel.org", selected: true)
        linux.font = Cloud.Font()
        linux.font?.family = "Inter"
        linux.font?.size = 20
        linux.fill = .color(try #require(CSSColor(css: "gold")))
        #expect(cloud.tags[1] == linux)
        #expect(cloud.location(ofKeyPath: "tags[1].font.size") == SpecLocation(source: "option --set"))
        #expect(cloud.location(ofKeyPath: "tags[1]") == SpecLocation(source: "t.yaml", line: 3, column: 5))

        let refusals: [(String, String, String)] = [
            ("tags[2].text", "x", #"the key path "tags[2].text" names tag 2, but the cloud has 2 (0 to 1)"#),
            ("tags[-1].text", "x", #"the key path "tags[-1].text" needs a tag's index as a whole number from 0"#),
            ("tags[1]", "x", #"the key path "tags[1]" names a whole tag; add one of its keys: text, weight, href"#),
            ("tags[0].txt", "x", #"unknown key "tags[0].txt"; did you mean "tags[0].text"?"#),
            ("tags[0].text", "a\u{7}", #"the tag "a\u{7}" contains the control character U+0007"#),
            // As `{text: null}` in a spec (the old text stayed in silence).
            ("tags[0].text", "null", #"a tag has no text"#),
            ("tags[0].weight", "-1", #"the weight of the tag "Cairo" is -1; a weight must be a finite number ≥ 0"#),
            ("tags[1].font.size", "0", #""tags[1].font.size" is 0, but it must be more than 0"#),
            ("tags[0].text.x", "1", #"unknown key "tags[0].text.x"; "tags[0].text" holds no keys"#),
        ]
        let before = cloud
        for (path, value, message) in refusals {
            #expect {
                try cloud.setValue(value, forKeyPath: path, source: "option --set")
            } throws: { error in
                let description = (error as? TagCloudError)?.description ?? ""
                return description.hasPrefix("option --set: " + message)
            }
        }
        #expect(cloud == before)
    }
}

/// Font errors name the file once and advise once (the typesetter's own message names the
/// resolved path and advises too, and was once repeated inside the spec's).
@Suite struct FontErrorMessageTests {
    @Test func unusableFontFilesAreNamedAndAdvisedOnce() {
        let location = SpecLocation(source: "spec.yaml", line: 2, column: 8)
        let cases: [(TypesettingError, String)] = [
            (.fontFileUnreadable(path: "/abs/fonts/a.ttf"), "check that it exists and is readable"),
            (.fontFileCorrupt(path: "/abs/fonts/a.ttf", reason: "it is not a TrueType, OpenType, WOFF or WOFF2 font"),
             "give a TrueType, OpenType, WOFF or WOFF2 file"),
            (.noFontsInFolder(path: "/abs/fonts/a.ttf"), "name the font files or the folder that holds them"),
            (.tooManyFilesInFolder(path: "/abs/fonts/a.ttf", limit: 10_000), "name the font files or a folder that holds only fonts"),
        ]
        for (error, advice) in cases {
            let message = TagCloudError.unusableFontFile(path: "fonts/a.ttf", error, location).description
            #expect(message.hasPrefix("spec.yaml:2:8: the "), "\(message)")
            #expect(message.components(separatedBy: "a.ttf").count == 2, "the path is named once: \(message)")
            #expect(message.components(separatedBy: advice).count == 2, "\(message)")
            #expect(!message.contains("/abs/"), "\(message)")
        }
    }
}

/// The YAML nesting estimate skips plain scalars outside flow collections: brackets in a plain
/// value open nothing. (The csv fuzz target found a link `h{{{…` that the encoder wrote plain and
/// the reader then refused as nested 64 levels deep: Fuzz/regressions/csv.)
@Suite struct YAMLNestingEstimateTests {
    @Test func bracketsInPlainScalarsOpenNothing() throws {
        let braces = "h" + String(repeating: "{", count: 100) + "         w"
        let cloud = Cloud(tags: [.init("Swift", weight: 40, href: braces)])
        #expect(try Cloud(yaml: cloud.yaml(), source: "yaml()") == cloud)
        for text in ["tags:\n  - {text: a, href: x}\n  - text: b\n    href: h\(String(repeating: "[", count: 80))\n",
                     "tags: [a]\nbackground: red # {{{{\(String(repeating: "{", count: 80))\n",
                     "tags:\n  - text: a{{{\(String(repeating: "{", count: 80)): b\n"] {
            do {
                _ = try Cloud(yaml: text, source: "plain.yaml")
            } catch {
                #expect(!error.description.contains("nest more than"), "\(error.description)")
            }
        }
        // Real nesting is still refused, after a key and after a plain value's line.
        for text in ["key: " + String(repeating: "[", count: 70), "a: b\nkey: " + String(repeating: "{x: ", count: 70)] {
            #expect {
                try Cloud(yaml: text, source: "deep.yaml")
            } throws: { error in
                (error as? TagCloudError)?.description.contains("nest more than 64 levels deep") == true
            }
        }
    }
}

/// A scale a program passes to the library (`pngData(scale:)`, `data(as:scale:)`,
/// `animationData(scale:)`) has the `scale` key's limits: outside 0.01 … 64, NaN and infinities
/// included, it is refused with the key named, before Cairo sees it.
@Suite struct LibraryScaleTests {
    static let refused: [Double] = [0, -1, 0.009, 1e-200, 64.5, 1e300, .nan, .infinity, -.infinity]

    @Test(arguments: refused) func aScaleOutsideTheLimitsIsRefused(scale: Double) throws {
        let cloud = Cloud(tags: [.init("Swift"), .init("Linux")])
        #expect {
            try cloud.pngData(scale: scale)
        } throws: { error in
            guard case .invalidNumber(let path, let value, let reason, _)? = error as? TagCloudError else { return false }
            // NaN is said as the spec's numbers say it (`"width" is .nan, but it must be a number`).
            if scale.isNaN { return path == "scale" && value == ".nan" && reason == "must be a number (NaN is not)" }
            return path == "scale" && reason == "must be from 0.01 to 64"
        }
        let rendered = try cloud.rendered()
        #expect(throws: TagCloudError.self) { try rendered.data(as: .png, scale: scale) }
    }

    @Test @MainActor func anAnimationScaleOutsideTheLimitsIsRefused() {
        let before = Cloud(tags: [.init("Swift")]), after = Cloud(tags: [.init("Swift"), .init("Linux")])
        #expect {
            try before.animationData(to: after, as: .png, scale: .nan, frameRate: 2, hold: 0)
        } throws: { error in
            guard case .invalidNumber(let path, _, _, _)? = error as? TagCloudError else { return false }
            return path == "scale"
        }
    }

    @Test func theLimitsThemselvesRender() throws {
        let cloud = Cloud(tags: [.init("Swift")])
        for scale in [0.01, 1, 64] {
            let png = try cloud.pngData(scale: scale)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        // The longest tag, read from a spec and set by a program; one scalar more is refused both ways.
        let longest = String(repeating: "ab ", count: Cloud.maximumTagLength / 3) + String(repeating: "é", count: Cloud.maximumTagLength % 3)
        #expect(longest.unicodeScalars.count == Cloud.maximumTagLength)
        let parsed = try Cloud(yaml: "tags: [\"\(longest)\", b]\n")
        #expect(try parsed.data(as: .svg).starts(with: Data("<svg".utf8)))
        var set = Cloud(tags: [.init(longest + "x")])
        #expect(throws: TagCloudError.self) { try set.data(as: .json) }
        set.tags = [.init(longest)]
        #expect(try set.data(as: .json).starts(with: Data("{".utf8)))
        // A title written as a YAML block keeps its text, not the block's final line break.
        #expect(try Cloud(yaml: "title: >\n  Languages of\n  the world\ntags: [a]\n").title == "Languages of the world")
    }
}
