import Foundation
import Testing
@testable import TagCloud
import TestRandom

/// The byte-level JSON writer of specs and layouts.
@Suite struct JSONBytesTests {
    private func written(_ text: String) -> String {
        var output = JSONBytes()
        output.append(string: text)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func escapesWhatRFC8259AndJavaScriptNeed() {
        #expect(written("plain café 💪") == "\"plain café 💪\"")
        #expect(written("a\"b\\c") == #""a\"b\\c""#)
        #expect(written("\n\r\t") == #""\n\r\t""#)
        #expect(written("\u{0}\u{7}\u{1F}\u{7F}") == #""\u0000\u0007\u001f\u007f""#)
        // C1 controls (two UTF-8 bytes) and the JavaScript line ends (three).
        #expect(written("x\u{80}y\u{9F}z\u{A0}") == "\"x\\u0080y\\u009fz\u{A0}\"")
        #expect(written("\u{2028}\u{2029}\u{2027}\u{202A}") == "\"\\u2028\\u2029\u{2027}\u{202A}\"")
        #expect(written("") == "\"\"")
    }

    /// Random strings of characters that need escaping and characters whose UTF-8 looks like them
    /// read back equal, and the written text holds no raw control, C1 or line-end character.
    @Test func randomStringsReadBackEqual() throws {
        let alphabet: [Character] = ["a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}",
                                     "\u{9F}", "\u{A0}", "\u{C2}", "\u{2028}", "\u{2029}", "\u{2030}", "\u{E2}", "é",
                                     "💪", "🇫🇷", "漢", "/"]
        var generator = SeededRandom(seed: 0x4A53_4F4E)
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? "a"
            })
            let json = written(text)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
            #expect(decoded == [text], "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }

    @Test func numbersInTheirShortestExactForm() {
        var output = JSONBytes()
        for value in [0, -0.0, 16, -3, 66.8125, 0.1, 1e-5, 1e15, 123456789012345] as [Double] {
            output.append(number: value)
            output.append(" ")
        }
        #expect(String(decoding: output.bytes, as: UTF8.self) == "0 0 16 -3 66.8125 0.1 1e-05 1000000000000000.0 123456789012345 ")
    }
}
