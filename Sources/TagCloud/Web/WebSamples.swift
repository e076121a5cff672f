/// Specs the web benchmarks and tests share.
package enum WebSamples {
    /// The 150-tag weighted cloud: 150 tags with weights 1–50 (each weight three times), so 50
    /// font sizes, 800 points wide, in the tag-cloud style. Its SVG was 561 KB when Cairo's SVG
    /// surface wrote a glyph set per font size.
    package static let weighted150: String = {
        let words = ["Swift", "SwiftUI", "Linux", "Cairo", "HarfBuzz", "FreeType", "Layout", "Flow", "Chip", "Cloud",
                     "Kerning", "Ligature", "Emoji", "Baseline", "Wrap", "Justify", "Capsule", "Render", "Golden", "Static"]
        var yaml = "style: tagCloud\nwidth: 800\ntags:\n"
        for index in 0..<150 {
            yaml += "  - {text: \(words[index % words.count]) \(index), weight: \(1 + (index * 37) % 50)}\n"
        }
        return yaml
    }()
}
