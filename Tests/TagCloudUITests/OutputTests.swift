import Canvas
import Foundation
@testable import TagCloudUI
import TagCloudTesting
import Testing

/// PNG, SVG and PDF output, and golden pictures of the symbols and controls.
@MainActor
@Suite("ImageRenderer output")
struct OutputTests {
    @Test("pngData() is ceil(size × scale) pixels on the background; transparent without one")
    func png() throws {
        let renderer = ImageRenderer(content: Color.red.frame(width: 30.5, height: 20))
        renderer.scale = 2
        let image = try RGBAImage(pngData: renderer.pngData())
        #expect(image.width == 61 && image.height == 40)
        #expect(Array(image.pixels[0..<4]) == [255, 59, 48, 255])
        let padded = ImageRenderer(content: Color.red.frame(width: 10, height: 10).padding(5))
        let opaque = try RGBAImage(pngData: padded.pngData())
        #expect(Array(opaque.pixels[0..<4]) == [255, 255, 255, 255])
        padded.background = nil
        let clear = try RGBAImage(pngData: padded.pngData())
        #expect(clear.pixels[3] == 0)
    }

    @Test("svgData() carries text labels, identifiers and links; pdfData() is a PDF")
    func svgAndPDF() throws {
        let url = try #require(URL(string: "https://example.com/swift"))
        let view = HStack {
            Text("Swift").padding(4).background(Capsule().fill(Color.blue.opacity(0.2)))
                .displayMetadata(label: "Swift", link: url, identifier: "chip-swift")
        }
        let renderer = ImageRenderer(content: view)
        let svg = String(decoding: try renderer.svgData(), as: UTF8.self)
        #expect(svg.contains("chip-swift"))
        #expect(svg.contains("https://example.com/swift"))
        #expect(svg.contains("data-label=\"Swift\""))
        let pdf = try renderer.pdfData()
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test("svgData(options:) writes the id prefix, title, size, link target and dark look")
    func svgWithOptions() throws {
        // The example of svgData(options:)'s documentation.
        func chip(_ text: Color, on fill: Color) -> some View {
            Text("Swift").foregroundColor(text).padding(8).background(Capsule().fill(fill))
        }
        let renderer = ImageRenderer(content: chip(.black, on: .yellow))
        var options = SVGOptions(idPrefix: "languages", title: "Languages by share", isResponsive: true)
        let dark = ImageRenderer(content: chip(.white, on: .indigo))
        options.darkLook = SVGOptions.DarkLook(list: try dark.displayList(), background: RGBAColor(red: 0, green: 0, blue: 0))
        let svg = String(decoding: try renderer.svgData(options: options), as: UTF8.self)

        #expect(svg.contains("<title id=\"languages-title\">Languages by share</title>"), "\(svg.prefix(400))")
        let root = svg.prefix { $0 != "\n" }
        #expect(root.contains(" height=\"") && root.contains(" viewBox=") && svg.contains("#languages{width:100%;"),
                "responsive: 100 % wide by the style sheet, its size in pixels as attributes: \(root)")
        #expect(svg.contains("@media screen and (prefers-color-scheme:dark){\n#languages .languages-c0{fill:var(--tc-background,#000000)}\n"
                             + "#languages .languages-c1{fill:#5856d6}"), "the dark look's background and fill")
        let plain = String(decoding: try renderer.svgData(), as: UTF8.self)
        let plainRoot = plain.prefix { $0 != "\n" }
        #expect(!plain.contains("languages-") && !plain.contains("prefers-color-scheme") && plainRoot.contains(" height=\""))
        #expect(try renderer.svgData() == renderer.svgData(options: SVGOptions()), "svgData() is the default options")

        let url = try #require(URL(string: "https://example.com/swift"))
        let linked = ImageRenderer(content: chip(.black, on: .yellow).displayMetadata(label: "Swift", link: url, identifier: "chip-0"))
        let blank = String(decoding: try linked.svgData(options: SVGOptions(linkTarget: .blank)), as: UTF8.self)
        #expect(blank.contains("target=\"_blank\"") && blank.contains("noopener"))

        #expect {
            try renderer.svgData(options: SVGOptions(idPrefix: "9 bad id"))
        } throws: { error in
            guard case .renderingFailed(let format, _) = error as? TagCloudUIError else { return false }
            return format == .svg
        }
    }

    @Test("An impossible picture is a rendering error")
    func tooLarge() throws {
        let renderer = ImageRenderer(content: Color.red.frame(width: 100_000, height: 10))
        renderer.scale = 4
        #expect {
            try renderer.pngData()
        } throws: { error in
            guard case .renderingFailed(let format, _) = error as? TagCloudUIError else { return false }
            return format == .png
        }
    }

    @Test("Symbols, controls and text look as iOS draws them")
    func sheet() throws {
        let renderer = ImageRenderer(content: ControlSheet())
        renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
        assertSnapshot(of: try renderer.displayList(), as: .image(scale: 2, background: .white))
    }

    @Test("Right to left mirrors stacks, padding, text and the segmented picker")
    func rightToLeft() throws {
        let renderer = ImageRenderer(content: ControlSheet.Mirrored().environment(\.layoutDirection, .rightToLeft))
        renderer.proposedSize = ProposedViewSize(width: 390, height: nil)
        assertSnapshot(of: try renderer.displayList(), as: .image(scale: 2, background: .white))
    }
}

/// A label with a symbol, as a plain button's content.
private struct Label: View {
    let title: String
    init(_ title: String) { self.title = title }
    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "plus.circle.fill").foregroundStyle(.green)
            Text(title)
        }
    }
}

/// Every symbol, the button styles, a picker, a slider, a divider and wrapped text.
private struct ControlSheet: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            FlowLayout(alignment: .leading, itemSpacing: 14, lineSpacing: 14) {
                ForEach(Image.systemNames, id: \.self) { name in
                    Image(systemName: name).font(.system(size: 24))
                }
            }
            HStack(alignment: .firstTextBaseline) {
                Text("Favourite")
                Image(systemName: "star.fill").foregroundStyle(.yellow)
                Image(systemName: "heart.fill").foregroundStyle(.red)
                Image(systemName: "checkmark.circle.fill").foregroundStyle(.green)
                Text("Tag").font(.title)
                Image(systemName: "tag").font(.title)
            }
            HStack {
                Button("Automatic") {}
                Button("Bordered") {}.buttonStyle(.bordered)
                Button("Prominent") {}.buttonStyle(.borderedProminent)
            }
            HStack {
                Button("Delete", role: .destructive) {}
                Button(action: {}) { Label("Plain") }.buttonStyle(.plain)
            }
            Mirrored()
            Divider()
            Text("A long text that wraps onto several lines when it is proposed a narrow width.")
                .multilineTextAlignment(.center)
                .frame(width: 200)
                .frame(maxWidth: .infinity)
        }
        .padding()
    }

    /// The part of the sheet the right-to-left test mirrors.
    struct Mirrored: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Picker("Size", selection: .constant(1)) {
                    Text("Small").tag(0)
                    Text("Medium").tag(1)
                    Text("Large").tag(2)
                }
                .pickerStyle(.segmented)
                Slider(value: .constant(0.3))
                HStack {
                    Image(systemName: "magnifyingglass")
                    Text("Search tags")
                    Spacer()
                    Image(systemName: "chevron.right").foregroundStyle(.secondary)
                }
                .padding(.horizontal, 12)
                .padding(.vertical, 8)
                .background(RoundedRectangle(cornerRadius: 10).fill(Color.gray.opacity(0.12)))
                Picker("Fruit", selection: .constant("pear")) {
                    ForEach(["apple", "pear"], id: \.self) { Text($0) }
                }
            }
        }
    }
}
