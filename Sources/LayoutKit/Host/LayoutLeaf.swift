/// A leaf subview backed by a measuring closure, for hosts, tests and benchmarks.
///
/// The closure answers ``sizeThatFits(_:)``; the other properties answer the rest of
/// ``LayoutSubviewBackend``. Factories make the usual test leaves: ``fixed(width:height:baseline:)``,
/// ``flexible(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:)`` and
/// ``text(_:advance:lineHeight:ascent:)``, a fake text measurer with a fixed advance per character
/// that wraps at spaces. ``measureCount`` counts the measurements, so tests can check that a layout
/// measures each subview once per pass.
public final class LayoutLeaf: LayoutSubviewBackend {
    /// The leaf's layout priority.
    public var priority: Double
    /// The leaf's preferred spacing.
    public var spacing: ViewSpacing
    /// The leaf's layout values.
    public var layoutValues: LayoutValues
    /// How many times ``sizeThatFits(_:)`` was called.
    public private(set) var measureCount = 0

    private let measure: (ProposedViewSize) -> CGSize
    private let horizontalGuides: (HorizontalAlignment, CGSize) -> CGFloat?
    private let verticalGuides: (VerticalAlignment, CGSize) -> CGFloat?

    /// Creates a leaf from a measuring closure.
    ///
    /// - Parameters:
    ///   - priority: The layout priority.
    ///   - spacing: The preferred spacing.
    ///   - layoutValues: The layout values; by default none, so every key reads its default value.
    ///   - horizontalGuides: Explicit horizontal guides for a size, `nil` for the default value.
    ///   - verticalGuides: Explicit vertical guides for a size (baselines), `nil` for the default.
    ///   - sizeThatFits: The measuring closure.
    public init(priority: Double = 0, spacing: ViewSpacing = ViewSpacing(), layoutValues: LayoutValues = LayoutValues(),
                horizontalGuides: @escaping (HorizontalAlignment, CGSize) -> CGFloat? = { _, _ in nil },
                verticalGuides: @escaping (VerticalAlignment, CGSize) -> CGFloat? = { _, _ in nil },
                sizeThatFits: @escaping (ProposedViewSize) -> CGSize) {
        self.priority = priority
        self.spacing = spacing
        self.layoutValues = layoutValues
        self.horizontalGuides = horizontalGuides
        self.verticalGuides = verticalGuides
        self.measure = sizeThatFits
    }

    /// Measures the leaf with its closure and counts the call.
    ///
    /// - Parameter proposal: The proposed size.
    /// - Returns: The closure's answer.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        measureCount += 1
        return measure(proposal)
    }

    /// The leaf's explicit horizontal guide.
    ///
    /// - Parameters:
    ///   - guide: The guide, passed to `horizontalGuides` with `size`.
    ///   - size: The leaf's size.
    ///   - proposal: Ignored.
    /// - Returns: The value from `horizontalGuides`.
    public func explicitAlignment(of guide: HorizontalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        horizontalGuides(guide, size)
    }

    /// The leaf's explicit vertical guide.
    ///
    /// - Parameters:
    ///   - guide: The guide, passed to `verticalGuides` with `size`.
    ///   - size: The leaf's size.
    ///   - proposal: Ignored.
    /// - Returns: The value from `verticalGuides`.
    public func explicitAlignment(of guide: VerticalAlignment, size: CGSize, proposal: ProposedViewSize) -> CGFloat? {
        verticalGuides(guide, size)
    }

    /// A layout value of the leaf.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The value from ``layoutValues``.
    public func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        layoutValues[key]
    }

    /// Attaches a layout value and returns the leaf, for chaining.
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - value: The value; it replaces any value already set for `key`.
    /// - Returns: This leaf.
    @discardableResult
    public func setting<K: LayoutValueKey>(_ key: K.Type, to value: K.Value) -> LayoutLeaf {
        layoutValues[key] = value
        return self
    }

    /// A leaf of fixed size, whatever the proposal (like a `fixedSize()` view).
    ///
    /// - Parameters:
    ///   - width: The width, in points.
    ///   - height: The height, in points.
    ///   - baseline: The first and last text baseline from the top, or `nil` for the default (bottom).
    /// - Returns: The leaf.
    public static func fixed(width: CGFloat, height: CGFloat, baseline: CGFloat? = nil) -> LayoutLeaf {
        LayoutLeaf(verticalGuides: { guide, _ in
            guide == .firstTextBaseline || guide == .lastTextBaseline ? baseline : nil
        }, sizeThatFits: { _ in CGSize(width: width, height: height) })
    }

    /// A flexible leaf, like a view with `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:)`.
    ///
    /// Each dimension is the proposal clamped to `min...max`, or the ideal value when unspecified.
    ///
    /// - Parameters:
    ///   - minWidth: The smallest width.
    ///   - idealWidth: The width for an unspecified proposal.
    ///   - maxWidth: The largest width (may be `.infinity`).
    ///   - minHeight: The smallest height.
    ///   - idealHeight: The height for an unspecified proposal.
    ///   - maxHeight: The largest height (may be `.infinity`).
    /// - Returns: The leaf.
    public static func flexible(minWidth: CGFloat = 0, idealWidth: CGFloat, maxWidth: CGFloat = .infinity,
                                minHeight: CGFloat = 0, idealHeight: CGFloat, maxHeight: CGFloat = .infinity) -> LayoutLeaf {
        func clamp(_ proposed: CGFloat?, _ low: CGFloat, _ ideal: CGFloat, _ high: CGFloat) -> CGFloat {
            Swift.min(Swift.max(proposed ?? ideal, low), high)
        }
        return LayoutLeaf { proposal in
            CGSize(width: clamp(proposal.width, minWidth, idealWidth, maxWidth),
                   height: clamp(proposal.height, minHeight, idealHeight, maxHeight))
        }
    }

    /// A fake text leaf: every character (spaces included) advances by `advance`.
    ///
    /// Unspecified or infinite widths give one line. A finite width wraps greedily at spaces; a
    /// word longer than the width breaks between characters (at least one per line), as text does.
    /// The size is the widest line by the number of lines times `lineHeight`; the first baseline is
    /// at `ascent`, the last at `ascent` plus `lineHeight` per extra line.
    ///
    /// - Parameters:
    ///   - string: The text.
    ///   - advance: The advance of every character.
    ///   - lineHeight: The height of one line.
    ///   - ascent: The baseline's distance from the top of its line.
    /// - Returns: The leaf.
    public static func text(_ string: String, advance: CGFloat = 10, lineHeight: CGFloat = 20,
                            ascent: CGFloat = 15) -> LayoutLeaf {
        let words = string.split(separator: " ", omittingEmptySubsequences: false).map(\.count)
        let leaf = LayoutLeaf(spacing: ViewSpacing(), verticalGuides: { guide, size in
            let lines = Swift.max(1, (size.height / lineHeight).rounded())
            if guide == .firstTextBaseline { return ascent }
            if guide == .lastTextBaseline { return ascent + (lines - 1) * lineHeight }
            return nil
        }, sizeThatFits: { proposal in
            let (width, lines) = wrapFixedAdvance(words: words, advance: advance, width: proposal.width)
            return CGSize(width: width, height: CGFloat(lines) * lineHeight)
        })
        return leaf
    }
}

/// Wraps words of fixed-advance characters into lines no wider than `width`.
///
/// - Parameters:
///   - words: The number of characters of each word (words are separated by one space).
///   - advance: The advance of each character.
///   - width: The available width; `nil` or infinite for one line.
/// - Returns: The widest line's width and the number of lines (0 for an empty text).
/// - Complexity: O(number of characters).
private func wrapFixedAdvance(words: [Int], advance: CGFloat, width: CGFloat?) -> (CGFloat, Int) {
    let total = words.reduce(0, +) + Swift.max(0, words.count - 1)
    guard total > 0 else { return (0, 0) }
    guard let width, width.isFinite else { return (CGFloat(total) * advance, 1) }
    let perLine = Swift.max(1, Int(((width + 1e-9) / advance).rounded(.down)))
    var lines = 1
    var current = 0  // characters on the current line
    var widest = 0
    for count in words {
        var remaining = count
        if current > 0 {
            if current + 1 + remaining <= perLine {
                current += 1 + remaining
                continue
            }
            widest = Swift.max(widest, current)
            lines += 1
            current = 0
        }
        while remaining > perLine {
            widest = Swift.max(widest, perLine)
            lines += 1
            remaining -= perLine
        }
        current = remaining
    }
    widest = Swift.max(widest, current)
    return (CGFloat(widest) * advance, lines)
}
