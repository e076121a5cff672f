public import Foundation

/// Writes an ``AnimatedDisplayList`` as an animated PNG (the APNG extension of PNG: `acTL`,
/// `fcTL` and `fdAT` chunks, as the W3C PNG specification, third edition, describes them).
///
/// Every frame is drawn exactly as ``Renderer/png(scale:background:)`` draws a picture, and its
/// rows are compressed by Canvas's ``PNGEncoder``. The first frame is the PNG's default image (so
/// a viewer without APNG shows it); each later frame holds only the rectangle of pixels that
/// differ from the frame before (blend operation "source", nothing disposed), and a frame equal to
/// the one before is merged into it by adding up their durations. The file is RGB when every frame
/// is opaque, RGBA otherwise. The same animation always gives the same bytes. (Writing the
/// unchanged pixels of each rectangle transparent and blending over the frame before made the
/// gallery's switching animation 4 % larger: RGBA costs more than the zeros save when most of the
/// rectangle moves.)
enum APNGEncoder {
    /// Encodes an animation.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under every frame; `nil` for transparent.
    ///   - encoder: The PNG encoder whose compression the frames use.
    /// - Returns: The APNG bytes.
    /// - Throws: ``CanvasError`` for an invalid animation, one whose frames have more pixels in
    ///   all than ``RenderingLimits/maximumAnimationPixels``, or a frame that cannot be drawn.
    static func encode(_ animation: AnimatedDisplayList, scale: Double, background: RGBAColor?,
                       encoder: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        try animation.validate()
        // Every frame is drawn whole: the work is the frames times their pixels, checked before any is drawn.
        let (width, height) = try BitmapBackend.pixelSize(of: animation.size, scale: scale)
        let frameCount = animation.frames.count
        let limit = RenderingLimits.maximumAnimationPixels
        guard Double(frameCount) * Double(width) * Double(height) <= Double(limit) else {
            throw CanvasError.animationAreaTooLarge(frames: frameCount, pixelWidth: width, pixelHeight: height, limit: limit)
        }
        // RGB when every frame is opaque. An opaque background makes them so, and the frames are
        // compressed as RGB as they are drawn; otherwise as RGBA, and drawn again as RGB in the
        // rare case they all turned out opaque.
        let opaqueBackground = background.map { $0.opacity >= 1 } ?? false
        var (frames, opaque) = try compressedFrames(animation, scale: scale, background: background, encoder: encoder,
                                                    channels: opaqueBackground ? 3 : 4)
        if opaque, !opaqueBackground {
            frames = try compressedFrames(animation, scale: scale, background: background, encoder: encoder, channels: 3).frames
        }
        guard let first = frames.first else { throw CanvasError.invalidAnimation(reason: "it has no frames") }
        let channels = opaque ? 3 : 4
        var png = PNGEncoder.signature
        PNGEncoder.appendChunk("IHDR", PNGEncoder.header(width: first.width, height: first.height,
                                                         channels: channels)[...], to: &png)
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(animation.loopCount))
        PNGEncoder.appendChunk("acTL", control[...], to: &png)
        var sequence: UInt32 = 0
        func nextSequence() -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.appendBigEndian(sequence)
            sequence += 1
            return bytes
        }
        for (index, frame) in frames.enumerated() {
            var fcTL = nextSequence()
            fcTL.appendBigEndian(UInt32(frame.width))
            fcTL.appendBigEndian(UInt32(frame.height))
            fcTL.appendBigEndian(UInt32(frame.x))
            fcTL.appendBigEndian(UInt32(frame.y))
            fcTL += [UInt8(frame.duration.numerator >> 8), UInt8(frame.duration.numerator & 0xFF),
                     UInt8(frame.duration.denominator >> 8), UInt8(frame.duration.denominator & 0xFF)]
            fcTL += [0, 0]  // dispose: none; blend: source
            PNGEncoder.appendChunk("fcTL", fcTL[...], to: &png)
            let stream = frame.stream
            if index == 0 {
                PNGEncoder.appendData(stream, chunk: "IDAT", to: &png)
            } else {
                PNGEncoder.appendData(stream, chunk: "fdAT", to: &png, prefix: nextSequence)
            }
        }
        PNGEncoder.appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// One frame of the file: the compressed rows of the rectangle that changed, where it is,
    /// and how long it shows.
    private struct CompressedFrame {
        var stream: [UInt8]
        var width: Int, height: Int, x: Int, y: Int
        var duration: FrameDuration
    }

    /// Draws the frames one at a time, each compared with the previous one, and compresses the
    /// changed rectangle of each with `channels` channels (3 drops alpha) at once: only the
    /// compressed rows are kept, so memory holds two frames' pixels and the file's bytes, not
    /// every frame's pixels (an animation at scale 16 held gigabytes).
    ///
    /// - Returns: The frames, and whether every pixel written was opaque.
    private static func compressedFrames(_ animation: AnimatedDisplayList, scale: Double, background: RGBAColor?,
                                         encoder: PNGEncoder, channels: Int) throws -> (frames: [CompressedFrame], opaque: Bool) {
        var frames: [CompressedFrame] = []
        var previous: RGBAImage?
        var opaque = true
        func append(_ part: RGBAImage, x: Int, y: Int, duration: FrameDuration, decidesChannels: Bool = true) throws {
            if decidesChannels { opaque = opaque && isOpaque(part) }
            frames.append(CompressedFrame(stream: try encoder.zlibStream(of: part, channels: channels), width: part.width,
                                          height: part.height, x: x, y: y, duration: duration))
        }
        for frame in animation.frames {
            let image = try BitmapBackend.image(frame.list, scale: scale, background: background)
            defer { previous = image }
            guard let before = previous else {
                try append(image, x: 0, y: 0, duration: frame.duration)
                continue
            }
            guard let box = changedBox(from: before, to: image) else {
                // Unchanged: the previous frame shows longer, if its duration can hold the sum.
                if let merged = frames[frames.count - 1].duration.adding(frame.duration) {
                    frames[frames.count - 1].duration = merged
                } else {
                    // A 1 × 1 frame of the unchanged top-left pixel (its opacity does not decide
                    // the channels: it was in the frame before).
                    try append(crop(image, x: 0, y: 0, width: 1, height: 1), x: 0, y: 0, duration: frame.duration,
                               decidesChannels: false)
                }
                continue
            }
            try append(crop(image, x: box.x, y: box.y, width: box.width, height: box.height), x: box.x, y: box.y,
                       duration: frame.duration)
        }
        return (frames, opaque)
    }

    /// The smallest rectangle holding every pixel that differs between two images of one size.
    ///
    /// - Returns: The rectangle in pixels, or `nil` when the images are equal.
    /// - Complexity: O(w·h).
    static func changedBox(from a: RGBAImage, to b: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        let width = a.width, height = a.height
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                guard let baseA = pa.baseAddress, let baseB = pb.baseAddress else { return }
                let rowBytes = width * 4
                for y in 0..<height {
                    let rowA = baseA + y * rowBytes, rowB = baseB + y * rowBytes
                    guard memcmp(rowA, rowB, rowBytes) != 0 else { continue }
                    minY = Swift.min(minY, y)
                    maxY = y
                    var x = 0
                    while x < width, memcmp(rowA + 4 * x, rowB + 4 * x, 4) == 0 { x += 1 }
                    minX = Swift.min(minX, x)
                    var last = width - 1
                    while last > x, memcmp(rowA + 4 * last, rowB + 4 * last, 4) == 0 { last -= 1 }
                    maxX = Swift.max(maxX, last)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// A rectangle of an image.
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            pixels.append(contentsOf: image.pixels[start..<(start + width * 4)])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func isOpaque(_ image: RGBAImage) -> Bool {
        var index = 3
        while index < image.pixels.count {
            if image.pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}

extension AnimatedDisplayList {
    /// The animation as an animated PNG (APNG) at a scale, on a background colour or
    /// transparent: each frame drawn as ``Renderer/png(scale:background:)`` draws a picture.
    ///
    /// Viewers without APNG support show the first frame. See the APNG writer's notes in the
    /// Canvas documentation for what the file holds.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - background: The colour under every frame; `nil` (the default) for transparent.
    /// - Returns: The APNG bytes.
    /// - Throws: ``CanvasError/invalidAnimation(reason:)``;
    ///   ``CanvasError/animationAreaTooLarge(frames:pixelWidth:pixelHeight:limit:)`` when the
    ///   frames would have more than ``RenderingLimits/maximumAnimationPixels`` pixels in all
    ///   (checked before any is drawn); or an error of drawing a frame.
    public func apngData(scale: Double = 1, background: RGBAColor? = nil) throws -> Data {
        Data(try APNGEncoder.encode(self, scale: scale, background: background))
    }
}
