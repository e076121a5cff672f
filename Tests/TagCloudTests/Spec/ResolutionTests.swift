import Foundation
import Testing
@testable import TagCloud

@Suite struct ResolutionTests {
    static let systemBlue = CSSColor(red8: 0, green8: 122, blue8: 255)
    static let darkBlue = CSSColor(red8: 10, green8: 132, blue8: 255)
    static let systemGray = CSSColor(red8: 142, green8: 142, blue8: 147)

    @Test func defaultsAreTheTagCloudArticle() {
        let cloud = resolve(TagCloudSpec(tags: [.init("Swift")]))
        #expect(cloud.style == .tagCloud)
        #expect(cloud.theme == .light)
        #expect(cloud.width == 358)
        #expect(cloud.padding == 16)
        #expect(cloud.pictureSize(flowHeight: 100) == CGSize(width: 390, height: 132))
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (8, 8))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (12, 8))
        #expect(cloud.shape == .capsule)
        #expect(cloud.alignment == .topLeading)
        #expect(cloud.justification == .none)
        #expect(cloud.justifyLastRow)
        #expect(cloud.lineBreaking == .greedy)
        #expect(cloud.maxRows == nil)
        #expect(cloud.direction == .ltr)
        #expect(cloud.scale == 1)
        #expect(cloud.background == .white)
        #expect(cloud.fontFamily == nil)
        #expect(cloud.fontWeight == .regular)
        #expect(cloud.baseFontSize == 17)
        #expect(cloud.chips == [ResolvedCloud.Chip(
            text: "Swift", fontSize: 17, fontFamily: nil, fontWeight: .regular, weight: nil, href: nil, isSelected: false,
            look: .init(fill: .color(Self.systemBlue.opacity(0.2)), stroke: nil, strokeWidth: 1,
                        textColor: .black, checkmark: nil))])
        #expect(cloud.defaultLook == cloud.chips[0].look)
    }

    @Test func suggestionChipsSelectedAndNot() throws {
        let spec = try parseSpec("style: suggestionChips\ntags:\n  - Exercise 💪\n  - {text: Read a book 📚, selected: true}\n", .yaml)
        let cloud = resolve(spec)
        #expect(cloud.baseFontSize == 15)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (8, 10))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (14, 8))
        #expect(cloud.chips[0].look == .init(fill: .color(Self.systemGray.opacity(0.1)), stroke: nil, strokeWidth: 1,
                                             textColor: .black, checkmark: nil))
        #expect(cloud.chips[1].isSelected)
        #expect(cloud.chips[1].look == .init(
            fill: .color(Self.systemBlue.opacity(0.15)), stroke: Self.systemBlue, strokeWidth: 1.5, textColor: .black,
            checkmark: .init(symbolName: "checkmark", size: 12, weight: .bold, color: Self.systemBlue, spacing: 6)))
    }

    @Test func globulusList() {
        let cloud = resolve(TagCloudSpec(style: .globulusList, tags: [.init("Short")]))
        #expect(cloud.baseFontSize == 12)
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (0, 0))
        #expect(cloud.shape == .rounded)
        #expect(cloud.cornerRadius == 4)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing, cloud.padding, cloud.width) == (8, 8, 20, 350))
        #expect(cloud.chips[0].look.fill == .color(Self.systemGray))
    }

    @Test func collectionViewElements() {
        let cloud = resolve(TagCloudSpec(style: .collectionView, tags: [.init("Element 1xx")]))
        #expect(cloud.shape == .rounded)
        #expect(cloud.cornerRadius == 5)
        #expect(cloud.chips[0].look.fill == .color(Self.systemGray))
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (10, 10))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (8, 8))
        #expect(cloud.baseFontSize == 17)
    }

    @Test func materialCapsules() {
        let cloud = resolve(TagCloudSpec(style: .materialCapsules, tags: [.init("0")]))
        #expect(cloud.chips[0].look.fill == .material(.regularMaterial))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (16, 16))
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing, cloud.padding, cloud.width) == (0, 0, 0, 390))
        #expect(cloud.shape == .capsule)
    }

    @Test func wrappingHStackTags() {
        let cloud = resolve(TagCloudSpec(style: .wrappingHStack))
        #expect(cloud.alignment == .leading)
        #expect(cloud.alignment.horizontal == .leading)
        #expect(cloud.alignment.vertical == .center)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (8, 8))
        #expect(cloud.baseFontSize == 17)
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (12, 6))
        #expect(cloud.defaultLook.fill == .color(Self.systemGray.opacity(0.15)))
    }

    @Test func everyStyleHasAPresetForItself() {
        for style in TagCloudSpec.Style.allCases {
            #expect(StylePreset.named(style).style == style)
            #expect(StylePreset.named(style).width + 2 * StylePreset.named(style).padding == 390)
        }
    }

    @Test func darkThemeSwitchesSystemColours() {
        let cloud = resolve(TagCloudSpec(theme: .dark, tags: [.init("a"), .init("b", selected: true)]))
        #expect(cloud.background == .black)
        #expect(cloud.chips[0].look.textColor == .white)
        #expect(cloud.chips[0].look.fill == .color(Self.darkBlue.opacity(0.2)))
        #expect(cloud.chips[1].look.stroke == Self.darkBlue)
        #expect(cloud.chips[1].look.checkmark?.color == Self.darkBlue)
    }

    @Test func colourLayersFromStyleToChipToSelectedToTag() throws {
        let spec = try parseSpec("""
            background: transparent
            chip: {fill: "#111", text: "#222", stroke: "#333", selected: {fill: "#444", checkmark: false}}
            tags:
              - plain
              - {text: chosen, selected: true}
              - {text: own, selected: true, fill: thinMaterial, textColor: "#555"}
            """, .yaml)
        let cloud = resolve(spec)
        let color = { (hex: String) in CSSColor(css: hex) }
        #expect(cloud.background == .transparent)
        #expect(cloud.chips[0].look == .init(fill: .color(color("#111")!), stroke: color("#333"), strokeWidth: 1,
                                             textColor: color("#222")!, checkmark: nil))
        #expect(cloud.chips[1].look == .init(fill: .color(color("#444")!), stroke: Self.systemBlue, strokeWidth: 1.5,
                                             textColor: color("#222")!, checkmark: nil))
        #expect(cloud.chips[2].look.fill == .material(.thinMaterial))
        #expect(cloud.chips[2].look.textColor == color("#555"))
    }

    @Test func weightsBecomeFontSizes() throws {
        let spec = try parseSpec("font: {size: 10}\ntags:\n  - {text: a, weight: 1}\n  - {text: b, weight: 3}\n  - c\n", .yaml)
        #expect(resolve(spec).chips.map(\.fontSize) == [10, 20, 10])
        var withScale = spec
        withScale.weights = .init(minSize: 12, maxSize: 36, scale: .linear)
        #expect(resolve(withScale).chips.map(\.fontSize) == [12, 36, 12])
        #expect(resolve(withScale).baseFontSize == 10)
    }

    @Test func overridesWinOverTheSpec() throws {
        let spec = try parseSpec("width: 300\ntheme: light\nchip: {fill: red, shape: rounded}\nfont: {family: Inter}\n", .yaml)
        var overrides = SpecOverrides()
        try overrides.set("width", to: "200", option: "--width")
        try overrides.set("theme", to: "dark", option: "--theme")
        try overrides.set("chip.fill", to: "#00ff00", option: "--set")
        try overrides.set("font.size", to: "title", option: "--set")
        try overrides.set("spacing.vertical", to: "3", option: "--set")
        try overrides.set("style", to: "collectionView", option: "--style")
        try overrides.set("scale", to: "2", option: "--scale")
        let cloud = resolve(spec, overrides: overrides)
        #expect(cloud.width == 200)
        #expect(cloud.theme == .dark)
        #expect(cloud.defaultLook.fill == .color(CSSColor(red8: 0, green8: 255, blue8: 0)))
        #expect(cloud.shape == .rounded)
        #expect(cloud.fontFamily == "Inter")
        #expect(cloud.baseFontSize == 28)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (10, 3))
        #expect(cloud.style == .collectionView)
        #expect(cloud.scale == 2)
    }

    @Test func mergingKeepsWhatTheOverrideDoesNotGive() {
        let base = TagCloudSpec(spacing: .init(horizontal: 1, vertical: 2),
                                font: .init(family: "A", size: 3),
                                chip: .init(padding: .init(horizontal: 4), selected: .init(fill: .material(.thinMaterial))),
                                tags: [.init("x")])
        let top = TagCloudSpec(spacing: .init(vertical: 9), font: .init(weight: .bold),
                               chip: .init(padding: .init(vertical: 5), selected: .init(checkmark: true)))
        let merged = base.merging(top)
        #expect(merged.spacing == .init(horizontal: 1, vertical: 9))
        #expect(merged.font == .init(family: "A", size: 3, weight: .bold))
        #expect(merged.chip?.padding == .init(horizontal: 4, vertical: 5))
        #expect(merged.chip?.selected == .init(fill: .material(.thinMaterial), checkmark: true))
        #expect(merged.tags == [.init("x")])
        #expect(base.merging(TagCloudSpec()) == base)
        #expect(TagCloudSpec().merging(base) == base)
    }

    @Test func resolvingIsLinearAndKeepsOrder() {
        let tags = (0..<1000).map { TagCloudSpec.Tag("\($0)", weight: Double($0 % 7)) }
        let cloud = resolve(TagCloudSpec(tags: tags))
        #expect(cloud.chips.map(\.text) == tags.map(\.text))
        #expect(cloud.chips[6].fontSize == 34)
        #expect(cloud.chips[7].fontSize == 17)
    }
}
