@testable import TagCloudUI
import Testing

/// Text: sizes from Typesetting, the environment's font and paragraph settings, wrapping.
@MainActor
@Suite("Text measures and wraps as Typesetting lays it out")
struct TextTests {
    @Test("Text is the browser layout size of its string in the 17-point body font")
    func bodyFont() throws {
        let expected = try typesetter().shape("Swift", font: Font(size: 17)).size
        let result = try render(Text("Swift"))
        #expect(result.size == expected)
        #expect(expected.height == 20)
        #expect(result.texts.count == 1)
        #expect(result.texts.first?.item.origin == .zero)
        #expect(result.texts.first?.metadata.label == "Swift")
    }

    @Test("Literals, interpolations, verbatim and string values give the same text")
    func initializers() throws {
        let count = 3
        let name = "tags"
        let result = try render(VStack {
            Text("\(count) \(name)")
            Text(verbatim: "3 tags")
            Text(name)
            Text("\(2.5, specifier: "%.1f")")
            Text("a") + Text("b")
        })
        #expect(result.texts.map(\.metadata.label) == ["3 tags", "3 tags", "tags", "2.5", "ab"])
    }

    @Test("font(_:), fontWeight(_:), bold() and italic() choose the face and size")
    func fontModifiers() throws {
        let result = try render(VStack {
            Text("a").font(.system(size: 34))
            Text("b").fontWeight(.semibold)
            Text("c").bold()
            Text("d").italic()
            Text("e").font(.headline)
            Text("f")
        }.font(.subheadline))
        let runs = result.texts.compactMap(\.item.runs.first)
        #expect(runs.map(\.fontSize) == [34, 15, 15, 15, 17, 15])
        #expect(runs.map(\.face.weightClass) == [400, 600, 700, 400, 600, 400])
        #expect(runs.map(\.face.isItalic) == [false, false, false, true, false, false])
        let viewLevel = try render(Text("g").bold().italic().fontWeight(.black))
        #expect(viewLevel.texts.first?.item.runs.first?.face.weightClass == 900)
        let environment = try render(HStack { Text("h") }.fontWeight(.bold).italic())
        #expect(environment.texts.first?.item.runs.first?.face.weightClass == 700)
        #expect(environment.texts.first?.item.runs.first?.face.isItalic == true)
    }

    @Test("Text proposed a narrower width wraps at word boundaries")
    func wraps() throws {
        let string = "Learn something new every day"
        let ideal = try typesetter().shape(string, font: .body)
        let wrapped = try typesetter().shape(string, font: .body, width: 120)
        #expect(wrapped.lines.count > 1)
        let result = try render(Text(string), proposal: ProposedViewSize(width: 120, height: nil))
        #expect(result.size == wrapped.size)
        #expect(result.texts.first?.item.runs == wrapped.runs)
        let wide = try render(Text(string), proposal: ProposedViewSize(width: 1000, height: nil))
        #expect(wide.size == ideal.size)
    }

    @Test("lineLimit(_:) and truncationMode(_:) truncate wrapped text")
    func lineLimit() throws {
        let string = "Learn something new every day"
        let expected = try typesetter().shape(string, font: .body, width: 120, lineLimit: 1, truncation: .middle)
        let result = try render(Text(string).lineLimit(1).truncationMode(.middle), proposal: ProposedViewSize(width: 120, height: nil))
        #expect(expected.isTruncated)
        #expect(result.size == expected.size)
        #expect(result.texts.first?.item.runs == expected.runs)
    }

    @Test("Text proposed a shorter height shows the lines that fit, truncated")
    func heightTruncation() throws {
        let string = "Learn something new every day"
        let expected = try typesetter().shape(string, font: .body, width: 120, lineLimit: 1)
        let result = try render(Text(string), proposal: ProposedViewSize(width: 120, height: 25))
        #expect(result.size == expected.size)
    }

    @Test("multilineTextAlignment(_:) aligns the lines")
    func multilineAlignment() throws {
        let string = "Learn something new every day"
        let expected = try typesetter().shape(string, font: .body, width: 150, alignment: .center)
        let result = try render(Text(string).multilineTextAlignment(.center), proposal: ProposedViewSize(width: 150, height: nil))
        #expect(result.texts.first?.item.runs == expected.runs)
        let leading = try typesetter().shape(string, font: .body, width: 150)
        #expect(expected.runs != leading.runs)
    }

    @Test("Texts of different sizes align on their first baselines")
    func baselineAlignment() throws {
        let small = try typesetter().shape("a", font: .body)
        let large = try typesetter().shape("B", font: .largeTitle)
        let result = try render(HStack(alignment: .firstTextBaseline, spacing: 0) {
            Text("a")
            Text("B").font(.largeTitle)
        })
        #expect(result.texts.map(\.item.origin) == [CGPoint(x: 0, y: large.firstBaseline - small.firstBaseline),
                                                   CGPoint(x: small.size.width, y: 0)])
    }

    @Test("Two texts stacked vertically are separated by the upper one's line gap")
    func textSpacing() throws {
        let line = try typesetter().shape("a", font: .body).size.height
        let metrics = try typesetter().metrics(for: .body)
        let result = try render(VStack { Text("a"); Text("b") })
        #expect(result.size.height == 2 * line + metrics.lineGap)
        let padded = try render(VStack { Text("a").padding(.bottom, 1); Text("b").padding(.top, 1) })
        #expect(padded.size.height == 2 * line + 2 + 8)
    }

    @Test("Emoji are shaped with the colour emoji font")
    func emoji() throws {
        let result = try render(Text("Exercise 💪"))
        let faces = result.texts.first?.item.runs.map(\.face.hasColorBitmaps) ?? []
        #expect(faces.contains(true))
        #expect(faces.contains(false))
    }

    @Test("Text in right to left reads from the right")
    func rightToLeft() throws {
        let expected = try typesetter().shape("abc", font: .body, direction: .rightToLeft)
        let result = try render(Text("abc").environment(\.layoutDirection, .rightToLeft))
        #expect(result.texts.first?.item.runs == expected.runs)
    }
}
