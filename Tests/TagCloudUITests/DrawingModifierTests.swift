@testable import TagCloudUI
import Testing

/// One test per drawing modifier: what it adds to the display list, and where.
@MainActor
@Suite("Drawing modifiers draw what SwiftUI draws")
struct DrawingModifierTests {
    @Test("background(_:) with a view is proposed the view's size and drawn behind it")
    func backgroundView() throws {
        let result = try render(Color.red.frame(width: 40, height: 20).background(Color.blue).padding(5))
        #expect(result.size == CGSize(width: 50, height: 30))
        #expect(result.rect(filledWith: .blue) == rect(5, 5, 40, 20))
        let order = result.items.compactMap { item -> RGBAColor? in
            if case .fill(_, .color(let color), _) = item.content { return color }
            return nil
        }
        #expect(order == [Color.blue.rgba, Color.red.rgba])
    }

    /// Chip code written for an app taps, hit-tests and describes itself to VoiceOver: those
    /// modifiers compile as in SwiftUI and change nothing drawn.
    @Test("Touch, selection and accessibility modifiers draw nothing")
    func interactionModifiersChangeNothing() throws {
        let plain = try render(Text("Swift").padding(8).background(Capsule().fill(Color.blue)))
        var taps = 0
        let chip = Text("Swift").padding(8).background(Capsule().fill(Color.blue))
            .contentShape(Capsule())
            .onTapGesture { taps += 1 }
            .onLongPressGesture { taps += 1 }
            .allowsHitTesting(true)
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits([.isButton, .isSelected])
            .accessibilityRemoveTraits(.isImage)
            .accessibilityHint("Filters by tag")
            .accessibilityValue("selected")
            .accessibilityHidden(false)
            .textSelection(.enabled)
            .ignoresSafeArea()
            .onTapGesture(count: 2) { location in taps += Int(location.x) }
            .contentShape([.interaction, .hoverEffect], Capsule())
            .onLongPressGesture(minimumDuration: 1, maximumDistance: 5, pressing: { _ in taps += 1 }, perform: { taps += 1 })
            .onLongPressGesture(perform: { taps += 1 }, onPressingChanged: { _ in taps += 1 })
            .accessibilityHint(Text("Filters by tag"))
            .accessibilityValue(Substring("3 posts"))
            .accessibilityAddTraits(.updatesFrequently)
            .edgesIgnoringSafeArea(.all)
        let result = try render(chip)
        #expect(result.size == plain.size && result.items == plain.items)
        #expect(taps == 0)
    }

    /// A pass that neither draws nor records frames leaves out what only draws (a shape
    /// background, metadata) and keeps what layout or an observer sees (a background with a
    /// frame in it, the `GeometryReader` of a measuring background); the sizes and the placement
    /// of what stays are those of a drawing pass.
    @Test("A layout-only pass has no nodes that only draw")
    func layoutOnlyPassesLeaveOutDrawingOnlyNodes() throws {
        let view = HStack(spacing: 4) {
            Color.red.frame(width: 40, height: 20).padding(3).background(Capsule().fill(Color.blue))
                .displayMetadata(ItemMetadata(label: "chip", identifier: "chip-0"))
            Color.green.frame(width: 10, height: 10).background(GeometryReader { _ in Color.clear })
        }
        func kinds(_ node: ViewNode) -> [String] { [node.kind] + node.childNodes.flatMap(kinds) }
        func pass(omitting: Bool) throws -> SettledPass {
            let context = ResolutionContext(typesetter: try resolvedTypesetter(nil), tracksIdentity: false,
                                            omitsDrawingOnlyNodes: omitting)
            return try renderPass(view, proposedSize: .unspecified, scale: 1, environment: EnvironmentValues(), context: context,
                                  recordingFrames: false, recordingTree: false, drawing: false)
        }
        let full = try pass(omitting: false), lean = try pass(omitting: true)
        #expect(kinds(full.root).filter { $0 == "Background" }.count == 2)
        #expect(kinds(full.root).contains("Metadata") && kinds(full.root).contains("Capsule"))
        // The capsule and the metadata are gone; the geometry reader's background stays.
        #expect(kinds(lean.root).filter { $0 == "Background" }.count == 1, "\(kinds(lean.root))")
        #expect(!kinds(lean.root).contains("Metadata") && !kinds(lean.root).contains("Capsule"), "\(kinds(lean.root))")
        #expect(lean.list.size == full.list.size && full.list.size == CGSize(width: 60, height: 26))
    }

    @Test("background(alignment:content:) aligns a smaller background")
    func backgroundAlignment() throws {
        let view = Color.red.frame(width: 40, height: 20).background(alignment: .bottomTrailing) {
            Color.blue.frame(width: 10, height: 5)
        }
        let result = try render(view)
        #expect(result.size == CGSize(width: 40, height: 20))
        #expect(result.rect(filledWith: .blue) == rect(30, 15, 10, 5))
    }

    @Test("background(_:) with a style fills the frame; with a shape, the shape")
    func backgroundStyle() throws {
        let result = try render(Color.red.frame(width: 40, height: 20).background(.regularMaterial))
        let fills = result.items.compactMap { item -> (ResolvedShape, Shading)? in
            if case .fill(let shape, let shading, _) = item.content { return (shape, shading) }
            return nil
        }
        #expect(fills.first?.0 == .rect(rect(0, 0, 40, 20)))
        #expect(fills.first?.1 == .color(RGBAColor(red8: 224, green8: 224, blue8: 228, opacity: 0.65)))
        let shaped = try render(Color.red.frame(width: 40, height: 20).background(Color.blue, in: Capsule()))
        guard case .fill(let shape, .color(let color), _) = shaped.items.first?.content else {
            Issue.record("no fill")
            return
        }
        #expect(shape == .capsule(rect(0, 0, 40, 20), style: .continuous))
        #expect(color == Color.blue.rgba)
    }

    @Test("overlay(_:) is drawn in front, aligned on the view")
    func overlay() throws {
        let result = try render(Color.red.frame(width: 40, height: 20)
            .overlay(Color.blue.frame(width: 10, height: 10), alignment: .topLeading))
        #expect(result.rect(filledWith: .blue) == rect(0, 0, 10, 10))
        guard case .fill(_, .color(let last), _) = result.items.last?.content else {
            Issue.record("no fill")
            return
        }
        #expect(last == Color.blue.rgba)
        let styled = try render(Color.red.frame(width: 40, height: 20).overlay(Color.green.opacity(0.5)))
        #expect(styled.rect(filledWith: Color.green.opacity(0.5)) == rect(0, 0, 40, 20))
    }

    @Test("border(_:width:) strokes inside the frame")
    func border() throws {
        let result = try render(Color.red.frame(width: 40, height: 20).border(Color.blue, width: 2))
        guard case .stroke(let shape, .color(let color), let style, let placement) = result.items.last?.content else {
            Issue.record("no stroke")
            return
        }
        #expect(shape == .rect(rect(0, 0, 40, 20)))
        #expect(color == Color.blue.rgba)
        #expect(style.lineWidth == 2)
        #expect(placement == .inside)
    }

    @Test("clipShape(_:) groups the view with the shape in its frame as the clip")
    func clipShape() throws {
        let result = try render(Circle().frame(width: 60, height: 60).frame(width: 40, height: 20).clipShape(.capsule).padding(4))
        #expect(result.groups.count == 1)
        #expect(result.groups.first?.group.clip == Clip(.capsule(rect(4, 4, 40, 20), style: .continuous)))
        #expect(result.groups.first?.group.items.count == 1)
    }

    @Test("A clip that changes nothing is left out: a background covering it becomes the shape")
    func clipElision() throws {
        let result = try render(Text("7").padding().background(.regularMaterial).clipShape(.capsule))
        #expect(result.groups.isEmpty)
        let size = result.size
        #expect(result.items.first?.content == .fill(.capsule(rect(0, 0, size.width, size.height), style: .continuous),
                                                     .color(RGBAColor(red8: 224, green8: 224, blue8: 228, opacity: 0.65)),
                                                     FillStyle()))
        #expect(result.texts.count == 1)
        let tight = try render(Text("Tight").background(Color.blue).clipShape(.capsule))
        #expect(tight.groups.count == 1)
    }

    @Test("cornerRadius(_:) clips to a circular rounded rectangle; clipped() to the frame")
    func cornerRadius() throws {
        let result = try render(Circle().frame(width: 60, height: 60).frame(width: 40, height: 20).cornerRadius(6))
        #expect(result.groups.first?.group.clip == Clip(.roundedRect(rect(0, 0, 40, 20), cornerRadius: 6, style: .circular)))
        let clipped = try render(Circle().frame(width: 60, height: 60).frame(width: 40, height: 20).clipped())
        #expect(clipped.groups.first?.group.clip == Clip(.rect(rect(0, 0, 40, 20)), style: FillStyle(antialiased: false)))
    }

    @Test("opacity(_:) composites the view as one group; 0 draws nothing")
    func opacity() throws {
        let result = try render(ZStack { Color.red; Color.blue.padding(2) }.frame(width: 20, height: 20).opacity(0.5))
        #expect(result.groups.count == 1)
        #expect(result.groups.first?.group.opacity == 0.5)
        #expect(result.groups.first?.group.items.count == 2)
        let hidden = try render(Color.red.frame(width: 20, height: 20).opacity(0))
        #expect(hidden.items.isEmpty)
    }

    @Test("foregroundStyle(_:) colours text and shapes; foregroundColor(_:) too; the default is black")
    func foregroundStyle() throws {
        let result = try render(VStack {
            Text("a")
            Text("b").foregroundStyle(.blue)
            Text("c").foregroundColor(.red)
            Circle().frame(width: 5, height: 5)
        }.foregroundStyle(Color.green))
        let shadings = result.texts.map(\.item.shading)
        #expect(shadings == [.color(Color.green.rgba), .color(Color.blue.rgba), .color(Color.red.rgba)])
        guard case .fill(.circle, .color(let circle), _) = result.items.last?.content else {
            Issue.record("no circle")
            return
        }
        #expect(circle == Color.green.rgba)
        let plain = try render(Text("a"))
        #expect(plain.texts.first?.item.shading == .color(.black))
        let secondary = try render(Text("a").foregroundStyle(.secondary))
        #expect(secondary.texts.first?.item.shading == .color(RGBAColor(red8: 60, green8: 60, blue8: 67, opacity: 0.6)))
        // A text's own `.secondary` is the inherited foreground style at 60 %, as SwiftUI draws a
        // count beside a tag (it was the default grey under any foreground style).
        let count = try render(HStack { Text("Swift"); Text("12").foregroundStyle(.secondary); Text("3").foregroundStyle(.tertiary) }
            .foregroundStyle(.white))
        #expect(count.texts.map(\.item.shading) == [.color(Color.white.rgba), .color(Color.white.rgba.opacity(0.6)),
                                                    .color(Color.white.rgba.opacity(0.3))])
    }

    @Test("tint(_:) colours controls and the .tint style")
    func tint() throws {
        let result = try render(Rectangle().fill(.tint).frame(width: 5, height: 5).tint(.orange))
        #expect(result.rect(filledWith: .orange) == rect(0, 0, 5, 5))
        let button = try render(Button("Go") {}.tint(.pink))
        #expect(button.texts.first?.item.shading == .color(Color.pink.rgba))
    }

    @Test("displayMetadata, accessibilityLabel and Link put metadata on a group; text items carry their string")
    func metadata() throws {
        let url = try #require(URL(string: "https://example.com/swift"))
        let result = try render(HStack {
            Text("Swift").accessibilityIdentifier("tag-1")
            Link("Docs", destination: url)
        })
        #expect(result.groups.map(\.metadata) == [ItemMetadata(identifier: "tag-1"), ItemMetadata(link: url)])
        #expect(result.texts.map(\.metadata.label) == ["Swift", "Docs"])
        #expect(result.texts.last?.item.shading == .color(Color.blue.rgba))
    }

    @Test("help(_:) puts a tooltip on a group; a truncated text's label is what it shows")
    func helpAndTruncatedLabels() throws {
        let result = try render(VStack {
            Text("Swift").help("The language")
            Text("A long label that does not fit").lineLimit(1).frame(width: 60)
        })
        #expect(result.groups.map(\.metadata) == [ItemMetadata(tooltip: "The language")])
        let labels = result.texts.map(\.metadata.label)
        #expect(labels.first == "Swift")
        #expect(labels.last??.hasSuffix("…") == true && labels.last??.hasPrefix("A l") == true)
    }
}
