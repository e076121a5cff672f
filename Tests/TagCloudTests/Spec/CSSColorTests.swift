import Testing
@testable import TagCloud

@Suite struct CSSColorTests {
    @Test func hexForms() {
        #expect(CSSColor(css: "#abc") == CSSColor(red8: 0xAA, green8: 0xBB, blue8: 0xCC))
        #expect(CSSColor(css: "#abcd") == CSSColor(red8: 0xAA, green8: 0xBB, blue8: 0xCC, alpha8: 0xDD))
        #expect(CSSColor(css: "#A1B2C3") == CSSColor(red8: 0xA1, green8: 0xB2, blue8: 0xC3))
        #expect(CSSColor(css: "#a1b2c380") == CSSColor(red8: 0xA1, green8: 0xB2, blue8: 0xC3, alpha8: 0x80))
        #expect(CSSColor(css: "  #000  ") == .black)
        #expect(CSSColor(css: "#ffffff00") == CSSColor(red: 1, green: 1, blue: 1, alpha: 0))
    }

    @Test(arguments: ["", "#", "#a", "#ab", "#abcde", "#abcdefg", "#abcdefabc", "#ggg", "#12 34", "abc",
                      "rgb(0, 0, 0)", "blu", "transparentt", "# fff", "＃fff"])
    func invalidColors(_ text: String) {
        #expect(CSSColor(css: text) == nil)
    }

    @Test func namedColorsAreCaseInsensitive() {
        #expect(cssNamedColors.count == 148)
        #expect(CSSColor.names.count == 149)
        #expect(CSSColor(css: "RebeccaPurple") == CSSColor(red8: 0x66, green8: 0x33, blue8: 0x99))
        #expect(CSSColor(css: "aliceblue") == CSSColor(red8: 0xF0, green8: 0xF8, blue8: 0xFF))
        #expect(CSSColor(css: "grey") == CSSColor(css: "gray"))
        #expect(CSSColor(css: "darkslategrey") == CSSColor(red8: 0x2F, green8: 0x4F, blue8: 0x4F))
        #expect(CSSColor(css: "TRANSPARENT") == .transparent)
        // CSS `blue` is pure blue, not SwiftUI's system blue.
        #expect(CSSColor(css: "blue") == CSSColor(red8: 0, green8: 0, blue8: 255))
    }

    @Test func everyNameParses() {
        for name in CSSColor.names {
            #expect(CSSColor(css: name) != nil, "\(name)")
            #expect(CSSColor(css: name.uppercased()) == CSSColor(css: name))
        }
    }

    @Test func hexRoundTripsEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let color = CSSColor(red8: byte, green8: 255 - byte, blue8: byte / 2, alpha8: byte)
            #expect(CSSColor(css: color.hex) == color)
        }
        #expect(CSSColor(red8: 1, green8: 2, blue8: 255).hex == "#0102ff")
        #expect(CSSColor(red8: 1, green8: 2, blue8: 255, alpha8: 0).hex == "#0102ff00")
    }

    @Test func opacityMultipliesAlphaAndComponentsAreClamped() {
        #expect(CSSColor(css: "#0000ff80")?.opacity(0.5).alpha == 0x80 / 255.0 * 0.5)
        #expect(CSSColor(red: 2, green: -1, blue: .nan, alpha: 0.5) == CSSColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(CSSColor(red: 0, green: 122 / 255, blue: 1).opacity(0.2).rgba8 == (0, 122, 255, 51))
    }
}
