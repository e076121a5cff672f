import Canvas
import Foundation
import Gallery
@testable import TagCloud
import TagCloudTesting
import TagCloudUI
import Testing

/// The same tags render the same through a spec and through the articles' Swift views: each
/// sample whose look is a Gallery example's is rendered by `tagcloud`'s path and compared, pixel
/// by pixel, with the Gallery's picture of that view.
///
/// The Gallery's flows hug their widest row where the command's container has a definite width,
/// so the spec is given the width that makes the same picture: the Gallery picture's width less
/// the spec's margins. Left out: the CollectionView examples (their pictures hold a red bar and a
/// slider besides the flow), globulus's flow (the Gallery renders the article's own preview, whose
/// items have a square border over their rounded corners, which a spec's chips do not) and the
/// 0..<150 numbers (the Gallery's `ScrollView` centres its hugging flow as a block, a sub-pixel
/// shift that a spec's uniform margin cannot make; the chips, rows and look are the same).
@Suite struct GalleryCrossPathTests {
    static let pairs: [(spec: String, gallery: String)] = [
        ("tag-cloud", "tag-cloud-view"),
        ("suggestion-picker", "suggestion-picker"),
        ("suggestion-picker-selected", "suggestion-picker-selected"),
        ("aligned-flow-leading", "aligned-flow-leading"),
        ("aligned-flow-center", "aligned-flow-center"),
        ("aligned-flow-trailing", "aligned-flow-trailing"),
    ] + ["top-leading", "top", "top-trailing", "leading", "center", "trailing", "bottom-leading", "bottom",
         "bottom-trailing"].map { ("wrapping-hstack-\($0)", "wrapping-hstack-\($0)") }

    @Test(arguments: pairs.map(\.spec)) @MainActor func specAndSwiftViewDrawTheSamePicture(_ name: String) throws {
        let galleryName = try #require(Self.pairs.first { $0.spec == name }?.gallery)
        let example = try #require(Gallery.examples.first { $0.name == galleryName })
        let renderer = example.renderer(scale: 2)
        renderer.typesetter = bundledTypesetter
        let expected = try RGBAImage(pngData: renderer.pngData())

        let url = SampleGoldenTests.samples.appendingPathComponent("\(name).yaml")
        var cloud = try Cloud(contentsOf: url)
        cloud.width = Double(expected.width) / 2 - 2 * Double(cloud.resolved().padding)
        cloud.scale = 2
        let actual = try RGBAImage(pngData: cloud.rendered(typesetter: bundledTypesetter).data(as: .png))

        #expect((actual.width, actual.height) == (expected.width, expected.height))
        let difference = Diffing<RGBAImage>.image(tolerance: .golden).diff(expected, actual)
        #expect(difference == nil, "\(name) differs from the Gallery's \(galleryName): \(difference?.message ?? "")")
    }
}
