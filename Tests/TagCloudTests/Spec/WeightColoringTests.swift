import Foundation
@testable import TagCloud
import Testing
import TestRandom

/// Colours by weight: OKLCH against published values, gradients monotonic in weight, palette
/// steps, WCAG contrast, and how `colors` reaches each chip's look.
@Suite struct WeightColoringTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool { abs(a - b) <= tolerance }

    /// OKLCH of the sRGB primaries and white, as CSS Color 4 lists them (§9.2's conversions).
    @Test func oklchOfKnownColours() throws {
        let red = OKLCH(try #require(CSSColor(css: "#ff0000")))
        #expect(close(red.lightness, 0.62796) && close(red.chroma, 0.25768) && close(red.hue, 29.2339, 0.01))
        let blue = OKLCH(try #require(CSSColor(css: "#0000ff")))
        #expect(close(blue.lightness, 0.45201) && close(blue.chroma, 0.31321) && close(blue.hue, 264.052, 0.01))
        let white = OKLCH(.white)
        #expect(close(white.lightness, 1) && white.isAchromatic)
        // Round trips through OKLCH stay within half an 8-bit step.
        var random = SeededRandom(seed: 11)
        for _ in 0..<500 {
            let color = CSSColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                 blue: .random(in: 0...1, using: &random))
            let back = OKLCH(color).mappedToSRGB(alpha: 1)
            #expect(close(back.red, color.red, 0.5 / 255) && close(back.green, color.green, 0.5 / 255)
                && close(back.blue, color.blue, 0.5 / 255), "\(color.hex)")
        }
    }

    /// A gradient starts and ends at its stops, its midpoint is OKLCH's (not sRGB's) mix, and a
    /// colour outside sRGB is brought in at its lightness and hue.
    @Test func gradientsInterpolateInOKLCH() throws {
        let white = CSSColor.white, navy = try #require(CSSColor(css: "navy"))
        #expect(WeightColoring.color(at: 0, gradient: [white, navy]).hex == "#ffffff")
        #expect(WeightColoring.color(at: 1, gradient: [white, navy]).hex == "#000080")
        let middle = OKLCH(WeightColoring.color(at: 0.5, gradient: [white, navy]))
        #expect(close(middle.lightness, (1 + OKLCH(navy).lightness) / 2, 1e-3))
        // Red to blue through OKLCH's shorter hue arc (via magenta), not sRGB's muddy purple.
        let red = try #require(CSSColor(css: "red")), blue = try #require(CSSColor(css: "blue"))
        let mix = WeightColoring.color(at: 0.5, gradient: [red, blue])
        #expect(mix.red > 0.6 && mix.blue > 0.6 && mix.green < 0.2, "\(mix.hex)")
        #expect(OKLCH(mix).hue > 264 || OKLCH(mix).hue < 29.3)
    }

    /// The property: along any two-stop gradient, OKLCH lightness moves monotonically with the
    /// weight (up or down as the stops go), even where the mix leaves sRGB and is brought back.
    @Test func gradientsAreMonotonicInWeight() {
        var random = SeededRandom(seed: 23)
        for _ in 0..<300 {
            func color() -> CSSColor {
                CSSColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                         blue: .random(in: 0...1, using: &random))
            }
            let stops = [color(), color()]
            let weights = (0..<20).map { _ in Double.random(in: 0...1000, using: &random) }.sorted()
            let positions = WeightScaling.positions(weights: weights, scale: [.linear, .sqrt, .log][Int.random(in: 0..<3, using: &random)])
                ?? weights.map { _ in 0.5 }
            let lightness = positions.map { OKLCH(WeightColoring.color(at: $0, gradient: stops)).lightness }
            let rising = OKLCH(stops[1]).lightness >= OKLCH(stops[0]).lightness
            for (a, b) in zip(lightness, lightness.dropFirst()) {
                #expect(rising ? b >= a - 1e-6 : b <= a + 1e-6, "\(stops.map(\.hex)): \(lightness)")
            }
        }
    }

    @Test func paletteStepsSplitTheRange() {
        let palette = Cloud.PaletteName.viridis.colors
        #expect(palette.map(\.hex) == ["#440154", "#46337e", "#365c8d", "#277f8e", "#1fa187", "#4ac16d", "#9fda3a", "#fde725"])
        #expect(WeightColoring.color(at: 0, palette: palette) == palette[0])
        #expect(WeightColoring.color(at: 0.124, palette: palette) == palette[0])
        #expect(WeightColoring.color(at: 0.125, palette: palette) == palette[1])
        #expect(WeightColoring.color(at: 1, palette: palette) == palette[7])
        #expect(Cloud.PaletteName.okabeIto.colors[1].hex == "#e69f00")
        for name in Cloud.PaletteName.allCases { #expect(!name.colors.isEmpty) }
    }

    /// WCAG 2.2's contrast ratio, and text kept readable on any fill.
    @Test func contrastIsWCAGs() throws {
        #expect(close(WeightColoring.contrast(.black, .white), 21))
        #expect(close(WeightColoring.contrast(try #require(CSSColor(css: "#767676")), .white), 4.54, 0.01))
        #expect(close(WeightColoring.contrast(try #require(CSSColor(css: "#777777")), .white), 4.48, 0.01))
        var random = SeededRandom(seed: 29)
        for _ in 0..<500 {
            let fill = CSSColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                blue: .random(in: 0...1, using: &random))
            let text = CSSColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                                blue: .random(in: 0...1, using: &random))
            let readable = WeightColoring.readable(text, on: fill)
            #expect(WeightColoring.contrast(readable, fill) >= WeightColoring.minimumContrast, "\(text.hex) on \(fill.hex)")
            if WeightColoring.contrast(text, fill) >= WeightColoring.minimumContrast { #expect(readable == text) }
            #expect(WeightColoring.contrast(WeightColoring.blackOrWhite(on: fill), fill) >= WeightColoring.minimumContrast)
        }
    }

    @Test func colorsReachTheChips() throws {
        let spec = """
            colors: {palette: [white, black]}
            tags: [{text: light, weight: 1}, {text: heavy, weight: 9}, {text: picked, weight: 9, selected: true},
                   {text: own, weight: 9, fill: red}]
            """
        let cloud = try parseSpec(spec, .yaml).resolved()
        #expect(cloud.chips[0].look.fill == .color(.white) && cloud.chips[0].look.textColor == .black)
        // Black text on a black fill lacks contrast: it turns white.
        #expect(cloud.chips[1].look.fill == .color(.black) && cloud.chips[1].look.textColor == .white)
        // Selected chips and chips with colours of their own keep them.
        let plain = try parseSpec(spec.replacingOccurrences(of: "colors: {palette: [white, black]}\n", with: ""), .yaml).resolved()
        #expect(plain.chips[2].look == cloud.chips[2].look && plain.chips[3].look == cloud.chips[3].look)
        #expect(plain.chips[1].look != cloud.chips[1].look)
        #expect(try cloud.chips[3].look.fill == .color(#require(CSSColor(css: "red"))))

        let text = try parseSpec("colors: {palette: [yellow], apply: text}\ntags: [{text: a, weight: 2}, {text: b, weight: 1}]", .yaml).resolved()
        let fill = WeightColoring.composite(try #require(text.chips[0].look.fill.colorValue), over: .white)
        #expect(WeightColoring.contrast(text.chips[0].look.textColor, fill) >= 4.5)
        #expect(OKLCH(text.chips[0].look.textColor).hue > 90 && OKLCH(text.chips[0].look.textColor).hue < 120)

        let both = try parseSpec("colors: {gradient: ['#e0f2fe', '#1e3a8a'], apply: both}\ntags: [{text: a, weight: 1}, {text: b, weight: 2}]", .yaml).resolved()
        #expect(both.chips[1].look.fill.colorValue?.hex == "#1e3a8a33")
        // No weights: every chip takes the middle of the range.
        let flat = try parseSpec("colors: {gradient: [white, black]}\ntags: [a, b]", .yaml).resolved()
        #expect(flat.chips[0].look.fill == flat.chips[1].look.fill)
        #expect(flat.chips[0].look.fill.colorValue.map { close(OKLCH($0).lightness, 0.5, 1e-3) } == true)
    }
}

extension Cloud.Fill {
    var colorValue: CSSColor? {
        if case .color(let color) = self { return color }
        return nil
    }
}
