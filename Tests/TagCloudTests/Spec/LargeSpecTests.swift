import Foundation
import Testing
@testable import TagCloud
import TestRandom

/// Large inputs parse completely; their speed is measured by `TagCloudBench spec`.
@Suite struct LargeSpecTests {
    static let count = 100_000

    @Test func hundredThousandTagsInEveryFormat() throws {
        let names = (0..<Self.count).map { "tag \($0)" }
        let inputs: [(String, SpecFormat)] = [
            ("tags:\n" + names.map { "  - \($0)\n" }.joined(), .yaml),
            ("{\"tags\": [" + names.map { "{\"text\": \"\($0)\", \"weight\": 2}" }.joined(separator: ",") + "]}", .json),
            (names.map { "\($0)\t2\n" }.joined(), .text),
            ("tag,weight\n" + names.map { "\($0),2\n" }.joined(), .csv),
        ]
        for (text, format) in inputs {
            let document = try Cloud(parsing: Array(text.utf8), format: format, source: "<stdin>")
            #expect(document.tags.count == Self.count)
            #expect(document.tags.last?.text == "tag 99999")
            #expect(document.location(ofKeyPath: "tags[\(Self.count - 1)]")?.line != nil)
        }
    }

    /// A JSON spec read on the fast path is parsed again for its locations only when a message
    /// needs one: asking for the spec's font files (none) parsed the whole spec again, and doubled
    /// the time of 100,000 tags to layout JSON.
    @Test func aJSONSpecIsNotParsedAgainWithoutAMessage() throws {
        let json = "{\"width\": 300, \"tags\": [" + (0..<3000).map { "{\"text\": \"t\($0)\", \"weight\": \($0 % 9)}" }.joined(separator: ",") + "]}"
        let cloud = try Cloud(parsing: Array(json.utf8), format: .json, source: "big.json")
        #expect(cloud.fontFilePaths.isEmpty)
        _ = try cloud.layoutAndHiddenCount(typesetter: bundledTypesetter)
        #expect(cloud.provenance.parsed?.isMade == false)
        // A message that needs a place still finds it.
        #expect(cloud.location(ofKeyPath: "tags[2]")?.line == 1)
        #expect(cloud.provenance.parsed?.isMade == true)
    }

    /// A tag of the usual keys (`text`, `weight`, `href`) is read without the key table exactly as
    /// through it (property test, seeded): random tags with valid and invalid values, in YAML and
    /// JSON, in lists short and long enough to be read on every core, against the same tags with
    /// a null key added at the end of each tag's line (which the shortcut leaves to the key
    /// table): the same tags, or the same message at the same place.
    @Test func usualTagsReadAsTheKeyTableReadsThem() throws {
        var random = SeededRandom(seed: 29)
        let texts = ["Swift", "tag 7", "  ", "", "a\\u0007b", "Ünïcode ✓", "42"]
        let weights = ["3", "0.5", "-1", "\"7\"", "1e400", "null", "[1]", "x"]
        let hrefs = ["\"/tags/a/\"", "\"https://example.com/x\"", "\"javascript:alert(1)\"", "5", "\"\""]
        func tag(_ random: inout SeededRandom, extra: Bool) -> String {
            var pairs = ["\"text\": \"\(texts.randomElement(using: &random) ?? "")\""]
            if Bool.random(using: &random) { pairs.append("\"weight\": \(weights.randomElement(using: &random) ?? "1")") }
            if Int.random(in: 0..<3, using: &random) == 0 { pairs.append("\"href\": \(hrefs.randomElement(using: &random) ?? "\"\"")") }
            pairs.shuffle(using: &random)
            if extra { pairs.append("\"selected\": null") }
            return "{" + pairs.joined(separator: ", ") + "}"
        }
        /// The tags read, or the message.
        func read(_ text: String, _ format: SpecFormat) -> String {
            do {
                return String(describing: try Cloud(parsing: Array(text.utf8), format: format, source: "t").tags)
            } catch {
                return error.description
            }
        }
        for round in 0..<300 {
            let count = round % 50 == 0 ? 9000 : Int.random(in: 1...6, using: &random)
            let seed = random.next()
            var first = SeededRandom(seed: seed), second = SeededRandom(seed: seed)
            let usual = (0..<count).map { _ in tag(&first, extra: false) }
            let keyed = (0..<count).map { _ in tag(&second, extra: true) }
            for format in [SpecFormat.json, .yaml] {
                let wrap = { (tags: [String]) in
                    format == .json ? "{\"tags\": [\n" + tags.joined(separator: ",\n") + "\n]}" : "tags:\n" + tags.map { "  - \($0)\n" }.joined()
                }
                let expected = read(wrap(keyed), format)
                #expect(read(wrap(usual), format) == expected, "\(usual.prefix(3)) \(format)")
            }
        }
    }

    @Test func tenThousandCharacterTagInEveryFormat() throws {
        let long = String(repeating: "abcdé💪ghij", count: 1000)
        let inputs: [(String, SpecFormat)] = [
            ("- \(long)\n- b\n", .yaml),
            ("[\"\(long)\", \"b\"]", .json),
            ("\(long)\t1\nb\n", .text),
            ("tag\n\"\(long)\"\nb\n", .csv),
        ]
        for (text, format) in inputs {
            let spec = try parseSpec(text, format)
            #expect(spec.tags.map(\.text.unicodeScalars.count) == [10_000, 1])
        }
        // An error after the long tag is located by its column in characters.
        let error = parseError("[\"\(long)\", \"b\", x]", .json)
        #expect(error?.location?.column == 10_011)
    }

    @Test func aliasChainsAreBounded() {
        // Each alias stands for the whole node before it: a chain nests as deep as it is long.
        var chain = "a0: &a0 [x]\n"
        for index in 1...10_000 { chain += "a\(index): &a\(index) [*a\(index - 1)]\n" }
        #expect(parseError(chain, .yaml)?.description
                == "spec.yaml:66:12: malformed YAML: more than 64 aliases (*name); write the values out")

        // The deepest tree the limits allow (64 aliases, each 60 levels deeper) composes and is
        // freed without exhausting the stack.
        let open = String(repeating: "[", count: 60)
        let close = String(repeating: "]", count: 60)
        var deep = "a0: &a0 \(open)x\(close)\n"
        for index in 1...64 { deep += "a\(index): &a\(index) \(open)*a\(index - 1)\(close)\n" }
        // Each key holds every list before it: 64 of them stand for 120,000 values, more than
        // the text may; 32 of them (1,920 levels deep) are read.
        let deepError = parseError(deep, .yaml)?.description
        #expect(deepError?.contains("malformed YAML: its aliases (*name) stand for more than") == true, "\(String(describing: deepError))")
        var half = "a0: &a0 \(open)x\(close)\n"
        for index in 1...32 { half += "a\(index): &a\(index) \(open)*a\(index - 1)\(close)\n" }
        let halfError = parseError(half, .yaml)?.description
        #expect(halfError?.hasPrefix(#"spec.yaml:1:1: unknown key "a0""#) == true, "\(String(describing: halfError))")
    }

    /// "Billion laughs": eight anchors of nine aliases each stand for 9⁸ (43 million) values in
    /// 300 bytes. As a value they are refused once they have stood for more values than the text
    /// may (before: 15 s and 5.4 GB, then "unknown key a"); in a key (which Yams hashes to find
    /// duplicates, walking every value) they are refused before Yams composes (before: 40 s).
    @Test func nestedAliasesCannotMultiplyASpec() throws {
        var laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let asValue = parseError(laughs + "tags: *h\n", .yaml)?.description
        #expect(asValue?.contains("malformed YAML: its aliases (*name) stand for more than 100") == true, "\(String(describing: asValue))")
        for key in ["x: {*h: 1}\n", "*h : 1\n", "x: {a: 1, *h}\n", "x: {[*h]: 1}\n", "? *h\n: 1\n", "x:\n  - *h: 1\n",
                    "x: [{*h: 1}]\n"] {
            let error = parseError(laughs + key + "tags: [a]\n", .yaml)?.description
            #expect(error?.contains("an alias (*name) may only stand for a value") == true, "\(key): \(String(describing: error))")
        }
        // Aliases as values, and text that looks like one, still read.
        let spec = try parseSpec("""
            tags:
              - &one
                text: one
                tooltip: >-
                  *emphasis* in a block scalar
                  *more*
              - text: &two two
                tooltip: >-
                  *folded*
              - *one
              -
                *one
              - {text: *two}
            """, .yaml)
        #expect(spec.tags.map(\.text) == ["one", "two", "one", "one", "two"])
        #expect(spec.tags.first?.tooltip == "*emphasis* in a block scalar *more*")
        let listed = try parseSpec("tags: &all [a, b]\ntitle: x\n", .yaml)
        #expect(listed.tags.map(\.text) == ["a", "b"])
    }

    /// A spec file is read into a buffer of its size (the cloud keeps it for its locations): the
    /// read that finds the end of the file does not grow it, and a file that is not a whole number
    /// of read chunks reads completely.
    @Test(arguments: [0, 1, 65_535, 65_536, 300_001])
    func aFileIsReadIntoABufferOfItsSize(_ size: Int) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-read-\(size)-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(bytes).write(to: url)
        let contents = try SpecReader.read(path: url.path, name: "tags.json", limit: 1 << 20)
        #expect(contents.bytes == bytes && contents.isRegularFile)
        #expect(contents.bytes.capacity < size + 8192)  // at most a page of rounding, not a doubling
    }
}
