import Canvas
import Testing

/// Pictures of different sizes are compared on a common canvas held to a limit: 32,767 × 1 and
/// 1 × 32,767 (128 KB each) made a canvas of a billion pixels, three pictures of 4 GB (12.6 GB
/// resident, or an abort under a memory limit).
@Suite struct GoldenCanvasLimitTests {
    @Test func aCommonCanvasOverTheLimitComparesOnlyThePartBothHave() throws {
        let wide = RGBAImage(width: 32_767, height: 1), tall = RGBAImage(width: 1, height: 32_767)
        let result = try ImageDiff.compareWithGolden(wide, tall, allowedDifferentPixels: { _ in 0 })
        #expect(result.comparedCommonPartOnly && result.sizesDiffer && !result.matched)
        #expect((result.width, result.height) == (32_767, 32_767))
        // Every pixel only one of them has differs (not the corner neither has), of the pixels
        // either has.
        #expect(result.differentPixels == 2 * 32_766 && result.comparedPixels == 2 * 32_766 + 1)
        #expect(result.diffImage.map { ($0.width, $0.height) } ?? (0, 0) == (1, 1))
        // Under the limit, the whole canvas is drawn, as before.
        let small = try ImageDiff.compareWithGolden(RGBAImage(width: 30, height: 1), RGBAImage(width: 1, height: 30),
                                                    allowedDifferentPixels: { _ in 0 })
        #expect(!small.comparedCommonPartOnly && small.differentPixels == 58 && small.comparedPixels == 59)
        #expect(small.diffImage.map { ($0.width, $0.height) } ?? (0, 0) == (30, 30))
        let limited = try ImageDiff.compareWithGolden(RGBAImage(width: 30, height: 1), RGBAImage(width: 1, height: 30),
                                                      maxCanvasPixels: 899, allowedDifferentPixels: { _ in 0 })
        #expect(limited.comparedCommonPartOnly && limited.differentPixels == 58)
        // The corner neither has is not painted as only in one.
        let corner = try #require(small.diffImage).pixel(29, 29)
        #expect(!(corner[0] == 255 && corner[1] == 0 && corner[2] == 255), "\(corner)")
    }
}
