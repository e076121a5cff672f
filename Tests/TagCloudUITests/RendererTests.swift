@testable import TagCloudUI
import Testing

/// ImageRenderer: proposals, background, errors.
@MainActor
@Suite("ImageRenderer")
struct RendererTests {
    @Test("The picture is the view's size for the proposal")
    func size() throws {
        let renderer = ImageRenderer(content: Color.red.frame(width: 30, height: 20))
        let list = try renderer.displayList()
        #expect(list.size == CGSize(width: 30, height: 20))
        #expect(list.items == [.fill(.rect(rect(0, 0, 30, 20)), with: .color(Color.red.rgba))])
        let flexible = ImageRenderer(content: Color.red)
        #expect(try flexible.displayList().size == CGSize(width: 10, height: 10))
        flexible.proposedSize = ProposedViewSize(width: 50, height: 40)
        #expect(try flexible.displayList().size == CGSize(width: 50, height: 40))
    }

    @Test("Several root views are stacked vertically")
    func severalRoots() throws {
        let result = try render(TupleView(Color.red.frame(width: 10, height: 10), Color.blue.frame(width: 20, height: 10)))
        #expect(result.size == CGSize(width: 20, height: 28))
    }

    @Test("An empty or infinite view cannot be drawn")
    func invalidSizes() throws {
        #expect(throws: TagCloudUIError.invalidSize(width: 0, height: 0)) {
            try ImageRenderer(content: EmptyView()).displayList()
        }
        let infinite = ImageRenderer(content: Color.red)
        infinite.proposedSize = .infinity
        #expect(throws: TagCloudUIError.invalidSize(width: .infinity, height: .infinity)) {
            try infinite.displayList()
        }
    }

    @Test("A text layout error is thrown, with the text")
    func textError() throws {
        let renderer = ImageRenderer(content: Text("Hi").font(.custom("No Such Family", size: 12)))
        #expect {
            try renderer.displayList()
        } throws: { error in
            guard case .textLayoutFailed(let text, _) = error as? TagCloudUIError else { return false }
            return text == "Hi"
        }
    }

    @Test("The environment given to the renderer reaches the root; the scale sets displayScale")
    func rootEnvironment() throws {
        let renderer = ImageRenderer(content: HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 10, height: 10)
        })
        renderer.environment.layoutDirection = .rightToLeft
        renderer.background = nil
        let list = try renderer.displayList()
        #expect(list.items.first?.content == .fill(.rect(rect(10, 0, 10, 10)), .color(Color.red.rgba), FillStyle()))
    }

    @Test("Every error says what to do")
    func errorDescriptions() {
        let errors: [(TagCloudUIError, [String])] = [
            (.fontsUnavailable(.fontsFolderNotFound(searched: ["/x/Fonts"])), ["/x/Fonts", "TAGCLOUD_FONTS"]),
            (.textLayoutFailed(text: "Swift", .invalidFontSize(-1)), ["\"Swift\"", "-1", "size"]),
            (.invalidSize(width: 0, height: 1), ["0.0 × 1.0", "proposedSize"]),
            (.renderingFailed(format: .png, .imageTooLarge(pixelWidth: 40_000, pixelHeight: 10, limit: 32_767)),
             ["PNG", "40000"]),
            (.statePresetFailed(view: "V", property: "p", reason: "r"), ["\"p\"", "V", "r", "name and type"]),
        ]
        for (error, parts) in errors {
            for part in parts {
                #expect(error.description.contains(part), "\(error.description) should mention \(part)")
            }
        }
    }
}
