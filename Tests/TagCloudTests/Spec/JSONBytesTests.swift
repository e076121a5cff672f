import Foundation
import Testing
@testable import TagCloud
import TestRandom

/// The byte-level JSON writer of specs and layouts.
@Suite struct JSONBytesTests {
    private func written(_ text: String) -> String {
        var output = JSONBytes()
        output.append(string: text)
        return output.string
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
        #expect(output.string == "0 0 16 -3 66.8125 0.1 1e-05 1000000000000000.0 123456789012345 ")
    }

    /// Numbers written digit by digit (integers and multiples of 1/64 below 2^24, a layout's
    /// coordinates) are written as ``SpecTree/format(_:)`` writes them, and every number reads
    /// back as itself: random layout units of every size and sign, and random doubles.
    @Test func layoutUnitsAreWrittenAsTheShortestForm() throws {
        var generator = SeededRandom(seed: 0x3C4F)
        var values: [Double] = [1 / 64, -1 / 64, 63 / 64, 16_777_215 + 63 / 64, 16_777_216.5, 16_777_216 + 1 / 64, 0.5, -0.5,
                                32_767.984375, 1e-300, .greatestFiniteMagnitude, 1 / 3]
        for _ in 0..<20_000 {
            let units = Double(Int64.random(in: -(1 << 31)...(1 << 31), using: &generator))
            values.append(units / 64)
            values.append(Double.random(in: -1e6...1e6, using: &generator))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for value in values where value.isFinite {
            var output = JSONBytes()
            output.append(number: value)
            let text = output.string
            #expect(text == SpecTree.format(value), "\(value)")
            #expect(Double(text) == value, "\(value) written as \(text)")
        }
    }
}
