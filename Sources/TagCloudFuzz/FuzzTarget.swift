import Canvas
import Foundation
import TagCloud
import Typesetting

/// The fuzz targets: each takes arbitrary bytes, feeds them to one reader of untrusted input and
/// checks what must hold for every input. A violated check is a crash (`fatalError`), which
/// libFuzzer reports with the input that caused it.
///
/// What every target checks:
/// - no input makes the reader crash, hang or reach ``TagCloudError/internalError(_:)``;
/// - an error's message is bounded (values are echoed shortened, lists of names capped), so no
///   input makes a message that repeats the input;
/// - what is accepted survives a round trip: a spec through ``Cloud/yaml()`` and ``Cloud/json()``
///   parses back to an equal cloud, a PNG image re-encoded decodes to the same pixels, a link
///   checked again (as text, as the URL the renderer keeps, as written into an attribute) is the
///   same link.
enum FuzzTarget: String, CaseIterable {
    /// `Cloud(parsing:format: .json, source:)`.
    case json
    /// `Cloud(parsing:format: .yaml, source:)`.
    case yaml
    /// `Cloud(parsing:format: .csv, source:)`.
    case csv
    /// `Cloud(parsing:format: .text, source:)`.
    case text
    /// `Cloud.setValue(_:forKeyPath:source:)`, the parser of `--set KEY=VALUE` and of every spec
    /// option: each line of the input is one `KEY=VALUE`, applied in order to a cloud of three tags.
    case set
    /// `RGBAImage(pngData:limits:)`, the PNG reader of `tagcloud diff`.
    case png
    /// `WebLink(checking:)`, the URL checker of every `href` (the spec's tags, SVG, HTML, PDF):
    /// the input, read as UTF-8, is one link.
    case link
    /// The front matter reader of `collect` (`SiteTags.readPage`): the input is a page, read as
    /// a Hugo page (`post.md`) and as a Jekyll post (`_posts/2024-01-01-post.md`); every term
    /// counted is text without surrounding spaces or control characters.
    case frontmatter
    /// The Hugo configuration reader of `collect` (`SiteTags.readHugoConfiguration`): the first
    /// byte picks the format (TOML, YAML, JSON), the rest is the file; every content folder has
    /// a name and at least one language, and the languages built are sorted and distinct.
    case hugoconfig
    /// Rendering (`Cloud.rendered(typesetter:)` and `RenderedCloud.data(as:)`): the input is a
    /// text spec (a tag per line, at most 2,048 bytes) drawn with the bundled fonts in every
    /// format, PNG, SVG, PDF, HTML and layout JSON, in a narrow cloud (its labels wrap onto two
    /// lines and are cut). Whatever a tag's characters, every format is written whole: a PDF
    /// starts with `%PDF-` and ends with `%%EOF`, an SVG is one `<svg>` element, a PNG has the
    /// signature. (A tag with U+FFFE made Cairo fail the PDF, and its surface then wrote into
    /// freed memory: a crash no spec reader's target could see.)
    case render

    /// The longest message an error may have: a location, a key path and a value of 60
    /// characters each, and a list of at most 20 names.
    static let maximumMessageLength = 1_000

    /// The most pixels the PNG target decodes (smaller than the command's limit, so that each run
    /// stays fast; the limit check is the same code).
    static let pngLimits = PNGReadingLimits(maxSide: 4_096, maxPixels: 1 << 20)

    /// The spec's words as a libFuzzer dictionary, one `"word"` a line: every key and value name
    /// the key reference writes in backquotes (`width`, `tags[]`, `suggestionChips`, `#RRGGBB`…),
    /// so that the spec targets try real keys and names, taken from the key tables.
    static var dictionary: String {
        var words = Set<String>()
        for part in Cloud.keyReference.split(separator: "`").enumerated() where part.offset % 2 == 1 {
            let word = String(part.element)
            guard !word.isEmpty, word.count <= 40, !word.contains("\n") else { continue }
            words.insert(word)
            // Key paths (`chip.padding.horizontal`) also give their keys one by one.
            for key in word.split(separator: ".") where key.count > 1 { words.insert(String(key)) }
        }
        return words.sorted().map { word in
            "\"" + word.unicodeScalars.map { scalar in
                scalar == "\"" || scalar == "\\" ? "\\" + String(scalar)
                    : scalar.isASCII && scalar.value >= 0x20 ? String(scalar)
                    : String(scalar.utf8Bytes.map { "\\x" + String($0, radix: 16, uppercase: true).leftPaddedHex }.joined())
            }.joined() + "\"\n"
        }.joined()
    }

    /// Runs the target on one input; returns normally when every check holds.
    ///
    /// - Parameter bytes: The input.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .json: spec(bytes, format: .json)
        case .yaml: spec(bytes, format: .yaml)
        case .csv: spec(bytes, format: .csv)
        case .text: spec(bytes, format: .text)
        case .set: assignments(bytes)
        case .png: png(bytes)
        case .link: link(bytes)
        case .frontmatter: page(bytes)
        case .hugoconfig: hugoConfiguration(bytes)
        case .render: render(bytes)
        }
    }

    /// The typesetter of the render target: the bundled fonts only (the machine's would make a
    /// crash depend on what is installed), loaded once.
    private static let typesetter: Typesetter = {
        do {
            return try Typesetter.standard(systemFonts: false)
        } catch {
            fatalError("the bundled fonts cannot be loaded (set TAGCLOUD_FONTS): \(error)")
        }
    }()

    private func render(_ bytes: [UInt8]) {
        guard bytes.count <= 2_048 else { return }
        var cloud: Cloud
        do throws(TagCloudError) {
            cloud = try Cloud(parsing: bytes, format: .text, source: "fuzz")
        } catch {
            check(error)
            return
        }
        cloud.width = 120
        cloud.chip = Cloud.Chip(lineLimit: 2)
        do throws(TagCloudError) {
            let rendered = try cloud.rendered(typesetter: Self.typesetter)
            for format in OutputFormat.allCases {
                let data = [UInt8](try rendered.data(as: format, scale: 1))
                switch format {
                case .png: require(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG without the PNG signature")
                case .pdf: require(data.starts(with: Array("%PDF-".utf8)) && String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF"),
                                   "a PDF that is not whole")
                case .svg: require(data.starts(with: Array("<svg ".utf8)) && data.suffix(7).elementsEqual(Array("</svg>\n".utf8)),
                                   "an SVG that is not one <svg> element")
                case .html, .json: require(!data.isEmpty, "an empty \(format) output")
                }
            }
        } catch {
            // A spec that was read is drawn: only a picture past the size limits may be refused.
            switch error {
            case .pictureTooLarge, .pictureHasTooManyPixels: check(error)
            default: fatalError("an accepted spec failed to render: \(error)")
            }
        }
    }

    private func page(_ bytes: [UInt8]) {
        for name in ["content/post.md", "_posts/2024-01-01-post.md"] {
            var options = SiteTags.Options()
            options.maxFrontMatterBytes = 16 << 10
            options.taxonomies = ["tags", "categories", "series"]
            let page = SiteTags.readPage(bytes, name: name, options: options)
            for problem in page.problems {
                check(message: problem.description)
                require(problem.file == name, "a problem names \(problem.file), not the page")
            }
            require(page.counted || page.terms.isEmpty, "a page left out has terms")
            for (term, taxonomy) in page.terms {
                require(!term.isEmpty && term == term.trimmingCharacters(in: .whitespacesAndNewlines),
                        "the term \(term.debugDescription) is empty or has spaces around it")
                require(!term.unicodeScalars.contains { $0.properties.generalCategory == .control },
                        "the term \(term.debugDescription) holds a control character")
                require(options.taxonomies.contains(taxonomy), "a term of the taxonomy \(taxonomy), which was not asked for")
            }
        }
    }

    private func hugoConfiguration(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let format = ["toml", "yaml", "json"][Int(first) % 3]
        let config = SiteTags.readHugoConfiguration(Array(bytes.dropFirst()), format: format)
        for problem in config.problems { check(message: problem.description) }
        for mount in config.mounts {
            require(!mount.folder.isEmpty && !mount.languages.isEmpty, "a content folder \(mount.folder.debugDescription) of no language")
        }
        require(config.languages == Array(Set(config.languages)).sorted(), "the languages \(config.languages) are not sorted and distinct")
        require(!config.mounts.isEmpty, "a site with no content folder")
    }

    private func spec(_ bytes: [UInt8], format: SpecFormat) {
        do throws(TagCloudError) {
            let cloud = try Cloud(parsing: bytes, format: format, source: "fuzz")
            roundTrip(cloud)
        } catch {
            check(error)
        }
    }

    private func assignments(_ bytes: [UInt8]) {
        var cloud = Cloud(tags: ["Swift", .init("Linux", weight: 3, href: "https://kernel.org"), "Cairo"])
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let (keyPath, value) = line.firstIndex(of: "=").map { (line[..<$0], line[line.index(after: $0)...]) } ?? (line[...], "")
            do throws(TagCloudError) {
                try cloud.setValue(String(value), forKeyPath: String(keyPath), source: "option --set")
            } catch {
                check(error)
            }
        }
        roundTrip(cloud)
    }

    private func png(_ bytes: [UInt8]) {
        let image: RGBAImage
        do throws(CanvasError) {
            image = try RGBAImage(pngData: Data(bytes), limits: Self.pngLimits)
        } catch {
            switch error {
            case .pngDecodingFailed: break
            case let .pngTooLarge(_, width, height, limits):
                require(width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels,
                        "a \(width) × \(height) image was refused as too large")
            case .invalidSize, .invalidScale, .imageTooLarge, .imageAreaTooLarge, .invalidItem, .cairo, .fontUnavailable, .pngEncodingFailed,
                 .fileWriteFailed, .fileReadFailed, .unknownFont, .imageSizesDiffer, .invalidComparisonOption, .refusedLink,
                 .malformedLink, .themeVariantsDiffer, .invalidIdPrefix, .invalidAnimation, .animationAreaTooLarge:
                fatalError("the PNG reader threw \(error)")
            }
            check(message: error.description)
            return
        }
        require(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4,
                "a decoded image of \(image.width) × \(image.height) has \(image.pixels.count) bytes")
        do {
            let again = try RGBAImage(pngData: image.pngData(), limits: Self.pngLimits)
            require(again == image, "a decoded image re-encoded decodes to other pixels")
        } catch {
            fatalError("a decoded image cannot be re-encoded and decoded: \(error)")
        }
    }

    /// A link is accepted only as `http`, `https`, `mailto`, `tel`, relative or a fragment, in
    /// every form a reader meets it: the text given, the checked ``WebLink/href``, the URL the
    /// renderer keeps, and the `href` attribute an SVG or HTML page holds once its character
    /// references are decoded. Each form's scheme is found by ``browserScheme(of:)``, written here
    /// apart from the checker, as a browser reads an `href`. Refused links name the text given.
    private func link(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let link: WebLink
        do throws(CanvasError) {
            link = try WebLink(checking: text)
        } catch {
            switch error {
            case let .refusedLink(href, scheme):
                require(href == text, "a refused link names \(href.debugDescription), not the text given")
                require(!Self.safeSchemes.contains(scheme.lowercased()), "the scheme \(scheme) was refused")
                // The checker also removes Unicode spaces around the link (a browser would read a
                // relative link there), so it refuses more than a browser runs, never less.
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
                require(Self.browserScheme(of: trimmed)?.lowercased() == scheme.lowercased(),
                        "\(text.debugDescription) was refused for the scheme \(scheme), which a browser does not read there")
            case .malformedLink(let href, _):
                require(href == text, "a malformed link names \(href.debugDescription), not the text given")
            case .invalidSize, .invalidScale, .imageTooLarge, .imageAreaTooLarge, .invalidItem, .cairo, .fontUnavailable, .pngEncodingFailed,
                 .pngDecodingFailed, .pngTooLarge, .fileWriteFailed, .fileReadFailed, .unknownFont, .imageSizesDiffer,
                 .invalidComparisonOption, .themeVariantsDiffer, .invalidIdPrefix, .invalidAnimation, .animationAreaTooLarge:
                fatalError("the link checker threw \(error)")
            }
            check(message: error.description)
            return
        }
        // What is written is the checked href; a browser reads that.
        let expected: WebLink.Kind = switch Self.browserScheme(of: link.href)?.lowercased() {
        case "http", "https": .web
        case "mailto": .mail
        case "tel": .telephone
        case nil: link.href.unicodeScalars.first == "#" ? .fragment : .relative
        case let other?: fatalError("\(text.debugDescription) was accepted as a \(link.kind) link of the scheme \(other)")
        }
        require(link.kind == expected, "\(text.debugDescription) was accepted as \(link.kind), a browser reads \(expected)")
        let attribute = Self.decodingCharacterReferences(WebText.escape(link.href))
        for (form, value) in [("text", text), ("href", link.href), ("URL", link.url.absoluteString), ("attribute", attribute)] {
            if let scheme = Self.browserScheme(of: value) {
                require(Self.safeSchemes.contains(scheme.lowercased()),
                        "\(text.debugDescription) was accepted, and its \(form) \(value.debugDescription) has the scheme \(scheme)")
            }
        }
        // Foundation reports an empty scheme for a relative link starting with ':' ("::1").
        if let scheme = link.url.scheme, !scheme.isEmpty {
            require(Self.safeSchemes.contains(scheme.lowercased()), "\(text.debugDescription) was accepted as a URL of scheme \(scheme)")
        }
        require(!["\"", "<", ">"].contains(where: { WebText.escape(link.href).contains($0) }),
                "the attribute of \(link.href.debugDescription) holds a quote or an angle bracket")
        do throws(CanvasError) {
            let again = try WebLink(checking: link.href)
            require(again == link, "\(link.href.debugDescription) checked again is \(again.href.debugDescription), \(again.kind)")
            // The renderer keeps the URL, and the SVG and PDF backends check it again.
            let viaURL = try WebLink(checking: link.url)
            require(viaURL.kind == link.kind, "the URL of \(link.href.debugDescription) is a \(viaURL.kind) link")
        } catch {
            fatalError("\(text.debugDescription) was accepted, but checked again it is refused: \(error)")
        }
    }

    /// The schemes a link may have.
    static let safeSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The scheme a browser reads in an `href`, as the WHATWG URL standard's basic URL parser
    /// does: leading and trailing C0 controls and spaces removed, ASCII tabs and line breaks
    /// removed anywhere, then an ASCII letter and letters, digits, `+`, `-` or `.` up to a `:`.
    /// `nil` for a relative URL.
    static func browserScheme(of href: String) -> String? {
        var scalars = Array(href.unicodeScalars)
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let colon = scalars.firstIndex(of: ":"), colon > 0, scalars[0].isASCIILetter,
              scalars[1..<colon].allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        return String(String.UnicodeScalarView(scalars[..<colon]))
    }

    /// An attribute value as an HTML or XML reader gives it to the page: `&amp;`, `&lt;`, `&gt;`,
    /// `&quot;`, `&apos;` and numeric character references (`&#106;`, `&#x6A;`) decoded.
    static func decodingCharacterReferences(_ text: String) -> String {
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            guard let semicolon = rest.firstIndex(of: ";") else { result += "&"; continue }
            let name = String(rest[..<semicolon])
            var decoded: String?
            if let value = named[name] {
                decoded = value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
            }
        }
        return result + rest
    }

    /// What was accepted parses back from its YAML and its JSON; once written, the text is stable.
    private func roundTrip(_ cloud: Cloud) {
        _ = cloud.resolved()
        do throws(TagCloudError) {
            let yaml = try cloud.yaml()
            let fromYAML = try Cloud(yaml: yaml, source: "yaml()")
            let fromJSON = try Cloud(json: cloud.json(), source: "json()")
            require(fromYAML == fromJSON, "yaml() and json() of the same cloud parse to different clouds")
            // Colours not made of 8-bit values are rounded once; after that, nothing changes.
            let again = try Cloud(yaml: fromYAML.yaml(), source: "yaml()")
            require(again == fromYAML, "yaml() does not round-trip")
        } catch {
            fatalError("an accepted cloud does not round-trip: \(error)")
        }
    }

    private func check(_ error: TagCloudError) {
        if case .internalError = error { fatalError("internal error: \(error)") }
        check(message: error.description)
    }

    private func check(message: String) {
        require(message.count <= Self.maximumMessageLength, "a message of \(message.count) characters: \(message.prefix(300))…")
    }

    private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError(message()) }
    }
}

private extension Unicode.Scalar {
    /// The scalar's UTF-8 bytes.
    var utf8Bytes: [UInt8] { Array(String(self).utf8) }

    /// Whether the scalar is `a`–`z` or `A`–`Z`.
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

private extension String {
    /// `0A` for `A`: two hex digits.
    var leftPaddedHex: String { count == 1 ? "0" + self : self }
}
