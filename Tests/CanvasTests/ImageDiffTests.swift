import Testing
@testable import Canvas
import TestRandom

/// Small pictures made pixel by pixel, so every count is known.
private struct Picture {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: [UInt8]) {
        self.width = width
        self.height = height
        pixels = Array([[UInt8]](repeating: fill, count: width * height).joined())
    }

    subscript(x: Int, y: Int) -> [UInt8] {
        get { Array(pixels[((y * width + x) * 4)..<((y * width + x) * 4 + 4)]) }
        set { pixels.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: newValue) }
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }
}

private let white: [UInt8] = [255, 255, 255, 255]
private let black: [UInt8] = [0, 0, 0, 255]
private func gray(_ level: UInt8, alpha: UInt8 = 255) -> [UInt8] { [level, level, level, alpha] }

/// Black columns, a grey column, white columns: an anti-aliased vertical edge.
private func edge(gray level: UInt8) -> Picture {
    var picture = Picture(width: 5, height: 5, fill: white)
    for y in 0..<5 {
        picture[0, y] = black
        picture[1, y] = black
        picture[2, y] = gray(level)
    }
    return picture
}

@Suite struct ImageDiffTests {
    @Test func identicalPicturesDifferNowhereAndShowFadedGrey() throws {
        var picture = Picture(width: 2, height: 2, fill: white)
        picture[1, 0] = black
        picture[0, 1] = [255, 0, 0, 255]
        picture[1, 1] = [0, 0, 0, 0]
        let result = try ImageDiff.compare(picture.image, picture.image)
        #expect(result.differentPixels == 0)
        #expect(result.antiAliasedPixels == 0)
        #expect(result.totalPixels == 4)
        // Y blended over white at 10 %: white stays 255, black 229.5, red (Y 76.2) 237.1, and a
        // transparent pixel has no opacity to show: 255. Bytes are truncated.
        #expect(result.diffImage?.pixels == [255, 255, 255, 255, 229, 229, 229, 255,
                                             237, 237, 237, 255, 255, 255, 255, 255])
    }

    @Test func onePixelChanged() throws {
        let first = Picture(width: 5, height: 5, fill: white)
        var second = first
        second[2, 2] = black
        let result = try ImageDiff.compare(first.image, second.image)
        #expect(result.differentPixels == 1)
        #expect(result.antiAliasedPixels == 0)
        #expect(result.differentShare == 0.04)
        var expected = Picture(width: 5, height: 5, fill: white)
        expected[2, 2] = [255, 0, 0, 255]
        #expect(result.diffImage?.pixels == expected.pixels)
    }

    @Test func antiAliasedEdgeIsNotADifference() throws {
        let result = try ImageDiff.compare(edge(gray: 128).image, edge(gray: 200).image)
        #expect(result.differentPixels == 0)
        #expect(result.antiAliasedPixels == 5)
        var expected = Picture(width: 5, height: 5, fill: white)
        for y in 0..<5 {
            expected[0, y] = gray(229)
            expected[1, y] = gray(229)
            expected[2, y] = [255, 255, 0, 255]
        }
        #expect(result.diffImage?.pixels == expected.pixels)

        let counted = try ImageDiff.compare(edge(gray: 128).image, edge(gray: 200).image,
                                            options: .init(includeAntiAliasing: true))
        #expect(counted.differentPixels == 5)
        #expect(counted.antiAliasedPixels == 0)
    }

    @Test func aChangeInsideAFlatAreaIsADifferenceNextToAnEdge() throws {
        var second = edge(gray: 128)
        second[0, 2] = white
        let result = try ImageDiff.compare(edge(gray: 128).image, second.image)
        #expect(result.differentPixels == 1)
    }

    @Test func aOnePixelLineIsNotAntiAliasing() throws {
        // Each line pixel has only brighter neighbours: no intensity slope.
        var first = Picture(width: 5, height: 5, fill: white)
        for x in 0..<5 { first[x, 2] = black }
        var second = Picture(width: 5, height: 5, fill: white)
        for x in 0..<5 { second[x, 2] = gray(100) }
        #expect(try ImageDiff.compare(first.image, second.image).differentPixels == 5)
    }

    @Test func thresholdBoundaries() throws {
        let base = Picture(width: 5, height: 5, fill: gray(128))
        func changed(by step: UInt8) -> RGBAImage {
            var picture = base
            picture[2, 2] = gray(128 + step)
            return picture.image
        }
        // A grey step d has a squared YIQ distance of 0.5053 d²; the default limit is
        // 35215 × 0.1² = 352.15, so 26 (341.6) passes and 27 (368.4) does not.
        #expect(try ImageDiff.compare(base.image, changed(by: 26)).differentPixels == 0)
        #expect(try ImageDiff.compare(base.image, changed(by: 27)).differentPixels == 1)
        #expect(try ImageDiff.compare(base.image, changed(by: 1), options: .init(threshold: 0)).differentPixels == 1)
        // At 0.05 the limit is 88.04: 13 steps (85.4) pass, 14 (99.0) do not.
        #expect(try ImageDiff.compare(base.image, changed(by: 13), options: .init(threshold: 0.05)).differentPixels == 0)
        #expect(try ImageDiff.compare(base.image, changed(by: 14), options: .init(threshold: 0.05)).differentPixels == 1)
        // Black against white is 32857, under the largest distance: at threshold 1 nothing differs.
        var blackDot = Picture(width: 3, height: 3, fill: white)
        blackDot[1, 1] = black
        let whiteImage = Picture(width: 3, height: 3, fill: white).image
        #expect(try ImageDiff.compare(whiteImage, blackDot.image, options: .init(threshold: 1)).differentPixels == 0)
        // At 0.96 the limit is 32454: black against white differs.
        #expect(try ImageDiff.compare(whiteImage, blackDot.image, options: .init(threshold: 0.96)).differentPixels == 1)
    }

    /// Pixels that are not opaque are compared over white and over black (pixelmatch blends over
    /// white alone, so that a transparent picture equalled an opaque white one).
    @Test func alphaIsBlendedOverWhiteAndOverBlack() throws {
        let clear = Picture(width: 3, height: 3, fill: [0, 0, 0, 0])
        #expect(try ImageDiff.compare(clear.image, Picture(width: 3, height: 3, fill: white).image).differentPixels == 9)
        #expect(try ImageDiff.compare(clear.image, Picture(width: 3, height: 3, fill: black).image).differentPixels == 9)
        #expect(try ImageDiff.compare(clear.image, Picture(width: 3, height: 3, fill: [255, 0, 0, 0]).image).differentPixels == 0)
        // Black at 10/255 is grey 245 over white, but black over black: the same as neither
        // opaque white nor opaque black.
        #expect(try ImageDiff.compare(Picture(width: 3, height: 3, fill: [0, 0, 0, 10]).image,
                                      Picture(width: 3, height: 3, fill: white).image).differentPixels == 9)
        // Two faint greys equal over both backdrops.
        #expect(try ImageDiff.compare(Picture(width: 3, height: 3, fill: [0, 0, 0, 10]).image,
                                      Picture(width: 3, height: 3, fill: [0, 0, 0, 12]).image).differentPixels == 0)
        // Black at 128/255 is grey 127: far from black.
        #expect(try ImageDiff.compare(Picture(width: 3, height: 3, fill: [0, 0, 0, 128]).image,
                                      Picture(width: 3, height: 3, fill: black).image).differentPixels == 9)
        // The faded grey base takes the pixel's own alpha into account: black at 50 % alpha
        // fades by 0.1 × 128/255.
        let half = Picture(width: 1, height: 1, fill: [0, 0, 0, 128])
        let faded = try ImageDiff.compare(half.image, half.image)
        #expect(faded.diffImage?.pixels == [242, 242, 242, 255])
    }

    @Test func diffColoursAndMask() throws {
        var first = Picture(width: 3, height: 1, fill: gray(128))
        first[2, 0] = black
        var second = first
        second[0, 0] = black   // darker in the second picture
        second[1, 0] = white   // brighter in the second picture
        let blue = ImageDiff.RGB(red: 0, green: 0, blue: 255)
        let green = ImageDiff.RGB(red: 0, green: 255, blue: 0)
        let colored = try ImageDiff.compare(first.image, second.image, options: .init(diffColor: blue, darkerDiffColor: green))
        #expect(colored.differentPixels == 2)
        #expect(colored.diffImage?.pixels == [0, 255, 0, 255, 0, 0, 255, 255, 229, 229, 229, 255])
        let mask = try ImageDiff.compare(first.image, second.image, options: .init(diffMask: true))
        #expect(mask.diffImage?.pixels == [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0])
        let none = try ImageDiff.compare(first.image, second.image, makeDiffImage: false)
        #expect(none.diffImage == nil)
        #expect(none.differentPixels == 2)
    }

    @Test func differentSizesAndBadOptionsAreErrors() {
        let small = Picture(width: 2, height: 3, fill: white).image
        let large = Picture(width: 3, height: 2, fill: white).image
        #expect(throws: CanvasError.imageSizesDiffer(firstWidth: 2, firstHeight: 3, secondWidth: 3, secondHeight: 2)) {
            try ImageDiff.compare(small, large)
        }
        #expect(CanvasError.imageSizesDiffer(firstWidth: 2, firstHeight: 3, secondWidth: 3, secondHeight: 2).description
                == "the images differ in size: 2 × 3 and 3 × 2 pixels; compare images of the same size")
        #expect(throws: CanvasError.invalidComparisonOption(name: "threshold", value: 1.5)) {
            try ImageDiff.compare(small, small, options: .init(threshold: 1.5))
        }
        #expect(throws: CanvasError.invalidComparisonOption(name: "alpha", value: -0.1)) {
            try ImageDiff.compare(small, small, options: .init(alpha: -0.1))
        }
        #expect(CanvasError.invalidComparisonOption(name: "alpha", value: -0.1).description == "the alpha is -0.1, but it must be from 0 to 1")
    }

    @Test func emptyPictures() throws {
        let empty = RGBAImage(width: 0, height: 0)
        let result = try ImageDiff.compare(empty, empty)
        #expect(result.differentPixels == 0)
        #expect(result.differentShare == 0)
        #expect(result.diffImage == empty)
    }

    @Test func countsAreSymmetricAndSplitIntoDifferencesAndAntiAliasing() throws {
        var generator = SeededRandom(seed: 5)
        let palette: [[UInt8]] = [white, black, gray(128), gray(190), [255, 0, 0, 255], [0, 0, 255, 128], [0, 0, 0, 0]]
        for _ in 0..<300 {
            let width = Int.random(in: 1...9, using: &generator)
            let height = Int.random(in: 1...9, using: &generator)
            var first = Picture(width: width, height: height, fill: white)
            for y in 0..<height {
                for x in 0..<width {
                    first[x, y] = palette[(x * 3 / width + y) % 3 == 0 ? 0 : Int.random(in: 0..<palette.count, using: &generator)]
                }
            }
            var second = first
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                second[Int.random(in: 0..<width, using: &generator), Int.random(in: 0..<height, using: &generator)]
                    = palette.randomElement(using: &generator) ?? white
            }
            let threshold: Double = [0, 0.1, 0.3].randomElement(using: &generator) ?? 0.1
            let forward = try ImageDiff.compare(first.image, second.image, options: .init(threshold: threshold))
            let backward = try ImageDiff.compare(second.image, first.image, options: .init(threshold: threshold))
            let all = try ImageDiff.compare(first.image, second.image,
                                            options: .init(threshold: threshold, includeAntiAliasing: true))
            #expect(forward.differentPixels == backward.differentPixels)
            #expect(forward.antiAliasedPixels == backward.antiAliasedPixels)
            #expect(all.differentPixels == forward.differentPixels + forward.antiAliasedPixels)
            #expect(all.differentPixels <= width * height)
            let changed = zip(first.pixels, second.pixels).contains { $0 != $1 }
            if !changed { #expect(forward.differentPixels == 0) }
        }
    }

    /// Pictures taller than one band of rows (compared on several threads): the counts, the
    /// differing pixels' bounds and the diff picture agree with what each pixel of the diff says,
    /// and the golden comparison matches exactly when the count is within the allowance, drawing
    /// the same diff picture when it does not.
    @Test func bandsAndTheGoldenComparisonAgreeWithThePixels() throws {
        var random = SeededRandom(seed: 0x60_1DE7)
        for _ in 0..<40 {
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...300, using: &random)
            var first = Picture(width: width, height: height, fill: white)
            for _ in 0..<Int.random(in: 0...20, using: &random) {
                first[Int.random(in: 0..<width, using: &random), Int.random(in: 0..<height, using: &random)] = black
            }
            var second = first
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                second[Int.random(in: 0..<width, using: &random), Int.random(in: 0..<height, using: &random)] =
                    gray(UInt8.random(in: 0...255, using: &random))
            }
            let result = try ImageDiff.compare(first.image, second.image)
            let diff = try #require(result.diffImage)
            var red: [(Int, Int)] = []
            for y in 0..<height {
                for x in 0..<width where Array(diff.pixels[((y * width + x) * 4)..<((y * width + x) * 4 + 3)]) == [255, 0, 0] {
                    red.append((x, y))
                }
            }
            #expect(result.differentPixels == red.count)
            let bounds = result.differingBounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }
            let expected = red.isEmpty ? nil : [red.map(\.0).min()!, red.map(\.1).min()!, red.map(\.0).max()!, red.map(\.1).max()!]
            #expect(bounds == expected)
            let allowed = Int.random(in: 0...3, using: &random)
            let golden = try ImageDiff.compareWithGolden(first.image, second.image) { _ in allowed }
            #expect(golden.matched == (result.differentPixels <= allowed))
            if !golden.matched { #expect(golden.diffImage == diff && golden.differentPixels == result.differentPixels) }
        }
    }

    /// Pictures of different sizes are compared on a common canvas; the part only one has is
    /// magenta and counts as differing.
    @Test func theGoldenComparisonOfDifferentSizes() throws {
        let golden = Picture(width: 3, height: 2, fill: white).image, actual = Picture(width: 4, height: 3, fill: white).image
        let result = try ImageDiff.compareWithGolden(golden, actual) { _ in 0 }
        #expect(result.sizesDiffer && (result.width, result.height) == (4, 3))
        #expect(result.differentPixels == 12 - 6)
        #expect(result.differingBounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [0, 0, 3, 2])
        let diff = try #require(result.diffImage)
        #expect(Array(diff.pixels[(3 * 4)..<(3 * 4 + 4)]) == [255, 0, 255, 255])
        #expect(Array(diff.pixels[0..<4]) != [255, 0, 255, 255])
    }
}
