public import Foundation
public import Canvas
package import Synchronization
public import Typesetting

/// Everything that can go wrong between a spec's bytes and the encoded picture: reading the file,
/// checking its text and values (syntax, keys, types, numbers, names, colours, weights, tags),
/// finding its fonts, laying the chips out and encoding the picture.
///
/// `description` starts with the location in compiler style (`tags.yaml:4:3: …`) when the problem
/// has a place in the text, and says what happened and what to do. Errors of the stages below (a
/// font that fails to load, Cairo refusing a picture) are kept as their values. The `tagcloud`
/// command maps each case to an exit code.
public enum TagCloudError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec file cannot be opened or read (missing, a folder, no permission).
    case cannotReadInput(path: String, reason: String)

    /// The input has more bytes than the reader's limit (``Cloud/defaultMaxInputSize`` unless
    /// another is given); it was not read past the limit.
    case inputTooLarge(path: String, limit: Int)

    /// A format name or file extension that is not known (`tags.xml`, an output format `gif`);
    /// `what` names the thing (`input format`, `output format`), `valid` lists the known names.
    case unknownFormat(what: String, name: String, valid: [String])

    /// The input is not valid UTF-8 (or is UTF-16/UTF-32, which specs are not); the location
    /// carries the byte offset of the first bad byte and its line.
    case invalidUTF8(SpecLocation, detail: String)

    /// The input is not well-formed JSON, YAML, CSV or text: `message` says what was expected.
    case syntax(format: SpecFormat, SpecLocation, message: String)

    /// The same key appears twice in one mapping (`previous` is the other occurrence, if known).
    case duplicateKey(path: String, SpecLocation, previous: SpecLocation?)

    /// A key the spec does not have: `path` is the full key path as written (`chip.paddng`),
    /// `suggestion` the nearest valid key path (`chip.padding`), `valid` the keys allowed there.
    case unknownKey(path: String, SpecLocation, suggestion: String?, valid: [String])

    /// A key path given to ``Cloud/setValue(_:forKeyPath:source:)`` that cannot name one value:
    /// `tags` without an index, an index that is not a whole number or is past the last tag, an
    /// index on a key that is not a list, or a whole tag; `reason` says which.
    case invalidKeyPath(path: String, reason: String, SpecLocation)

    /// A value of the wrong type: `expected` describes what the key takes (`a number`), `got`
    /// what was written (`the string "wide"`).
    case wrongType(path: String, expected: String, got: String, SpecLocation)

    /// A number outside the key's limits (negative, NaN, infinite, too large, zero where a
    /// positive number is needed, not a whole number); `reason` says which.
    case invalidNumber(path: String, value: String, reason: String, SpecLocation)

    /// A name that is not one of the key's values (a style, theme, alignment, weight name…);
    /// `suggestion` is the nearest valid name, `valid` lists them all.
    case unknownValue(path: String, value: String, suggestion: String?, valid: [String], SpecLocation)

    /// A colour that is not CSS hex (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`), one of the 148 CSS
    /// named colours, or `transparent`; `suggestion` is the nearest colour name, if any.
    case invalidColor(path: String, value: String, suggestion: String?, SpecLocation)

    /// A control character (Unicode general category Cc, or U+2028/U+2029) in a tag or a link, or
    /// a raw control character in JSON or YAML text. `tag` is the tag's text when it is known;
    /// `key` is the key whose value holds it when that is not the tag's text (`href`, `tooltip`,
    /// `fontURL`), `nil` for the text itself or raw input.
    case controlCharacter(Unicode.Scalar, tag: String?, key: String?, SpecLocation)

    /// A tag's `href` that web output must not write: a scheme other than http, https, mailto and
    /// tel (`javascript:`, `data:`, …, in any letter case), or text that is not a valid URL.
    /// `reason` is Canvas's `WebLink` message; `location` is the tag's place in the spec when the
    /// spec stage found it, `nil` when the renderer did. `tag` is empty when a backend found the
    /// link without knowing its tag; the message then names the link.
    case refusedLink(tag: String, href: String, reason: String, SpecLocation?)

    /// A link that is not a tag's (`fontURL`) and that web output must not write, for the reasons
    /// of ``refusedLink(tag:href:reason:_:)``; `key` names the setting.
    case refusedSettingLink(key: String, href: String, reason: String, SpecLocation?)

    /// A tag weight that is not a finite number ≥ 0.
    case invalidWeight(tag: String, value: String, SpecLocation)

    /// A tag whose text is empty or only white space.
    case emptyTag(SpecLocation)

    /// A tag whose text has more Unicode scalars than ``Cloud/maximumTagLength``: its shaping and
    /// line breaking would cost far more than any chip can show.
    case tagTooLong(length: Int, limit: Int, SpecLocation)

    /// A font family that neither the bundled fonts nor the system provide; the location is where
    /// the cloud names it (`nil` when it was not written in text), `available` lists families that
    /// do exist.
    case unknownFontFamily(String, SpecLocation?, available: [String])

    /// The picture would be larger than Cairo's limit of 32,767 pixels on a side at its output
    /// scale; `width` and `height` are in pixels. `size` says which of the spec's values make it
    /// that large, for the message to name them (`nil` when they are not known).
    case pictureTooLarge(width: Int, height: Int, limit: Int, size: PictureSize? = nil)
    /// The PNG would have more than `limit` pixels in all (Canvas's
    /// `RenderingLimits.maximumImagePixels`, 16,384 × 16,384), though each side is within
    /// ``RenderedCloud/maximumPictureSide``: its buffer alone would take over 1 GiB. `width` and
    /// `height` are in pixels. Refused before any memory is taken for it.
    case pictureHasTooManyPixels(width: Int, height: Int, limit: Int)
    /// An animation would draw `views` moving views in each of `frames` frames, over `limit` views
    /// in all its frames (TagCloudUI's `ImageRenderer.maximumAnimatedViewFrames`): its frames, or
    /// its SVG, would take gigabytes. Refused before its frames are drawn.
    case animationTooLarge(views: Int, frames: Int, limit: Int)
    /// An animated PNG would draw `frames` frames of `width` × `height` pixels, more than `limit`
    /// pixels in all (Canvas's `RenderingLimits.maximumAnimationPixels`, four of the largest
    /// still pictures): each frame is within the still picture's limits, but drawing them all
    /// would take minutes. Refused before any frame is drawn.
    case animationHasTooManyPixels(frames: Int, width: Int, height: Int, limit: Int)

    /// The bundled fonts cannot be found or loaded (the `Fonts/` folder is missing or damaged).
    case fontsUnavailable(TypesettingError)

    /// A tag's text cannot be laid out in its font (a font file that fails to load, for example).
    case textLayoutFailed(text: String, TypesettingError)
    /// A font file or folder of ``Cloud/fonts`` cannot be used: it does not exist, cannot be read,
    /// is not a font, or holds none; the path is the one given.
    case unusableFontFile(path: String, TypesettingError, SpecLocation?)
    /// ``Cloud/strictFonts`` is on and some tags have characters no available font covers; each
    /// ``FontWarning`` names the tag, the characters and the package to install.
    case missingGlyphs([FontWarning])

    /// The picture cannot be encoded in a format: Cairo or the PNG encoder refused it.
    case renderingFailed(format: OutputFormat, CanvasError)

    /// A Hugo site does not build the language its tags were to be counted in
    /// (``SiteTags/Options/language``, or when none was given, the site's own
    /// `defaultContentLanguage`): `site` is its configuration file, `builds` the languages it
    /// builds, `reason` why this one is not among them.
    case unbuiltLanguage(language: String, site: String, builds: [String], reason: String, isDefault: Bool)

    /// The folders given are in different languages of a multilingual Hugo site (a language's
    /// own content folder each), and no ``SiteTags/Options/language`` says which to count: a
    /// cloud counts one, as each of Hugo's taxonomy pages lists one language's pages.
    case mixedLanguages([String])

    /// An internal error; the message says what broke.
    case internalError(String)

    /// Where the problem is, when it has a place in a spec's text (or where a program set the value).
    public var location: SpecLocation? {
        switch self {
        case .cannotReadInput, .inputTooLarge, .unknownFormat, .pictureTooLarge, .pictureHasTooManyPixels, .animationTooLarge,
             .animationHasTooManyPixels,
             .internalError, .fontsUnavailable,
             .textLayoutFailed, .renderingFailed, .unbuiltLanguage, .mixedLanguages:
            nil
        case .missingGlyphs(let warnings):
            warnings.first?.location
        case .unusableFontFile(_, _, let location):
            location
        case .invalidUTF8(let location, _), .syntax(_, let location, _),
             .duplicateKey(_, let location, _), .unknownKey(_, let location, _, _), .invalidKeyPath(_, _, let location),
             .wrongType(_, _, _, let location), .invalidNumber(_, _, _, let location),
             .unknownValue(_, _, _, _, let location), .invalidColor(_, _, _, let location),
             .controlCharacter(_, _, _, let location), .invalidWeight(_, _, let location),
             .emptyTag(let location), .tagTooLong(_, _, let location):
            location
        case .unknownFontFamily(_, let location, _), .refusedLink(_, _, _, let location),
             .refusedSettingLink(_, _, _, let location):
            location
        }
    }

    /// Whether messages name the `tagcloud` command's options beside the spec's keys
    /// (`"width" (--width)`) and its commands (`tagcloud fonts`): set by the command as it starts.
    /// A program using the library sets its values in code, where an option's name means nothing,
    /// so by default messages name the keys alone.
    package static let namesCommandLineOptions = Atomic<Bool>(false)

    /// Whether this process's messages name the command's options (``namesCommandLineOptions``).
    static var forCommandLine: Bool { namesCommandLineOptions.load(ordering: .relaxed) }

    /// ` (--name)` when messages name the command's options, else nothing.
    static func option(_ name: String) -> String {
        forCommandLine ? " (--\(name))" : ""
    }

    /// What happened, where, and what to do, in one or two sentences.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return prefix + message
    }

    /// What happened and what to do, without the location.
    package var message: String { message(namingInput: true) }

    /// The input file an error is about (``cannotReadInput(path:reason:)``,
    /// ``inputTooLarge(path:limit:)``), whose messages name it.
    package var inputPath: String? {
        switch self {
        case .cannotReadInput(let path, _), .inputTooLarge(let path, _): path
        default: nil
        }
    }

    /// What happened and what to do, without the location; with `namingInput` false, without
    /// the input's path either, for a line that names the input already (`error: a.yaml: cannot
    /// read the input: there is no such file`).
    package func message(namingInput: Bool) -> String {
        let input = namingInput ? inputPath.map { " " + quoted(path: $0) } ?? "" : ""
        switch self {
        case let .refusedLink(tag, href, reason, _):
            // A link found by a backend, where the tag it belongs to is not known, is named itself.
            if tag.isEmpty { return "the link \(quoted(href.shortened(to: 80))) is refused: \(reason)" }
            return "the link of the tag \(quoted(tag)) is refused: \(reason)"
        case let .refusedSettingLink(key, _, reason, _):
            return "the link \(quoted(key)) is refused: \(reason)"
        case let .mixedLanguages(languages):
            return "the folders given are in different languages of a Hugo site (\(languages.joined(separator: ", "))), "
                + "and a cloud counts one, as Hugo's taxonomy pages do: "
                + (Self.forCommandLine ? "give --language" : "give a language")
        case let .unbuiltLanguage(language, site, builds, reason, isDefault):
            let which = isDefault ? "its defaultContentLanguage \(quoted(language))" : "the language \(quoted(language))"
            let hint = isDefault ? "; count one it builds" + (Self.forCommandLine ? " with --language" : "") : ""
            return "the Hugo site (\(site)) does not build \(which): \(reason); it builds \(list(builds))\(hint)"
        case let .cannotReadInput(_, reason):
            return "cannot read the input\(input): \(reason)"
        case let .inputTooLarge(_, limit):
            return "the input\(input) is larger than the limit of \(Double(limit).formatted(grouping: true)) bytes"
        case let .unknownFormat(what, name, valid):
            return "unknown \(what) \(quoted(name)); use one of \(list(valid))"
        case let .invalidUTF8(location, detail):
            let offset = location.byteOffset.map { " at byte offset \($0)" } ?? ""
            return "the input is not valid UTF-8\(offset) (\(detail)); save the file as UTF-8"
        case let .syntax(format, _, message):
            return "malformed \(format.displayName): \(message)"
        case let .duplicateKey(path, _, previous):
            let other = previous.map { " (also at \(position($0)))" } ?? ""
            return "duplicate key \(quoted(path))\(other); keep only one of them"
        case let .unknownKey(path, _, suggestion, valid):
            let keys = valid.isEmpty ? "\(quoted(parentPath(of: path))) holds no keys" : "valid keys here: \(list(valid))"
            if let suggestion {
                return "unknown key \(quoted(path)); did you mean \(quoted(suggestion))? \(keys.prefix(1).uppercased() + keys.dropFirst())"
            }
            return "unknown key \(quoted(path)); \(keys)"
        case let .invalidKeyPath(path, reason, _):
            return "the key path \(quoted(path)) \(reason)"
        case let .wrongType(path, expected, got, _):
            return "\(quoted(path)) must be \(expected), but it is \(got)"
        case let .invalidNumber(path, value, reason, _):
            return "\(quoted(path)) is \(value.shortened(to: 40)), but it \(reason)"
        case let .unknownValue(path, value, suggestion, valid, _):
            let hint = suggestion.map { "did you mean \(quoted($0))? " } ?? ""
            return "unknown value \(quoted(value)) for \(quoted(path)); \(hint)valid values: \(list(valid))"
        case let .invalidColor(path, value, suggestion, _):
            let hint = suggestion.map { "did you mean \(quoted($0))? " } ?? ""
            return "\(quoted(path)) is \(quoted(value)), which is not a colour; \(hint)"
                + "use CSS hex (#RGB, #RGBA, #RRGGBB, #RRGGBBAA), a CSS colour name or transparent"
        case let .controlCharacter(scalar, tag, key, _):
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            switch (tag, key) {
            case let (tag?, key?):
                return "the \(key) of the tag \(quoted(tag)) contains the control character \(code); remove it"
            case let (tag?, nil):
                return "the tag \(quoted(tag)) contains the control character \(code); remove it"
            case let (nil, key?):
                return "\(quoted(key)) contains the control character \(code); remove it"
            case (nil, nil):
                break
            }
            if TextInput.isNoncharacter(scalar) {
                return "the input contains the noncharacter \(code), which YAML does not allow in text; "
                    + "remove it or write it as an escape in a double-quoted string"
            }
            return "the input contains the control character \(code), which JSON and YAML do not allow "
                + "in text; remove it or write it as an escape in a double-quoted string"
        case let .invalidWeight(tag, value, _):
            return "the weight of the tag \(quoted(tag)) is \(value.shortened(to: 40)); a weight must be a finite number ≥ 0"
        case .emptyTag:
            return "a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"
        case let .tagTooLong(length, limit, _):
            return "a tag has \(length) characters, more than the \(limit) a tag may have; shorten it"
        case let .unknownFontFamily(family, _, available):
            let near = nearestName(to: family, in: available).map { "did you mean \(quoted($0))? " } ?? ""
            return "unknown font family \(quoted(family)); \(near)available families: \(list(available))"
                + (Self.forCommandLine ? " (and the machine's, which `tagcloud fonts` lists)"
                   : " (and the machine's, which fontconfig finds)")
        case let .pictureTooLarge(width, height, limit, size):
            let least = size?.isLowerBound == true ? "at least " : ""
            let head = "the picture would be \(least)\(width) × \(height) pixels, over the limit of \(limit) pixels on a side"
            if let size { return head + ": " + size.explanation(tooWide: width > limit, tooTall: height > limit) }
            // Without the spec's values, the keys that make the side that is too long: the width
            // and padding make the width, the rows (tags, font sizes, spacing) the height.
            var lower: [String] = []
            if width > limit { lower += ["\"width\"", "\"padding\""] }
            if height > limit { lower += ["the number of tags", "\"font.size\"", "\"spacing\""] }
            lower.append("\"scale\" (PNG)")
            return head + "; lower " + alternatives(lower)
        case let .pictureHasTooManyPixels(width, height, limit):
            return "the picture would be \(width) × \(height) pixels, \(width * height) in all, over the limit of \(limit) pixels "
                + "(16384 × 16384, as a browser's canvas); lower \"scale\" (PNG), \"width\", \"font.size\" or the number of tags"
        case let .animationTooLarge(views, frames, limit):
            return "the animation would draw \(views) moving chips and labels in each of \(frames) frames, over the limit of "
                + "\(limit) in all its frames (its frames, or its SVG, would take gigabytes); lower the frame rate (--fps), "
                + "or animate fewer tags"
        case let .animationHasTooManyPixels(frames, width, height, limit):
            return "the animated PNG would draw \(frames) frames of \(width) × \(height) pixels, "
                + "\(CanvasError.product(frames, width, height)) pixels in all, over the limit of \(limit) "
                + "(four of the largest still pictures); lower the scale (--scale) or the frame rate (--fps), "
                + "or write an SVG, which has no pixels to draw"
        case let .fontsUnavailable(error):
            return "the bundled fonts cannot be loaded: \(error)"
        case let .textLayoutFailed(text, error):
            return "the tag \(quoted(text)) cannot be laid out: \(error)"
        case let .unusableFontFile(path, error, _):
            // The path as given, once, and the advice once (the typesetter's own message names the
            // resolved path and advises too).
            switch error {
            case .fontFileUnreadable:
                return "the font file \(quoted(path: path)) cannot be read; check that it exists and is readable"
            case let .fontFileCorrupt(_, reason):
                return "the font file \(quoted(path: path)) is not a usable font (\(reason)); give a TrueType, OpenType, WOFF or WOFF2 file"
            case .noFontsInFolder:
                return "the folder \(quoted(path: path)) holds no font file (.ttf, .otf, .ttc, .otc, .woff, .woff2); name the font files or the folder that holds them"
            case let .tooManyFilesInFolder(_, limit):
                return "the folder \(quoted(path: path)) holds more than \(limit) files and folders, too many to search for fonts; name the font files or a folder that holds only fonts"
            case .unknownFamily, .familyNotInFontFiles, .invalidLanguageTag, .fontsFolderUnreadable, .fontsFolderNotFound,
                 .invalidFontSize, .invalidLayoutParameter, .freeType, .shapingFailed:
                return "the font file \(quoted(path: path)) cannot be used: \(error)"
            }
        case let .missingGlyphs(warnings):
            let count = warnings.count == 1 ? "a tag has" : "\(warnings.count) tags have"
            return "\(count) characters no font covers, and strictFonts is on: "
                + warnings.enumerated().map { index, warning in
                    // The first tag's place starts the message; the others' lines follow theirs.
                    let line = index == 0 ? nil : warning.location?.line.map { " (line \($0))" }
                    return warning.message + (line ?? "")
                }.joined(separator: "; ")
        case let .renderingFailed(format, .fontUnavailable(path, reason)):
            return "the picture cannot be drawn as \(format.displayName): \(CanvasError.fontUnavailable(path: path, reason: reason))"
        case let .renderingFailed(format, error):
            return "the picture cannot be encoded as \(format.displayName): \(error); please report this with the spec"
        case let .internalError(message):
            return "internal error: \(message); please report this"
        }
    }
}

// MARK: Message helpers

/// Quotes a file's path for a message: as ``quoted(_:limit:)``, long enough for any real path
/// (a path is a name the user gave or the system made, not a value to shorten like a number).
package func quoted(path: String) -> String {
    quoted(path, limit: 1_024)
}

/// Quotes a value for a message, escaping control characters and shortening long values.
package func quoted(_ text: String, limit: Int = 60) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default:
            if let escape = controlEscape(scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// `line 3, column 4` for a location in the same input, or the full location for another source.
private func position(_ location: SpecLocation) -> String {
    switch (location.line, location.column) {
    case let (line?, column?): "line \(line), column \(column)"
    case let (line?, nil): "line \(line)"
    default: location.description
    }
}

/// `chip.padding` for `chip.padding.x`: the key path of the mapping holding the last key.
private func parentPath(of path: String) -> String {
    path.lastIndex(of: ".").map { String(path[..<$0]) } ?? path
}

/// A readable list of names, shortened when long.
/// `a`, `a or b`, `a, b or c`.
private func alternatives(_ names: [String]) -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
}

extension TagCloudError {
    /// What makes a picture as large as it is, in the spec's keys: what
    /// ``TagCloudError/pictureTooLarge(width:height:limit:size:)`` names, with the command's
    /// options for them, so that the user knows what to change.
    public struct PictureSize: Sendable, Equatable {
        /// The output format (`PNG`, `SVG`, `PDF`).
        public var format: String
        /// Whether the `scale` key sizes the picture (PNG; SVG and PDF are 1 pixel a point).
        public var scaleApplies: Bool
        /// Pixels per point: the scale for PNG, 1 for SVG and PDF.
        public var pixelsPerPoint: Double
        /// The `width` key, in points.
        public var width: Double
        /// The `padding` key, in points.
        public var padding: Double
        /// The picture's height, in points.
        public var height: Double
        /// How many tags the cloud has.
        public var tags: Int
        /// Whether the tags' sizes come from their weights (`weights.maxSize` makes the rows
        /// tall), not from `font.size`.
        public var sizedByWeights: Bool
        /// Whether ``height`` is a bound the picture cannot be below, found before the cloud was
        /// laid out (from the number of tags, the chips' padding and the spacing), not its height.
        public var isLowerBound: Bool
        /// The picture's width in points when a chip made it wider than `width + 2 × padding` (its
        /// padding and ellipsis alone were wider than the flow: a font size of 3,000 points);
        /// `nil` otherwise.
        public var grownWidth: Double?

        /// Makes the figures.
        public init(format: String, scaleApplies: Bool, pixelsPerPoint: Double, width: Double, padding: Double, height: Double,
                    tags: Int, sizedByWeights: Bool, isLowerBound: Bool = false, grownWidth: Double? = nil) {
            self.isLowerBound = isLowerBound
            self.grownWidth = grownWidth
            self.format = format
            self.scaleApplies = scaleApplies
            self.pixelsPerPoint = pixelsPerPoint
            self.width = width
            self.padding = padding
            self.height = height
            self.tags = tags
            self.sizedByWeights = sizedByWeights
        }

        /// What makes the side that is too long, and the keys (and options) to change:
        /// `"width" 20000 + 2 × "padding" 16 points, × "scale" 2; lower "width" (--width), …`.
        func explanation(tooWide: Bool, tooTall: Bool) -> String {
            let number = SpecTree.format
            let scale = scaleApplies ? ", × \"scale\" \(number(pixelsPerPoint))" : " (\(format) is 1 pixel a point)"
            let option = TagCloudError.option
            let lowerScale = scaleApplies ? ["\"scale\"" + option("scale")] : []
            var parts: [String] = []
            let font = sizedByWeights ? "\"weights.maxSize\"" : "\"font.size\"" + option("font-size")
            if tooWide, let grownWidth {
                // Lowering the width changes nothing: the chip's own size made the picture wide.
                parts.append("a chip whose padding and ellipsis alone are wider than \"width\" \(number(width)) makes it "
                             + "\(number(grownWidth)) points wide\(scale); lower " + alternatives([font, "\"chip.padding\""] + lowerScale))
            } else if tooWide {
                parts.append("\"width\" \(number(width)) + 2 × \"padding\" \(number(padding)) points\(scale); lower "
                             + alternatives(["\"width\"" + option("width"), "\"padding\"" + option("padding")] + lowerScale))
            }
            if tooTall {
                let made = "\(tags == 1 ? "1 tag makes" : "\(tags) tags make") it \(isLowerBound ? "at least " : "")\(number(height)) points tall\(scale)"
                // The chips' own padding makes them tall too (`chip.padding.vertical: 1e5`); one
                // tag has no rows to drop and no row to share.
                let lower = [font, "\"chip.padding\""] + (tags == 1 ? ["\"padding\"" + option("padding")] : ["\"spacing\"" + option("spacing")]) + lowerScale
                if tags == 1 {
                    parts.append(made + "; lower " + alternatives(lower))
                } else {
                    parts.append(made + "; show fewer rows (\"maxRows\"" + (TagCloudError.forCommandLine ? ", --max-rows" : "") + ") or tags, lower " + alternatives(lower)
                                 + (tooWide ? "" : ", or raise \"width\"" + option("width") + " to fit more tags in a row"))
                }
            }
            return parts.joined(separator: "; and ")
        }
    }
}

private func list(_ names: [String]) -> String {
    let shown = names.prefix(20).joined(separator: ", ")
    return names.count > 20 ? shown + ", … (\(names.count) in all)" : shown
}

extension String {
    /// The string, or its first `limit` characters and an ellipsis when it is longer (values are
    /// echoed in messages, and a number can be megabytes long).
    func shortened(to limit: Int) -> String {
        count > limit ? String(prefix(limit)) + "…" : self
    }

    /// The string after as many zeros as make it `width` characters long (`U+0007`).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension TagCloudError: LocalizedError {
    /// The same message as ``description``: what went wrong, where, and what to do. Without it,
    /// `error.localizedDescription` said "The operation could not be completed. (TagCloudError error 10.)".
    public var errorDescription: String? { description }
}
