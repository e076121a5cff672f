import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TagCloud
import Testing

/// The HTML fragment's structure without a browser: the list, each link wrapping exactly its
/// chip, classes and custom properties, fonts, rows, prefixes and links.
@Suite struct CloudHTMLTests {
    @MainActor
    static func html(_ yaml: String, options: HTMLOptions = HTMLOptions()) throws -> String {
        let rendered = try renderSpec(yaml)
        return String(decoding: try CloudHTML.html(rendered.cloud, rendered: rendered, options: options, typesetter: bundledTypesetter),
                      as: UTF8.self)
    }

    /// The fragment parsed as XML (it is well-formed), under a root element.
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
        /// The text of this node and its descendants, in order.
        var allText: String { text + children.map(\.allText).joined() }
    }

    final class Builder: NSObject, XMLParserDelegate {
        var stack = [Node(name: "root", attributes: [:])]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = Node(name: name, attributes: attributes)
            stack.last?.children.append(node)
            stack.append(node)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    }

    static func list(_ html: String) throws -> Node {
        let builder = Builder()
        let parser = XMLParser(data: Data("<root>\(html)</root>".utf8))
        parser.delegate = builder
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        func find(_ node: Node) -> Node? {
            if node.name == "ul" { return node }
            for child in node.children { if let found = find(child) { return found } }
            return nil
        }
        return try #require(find(builder.stack[0]))
    }

    static let linked = """
        style: suggestionChips
        tags:
          - {text: Swift, href: "https://www.swift.org", selected: true}
          - Linux
          - {text: "Cairo & <Co>", href: " /tags/cairo?a=1&b=2 "}
        """

    /// `linkTarget: _blank` opens pages in a new tab, and leaves a fragment, a `mailto:` and a
    /// `tel:` link where they are, in the HTML and the SVG alike: a fragment scrolls the page the
    /// reader is on, and a mail or telephone link opens an application (in a new tab they left an
    /// empty one behind).
    @Test @MainActor func aNewTabIsOnlyForPages() throws {
        let yaml = """
            tags:
              - {text: Page, href: "https://swift.org"}
              - {text: Path, href: "/tags/path/"}
              - {text: Here, href: "#top"}
              - {text: Mail, href: "mailto:a@example.com"}
              - {text: Phone, href: "tel:+41000"}
            """
        let html = try Self.html(yaml, options: HTMLOptions(linkTarget: .blank))
        let items = try Self.list(html).children.filter { $0.name == "li" }
        let rendered = try renderSpec(yaml)
        let svg = String(decoding: try rendered.webSVGData(options: SVGOptions(linkTarget: .blank)), as: UTF8.self)
        // The SVG's `<a …>` start tags, in the chips' order.
        let svgLinks = svg.components(separatedBy: "<a ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(items.count == 5 && svgLinks.count == 5)
        for (index, opensTab) in [true, true, false, false, false].enumerated() {
            let link = try #require(items[index].children.first)
            #expect((link.attributes["target"] == "_blank") == opensTab, "HTML \(index): \(link.attributes)")
            #expect((link.attributes["rel"] == "noopener") == opensTab)
            #expect(svgLinks[index].contains("target=\"_blank\" rel=\"noopener\"") == opensTab, "SVG \(index): \(svgLinks[index])")
        }
    }

    /// Each chip is a list item named by its tag; a linked chip's `<a>` is its only child and holds
    /// exactly the chip's text (and its checkmark), nothing of another chip.
    @Test @MainActor func eachLinkWrapsExactlyItsChip() throws {
        let html = try Self.html(Self.linked, options: HTMLOptions(linkTarget: .blank))
        let list = try Self.list(html)
        #expect(list.attributes["class"] == "tc-cloud" && list.attributes["aria-label"] == "Tag cloud")
        let items = list.children.filter { $0.name == "li" }
        #expect(items.map { $0.attributes["aria-label"] } == ["Swift", "Linux", "Cairo & <Co>"])
        #expect(items[0].attributes["class"]?.hasPrefix("tc-chip tc-selected ") == true)
        #expect(items[1].attributes["class"]?.contains("tc-selected") == false)
        for (index, href) in [(0, "https://www.swift.org"), (2, "/tags/cairo?a=1&b=2")] {
            #expect(items[index].children.count == 1)
            let link = try #require(items[index].children.first)
            #expect(link.name == "a" && link.attributes["href"] == href && link.attributes["class"] == "tc-body tc-link")
            #expect(link.attributes["target"] == "_blank" && link.attributes["rel"] == "noopener")
            #expect(link.allText == ["Swift", "", "Cairo & <Co>"][index])
        }
        // The selected chip's text and checkmark are inside its link, the checkmark drawn as the
        // picture draws it.
        #expect(items[0].children[0].children.map(\.name) == ["span", "svg"])
        #expect(items[1].children.map(\.name) == ["span"] && items[1].allText == "Linux")
        #expect(!html.contains("javascript"))
    }

    /// A tag's own colours, and a weight scale's, are written as they are: a page's custom
    /// properties retheme the cloud's colours, not the ones that mean something.
    @Test @MainActor func aChipsOwnColoursReadNoCustomProperty() throws {
        let html = try Self.html("tags: [Swift, {text: Red, fill: \"#ff0000\"}, {text: Blue, textColor: \"#0000ff\"}]\n")
        #expect(html.contains("background:var(--tc-chip-fill,#007aff33);color:var(--tc-text,#000000)"))
        #expect(html.contains("background:#ff0000;color:var(--tc-text,#000000)"))
        #expect(html.contains("background:var(--tc-chip-fill,#007aff33);color:#0000ff"))
        let weighted = try Self.html("colors: {gradient: [\"#ff0000\", \"#0000ff\"]}\ntags: [{text: a, weight: 1}, {text: b, weight: 2}]\n")
        #expect(!weighted.contains("--tc-chip-fill") && weighted.contains("background:#ff0000"), "\(weighted)")
        for (yaml, own) in [("tags: [{text: Red, fill: \"#ff0000\"}]\n", true), ("tags: [Swift]\n", false)] {
            let svg = String(decoding: try Cloud(yaml: yaml).rendered(typesetter: bundledTypesetter).data(as: .svg), as: UTF8.self)
            #expect(svg.contains("var(--tc-chip-fill") != own, "\(svg)")
            #expect(svg.contains("var(--tc-text"))
        }
    }

    @Test @MainActor func coloursAreCustomPropertiesWithTheResolvedColoursAsFallbacks() throws {
        let html = try Self.html("style: tagCloud\ntags: [Swift, {text: Linux, selected: true}]\n")
        #expect(html.contains("background:var(--tc-chip-fill,#007aff33)"))
        #expect(html.contains("color:var(--tc-text,#000000)"))
        // No background given: none to theme, as in the SVG.
        #expect(html.contains("background:transparent") && !html.contains("--tc-background"))
        let given = try Self.html("tags: [Swift]\n", options: HTMLOptions(background: CSSColor(red: 1, green: 1, blue: 1)))
        #expect(given.contains("background:var(--tc-background,#ffffff)"))
    }

    @Test @MainActor func theDarkLookGoesIntoAMediaBlock() throws {
        let yaml = "style: suggestionChips\ntags: [Swift, {text: Linux, selected: true}]\n"
        var darkSpec = try Cloud(yaml: yaml)
        darkSpec.theme = .dark
        let options = HTMLOptions(darkLook: darkSpec.resolved(), darkBackground: CSSColor(red: 0, green: 0, blue: 0))
        let html = try Self.html(yaml, options: options)
        let media = try #require(html.range(of: "@media screen and (prefers-color-scheme:dark){")).upperBound
        #expect(html[media...].contains("color:var(--tc-text,#ffffff)"))
        #expect(html[media...].contains("background:var(--tc-background,#000000)"))
    }

    @Test @MainActor func fontsAreEmbeddedSubsetsOrReferencedWithUnicodeRanges() throws {
        let yaml = "tags: [Swift, שלום, \"Pizza 🍕\"]\n"
        let embedded = try Self.html(yaml)
        #expect(embedded.contains("src:url(data:font/otf;base64,"))           // Inter
        #expect(embedded.components(separatedBy: "src:url(data:font/ttf;base64,").count - 1 == 2)  // DejaVu, Noto Color Emoji
        let referenced = try Self.html(yaml, options: HTMLOptions(fontURL: "/fonts"))
        #expect(!referenced.contains("base64"))
        #expect(referenced.contains("src:url(\"/fonts/Inter-Regular.otf\") format(\"opentype\");unicode-range:U+20,U+50,U+53,U+61,U+66,U+69,U+74,U+77,U+7A}"))
        #expect(referenced.contains("src:url(\"/fonts/DejaVuSans.ttf\") format(\"truetype\");unicode-range:U+20,U+5D5,U+5DC-5DD,U+5E9}"))
        #expect(referenced.contains("src:url(\"/fonts/NotoColorEmoji.ttf\") format(\"truetype\");unicode-range:U+20,U+1F355}"))
        #expect(throws: TagCloudError.self) { try Self.html(yaml, options: HTMLOptions(fontURL: "javascript:alert(1)//")) }
    }

    /// A font URL from an untrusted spec cannot leave the style sheet: it is written
    /// percent-encoded, with markup characters escaped, and links that name no folder are refused
    /// with the key's name.
    @Test @MainActor func aFontURLCannotEndTheStyleSheet() throws {
        let yaml = "tags: [Swift]\n"
        for given in ["/f/</style><script>document.body.dataset.pwned=1</script>/", "/f');}</style><script>alert(1)</script>/",
                      "/f/</style>&amp;'\"/"] {
            let html = try Self.html(yaml, options: HTMLOptions(fontURL: given))
            let sources = html.matches(of: /src:url\("([^"]*)"\)/).map { String($0.1) }
            #expect(sources.count == 1, "\(given): \(html.prefix(600))")
            for source in sources {
                #expect(!source.contains("<") && !source.contains(">") && !source.contains("'") && source.hasSuffix("/Inter-Regular.otf"),
                        "\(given): \(source)")
                #expect(source.hasPrefix("/f") && source.contains("%3C/style%3E"), "\(given): \(source)")
            }
            #expect(!html.contains("<script") && html.components(separatedBy: "</style>").count == 2, "\(given)")
        }
        // A query or fragment would come before the file name added after the folder.
        for refused in ["mailto:fonts@example.com", "#fonts", "tel:123", "javascript:alert(1)//", "/fonts/?v=2", "/fonts/#x", "?q=1"] {
            do {
                _ = try Cloud(yaml: "fontURL: \"\(refused)\"\n\(yaml)")
                Issue.record("\(refused) was accepted")
            } catch {
                #expect(error.description.contains("the link \"fontURL\" is refused"), "\(refused): \(error)")
                // Only what a font folder may be is said (not that links may be mailto: or tel:).
                #expect(error.description.contains("a font folder must be") && !error.description.contains("mailto, tel"),
                        "\(refused): \(error)")
                #expect(error.location?.line == 1, "\(refused): \(error)")
            }
            #expect(throws: TagCloudError.self) { try Self.html(yaml, options: HTMLOptions(fontURL: refused)) }
        }
        #expect(throws: Never.self) { try Cloud(yaml: "fontURL: https://cdn.example.com/fonts/\n\(yaml)") }
        // A page's inherited text properties that move or size text are reset on the list (an
        // article's text-indent indented every label).
        let html = try Self.html(yaml)
        #expect(html.contains("text-indent:0;font-size-adjust:none;"))
    }

    /// A selected chip is announced, not only drawn: `aria-current` on its list item, in the
    /// fragment and in the SVG.
    @Test @MainActor func aSelectedChipIsCurrent() throws {
        let yaml = "tags: [Swift, {text: Linux, selected: true}]\n"
        let html = try Self.html(yaml)
        #expect(html.contains("aria-label=\"Linux\" aria-current=\"true\""), "\(html)")
        #expect(html.components(separatedBy: "aria-current").count == 2)
        let svg = String(decoding: try renderSpec(yaml).data(as: .svg), as: UTF8.self)
        #expect(svg.contains("role=\"listitem\" aria-current=\"true\" aria-label=\"Linux\""), "\(svg)")
        #expect(svg.components(separatedBy: "aria-current").count == 2)
        // A linked chip's link carries it: the keyboard reaches the link ("current link").
        let linked = "tags: [Swift, {text: Linux, selected: true, href: \"https://kernel.org\"}]\n"
        let linkedHTML = try Self.html(linked)
        #expect(linkedHTML.contains("<a class=\"tc-body tc-link\" href=\"https://kernel.org\" aria-current=\"true\""), "\(linkedHTML)")
        #expect(linkedHTML.components(separatedBy: "aria-current").count == 2)
        let linkedSVG = String(decoding: try renderSpec(linked).data(as: .svg), as: UTF8.self)
        #expect(linkedSVG.contains("<a class=\"tc-link\" href=\"https://kernel.org\" aria-label=\"Linux\" aria-current=\"true\""), "\(linkedSVG)")
        #expect(linkedSVG.components(separatedBy: "aria-current").count == 2)
    }

    /// A right-to-left cloud's list says its direction in its markup, not only in its style
    /// sheet (a feed reader or a sanitiser strips `<style>`).
    @Test @MainActor func aRightToLeftListSaysSoInItsMarkup() throws {
        #expect(try Self.html("direction: rtl\ntags: [שלום]\n").contains("role=\"list\" dir=\"rtl\""))
        #expect(try !Self.html("tags: [Swift]\n").contains(" dir="))
    }

    @Test @MainActor func balancedRowsAreForcedAtTheSpecsWidthOnly() throws {
        let html = try Self.html("lineBreaking: balanced\ntags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Async/Await, Core Data]\n")
        #expect(html.contains("<li class=\"tc-break\" aria-hidden=\"true\"></li>"))
        #expect(html.contains("container-type:inline-size") && html.contains("@container (min-width:390px)"))
        let greedy = try Self.html("tags: [Swift, SwiftUI, iOS Development, Xcode, UIKit, Combine, Async/Await, Core Data]\n")
        #expect(!greedy.contains("tc-break\"") && !greedy.contains("@container"))
    }

    @Test @MainActor func prefixesAreDerivedOrGivenAndTheBytesAreStable() throws {
        let first = try Self.html("tags: [Swift, Linux]\n")
        #expect(first == (try Self.html("tags: [Swift, Linux]\n")))
        let prefix = try #require(first.range(of: "<ul id=\"").map { String(first[$0.upperBound...].prefix(10)) })
        #expect(prefix.hasPrefix("tc") && first.contains("#\(prefix) .\(prefix)-t0{"))
        #expect(!(try Self.html("tags: [Swift, Linux, Cairo]\n")).contains(prefix))
        let given = try Self.html("tags: [Swift]\n", options: HTMLOptions(idPrefix: "langs"))
        #expect(given.contains("<ul id=\"langs\" class=\"tc-cloud\" role=\"list\"") && given.contains("font-family:\"langs-f0\""))
        #expect(throws: TagCloudError.self) { try Self.html("tags: [Swift]\n", options: HTMLOptions(idPrefix: "9 lives")) }
    }

    @Test @MainActor func aPageIsAWholeDocument() throws {
        let page = try Self.html("tags: [Swift]\n", options: HTMLOptions(title: "Languages", isPage: true))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        // Every style sheet is in the head (one in the body is not valid HTML).
        let parts = page.components(separatedBy: "<body>")
        #expect(parts.count == 2 && parts[0].components(separatedBy: "<style>").count == 3 && !parts[1].contains("<style"))
        // A cloud in one language makes a page in that language.
        let japanese = try Self.html("locale: ja\ntags: [東京, 大阪]\n", options: HTMLOptions(isPage: true))
        #expect(japanese.hasPrefix("<!DOCTYPE html>\n<html lang=\"ja\">"))
        // The cloud's language, with one tag in another: the page, the list and the SVG are in the
        // cloud's (one Hebrew tag made the page English, and the list had no language at all, so
        // its name and the "+N" chip's were read in the page's).
        let mixed = "locale: ar\ntitle: وسوم\ntags: [مرحبا, {text: שלום, locale: he}, سلام, عالم]\n"
        let arabic = try Self.html(mixed, options: HTMLOptions(isPage: true))
        #expect(arabic.hasPrefix("<!DOCTYPE html>\n<html lang=\"ar\">"))
        let fragment = try Self.html(mixed, options: HTMLOptions(title: "وسوم"))
        #expect(fragment.contains("class=\"tc-cloud\" role=\"list\" lang=\"ar\""), "\(fragment)")
        #expect(fragment.contains("lang=\"he\""))
        // The default name ("Tag cloud") and the default "+N" chip's ("2 more tags") are English
        // words, read as such; each tag keeps the cloud's language (a Japanese voice read
        // "Tag cloud" in Japanese).
        let japanese3 = "locale: ja\nmaxRows: 1\nwidth: 120\ntags: [東京, 大阪, 京都, 名古屋]\n"
        let defaults = try Self.html(japanese3)
        #expect(defaults.contains("role=\"list\" lang=\"en\" aria-label=\"Tag cloud\""), "\(defaults)")
        #expect(defaults.contains("aria-label=\"東京\" lang=\"ja\"") && defaults.contains("more tags\">"), "\(defaults)")
        let named = try Self.html(japanese3 + "moreLabel: \"他{count}件\"\n", options: HTMLOptions(title: "タグ"))
        #expect(named.contains("role=\"list\" lang=\"ja\" aria-label=\"タグ\"") && !named.contains("lang=\"en\""), "\(named)")
        let englishMore = try Self.html(japanese3, options: HTMLOptions(title: "タグ"))
        #expect(englishMore.contains("more tags\" lang=\"en\""), "\(englishMore)")
        let svg = String(decoding: try renderSpec(mixed).data(as: .svg), as: UTF8.self)
        // The SVG too: the root and its own title in the cloud's language, a default title and
        // "+N" name in English.
        #expect(svg.contains(" lang=\"ar\">\n<title id=\"") && svg.contains("-title\">وسوم</title>"), "\(svg.prefix(400))")
        let japaneseSVG = String(decoding: try renderSpec(japanese3).data(as: .svg), as: UTF8.self)
        #expect(japaneseSVG.contains(" lang=\"ja\">\n<title id=\"") && japaneseSVG.contains("-title\" lang=\"en\">Tag cloud</title>")
                && japaneseSVG.contains("more tags\" lang=\"en\">"), "\(japaneseSVG)")
        let namedSVG = String(decoding: try renderSpec(japanese3 + "moreLabel: \"他{count}件\"\n").data(as: .svg), as: UTF8.self)
        #expect(!namedSVG.contains("more tags") && namedSVG.components(separatedBy: "lang=\"en\"").count == 2, "\(namedSVG)")
        #expect(!(try Self.html("tags: [Swift]\n")).contains(" lang="))
        #expect(page.contains("<title>Languages</title>") && page.contains("aria-label=\"Languages\"") && page.hasSuffix("</html>\n"))
        #expect(page.contains("<style>body{margin:0}</style>"))
        // A dark cloud's page is dark: its white text never lands on a browser's white page.
        let dark = try Self.html("theme: dark\ntags: [Swift]\n", options: HTMLOptions(isPage: true))
        #expect(dark.contains("<style>:root{color-scheme:dark}body{margin:0;background:#000;color:#fff}</style>"))
    }

    /// `theme: auto` with a light background of the spec's own: the dark look takes the dark
    /// theme's background (white text on the white card was unreadable); a dark one is kept.
    @Test @MainActor func anAutomaticThemeKeepsItsDarkLookReadable() throws {
        let light = try renderSpec("theme: auto\nbackground: white\ntags: [Swift]\n")
        let dark = try #require(light.darkLook)
        #expect(light.cloud.background == CSSColor(red: 1, green: 1, blue: 1))
        #expect(dark.cloud.background != light.cloud.background)
        #expect(WeightColoring.contrast(dark.cloud.defaultLook.textColor, dark.cloud.background) >= WeightColoring.minimumContrast)
        // Web output's dark block takes that background too (it kept the white card, under
        // white text, in the SVG and the HTML alike).
        for format in [OutputFormat.svg, .html] {
            let text = String(decoding: try light.data(as: format), as: UTF8.self)
            let darkBlock = text.components(separatedBy: "@media screen and (prefers-color-scheme:dark){").dropFirst().joined()
            #expect(!darkBlock.isEmpty && darkBlock.contains("--tc-background,#") && !darkBlock.contains("--tc-background,#ffffff"),
                    "\(format): \(darkBlock)")
        }
        let navy = try renderSpec("theme: auto\nbackground: \"#101830\"\ntags: [Swift]\n")
        #expect(navy.darkLook?.cloud.background == navy.cloud.background)
    }

    @Test @MainActor func theMoreChipStandsForTheHiddenTags() throws {
        let html = try Self.html("maxRows: 1\nwidth: 200\ntags: [Swift, Kotlin, TypeScript, Rust, Go, Python]\n")
        let items = try Self.list(html).children.filter { $0.name == "li" }
        let more = try #require(items.last)
        #expect(more.attributes["class"]?.contains("tc-more") == true)
        #expect(more.allText.hasPrefix("+"))
        #expect(items.count < 6)
        // It is named for a screen reader as the tags it stands for ("+3" was read "plus three"),
        // in the HTML and the SVG alike; its text stays "+3".
        let hidden = 6 - (items.count - 1)
        let name = hidden == 1 ? "1 more tag" : "\(hidden) more tags"
        #expect(more.attributes["aria-label"] == name)
        #expect(more.allText == "+\(hidden)")
        let svg = String(decoding: try renderSpec("maxRows: 1\nwidth: 200\ntags: [Swift, Kotlin, TypeScript, Rust, Go, Python]\n")
            .data(as: .svg), as: UTF8.self)
        #expect(svg.contains("class=\"tc-chip tc-more\" role=\"listitem\" aria-label=\"\(name)\""))
        #expect(ChipLabel.moreName(1) == "1 more tag")
    }

    /// A cloud in another language names its "+N" chip in that language (`moreLabel`), in the
    /// HTML and the SVG: it was "3 more tags" in every cloud.
    @Test @MainActor func theMoreChipIsNamedInTheCloudsLanguage() throws {
        let spec = "maxRows: 1\nwidth: 200\nmoreLabel: \"{count} autres étiquettes\"\ntags: [Swift, Kotlin, TypeScript, Rust, Go, Python]\n"
        let items = try Self.list(try Self.html(spec)).children.filter { $0.name == "li" }
        let more = try #require(items.last)
        let hidden = 6 - (items.count - 1)
        #expect(hidden > 1)
        #expect(more.attributes["aria-label"] == "\(hidden) autres étiquettes")
        #expect(more.allText == "+\(hidden)")
        let rendered = try renderSpec(spec)
        let svg = String(decoding: try rendered.data(as: .svg), as: UTF8.self)
        #expect(svg.contains("aria-label=\"\(hidden) autres étiquettes\"") && !svg.contains("more tags"))
        #expect(ChipLabel.moreName(1, template: "{count} de plus ({count})") == "1 de plus (1)")
    }
}

/// The SVG of the 150-tag weighted cloud defines each glyph once and scales it to each of the 50
/// sizes: at most a third of the 561 KB Cairo's SVG surface wrote with a glyph set per size.
@Test @MainActor func theWeightedCloudsSVGIsAtMostAThirdOfItsFormerSize() throws {
    let rendered = try renderSpec(WebSamples.weighted150)
    let svg = try rendered.webSVGData()
    #expect(svg.count <= 561_380 / 3, "\(svg.count) bytes")
}

/// In the SVG the command writes, every link sits in its chip's list item and holds exactly that
/// chip: its fill, its border when selected, its label's outlines and its real text.
@Test func theCommandsSVGLinksWrapExactlyTheirChips() throws {
    let rendered = try renderSpec(CloudHTMLTests.linked)
    let svg = String(decoding: try rendered.data(as: .svg), as: UTF8.self)
    let builder = CloudHTMLTests.Builder()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = builder
    #expect(parser.parse())
    func all(_ node: CloudHTMLTests.Node, _ predicate: (CloudHTMLTests.Node) -> Bool) -> [CloudHTMLTests.Node] {
        (predicate(node) ? [node] : []) + node.children.flatMap { all($0, predicate) }
    }
    let root = builder.stack[0]
    let items = all(root) { $0.attributes["role"] == "listitem" }
    #expect(items.map { $0.attributes["aria-label"] } == ["Swift", "Linux", "Cairo & <Co>"])
    for (index, tag) in [(0, "Swift"), (2, "Cairo & <Co>")] {
        let link = try #require(items[index].children.first)
        #expect(items[index].children.count == 1 && link.name == "a")
        let classes = all(link) { $0.attributes["class"] != nil }.compactMap { $0.attributes["class"]?.components(separatedBy: " ").first }
        #expect(classes.filter { $0 == "tc-chip-fill" }.count == 1 && classes.filter { $0 == "tc-label" }.count == 1)
        #expect(classes.contains("tc-chip-border") == (index == 0) && classes.contains("tc-check") == (index == 0))
        #expect(all(link) { $0.name == "text" }.map(\.text) == [tag])
    }
    #expect(all(root) { $0.name == "a" }.count == 2)
}

/// A link with characters outside ASCII is written alike in the HTML and the SVG: percent-encoded
/// as UTF-8, so that it means the same in a page of any character encoding.
@Test @MainActor func linksAreWrittenAlikeInHTMLAndSVG() throws {
    let yaml = "tags:\n  - {text: Café, href: \"/tags/café/?q=ü&r=a%20b#x\"}\n  - {text: Idn, href: \"https://example.com/ß\"}\n"
    let html = try CloudHTMLTests.html(yaml)
    let svg = String(decoding: try renderSpec(yaml).data(as: .svg), as: UTF8.self)
    func links(_ text: String) -> [String] {
        text.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { !$0.hasPrefix("#") }
    }
    #expect(links(html) == ["/tags/caf%C3%A9/?q=%C3%BC&amp;r=a%20b#x", "https://example.com/%C3%9F"])
    #expect(links(svg) == links(html))
}

/// The tags' language (`locale`) is written as `lang`: on each HTML chip and each SVG text line.
@Test func theLanguageIsWrittenAsLang() throws {
    let rendered = try renderSpec("locale: ja\ntags: [東京, {text: Paris, locale: fr}]\n")
    let html = String(decoding: try rendered.data(as: .html), as: UTF8.self)
    #expect(html.contains("aria-label=\"東京\" lang=\"ja\"") && html.contains("aria-label=\"Paris\" lang=\"fr\""))
    let svg = String(decoding: try rendered.data(as: .svg), as: UTF8.self)
    #expect(svg.contains(" lang=\"ja\"") && svg.contains(" lang=\"fr\""))
}
