import Canvas
import Foundation
import TagCloud

/// The fuzz targets: each takes arbitrary bytes, feeds them to one reader of untrusted input and
/// checks what must hold for every input. A violated check is a crash (`fatalError`), which
/// libFuzzer reports with the input that caused it.
///
/// What every target checks:
/// - no input makes the reader crash, hang or reach ``TagCloudError/internalError(_:)``;
/// - an error's message is bounded (values are echoed shortened, lists of names capped), so no
///   input makes a message that repeats the input;
/// - what is accepted survives a round trip: a spec through ``Cloud/yaml()`` and ``Cloud/json()``
///   parses back to an equal cloud, a PNG image re-encoded decodes to the same pixels.
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
        }
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
            default:
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
}

private extension String {
    /// `0A` for `A`: two hex digits.
    var leftPaddedHex: String { count == 1 ? "0" + self : self }
}
