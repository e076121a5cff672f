// Golden-image benchmarks for `make bench`: comparing a 780 × 2392 px picture with its golden, as
// TagCloudTesting's assertions do: Canvas's `ImageDiff.compareWithGolden` (pixelmatch's measure)
// at the golden threshold, and, when they differ, the diff picture encoded as PNG. (TagCloudTesting
// itself links Swift Testing and XCTest, which a release executable cannot.)
//
// The picture is the canvas benchmarks' one: the seed article's 150 numbers in capsules, 390 pt
// wide, at 2×. "match" compares it with a second rendering (the same pixels, the common case);
// "match, edges moved" with everything drawn 0.3 pt to the right, where most of the 88,000 pixels
// over the threshold are anti-aliasing and the 3,500 others (glyph interiors) are within a
// tolerance of 1 % of the pixels: every pixel goes through the YIQ distance and the
// anti-aliasing detector; "differ" with every tenth capsule in red, which fails and draws and
// encodes the diff picture.

import Canvas
import Foundation
import Typesetting

/// Prints the golden-comparison figures.
func runGoldenBenchmarks() throws {
    let fontsFolder = ProcessInfo.processInfo.environment["TAGCLOUD_FONTS"] ?? "Fonts"
    let typesetter = Typesetter(library: try FontLibrary(directory: fontsFolder))
    let labels = try (0..<150).map { try typesetter.shape("\($0)", font: Font(size: 17)) }
    let list = SamplePictures.numberedCapsules(labels: labels)
    let golden = try list.rgbaImage(scale: 2, background: .white)
    let same = try list.rgbaImage(scale: 2, background: .white)
    var moved = DisplayList(size: list.size)
    moved.append(.group(transform: Transform(translationX: 0.3, y: 0)) { list.items })
    let shifted = try moved.rgbaImage(scale: 2, background: .white)
    // Every tenth chip's capsule (the first item of its group) in red.
    var recoloured = list
    recoloured.items = list.items.enumerated().map { index, item in
        guard index % 10 == 0, case .group(var group) = item.content, case .fill(let shape, .color, let style)? = group.items.first?.content else {
            return item
        }
        group.items[0] = DisplayItem(.fill(shape, .color(RGBAColor(red: 1, green: 0.2, blue: 0.2, opacity: 0.4)), style))
        return DisplayItem(.group(group), metadata: item.metadata)
    }
    let different = try recoloured.rgbaImage(scale: 2, background: .white)
    bench.note("golden: compare \(golden.width) × \(golden.height) px with its golden (threshold \(ImageDiff.goldenThreshold))")

    let options = ImageDiff.Options(threshold: ImageDiff.goldenThreshold)
    func compare(_ actual: RGBAImage, allowedShare: Double = 0) throws -> ImageDiff.GoldenComparison {
        let result = try ImageDiff.compareWithGolden(golden, actual, options: options) { Int(Double($0) * allowedShare) }
        if let diff = result.diffImage { blackHole(try diff.pngData()) }
        return result
    }
    let checks = try [compare(same), compare(shifted, allowedShare: 0.01), compare(different)]
    guard checks[0].matched, checks[1].matched, !checks[2].matched else {
        throw BenchmarkSetupError("the benchmark's pictures do not match and differ as they should: "
            + checks.map { "\($0.differentPixels) differ, \($0.antiAliasedPixels) anti-aliased" }.joined(separator: "; "))
    }
    try bench.timeWallAndCPU("golden.compare_780x2392_match", target: .atMost(20)) { blackHole(try compare(same)) }
    try bench.timeWallAndCPU("golden.compare_780x2392_match_edges_moved", target: .atMost(20)) { blackHole(try compare(shifted, allowedShare: 0.01)) }
    try bench.timeWallAndCPU("golden.compare_780x2392_differ_with_diff_picture", target: .atMost(20)) { blackHole(try compare(different)) }
}

/// The benchmark's inputs are not what it needs.
struct BenchmarkSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
