import Foundation
@testable import TagCloud
import Testing
import TestRandom

/// The fast JSON path gives exactly what the located path gives: the same spec for valid input,
/// the same located error for invalid input, and the same locations when they are asked for.
@Suite struct FastJSONTests {
    /// Both paths on the same bytes: the spec or the error.
    static func bothPaths(_ bytes: [UInt8]) -> (fast: Result<Cloud, TagCloudError>,
                                                located: Result<Cloud, TagCloudError>) {
        let fast = Result { () throws(TagCloudError) -> Cloud in
            try Cloud(parsing: bytes, format: .json, source: "spec.json")
        }
        let located = Result { () throws(TagCloudError) -> Cloud in
            try Cloud.located(TextInput(bytes: bytes, source: "spec.json"), format: .json)
        }
        return (fast, located)
    }

    static func expectSame(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, located) = bothPaths(bytes)
        switch (fast, located) {
        case let (.success(a), .success(b)):
            #expect(a == b, sourceLocation: sourceLocation)
            for index in 0..<max(a.tags.count, 1) {
                #expect(a.location(ofKeyPath: "tags[\(index)]") == b.location(ofKeyPath: "tags[\(index)]"), sourceLocation: sourceLocation)
                #expect(a.location(ofKeyPath: "tags[\(index)].font.family") == b.location(ofKeyPath: "tags[\(index)].font.family"),
                        sourceLocation: sourceLocation)
            }
            for key in ["width", "font.family", "chip.fill", "spacing.vertical", "background"] {
                #expect(a.location(ofKeyPath: key) == b.location(ofKeyPath: key), sourceLocation: sourceLocation)
            }
        case let (.failure(a), .failure(b)):
            #expect(a == b, sourceLocation: sourceLocation)
        default:
            Issue.record("the paths disagree on \(String(decoding: bytes, as: UTF8.self)): fast \(fast), located \(located)",
                         sourceLocation: sourceLocation)
        }
    }

    @Test func randomSpecsGiveTheSameDocument() throws {
        var generator = SeededRandom(seed: 31)
        for _ in 0..<300 {
            let json = SpecPropertyTests.randomSpec(&generator).json()
            #expect(FastJSONReader.read(try TextInput(bytes: Array(json.utf8), source: "<stdin>")) != nil)
            Self.expectSame(Array(json.utf8))
        }
    }

    @Test func mutatedSpecsGiveTheSameDocumentOrError() {
        var generator = SeededRandom(seed: 32)
        let pieces = ["{", "}", "[", "]", "\"", ":", ",", " ", "\t", "\n", "\\", "\\u", "\\ud83d", "\\ude00", "\\/",
                      "\\n", "0", "-", "1e5", "01", ".5", "true", "nul", "\"text\"", "\"tags\"", "\"width\"",
                      "\u{85}", "\u{2028}", "\u{7F}", "\u{1}", "💪", "é", "//", "#"]
        for _ in 0..<600 {
            var bytes = Array(SpecPropertyTests.randomSpec(&generator).json().utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                let piece = Array((pieces.randomElement(using: &generator) ?? " ").utf8)
                if Bool.random(using: &generator) {
                    bytes.insert(contentsOf: piece, at: index)
                } else {
                    bytes.replaceSubrange(index..<min(bytes.count, index + piece.count), with: piece)
                }
            }
            Self.expectSame(bytes)
        }
    }

    /// A node's structure, text and quoting, for comparing two readings.
    static func shape(_ node: SpecNode?) -> String {
        switch node {
        case nil: "nil"
        case .scalar(let scalar)?: "\(scalar.style):\(scalar.string.debugDescription)"
        case .mapping(let mapping)?: "{" + mapping.pairs.map { shape($0.key) + "=" + shape($0.value) }.joined(separator: ",") + "}"
        case .sequence(let sequence)?: "[" + sequence.elements.map { shape($0) }.joined(separator: ",") + "]"
        case .alias?: "*"
        }
    }

    /// A long list read in pieces on every core gives what one pass gives, valid or not: random
    /// specs (their tags, or a bare list of them, as the root), cut every few bytes, and the same
    /// mutated (a piece cut inside a string, an unbalanced bracket, a stray comma).
    @Test func aListReadInPiecesIsTheListReadInOnePass() throws {
        var generator = SeededRandom(seed: 33)
        let pieces = ["{", "}", "[", "]", "\"", ",", " ", "\\", "\\\"", "0", "\"text\"", "\"a,b\"", "\"[\"", "\u{1}"]
        var split = 0
        for round in 0..<800 {
            let spec = SpecPropertyTests.randomSpec(&generator)
            var text = round % 3 == 0
                ? String(decoding: try JSONEncoder().encode(spec.tags.map(\.text)), as: UTF8.self)
                : spec.json()
            if round % 2 == 1 {
                var bytes = Array(text.utf8)
                for _ in 0..<Int.random(in: 1...2, using: &generator) where !bytes.isEmpty {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes.insert(contentsOf: Array((pieces.randomElement(using: &generator) ?? " ").utf8), at: index)
                }
                text = String(decoding: bytes, as: UTF8.self)
            }
            guard let input = try? TextInput(bytes: Array(text.utf8), source: "spec.json") else { continue }
            let whole = FastJSONReader.read(input, concurrentLength: .max)
            let pieced = FastJSONReader.read(input, concurrentLength: 0, pieceLength: Int.random(in: 1...24, using: &generator))
            #expect(Self.shape(whole) == Self.shape(pieced), "\(text)")
            if let cut = text.utf8.withContiguousStorageIfAvailable({ FastJSONReader.ListSplit($0, pieceLength: 8) }),
               let cut, cut.cuts.count > 2 { split += 1 }
        }
        // Most lists were cut into several pieces.
        #expect(split > 300, "\(split) lists cut")
    }

    @Test func escapesAndNumbersDecodeAsTheLocatedPathDecodesThem() throws {
        let text = #"{"width": 1.5e2, "padding": -0, "tags": ["\ud83d\udcaa \u00e9\/\"\\", {"text": "a\tb", "weight": 0}, "\u2603"]}"#
        Self.expectSame(Array(text.utf8))
        let spec = try Cloud(json: #"{"width": 1.5e2, "tags": ["\ud83d\udcaa \u00e9\/\"\\", "\u2603"]}"#)
        #expect(spec.width == 150)
        #expect(spec.tags.map(\.text) == ["💪 é/\"\\", "☃"])
    }

    @Test func theFastPathGivesUpOnWhatIsNotStrictJSON() throws {
        let refused = [#"{"a": 1, "a": 2}"#, #"[1, 2,]"#, #"{"a": 1} // c"#, #"["\ud83d"]"#, #"["\ude00"]"#,
                       "[\"a\u{85}\"]", "[\"\u{2028}\"]", #"[01]"#, #"[.5]"#, #"[1.]"#, #"['a']"#, #"[NaN]"#, "",
                       String(repeating: "[", count: 65) + String(repeating: "]", count: 65), #"{"a" 1}"#, #"[tru]"#]
        for text in refused {
            #expect(FastJSONReader.read(try TextInput(bytes: Array(text.utf8), source: "<stdin>")) == nil, "\(text)")
            Self.expectSame(Array(text.utf8))
        }
        let accepted = [String(repeating: "[", count: 64) + String(repeating: "]", count: 64), "\t[ ]\r\n", #"[-0.0e+0]"#]
        for text in accepted {
            #expect(FastJSONReader.read(try TextInput(bytes: Array(text.utf8), source: "<stdin>")) != nil, "\(text)")
        }
    }

    @Test func errorsFoundAfterTheFastPathAreLocated() {
        let error = parseError("{\n  \"width\": 300,\n  \"chip\": {\"paddng\": 4}\n}", .json)
        #expect(error?.description.hasPrefix(#"spec.json:3:12: unknown key "chip.paddng"; did you mean "chip.padding"?"#) == true,
                "\(String(describing: error))")
    }
}
