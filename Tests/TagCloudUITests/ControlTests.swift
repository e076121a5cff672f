@testable import TagCloudUI
import Testing

/// Buttons, pickers, sliders, symbols, shapes, colours and materials.
@MainActor
@Suite("Controls, symbols and shapes draw in iOS's light style")
struct ControlTests {
    @Test("Button draws its label, tinted by the automatic style and as it is with .plain")
    func button() throws {
        let automatic = try render(Button("Tap") {})
        #expect(automatic.texts.first?.item.shading == .color(Color.blue.rgba))
        let plain = try render(Button(action: {}) { Text("Tap").padding(4) }.buttonStyle(.plain))
        #expect(plain.texts.first?.item.shading == .color(.black))
        #expect(plain.size == (try render(Text("Tap").padding(4))).size)
        let destructive = try render(Button(role: .destructive, action: {}) { Text("Delete") })
        #expect(destructive.texts.first?.item.shading == .color(Color.red.rgba))
        let prominent = try render(Button("Go") {}.buttonStyle(.borderedProminent))
        #expect(prominent.texts.first?.item.shading == .color(.white))
        guard case .fill(.roundedRect(let frame, _, _), .color(let fill), _) = prominent.items.first?.content else {
            Issue.record("no background")
            return
        }
        #expect(frame.size == prominent.size)
        #expect(fill == Color.blue.rgba)
    }

    private struct Outlined: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.padding(3).border(Color.green)
        }
    }

    @Test("A custom ButtonStyle draws its makeBody")
    func customButtonStyle() throws {
        let result = try render(Button("A") {}.buttonStyle(Outlined()))
        let text = try typesetter().shape("A", font: .body).size
        #expect(result.size == CGSize(width: text.width + 6, height: text.height + 6))
        #expect(result.texts.first?.item.shading == .color(.black))
    }

    private enum Fruit: String, CaseIterable, Identifiable {
        case apple, pear, plum
        var id: Self { self }
    }

    @Test("A segmented Picker is as wide as proposed, 32 points tall, with the selection on a white thumb")
    func segmentedPicker() throws {
        let picker = Picker("Fruit", selection: .constant(Fruit.pear)) {
            ForEach(Fruit.allCases) { Text($0.rawValue) }
        }
        .pickerStyle(.segmented)
        let result = try render(picker, proposal: ProposedViewSize(width: 300, height: nil))
        #expect(result.size == CGSize(width: 300, height: 32))
        let whites = result.items.compactMap { item -> CGRect? in
            guard case .fill(.roundedRect(let frame, _, _), .color(.white), _) = item.content else { return nil }
            return frame
        }
        #expect(whites == [rect(102, 2, 96, 28)])
        #expect(result.texts.map(\.metadata.label) == ["apple", "pear", "plum"])
        #expect(result.texts.compactMap(\.item.runs.first?.face.weightClass) == [400, 600, 400])
        #expect(result.texts.compactMap(\.item.runs.first?.fontSize) == [13, 13, 13])
        let tagged = try render(Picker("Fruit", selection: .constant(2)) {
            Text("one").tag(1)
            Text("two").tag(2)
        }.pickerStyle(.segmented), proposal: ProposedViewSize(width: 100, height: nil))
        #expect(tagged.texts.compactMap(\.item.runs.first?.face.weightClass) == [400, 600])
    }

    @Test("A menu Picker shows the selected option, tinted, with an up-down chevron")
    func menuPicker() throws {
        let result = try render(Picker("Fruit", selection: .constant(Fruit.plum)) {
            ForEach(Fruit.allCases) { Text($0.rawValue) }
        })
        #expect(result.texts.map(\.metadata.label) == ["plum"])
        #expect(result.texts.first?.item.shading == .color(Color.blue.rgba))
        #expect(result.frames.contains { $0.kind == "Image(chevron.up.chevron.down)" })
    }

    @Test("Slider is as wide as proposed with the thumb at the value")
    func slider() throws {
        let result = try render(Slider(value: .constant(25.0), in: 0...100), proposal: ProposedViewSize(width: 228, height: nil))
        #expect(result.size == CGSize(width: 228, height: 28))
        let thumbs = result.items.compactMap { item -> CGRect? in
            guard case .fill(.circle(let frame), .color(.white), _) = item.content else { return nil }
            return frame
        }
        #expect(thumbs == [rect(50.5, 0.5, 27, 27)])
        let empty = try render(Slider(value: .constant(0.0)))
        #expect(empty.size == CGSize(width: 160, height: 28))
    }

    @Test("Image(systemName:) is sized relative to the font and centred on its capitals")
    func symbols() throws {
        let body = try render(Image(systemName: "checkmark"))
        #expect(body.size == CGSize(width: 17, height: 17 * 0.94))
        let small = try render(Image(systemName: "checkmark").font(.system(size: 12, weight: .bold)))
        #expect(small.size == CGSize(width: 12, height: 12 * 0.94))
        guard case .stroke(_, _, let style, _) = small.items.first?.content else {
            Issue.record("no stroke")
            return
        }
        #expect(abs(style.lineWidth - 12 * (0.03 + 7 * 0.017)) < 1e-12)
        #expect(style.lineCap == .round)
        let large = try render(Image(systemName: "star.fill").imageScale(.large))
        #expect(abs(large.size.width - 17 * 1.3 * 1.14) < 1e-12)
        let unknown = try render(HStack(spacing: 0) { Image(systemName: "no.such.symbol"); Color.red.frame(width: 1, height: 1) })
        #expect(unknown.size == CGSize(width: 1, height: 1))
        let resizable = try render(Image(systemName: "heart.fill").resizable().frame(width: 40, height: 30))
        #expect(resizable.frames(of: "Image(heart.fill)") == [rect(0, 0, 40, 30)])
        let metrics = try typesetter().metrics(for: .body)
        let aligned = try render(HStack(alignment: .firstTextBaseline, spacing: 0) {
            Text("A")
            Image(systemName: "circle")
        })
        let symbolFrame = try #require(aligned.frames(of: "Image(circle)").first)
        let textOrigin = try #require(aligned.texts.first?.item.origin)
        let baseline = textOrigin.y + (try typesetter().shape("A", font: .body).firstBaseline)
        #expect(abs(symbolFrame.midY - (baseline - metrics.capHeight / 2)) < 1e-9)
    }

    @Test("Every symbol draws something inside its frame")
    func everySymbol() throws {
        for name in Image.systemNames {
            let result = try render(Image(systemName: name).font(.system(size: 100)))
            #expect(!result.items.isEmpty, "\(name)")
            for item in result.items {
                let path: Path
                switch item.content {
                case .fill(.path(let p), _, _), .stroke(.path(let p), _, _, _): path = p
                default: continue
                }
                let bounds = path.controlPointBounds
                #expect(bounds.minX >= -1e-9 && bounds.minY >= -1e-9 && bounds.maxX <= result.size.width + 1e-9
                        && bounds.maxY <= result.size.height + 1e-9, "\(name): \(bounds) in \(result.size)")
            }
        }
        #expect(Image.systemNames.count >= 40)
    }

    @Test("Shapes fill the proposal; fill, stroke and strokeBorder paint them")
    func shapes() throws {
        let result = try render(VStack(spacing: 0) {
            Rectangle()
            RoundedRectangle(cornerRadius: 4, style: .circular).fill(Color.red)
            Capsule().stroke(Color.blue, lineWidth: 2)
            Circle().strokeBorder(Color.green, lineWidth: 3)
            Ellipse().stroke(Color.orange, style: StrokeStyle(lineWidth: 1, dash: [2, 1]))
        }, proposal: ProposedViewSize(width: 40, height: 100))
        let contents = result.items.map(\.content)
        #expect(contents == [
            .fill(.rect(rect(0, 0, 40, 20)), .color(.black), FillStyle()),
            .fill(.roundedRect(rect(0, 20, 40, 20), cornerSize: CGSize(width: 4, height: 4), style: .circular),
                  .color(Color.red.rgba), FillStyle()),
            .stroke(.capsule(rect(0, 40, 40, 20), style: .continuous), .color(Color.blue.rgba), StrokeStyle(lineWidth: 2),
                    .centered),
            .stroke(.circle(rect(0, 60, 40, 20)), .color(Color.green.rgba), StrokeStyle(lineWidth: 3), .inside),
            .stroke(.ellipse(rect(0, 80, 40, 20)), .color(Color.orange.rgba), StrokeStyle(lineWidth: 1, dash: [2, 1]),
                    .centered),
        ])
        #expect(try render(Circle()).size == CGSize(width: 10, height: 10))
        let clear = try render(Capsule().strokeBorder(Color.clear, lineWidth: 1.5).frame(width: 10, height: 10))
        #expect(clear.items.isEmpty)
    }

    @Test("Colors: named iOS colours, RGB, white, HSB, hex and opacity; materials are translucent")
    func colors() throws {
        #expect(Color.blue.rgba == RGBAColor(red8: 0, green8: 122, blue8: 255))
        #expect(Color.gray.opacity(0.1).rgba == RGBAColor(red8: 142, green8: 142, blue8: 147, opacity: 0.1))
        #expect(Color(red: 1, green: 0.5, blue: 0).rgba == RGBAColor(red: 1, green: 0.5, blue: 0))
        #expect(Color(white: 0.25, opacity: 0.5).rgba == RGBAColor(red: 0.25, green: 0.25, blue: 0.25, opacity: 0.5))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1).rgba.green == 1)
        #expect(Color(hex: "#FF8000")?.rgba == RGBAColor(red8: 255, green8: 128, blue8: 0))
        #expect(Color(hex: "#F80C")?.rgba == RGBAColor(red8: 255, green8: 136, blue8: 0, opacity: 0.8))
        #expect(Color(hex: "nope") == nil)
        #expect(abs(Color(.sRGBLinear, red: 1, green: 0, blue: 0).rgba.red - 1) < 1e-12)
        #expect(abs(Color(.sRGBLinear, red: 0.5, green: 0, blue: 0).rgba.red - 0.735_356_983) < 1e-6)
        let materials: [Material] = [.ultraThinMaterial, .thinMaterial, .regularMaterial, .thickMaterial, .ultraThickMaterial]
        let opacities = materials.map { material -> Double in
            guard case .color(let color) = material._shading(in: EnvironmentValues(), bounds: .zero) else { return -1 }
            return color.opacity
        }
        #expect(opacities == opacities.sorted() && Set(opacities).count == 5 && opacities.allSatisfy { $0 > 0 && $0 < 1 })
        let gradient = LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
        #expect(gradient._shading(in: EnvironmentValues(), bounds: rect(10, 0, 100, 20))
                == .linearGradient(stops: GradientStop.evenlySpaced([Color.red.rgba, Color.blue.rgba]),
                                   start: CGPoint(x: 10, y: 10), end: CGPoint(x: 110, y: 10)))
    }
}
