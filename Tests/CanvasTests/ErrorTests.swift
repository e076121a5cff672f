import Canvas
import Foundation
import Testing
import Typesetting

/// Typed errors: Cairo's size limit, invalid values with their item paths, Cairo statuses.
@Suite struct ErrorTests {
    let red = Shading.color(RGBAColor(red: 1, green: 0, blue: 0))

    @Test func picturesBeyondCairosLimitNameTheSizeAndTheLimit() throws {
        let list = DisplayList(size: CGSize(width: 20_000, height: 100))
        let error = #expect(throws: CanvasError.self) { try list.pngData(scale: 2) }
        #expect(error == .imageTooLarge(pixelWidth: 40_000, pixelHeight: 200, limit: 32_767))
        #expect(error?.description.contains("40000 × 200 px") == true)
        #expect(error?.description.contains("32767") == true)
        #expect(throws: CanvasError.imageTooLarge(pixelWidth: 100, pixelHeight: 32_768, limit: 32_767)) {
            try DisplayList(size: CGSize(width: 100, height: 32_768)).rgbaImage()
        }
    }

    @Test func thePixelLimitItselfIsAllowed() throws {
        let image = try DisplayList(size: CGSize(width: 32_767, height: 1)).rgbaImage()
        #expect(image.width == 32_767)
    }

    @Test func invalidSizesAndScalesAreRejected() {
        for size in [CGSize(width: 0, height: 10), CGSize(width: 10, height: -1), CGSize(width: 10, height: CGFloat.infinity)] {
            let list = DisplayList(size: size)
            #expect(throws: CanvasError.invalidSize(width: Double(size.width), height: Double(size.height))) { try list.pngData() }
            #expect(throws: CanvasError.self) { try list.svgData() }
            #expect(throws: CanvasError.self) { try list.pdfData() }
        }
        // NaN is not equal to itself, so match the case instead.
        let notANumber = #expect(throws: CanvasError.self) { try DisplayList(size: CGSize(width: CGFloat.nan, height: 10)).pngData() }
        if case .invalidSize(let width, 10)? = notANumber { #expect(width.isNaN) } else { Issue.record("got \(String(describing: notANumber))") }
        let list = DisplayList(size: CGSize(width: 10, height: 10))
        for scale in [0, -1, Double.infinity] {
            #expect(throws: CanvasError.invalidScale(scale)) { try list.pngData(scale: scale) }
        }
        #expect(throws: CanvasError.self) { try list.pngData(scale: .nan) }
    }

    @Test func invalidValuesNameTheirItemPath() throws {
        let nested = DisplayList(size: CGSize(width: 10, height: 10)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 1, height: 1)), with: red)
            DisplayItem.group {
                DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 1, height: 1)), with: red)
                DisplayItem.fill(.rect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)), with: red)
            }
        }
        for render in [{ _ = try nested.pngData() }, { _ = try nested.svgData() }, { _ = try nested.pdfData() }] {
            let error = #expect(throws: CanvasError.self) { try render() }
            guard case .invalidItem(let item, let reason)? = error else {
                Issue.record("expected invalidItem, got \(String(describing: error))")
                continue
            }
            #expect(item == "items[1].items[1]")
            #expect(reason.contains("not finite"))
        }
    }

    @Test func glyphRunsNeedOnePositionPerGlyphAndAPositiveSize() throws {
        let text = try Fixtures.shape("ab")
        var run = try #require(text.runs.first)
        run.positions.removeLast()
        let mismatched = DisplayList(size: CGSize(width: 10, height: 10), items: [
            DisplayItem(.text(TextItem(runs: [run], origin: .zero, shading: red))),
        ])
        #expect(throws: CanvasError.invalidItem(item: "items[0]", reason: "run 0 has 2 glyphs but 1 positions")) { try mismatched.pngData() }
        var sized = try #require(text.runs.first)
        sized.fontSize = 0
        let zero = DisplayList(size: CGSize(width: 10, height: 10), items: [DisplayItem(.text(TextItem(runs: [sized], origin: .zero, shading: red)))])
        #expect(throws: CanvasError.self) { try zero.svgData() }
    }

    @Test func negativeLineWidthsAndDashesAreRejected() {
        for style in [StrokeStyle(lineWidth: -1), StrokeStyle(dash: [4, -2]), StrokeStyle(dashPhase: .nan)] {
            let list = DisplayList(size: CGSize(width: 10, height: 10)) {
                DisplayItem.stroke(.rect(CGRect(x: 1, y: 1, width: 5, height: 5)), with: red, style: style)
            }
            let error = #expect(throws: CanvasError.self) { try list.pngData() }
            if case .invalidItem(let item, _)? = error { #expect(item == "items[0]") } else { Issue.record("got \(String(describing: error))") }
        }
    }

    @Test func cairoStatusesBecomeTypedErrors() {
        // Cairo rejects a dash pattern of only zeros with CAIRO_STATUS_INVALID_DASH.
        let list = DisplayList(size: CGSize(width: 10, height: 10)) {
            DisplayItem.stroke(.rect(CGRect(x: 1, y: 1, width: 5, height: 5)), with: red, style: StrokeStyle(dash: [0, 0]))
        }
        // SVG is not written by Cairo: it names the item and the pattern itself.
        let svgError = #expect(throws: CanvasError.self) { try list.svgData() }
        guard case .invalidItem(let item, let reason)? = svgError else {
            Issue.record("expected an invalid item, got \(String(describing: svgError))")
            return
        }
        #expect(item == "items[0]" && reason.contains("dash pattern"))
        for render in [{ _ = try list.pngData() }, { _ = try list.pdfData() }] {
            let error = #expect(throws: CanvasError.self) { try render() }
            guard case .cairo(let operation, let status)? = error else {
                Issue.record("expected a Cairo error, got \(String(describing: error))")
                continue
            }
            #expect(operation.contains("cairo_set_dash") && operation.contains("items[0]"))
            #expect(status.contains("dash"))
        }
    }

    @Test func everyErrorDescriptionSaysWhatHappenedAndWhatToDo() {
        let cases: [(CanvasError, [String])] = [
            (.invalidSize(width: 0, height: 5), ["0.0 × 5.0 pt", "greater than zero"]),
            (.invalidScale(-2), ["-2.0", "use a scale"]),
            (.imageTooLarge(pixelWidth: 40_000, pixelHeight: 10, limit: 32_767), ["40000 × 10 px", "32767", "lower the scale"]),
            (.invalidItem(item: "items[2]", reason: "the line width -1 is negative"), ["items[2]", "line width", "fix that value"]),
            (.cairo(operation: "cairo_fill at items[0]", status: "out of memory"), ["cairo_fill at items[0]", "out of memory"]),
            (.fontUnavailable(path: "/f/Inter.otf", reason: "bad"), ["/f/Inter.otf", "valid font"]),
            (.pngEncodingFailed(reason: "no space"), ["no space"]),
            (.pngDecodingFailed(source: "/a.png", reason: "bad CRC"), ["/a.png", "bad CRC", "valid PNG"]),
            (.fileWriteFailed(path: "/out/a.png", reason: "No space left"), ["/out/a.png", "No space left", "left unchanged"]),
            (.fileReadFailed(path: "/in/a.png", reason: "there is no such file"), ["/in/a.png", "there is no such file"]),
            (.pngTooLarge(source: "/in/bomb.png", width: 20_000, height: 20_000, limits: .standard),
             ["/in/bomb.png", "20000 × 20000 px", "64000000 pixels", "not decoded"]),
            (.unknownFont(file: "Foo.otf", index: 1), ["Foo.otf", "face 1", "fonts folder"]),
            (.imageSizesDiffer(firstWidth: 2, firstHeight: 3, secondWidth: 4, secondHeight: 5), ["2 × 3", "4 × 5", "same size"]),
            (.invalidComparisonOption(name: "threshold", value: 2), ["threshold", "2.0", "from 0 to 1"]),
        ]
        for (error, phrases) in cases {
            for phrase in phrases {
                #expect(error.description.contains(phrase), "\(error) should mention \(phrase)")
            }
        }
    }
}
