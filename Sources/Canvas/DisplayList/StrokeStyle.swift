public import Foundation

/// The width, caps, joins and dashes of a stroke, like SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Sendable, Hashable {
    /// The line width in points.
    public var lineWidth: CGFloat
    /// How open ends of lines and dashes are drawn.
    public var lineCap: LineCap
    /// How corners between segments are drawn.
    public var lineJoin: LineJoin
    /// The limit on the ratio of miter length to line width before a miter join becomes a bevel.
    public var miterLimit: CGFloat
    /// Alternating lengths of dashes and gaps, in points; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the stroke starts, in points.
    public var dashPhase: CGFloat

    /// Makes a stroke style with SwiftUI's defaults.
    ///
    /// - Parameters:
    ///   - lineWidth: The line width; 1 point by default.
    ///   - lineCap: Ends of lines; butt by default.
    ///   - lineJoin: Corners; miter by default.
    ///   - miterLimit: The miter limit; 10 by default.
    ///   - dash: Dash and gap lengths; solid by default.
    ///   - dashPhase: The dash offset; 0 by default.
    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// How the open ends of lines and dashes are drawn (Core Graphics' `CGLineCap`).
public enum LineCap: String, Sendable, Hashable, Codable, CaseIterable {
    /// The line stops exactly at the end point.
    case butt
    /// A half circle beyond the end point.
    case round
    /// A half square beyond the end point.
    case square
}

/// How corners between segments of a stroke are drawn (Core Graphics' `CGLineJoin`).
public enum LineJoin: String, Sendable, Hashable, Codable, CaseIterable {
    /// A sharp corner, cut to a bevel beyond the miter limit.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut flat.
    case bevel
}

/// Where a stroke lies relative to the shape's outline.
public enum StrokePlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// Centred on the outline, half inside and half outside, like SwiftUI's `stroke(_:lineWidth:)`.
    case centered
    /// Entirely inside the outline, like SwiftUI's `strokeBorder(_:lineWidth:)`: the shape is inset
    /// by half the line width before it is stroked. Paths, which cannot be inset, are clipped to
    /// their inside and stroked at twice the width instead.
    case inside
}

/// The fill rule and antialiasing of a fill or clip, like SwiftUI's `FillStyle`.
public struct FillStyle: Sendable, Hashable {
    /// Whether the even-odd rule decides what is inside (otherwise the non-zero winding rule).
    public var isEOFilled: Bool
    /// Whether edges are antialiased.
    public var isAntialiased: Bool

    /// Makes a fill style.
    ///
    /// - Parameters:
    ///   - eoFill: Use the even-odd rule; non-zero winding by default.
    ///   - antialiased: Antialias edges; on by default.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        self.isEOFilled = eoFill
        self.isAntialiased = antialiased
    }
}

/// The shape of rounded corners, like SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// Quarter circles (or quarter ellipses for unequal corner sizes).
    case circular
    /// Continuous-curvature corners, the smoother "squircle" corners of Apple's interfaces.
    case continuous
}
