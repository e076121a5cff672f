import Foundation
import Testing
@testable import TagCloud

@Suite struct ResolutionTests {
    static let systemBlue = CSSColor(red8: 0, green8: 122, blue8: 255)
    static let darkBlue = CSSColor(red8: 10, green8: 132, blue8: 255)
    static let systemGray = CSSColor(red8: 142, green8: 142, blue8: 147)

    @Test func defaultsAreTheTagCloudArticle() {
        let cloud = Cloud(tags: ["Swift"]).resolved()
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
                        textColor: .black, checkmark: nil),
            label: nil, tooltip: nil, index: 0)])
        #expect(cloud.defaultLook == cloud.chips[0].look)
    }

    @Test func suggestionChipsSelectedAndNot() throws {
        let spec = try parseSpec("style: suggestionChips\ntags:\n  - Exercise 💪\n  - {text: Read a book 📚, selected: true}\n", .yaml)
        let cloud = spec.resolved()
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
        let cloud = with(Cloud(tags: ["Short"])) { $0.style = .globulusList }.resolved()
        #expect(cloud.baseFontSize == 12)
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (0, 0))
        #expect(cloud.shape == .rounded)
        #expect(cloud.cornerRadius == 4)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing, cloud.padding, cloud.width) == (8, 8, 20, 350))
        #expect(cloud.chips[0].look.fill == .color(Self.systemGray))
    }

    @Test func collectionViewElements() {
        let cloud = with(Cloud(tags: ["Element 1xx"])) { $0.style = .collectionView }.resolved()
        #expect(cloud.shape == .rounded)
        #expect(cloud.cornerRadius == 5)
        #expect(cloud.chips[0].look.fill == .color(Self.systemGray))
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (10, 10))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (8, 8))
        #expect(cloud.baseFontSize == 17)
    }

    @Test func materialCapsules() {
        let cloud = with(Cloud(tags: ["0"])) { $0.style = .materialCapsules }.resolved()
        #expect(cloud.chips[0].look.fill == .material(.regularMaterial))
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (16, 16))
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing, cloud.padding, cloud.width) == (0, 0, 0, 390))
        #expect(cloud.shape == .capsule)
    }

    @Test func wrappingHStackTags() {
        let cloud = with(Cloud()) { $0.style = .wrappingHStack }.resolved()
        #expect(cloud.alignment == .leading)
        #expect(cloud.alignment.horizontal == .leading)
        #expect(cloud.alignment.vertical == .center)
        #expect((cloud.horizontalSpacing, cloud.verticalSpacing) == (8, 8))
        #expect(cloud.baseFontSize == 17)
        #expect((cloud.chipHorizontalPadding, cloud.chipVerticalPadding) == (12, 6))
        #expect(cloud.defaultLook.fill == .color(Self.systemGray.opacity(0.15)))
    }

    @Test func everyStyleMakesA390PointPicture() {
        for style in Cloud.Style.allCases {
            let cloud = with(Cloud()) { $0.style = style }.resolved()
            #expect(cloud.style == style)
            #expect(cloud.width + 2 * cloud.padding == 390, "\(style)")
        }
    }

    @Test func darkThemeSwitchesSystemColours() {
        let cloud = with(Cloud(tags: ["a", with(Cloud.Tag("b")) { $0.selected = true }])) { $0.theme = .dark }.resolved()
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
        let cloud = spec.resolved()
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
        #expect(spec.resolved().chips.map(\.fontSize) == [10, 20, 10])
        var withScale = spec
        withScale.weights = with(Cloud.Weights()) { $0.minSize = 12; $0.maxSize = 36; $0.scale = .linear }
        #expect(withScale.resolved().chips.map(\.fontSize) == [12, 36, 12])
        #expect(withScale.resolved().baseFontSize == 10)
    }

    @Test func overridesWinOverTheSpec() throws {
        let spec = try parseSpec("width: 300\ntheme: light\nchip: {fill: red, shape: rounded}\nfont: {family: Inter}\n", .yaml)
        var set = spec
        try set.setValue("200", forKeyPath: "width", source: "--width")
        try set.setValue("dark", forKeyPath: "theme", source: "--theme")
        try set.setValue("#00ff00", forKeyPath: "chip.fill", source: "--set")
        try set.setValue("title", forKeyPath: "font.size", source: "--set")
        try set.setValue("3", forKeyPath: "spacing.vertical", source: "--set")
        try set.setValue("collectionView", forKeyPath: "style", source: "--style")
        try set.setValue("2", forKeyPath: "scale", source: "--scale")
        #expect(set.location(ofKeyPath: "width") == SpecLocation(source: "--width"))
        #expect(set.location(ofKeyPath: "chip.shape") == at(.yaml, 3, 26))
        let cloud = set.resolved()
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

    /// A quoted value is read as YAML reads a quoted scalar, without its quotes (they became part
    /// of a title, a tag's text, a colour or a family, which were then refused or shown quoted),
    /// and as text when the quotes do not hold the whole value.
    @Test func aQuotedSetValueIsAQuotedScalar() throws {
        var cloud = try parseSpec("tags: [a, b]\n", .yaml)
        try cloud.setValue("\"Hi\"", forKeyPath: "title", source: "--set")
        try cloud.setValue("'yes'", forKeyPath: "tags[0].text", source: "--set")
        try cloud.setValue("\"#ff0000\"", forKeyPath: "chip.fill", source: "--set")
        try cloud.setValue("'Inter'", forKeyPath: "font.family", source: "--set")
        try cloud.setValue("\"12\"", forKeyPath: "tags[1].text", source: "--set")
        #expect(cloud.title == "Hi")
        #expect(cloud.tags.map(\.text) == ["yes", "12"])
        let resolved = cloud.resolved()
        #expect(resolved.defaultLook.fill == .color(CSSColor(red8: 255, green8: 0, blue8: 0)))
        #expect(resolved.fontFamily == "Inter")
        var other = try parseSpec("tags: [a]\n", .yaml)
        try other.setValue("\"Hi\" there", forKeyPath: "title", source: "--set")
        #expect(other.title == "\"Hi\" there")
    }

    @Test func mergingKeepsWhatTheOverrideDoesNotGive() {
        let base = with(Cloud(tags: ["x"])) {
            $0.spacing = .init(horizontal: 1, vertical: 2)
            $0.font = with(Cloud.Font()) { $0.family = "A"; $0.size = 3 }
            $0.chip = with(Cloud.Chip()) {
                $0.padding = .init(horizontal: 4)
                $0.selected = with(Cloud.SelectedChip()) { $0.fill = .material(.thinMaterial) }
            }
        }
        let top = with(Cloud()) {
            $0.spacing = .init(vertical: 9)
            $0.font = with(Cloud.Font()) { $0.weight = .bold }
            $0.chip = with(Cloud.Chip()) {
                $0.padding = .init(vertical: 5)
                $0.selected = with(Cloud.SelectedChip()) { $0.checkmark = true }
            }
        }
        let merged = base.merging(top)
        #expect(merged.spacing == .init(horizontal: 1, vertical: 9))
        #expect(merged.font == with(Cloud.Font()) { $0.family = "A"; $0.size = 3; $0.weight = .bold })
        #expect(merged.chip?.padding == .init(horizontal: 4, vertical: 5))
        #expect(merged.chip?.selected == with(Cloud.SelectedChip()) { $0.fill = .material(.thinMaterial); $0.checkmark = true })
        #expect(merged.tags == ["x"])
        #expect(base.merging(Cloud()) == base)
        #expect(Cloud().merging(base) == base)
    }

    @Test func resolvingIsLinearAndKeepsOrder() {
        let tags = (0..<1000).map { index in with(Cloud.Tag("\(index)")) { $0.weight = Double(index % 7) } }
        let cloud = Cloud(tags: tags).resolved()
        #expect(cloud.chips.map(\.text) == tags.map(\.text))
        #expect(cloud.chips[6].fontSize == 34)
        #expect(cloud.chips[7].fontSize == 17)
    }
}
