/// A 2D shape that you can use when drawing a view: the port of SwiftUI's `Shape`.
///
/// A shape fills the space it is proposed (10 × 10 points for an unspecified proposal) and, used as
/// a view, is filled with the foreground style. Write your own by implementing ``path(in:)``.
public protocol Shape: View, Sendable where Body == Never {
    /// Describes this shape as a path within a rectangular frame of reference.
    ///
    /// - Parameter rect: The frame of reference.
    /// - Returns: The outline.
    func path(in rect: CGRect) -> Path

    /// The shape placed in a frame, keeping its kind so strokes can be inset exactly; an
    /// implementation detail of the built-in shapes (others give their path).
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The resolved shape.
    func _resolvedShape(in rect: CGRect) -> ResolvedShape
}

extension Shape {
    /// The shape's path.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.path(path(in: rect))`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape {
        .path(path(in: rect))
    }

    /// A node that fills the shape with the foreground style.
    ///
    /// - Parameters:
    ///   - view: The shape.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    @inlinable
    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        makeShapeNode(view, paint: .fill(AnyShapeStyle(.foreground), FillStyle()), inputs: inputs)
    }

    /// Fills this shape with a colour or gradient (SwiftUI's `fill(_:style:)`).
    ///
    /// - Parameters:
    ///   - content: The style; the foreground style by default.
    ///   - style: The fill rule.
    /// - Returns: The filled shape.
    @inlinable
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View {
        _ShapeView(shape: self, paint: .fill(AnyShapeStyle(content), style))
    }

    /// Traces the outline of this shape, centred on it (SwiftUI's `stroke(_:lineWidth:)`).
    ///
    /// - Parameters:
    ///   - content: The style; the foreground style by default.
    ///   - lineWidth: The width of the stroke.
    /// - Returns: The stroked shape.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1) -> some View {
        _ShapeView(shape: self, paint: .stroke(AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth), .centered))
    }

    /// Traces the outline of this shape with a stroke style, centred on it (SwiftUI's
    /// `stroke(_:style:)`).
    ///
    /// - Parameters:
    ///   - content: The style.
    ///   - style: Width, caps, joins and dashes.
    /// - Returns: The stroked shape.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        _ShapeView(shape: self, paint: .stroke(AnyShapeStyle(content), style, .centered))
    }

    /// Traces the outline of this shape with the foreground style (SwiftUI's `stroke(style:)`).
    ///
    /// - Parameter style: Width, caps, joins and dashes.
    /// - Returns: The stroked shape.
    @inlinable
    public func stroke(style: StrokeStyle) -> some View {
        _ShapeView(shape: self, paint: .stroke(AnyShapeStyle(.foreground), style, .centered))
    }
}

/// A shape that can be inset to draw its border inside its frame: the port of SwiftUI's
/// `InsettableShape`.
public protocol InsettableShape: Shape {}

extension InsettableShape {
    /// Traces the outline inside this shape's frame (SwiftUI's `strokeBorder(_:lineWidth:antialiased:)`):
    /// the shape is inset by half the line width, so the whole stroke lies inside.
    ///
    /// - Parameters:
    ///   - content: The style; the foreground style by default.
    ///   - lineWidth: The width of the border.
    ///   - antialiased: Accepted for SwiftUI code; edges are always antialiased.
    /// - Returns: The bordered shape.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> some View {
        _ShapeView(shape: self, paint: .stroke(AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth), .inside))
    }

    /// Traces the outline inside this shape's frame with a stroke style (SwiftUI's
    /// `strokeBorder(_:style:antialiased:)`).
    ///
    /// - Parameters:
    ///   - content: The style.
    ///   - style: Width, caps, joins and dashes.
    ///   - antialiased: Accepted for SwiftUI code.
    /// - Returns: The bordered shape.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle,
                                            antialiased: Bool = true) -> some View {
        _ShapeView(shape: self, paint: .stroke(AnyShapeStyle(content), style, .inside))
    }
}

/// How a shape node paints its shape.
@usableFromInline
enum ShapePaint {
    /// Fills the shape.
    case fill(AnyShapeStyle, FillStyle)
    /// Strokes the outline, centred on it or inside it. Indirect: a stroke style is 40 bytes,
    /// and every filled shape (a chip's background) would carry them too.
    indirect case stroke(AnyShapeStyle, StrokeStyle, StrokePlacement)
}

/// A shape filled or stroked with a style (what `fill`, `stroke` and `strokeBorder` return).
public struct _ShapeView<Content: Shape> {
    @usableFromInline
    let shape: Content
    @usableFromInline
    let paint: ShapePaint

    @inlinable
    init(shape: Content, paint: ShapePaint) {
        self.shape = shape
        self.paint = paint
    }
}

/// A shape node for `shape` painted with `paint` in the environment of `inputs`.
@usableFromInline
func makeShapeNode(_ shape: any Shape, paint: ShapePaint, inputs: _ViewInputs) -> _ViewOutputs {
    _ViewOutputs(node: ShapeNode(shape: shape, paint: paint, environment: inputs.environment))
}

extension _ShapeView: View {
    /// A shape node.
    ///
    /// - Parameters:
    ///   - view: The shape view.
    ///   - inputs: The environment and resolution context.
    /// - Returns: The node.
    @inlinable
    public static func _makeNodes(_ view: _ShapeView, inputs: _ViewInputs) -> _ViewOutputs {
        makeShapeNode(view.shape, paint: view.paint, inputs: inputs)
    }

    /// A primitive view: its body is `Never`.
    public typealias Body = Never
}

/// A rectangular shape aligned inside the frame of the view containing it: SwiftUI's `Rectangle`.
public struct Rectangle: InsettableShape {
    /// Creates a rectangle.
    public init() {}

    /// The frame.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The rectangle's path.
    public func path(in rect: CGRect) -> Path { Path(rect) }

    /// The resolved rectangle.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.rect(rect)`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape { .rect(rect) }
}

/// A rectangular shape with rounded corners: SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: InsettableShape {
    /// The width and height of the rounded corners.
    public var cornerSize: CGSize
    /// The style of the corners.
    public var style: RoundedCornerStyle

    /// Creates a rounded rectangle with equal corner radii.
    ///
    /// - Parameters:
    ///   - cornerRadius: The radius of the corners.
    ///   - style: Continuous (the default, as in SwiftUI) or circular corners.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }

    /// Creates a rounded rectangle with elliptical corners.
    ///
    /// - Parameters:
    ///   - cornerSize: The width and height of the corners.
    ///   - style: Continuous (the default) or circular corners.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// The rounded rectangle's path.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The path.
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }

    /// The resolved rounded rectangle.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.roundedRect`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape {
        .roundedRect(rect, cornerSize: cornerSize, style: style)
    }
}

/// A capsule shape aligned inside the frame of the view containing it: SwiftUI's `Capsule`.
public struct Capsule: InsettableShape {
    /// The style of the rounded ends.
    public var style: RoundedCornerStyle

    /// Creates a capsule.
    ///
    /// - Parameter style: Continuous (the default, as in SwiftUI) or circular ends.
    public init(style: RoundedCornerStyle = .continuous) {
        self.style = style
    }

    /// The capsule's path.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The path.
    public func path(in rect: CGRect) -> Path { ResolvedShape.capsule(rect, style: style).path }

    /// The resolved capsule.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.capsule`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape { .capsule(rect, style: style) }
}

/// A circle centred on the frame of the view containing it: SwiftUI's `Circle`.
public struct Circle: InsettableShape {
    /// Creates a circle.
    public init() {}

    /// The largest circle centred in the frame.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The path.
    public func path(in rect: CGRect) -> Path { ResolvedShape.circle(rect).path }

    /// The resolved circle.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.circle`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape { .circle(rect) }
}

/// An ellipse filling the frame of the view containing it: SwiftUI's `Ellipse`.
public struct Ellipse: InsettableShape {
    /// Creates an ellipse.
    public init() {}

    /// The ellipse filling the frame.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The path.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }

    /// The resolved ellipse.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: `.ellipse`.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape { .ellipse(rect) }
}

extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle with equal corner radii.
    ///
    /// - Parameters:
    ///   - cornerRadius: The radius.
    ///   - style: The corner style.
    /// - Returns: The shape.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Capsule {
    /// A capsule.
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Circle {
    /// A circle.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An ellipse.
    public static var ellipse: Ellipse { Ellipse() }
}

/// A type-erased shape: the port of SwiftUI's `AnyShape`.
public struct AnyShape: Shape {
    private let base: any Shape

    /// Creates a type-erased shape.
    public init<S: Shape>(_ shape: S) {
        base = shape
    }

    /// The wrapped shape's path.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The path.
    public func path(in rect: CGRect) -> Path { base.path(in: rect) }

    /// The wrapped shape, resolved.
    ///
    /// - Parameter rect: The frame.
    /// - Returns: The resolved shape.
    public func _resolvedShape(in rect: CGRect) -> ResolvedShape { base._resolvedShape(in: rect) }
}

/// A shape filled or stroked in its frame.
final class ShapeNode: ViewNode {
    let shape: any Shape
    let paint: ShapePaint
    let environment: EnvironmentValues

    /// The display-list role taken from a metadata modifier (``ViewNode/adopt(role:)``).
    private var role: ItemRole?

    init(shape: any Shape, paint: ShapePaint, environment: EnvironmentValues) {
        self.shape = shape
        self.paint = paint
        self.environment = environment
    }

    override func adopt(role: ItemRole) -> Bool {
        guard self.role == nil else { return false }
        self.role = role
        return true
    }

    override var adoptedRole: ItemRole? { role }

    override var drawsOnly: Bool { true }

    override var kind: String { "\(type(of: shape))" }

    /// The proposal, with 10 points for unspecified dimensions (SwiftUI's `Shape.sizeThatFits`).
    override func measure(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The fill or stroke's shading in `frame`.
    func shading(in frame: CGRect) -> Shading {
        switch paint {
        case .fill(let style, _), .stroke(let style, _, _): style._shading(in: environment, bounds: frame)
        }
    }

    override func draw(in frame: CGRect, proposal: ProposedViewSize, into canvas: DrawingContext) {
        guard canvas.keepsItems else { return }
        guard frame.width.isFinite, frame.height.isFinite else { return }
        let resolved = shape._resolvedShape(in: frame)
        let shading = canvas.animated(self.shading(in: frame), of: self) { $0.shading(in: frame) }
        switch paint {
        case .fill(_, let fillStyle):
            guard shading.isVisible else { return }
            canvas.append(.fill(resolved, with: shading, style: fillStyle))
        case .stroke(_, let strokeStyle, let placement):
            guard shading.isVisible, strokeStyle.lineWidth > 0 else { return }
            canvas.append(.stroke(resolved, with: shading, style: strokeStyle, placement: placement))
        }
    }
}

extension Shading {
    /// Whether drawing with the shading can change a pixel (a clear colour cannot).
    var isVisible: Bool {
        switch self {
        case .color(let color): return color.opacity > 0
        case .linearGradient(let stops, _, _): return stops.contains { $0.color.opacity > 0 }
        }
    }
}
