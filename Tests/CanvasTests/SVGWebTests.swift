import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestRandom
import Typesetting

/// The SVG backend as a citizen of a web page: ids under one prefix, a title, list semantics,
/// links that wrap exactly their chip, classes and custom properties, the automatic theme, the
/// responsive size and the text layer.
@Suite struct SVGWebTests {
    /// The document's id prefix: the root's `id`.
    static func prefix(of svg: String) -> String? {
        guard let range = svg.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"") else { return nil }
        return String(svg[range.upperBound...].prefix(while: { $0 != "\"" }))
    }

    /// A cloud of chips as TagCloud draws it: a cloud group of chip groups, each with a fill, a
    /// border for selected chips, and a label; some linked.
    static func cloud(_ labels: [(String, link: String?, selected: Bool)], fill: RGBAColor = RGBAColor(red8: 0, green8: 122, blue8: 255, opacity: 0.2),
                      text: RGBAColor = .black) throws -> DisplayList {
        var x: CGFloat = 8
        var chips: [DisplayItem] = []
        for (index, chip) in labels.enumerated() {
            let shaped = try Fixtures.shape(chip.0)
            let frame = CGRect(x: x, y: 8, width: shaped.size.width + 24, height: shaped.size.height + 16)
            x = frame.maxX + 8
            var parts: [DisplayItem] = [DisplayItem.fill(.capsule(frame), with: .color(fill)).metadata(role: .chipFill)]
            if chip.selected {
                parts.append(DisplayItem.stroke(.capsule(frame), with: .color(Fixtures.blue), style: StrokeStyle(lineWidth: 1.5),
                                                placement: .inside).metadata(role: .chipBorder))
            }
            parts.append(DisplayItem.text(shaped, at: CGPoint(x: frame.minX + 12, y: frame.minY + 8), with: .color(text)).metadata(role: .label))
            chips.append(DisplayItem(.group(ItemGroup(items: parts)),
                                     metadata: ItemMetadata(label: chip.0, link: chip.link.flatMap(URL.init(string:)),
                                                            identifier: "chip-\(index)", role: .chip, isSelected: chip.selected)))
        }
        return DisplayList(size: CGSize(width: x, height: 60)) {
            DisplayItem(.group(ItemGroup(items: chips)), metadata: ItemMetadata(role: .cloud))
        }
    }

    static let threeChips: [(String, link: String?, selected: Bool)] = [
        ("Swift", "https://www.swift.org", false), ("Linux", nil, true), ("Cairo & Co", "/tags/cairo?x=1&y=2", false),
    ]

    static func text(_ list: DisplayList, options: SVGOptions = SVGOptions(), background: RGBAColor? = nil) throws -> String {
        String(decoding: try list.svgData(background: background, options: options), as: UTF8.self)
    }

    // MARK: Ids

    /// Every id, every `href="#…"` and every `url(#…)` starts with the document's prefix, in random
    /// lists with metadata, clips, gradients and text; and two different pictures get different
    /// prefixes.
    @Test func everyIdAndReferenceStartsWithThePrefix() throws {
        var random = SeededRandom(seed: 12)
        let labels = [try Fixtures.shape("Flow 12"), try Fixtures.shape("🎉", family: "Noto Color Emoji")]
        var prefixes = Set<String>()
        for round in 0..<25 {
            let list = round.isMultiple(of: 2) ? random.nestedList() : random.richList(width: 200, height: 120, labels: labels)
            let text = try Self.text(list)
            let prefix = try #require(Self.prefix(of: text))
            prefixes.insert(prefix)
            #expect(prefix.count == 10 && prefix.hasPrefix("tc"))
            for pattern in ["id=\"", "href=\"#", "url(#"] {
                for part in text.components(separatedBy: pattern).dropFirst() {
                    #expect(part.hasPrefix(prefix), "round \(round): \(pattern)\(part.prefix(20))")
                }
            }
            // Class selectors of the style sheet are scoped by the root's id (or the focus
            // filter's, which starts with it), but for the glyphs' class, named with the prefix,
            // whose rule must reach the glyphs' copies in `<use>` shadow trees.
            for line in text.components(separatedBy: "\n") where line.hasPrefix("#") || line.hasPrefix(".") {
                #expect(line.hasPrefix("#\(prefix) ") || line.hasPrefix("#\(prefix){") || line.hasPrefix("#\(prefix)-focus ")
                        || line.hasPrefix(".\(prefix)-glyph.\(prefix)-glyph{"), "round \(round): \(line)")
            }
        }
        #expect(prefixes.count == 25)
    }

    @Test func aGivenPrefixIsUsedAndABadOneRefused() throws {
        let list = try Self.cloud(Self.threeChips)
        let text = try Self.text(list, options: SVGOptions(idPrefix: "langs"))
        #expect(Self.prefix(of: text) == "langs")
        #expect(text.contains("id=\"langs-chip-0\"") && text.contains("<title id=\"langs-title\">"))
        for bad in ["", "1abc", "a b", "a\"b", "ü", String(repeating: "a", count: 65)] {
            #expect(throws: CanvasError.invalidIdPrefix(bad)) { try list.svgData(options: SVGOptions(idPrefix: bad)) }
        }
    }

    @Test func theSamePictureAlwaysGetsTheSameBytes() throws {
        let list = try Self.cloud(Self.threeChips)
        let options = SVGOptions(darkLook: .init(list: try Self.cloud(Self.threeChips, text: .white)), linkTarget: .blank)
        #expect(try list.svgData(options: options) == list.svgData(options: options))
    }

    // MARK: Reading

    /// The picture is named by its title alone: `aria-labelledby` pointing at it too made Chromium
    /// give the title as the name and again as the description (see
    /// `WebBrowserTests.theAccessibilityTreeNamesEveryChipAndLink`). The default title is English,
    /// and says so in a picture of another language.
    @Test func theTitleNamesThePicture() throws {
        let list = try Self.cloud(Self.threeChips)
        let text = try Self.text(list)
        let prefix = try #require(Self.prefix(of: text))
        // The picture by its <title> child alone; the list inside it points at the title.
        let root = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("<svg") })
        #expect(!root.contains("aria-labelledby"))
        #expect(text.contains("role=\"list\" aria-labelledby=\"\(prefix)-title\""))
        #expect(text.contains("<title id=\"\(prefix)-title\">Tag cloud</title>"))
        var japanese = SVGOptions()
        japanese.language = "ja"
        #expect(try Self.text(list, options: japanese).contains("-title\" lang=\"en\">Tag cloud</title>"))
        japanese.title = "タグ"
        #expect(try Self.text(list, options: japanese).contains("-title\">タグ</title>"))
        var british = SVGOptions()
        british.language = "en-GB"
        #expect(try Self.text(list, options: british).contains("-title\">Tag cloud</title>"))
        let titled = try Self.text(list, options: SVGOptions(title: "Languages <by> share"))
        #expect(titled.contains(">Languages &lt;by&gt; share</title>"))
        #expect(try Self.text(DisplayList(size: CGSize(width: 4, height: 4))).contains(">Picture</title>"))
    }

    /// The cloud is a list of list items named by their tags; each link sits in its list item and
    /// holds exactly its chip: its fill, its border and its label, and nothing of another chip.
    @Test func chipsAreListItemsAndEachLinkWrapsExactlyItsChip() throws {
        let text = try Self.text(try Self.cloud(Self.threeChips), options: SVGOptions(linkTarget: .blank))
        let tree = try XMLTree(text)
        let list = try #require(tree.root.first { $0.attributes["role"] == "list" })
        #expect(list.attributes["class"] == "tc-cloud")
        let items = list.children.filter { $0.attributes["role"] == "listitem" }
        #expect(items.map { $0.attributes["aria-label"] } == ["Swift", "Linux", "Cairo & Co"])
        #expect(items.map { $0.attributes["class"] } == ["tc-chip", "tc-chip tc-selected", "tc-chip"])
        let links = tree.root.all { $0.name == "a" }
        #expect(links.count == 2)
        for (index, expected) in [(0, "https://www.swift.org"), (2, "/tags/cairo?x=1&y=2")] {
            let link = try #require(items[index].children.first)
            #expect(items[index].children.count == 1 && link.name == "a")
            #expect(link.attributes["href"] == expected && link.attributes["class"] == "tc-link")
            #expect(link.attributes["target"] == "_blank" && link.attributes["rel"] == "noopener")
            // Exactly the chip: its fill, its label's outlines and its real text.
            #expect(link.children.map { $0.attributes["class"] ?? $0.name }.map { $0.components(separatedBy: " ")[0] }
                    == ["tc-chip-fill", "tc-label", "tc-text"])
            #expect(link.all { $0.name == "text" }.map(\.text) == [Self.threeChips[index].0])
        }
        #expect(items[1].children.contains { $0.attributes["class"]?.hasPrefix("tc-chip-border") == true })
        #expect(!text.contains("javascript"))
    }

    @Test func linkTargets() throws {
        let list = try Self.cloud([("Swift", "https://www.swift.org", false)])
        // The link is named by the chip's whole label.
        #expect(try Self.text(list, options: SVGOptions(linkTarget: .current)).contains("<a class=\"tc-link\" href=\"https://www.swift.org\" aria-label=\"Swift\">"))
        #expect(try Self.text(list, options: SVGOptions(linkTarget: .top)).contains("href=\"https://www.swift.org\" aria-label=\"Swift\" target=\"_top\">"))
        #expect(try Self.text(list, options: SVGOptions(linkTarget: .blank)).contains("target=\"_blank\" rel=\"noopener\">"))
    }

    /// The backend is the last line of defence: a display list built by hand with an unsafe link
    /// fails to render in SVG and PDF, whatever the letter case.
    @Test(arguments: ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:msgbox", "data:text/html,x", "file:///etc/passwd"])
    func unsafeLinksAreRefusedByTheBackends(href: String) throws {
        let url = try #require(URL(string: href))
        let list = DisplayList(size: CGSize(width: 10, height: 10)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black)).metadata(link: url)
        }
        for render in [{ _ = try list.svgData() }, { _ = try list.pdfData() }] {
            let error = #expect(throws: CanvasError.self) { try render() }
            guard case .refusedLink? = error else {
                Issue.record("expected a refused link, got \(String(describing: error))")
                continue
            }
        }
        #expect(throws: Never.self) { try list.pngData() }
    }

    @Test func theTextLayerHasEveryLineAndCanBeLeftOut() throws {
        let list = try Self.cloud(Self.threeChips)
        let text = try Self.text(list)
        let tree = try XMLTree(text)
        #expect(tree.root.all { $0.name == "text" }.map(\.text) == ["Swift", "Linux", "Cairo & Co"])
        for node in tree.root.all({ $0.name == "text" }) {
            #expect(node.attributes["fill-opacity"] == "0" && node.attributes["lengthAdjust"] == "spacingAndGlyphs")
        }
        #expect(!(try Self.text(list, options: SVGOptions(writesTextLayer: false))).contains("<text"))
    }

    // MARK: Styling

    @Test func coloursAreClassesReadingCustomPropertiesWithTheColourAsFallback() throws {
        let text = try Self.text(try Self.cloud(Self.threeChips))
        #expect(text.contains("{fill:var(--tc-chip-fill,#007aff33)}"))
        #expect(text.contains("{fill:var(--tc-text,#000000)}"))
        #expect(text.contains("{fill:var(--tc-selected-text,#000000)}"))
        #expect(text.contains("{stroke:var(--tc-selected-stroke,#007aff)}"))
        // The presentation attribute is the fallback of renderers without custom properties.
        #expect(text.contains("class=\"tc-chip-fill ") && text.contains(" fill=\"#007aff33\""))
        // Hover and focus follow the chip's shape.
        #expect(text.contains(".tc-link:focus-visible .tc-chip-fill{filter:url(#"))
        #expect(text.contains("-focus\" x=\"-50%\"") && text.contains("flood-color:var(--tc-focus-ring,#0a84ff)"))
        #expect(!text.contains("<rect class=\"tc-background"))
    }

    @Test func anAutomaticThemeAddsTheDarkColoursInAMediaBlock() throws {
        let light = try Self.cloud(Self.threeChips)
        let dark = try Self.cloud(Self.threeChips, fill: RGBAColor(red8: 10, green8: 132, blue8: 255, opacity: 0.25), text: .white)
        let text = try Self.text(light, options: SVGOptions(darkLook: .init(list: dark, background: .black)), background: .white)
        let media = try #require(text.range(of: "@media screen and (prefers-color-scheme:dark){")).upperBound
        let block = text[media...]
        #expect(block.contains("{fill:var(--tc-chip-fill,#0a84ff40)}") && block.contains("{fill:var(--tc-text,#ffffff)}"))
        #expect(block.contains("{fill:var(--tc-background,#000000)}"))
        // The light look stays the default.
        #expect(text[..<media].contains("{fill:var(--tc-chip-fill,#007aff33)}"))
        // A dark look that is not the same picture is refused.
        let other = try Self.cloud(Array(Self.threeChips.prefix(2)))
        #expect(throws: CanvasError.self) { try light.svgData(options: SVGOptions(darkLook: .init(list: other))) }
    }

    /// A responsive SVG is as wide as its container by its style sheet, and keeps its size in
    /// pixels as attributes for a container sized by its content (a `width="100%"` alone gave an
    /// inline block nothing to size by: Chromium drew it 300 pixels wide).
    @Test func responsiveIsAsWideAsItsContainerByItsStyleSheet() throws {
        let list = try Self.cloud(Self.threeChips)
        let text = try Self.text(list, options: SVGOptions(isResponsive: true))
        let root = try XMLTree(text).root
        let fixedText = try Self.text(list)
        let fixed = try XMLTree(fixedText).root
        #expect(root.attributes["width"] == fixed.attributes["width"] && root.attributes["height"] == "60")
        #expect(fixed.attributes["height"] == "60" && fixed.attributes["viewBox"]?.hasSuffix(" 60") == true)
        #expect(root.attributes["viewBox"] == fixed.attributes["viewBox"])
        let prefix = try #require(Self.prefix(of: text))
        #expect(text.contains("#\(prefix){width:100%;max-width:100%;height:auto}"))
        #expect(fixedText.contains("{width:\(fixed.attributes["width"] ?? "?")px;max-width:100%;height:auto}"))
    }

    @Test func glyphOutlinesAreDefinedOncePerGlyphAcrossSizes() throws {
        var items: [DisplayItem] = []
        for (index, size) in [12.0, 17, 24, 40].enumerated() {
            items.append(.text(try Fixtures.shape("Swift", size: size), at: CGPoint(x: 4, y: 4 + 50 * Double(index)), with: .color(.black)))
        }
        let text = try Self.text(DisplayList(size: CGSize(width: 200, height: 210), items: items))
        let prefix = try #require(Self.prefix(of: text))
        #expect(text.components(separatedBy: "<path id=\"\(prefix)-g").count - 1 == 5)  // S, w, i, f, t
        #expect(text.components(separatedBy: "<use href=\"#\(prefix)-g").count - 1 == 20)
    }
}

/// A parsed XML document as a small tree, for structural expectations.
struct XMLTree {
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// The first node, depth first, this one included, that satisfies `predicate`.
        func first(_ predicate: (Node) -> Bool) -> Node? {
            if predicate(self) { return self }
            for child in children { if let found = child.first(predicate) { return found } }
            return nil
        }

        /// Every node, depth first, this one included, that satisfies `predicate`.
        func all(_ predicate: (Node) -> Bool) -> [Node] {
            (predicate(self) ? [self] : []) + children.flatMap { $0.all(predicate) }
        }
    }

    let root: Node

    init(_ text: String) throws {
        let delegate = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse(), let root = delegate.root else {
            throw CanvasError.invalidItem(item: "XML", reason: String(describing: parser.parserError))
        }
        self.root = root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Node?
        var stack: [Node] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = Node(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
