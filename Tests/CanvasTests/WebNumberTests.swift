import Foundation
import Testing
import TestRandom
@testable import Canvas

/// `WebText.number(_:decimals:)`, which writes every coordinate of SVG path data, outlines and
/// HTML styles, makes its digits in place; this checks it against the plain definition (round to
/// `decimals` places, drop trailing zeros and the leading zero) over many values.
@Suite struct WebNumberTests {
    /// The definition, written the obvious way with strings.
    static func reference(_ value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 8)
        let power = pow(10, Double(places))
        guard value.isFinite else { return "0" }
        let scaled = (value * power).rounded()
        guard abs(scaled) < 9e15 else { return String(Int64(min(max(value.rounded(), -9e18), 9e18))) }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        var text = ""
        if units < 0 { text += "-"; units = -units }
        let whole = units / Int64(power)
        var fraction = units % Int64(power)
        if whole != 0 { text += String(whole) }
        guard fraction != 0 else { return text }
        var width = places
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: width - digits.count) + digits
    }

    @Test func examples() {
        #expect(WebText.number(0.5) == ".5")
        #expect(WebText.number(-0.25) == "-.25")
        #expect(WebText.number(12) == "12")
        #expect(WebText.number(12.00004) == "12")
        #expect(WebText.number(12.0625) == "12.0625")
        #expect(WebText.number(-1234.5) == "-1234.5")
        #expect(WebText.number(-0.00004) == "0")
        #expect(WebText.number(1.05, decimals: 0) == "1")
        #expect(WebText.number(3.14159265, decimals: 8) == "3.14159265")
        #expect(WebText.number(.nan) == "0")
        #expect(WebText.number(-.infinity) == "0")
        #expect(WebText.number(1e300) == "9000000000000000000")
        #expect(WebText.number(-2e16) == "-20000000000000000")
    }

    @Test func manyValuesMatchTheDefinition() {
        var generator = SeededRandom(seed: 0x5EED_2026)
        var mismatches: [String] = []
        for round in 0..<200_000 {
            let magnitude = pow(10, Double.random(in: -6...17, using: &generator))
            var value = Double.random(in: -magnitude...magnitude, using: &generator)
            if round % 7 == 0 { value = (value * 16).rounded() / 16 }   // exact binary fractions
            if round % 11 == 0 { value = value.rounded() }
            let decimals = round % 10 == 0 ? Int.random(in: -1...10, using: &generator) : 4
            var bytes: [UInt8] = []
            WebText.appendNumber(value, decimals: decimals, to: &bytes)
            let expected = Self.reference(value, decimals: decimals)
            if WebText.number(value, decimals: decimals) != expected || String(decoding: bytes, as: UTF8.self) != expected {
                mismatches.append("\(value) at \(decimals): \(WebText.number(value, decimals: decimals)), expected \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
