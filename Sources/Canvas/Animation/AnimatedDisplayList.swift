public import Foundation

/// An animation as plain values: pictures of one size shown one after another, each for a
/// duration, looping.
///
/// ``apngData(scale:background:)`` writes it as an animated PNG and ``svgData(background:options:)`` as an
/// animated SVG; both are byte-for-byte the same for the same animation. TagCloudUI makes one from
/// a view and its state changes (`ImageRenderer.animation(frameRate:hold:changes:)`).
///
/// ```swift
/// let animation = AnimatedDisplayList(frames: [
///     .init(list: first, duration: FrameDuration(seconds: 1)),
///     .init(list: second, duration: FrameDuration(numerator: 1, denominator: 60)),
/// ])
/// try animation.apngData(scale: 2, background: .white).write(to: url)
/// ```
public struct AnimatedDisplayList: Sendable, Equatable {
    /// One picture of an animation and how long it shows.
    public struct Frame: Sendable, Equatable {
        /// The picture.
        public var list: DisplayList
        /// How long it shows.
        public var duration: FrameDuration

        /// Makes a frame.
        ///
        /// - Parameters:
        ///   - list: The picture.
        ///   - duration: How long it shows.
        public init(list: DisplayList, duration: FrameDuration) {
            self.list = list
            self.duration = duration
        }
    }

    /// The frames, in order.
    public var frames: [Frame]
    /// How many times the animation plays; 0 (the default) loops forever.
    public var loopCount: Int
    /// Whether the last frame leads back into the first, which is then the picture the animation
    /// rests on at its end (a change back to the first picture, whose last hold was left out so
    /// that the loop is seamless): what a reader who asks for less motion is shown.
    package var endsOnFirstFrame = false

    /// Makes an animation.
    ///
    /// - Parameters:
    ///   - frames: The frames; every picture must have the same size.
    ///   - loopCount: How many times it plays; 0 loops forever.
    public init(frames: [Frame], loopCount: Int = 0) {
        self.frames = frames
        self.loopCount = loopCount
    }

    /// The pictures' size in points (the first frame's; ``validate()`` checks that all agree).
    public var size: CGSize { frames.first?.list.size ?? .zero }

    /// How long one play of the animation lasts, in seconds.
    public var duration: Double { frames.reduce(0) { $0 + $1.duration.seconds } }

    /// The frame shown `time` seconds into a play (the last one from its start on).
    ///
    /// - Parameter time: Seconds since the start.
    /// - Returns: The frame's index, or `nil` for an animation without frames.
    public func frameIndex(at time: Double) -> Int? {
        guard !frames.isEmpty else { return nil }
        var start = 0.0
        for (index, frame) in frames.enumerated() {
            let end = start + frame.duration.seconds
            if time < end { return index }
            start = end
        }
        return frames.count - 1
    }

    /// Checks that the animation can be written: at least one frame, all of one size, each
    /// showing for some time, and a loop count a PNG can hold.
    ///
    /// - Throws: ``CanvasError/invalidAnimation(reason:)``, or what ``DisplayList/validate()``
    ///   throws for a frame.
    public func validate() throws {
        guard let first = frames.first else { throw CanvasError.invalidAnimation(reason: "it has no frames") }
        for (index, frame) in frames.enumerated() {
            guard frame.list.size == first.list.size else {
                throw CanvasError.invalidAnimation(reason: "frame \(index) is \(frame.list.size.width) × "
                    + "\(frame.list.size.height) points, frame 0 is \(first.list.size.width) × \(first.list.size.height)")
            }
            guard frame.duration.numerator > 0, frame.duration.denominator > 0 else {
                throw CanvasError.invalidAnimation(reason: "frame \(index) has a duration of "
                    + "\(frame.duration.numerator)/\(frame.duration.denominator) s")
            }
            try frame.list.validate()
        }
        guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
            throw CanvasError.invalidAnimation(reason: "the loop count \(loopCount) is outside 0…\(UInt32.max)")
        }
    }
}

/// How long a frame shows: a fraction of a second, as an APNG frame control chunk holds it
/// (16-bit numerator and denominator).
public struct FrameDuration: Sendable, Hashable {
    /// The numerator, in seconds.
    public var numerator: UInt16
    /// The denominator; 1 / 60 is one frame at 60 frames per second.
    public var denominator: UInt16

    /// A duration of `numerator / denominator` seconds.
    ///
    /// - Parameters:
    ///   - numerator: How many `1 / denominator` seconds the frame shows.
    ///   - denominator: The denominator, not 0.
    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The duration nearest `seconds` in thousandths of a second (at most 65.535 s, at least
    /// 1 ms).
    ///
    /// - Parameter seconds: The duration.
    public init(seconds: Double) {
        let milliseconds = seconds.isFinite ? (seconds * 1000).rounded() : 1
        self.init(numerator: UInt16(Swift.min(65535, Swift.max(1, milliseconds))), denominator: 1000)
    }

    /// One frame at a frame rate: exactly `1 / rate` for whole rates up to 65,535, otherwise to the
    /// millisecond.
    ///
    /// - Parameter rate: Frames per second, greater than 0.
    public init(frameAt rate: Double) {
        if rate >= 1, rate <= 65535, rate.rounded() == rate {
            self.init(numerator: 1, denominator: UInt16(rate))
        } else {
            self.init(seconds: 1 / rate)
        }
    }

    /// The duration in seconds.
    public var seconds: Double { Double(numerator) / Double(denominator) }

    /// The sum of two durations when it fits in 16 bits over a common denominator.
    ///
    /// - Parameter other: Another duration.
    /// - Returns: The sum, or `nil`.
    func adding(_ other: FrameDuration) -> FrameDuration? {
        if denominator == other.denominator {
            let sum = Int(numerator) + Int(other.numerator)
            return sum <= 65535 ? FrameDuration(numerator: UInt16(sum), denominator: denominator) : nil
        }
        let common = Int(denominator) * Int(other.denominator)
        let sum = Int(numerator) * Int(other.denominator) + Int(other.numerator) * Int(denominator)
        let divisor = gcd(sum, common)
        guard common / divisor <= 65535, sum / divisor <= 65535 else { return nil }
        return FrameDuration(numerator: UInt16(sum / divisor), denominator: UInt16(common / divisor))
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? Swift.max(1, a) : gcd(b, a % b) }
}
