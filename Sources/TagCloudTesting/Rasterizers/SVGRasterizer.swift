public import Canvas
public import Foundation

/// Renders SVG documents to pixels with an independent renderer, `rsvg-convert` (librsvg), so tests
/// can check that an SVG shows the same picture as the PNG backend.
public enum SVGRasterizer {
    private static let tool = ExternalTool(name: "rsvg-convert", debianPackage: "librsvg2-bin")

    /// Whether `rsvg-convert` can be found on the `PATH`.
    public static var isAvailable: Bool { tool.executable != nil }

    /// Renders an SVG document with `rsvg-convert` at a zoom factor.
    ///
    /// - Parameters:
    ///   - svg: The SVG document.
    ///   - scale: Pixels per SVG user unit (`px`).
    /// - Returns: The decoded pixels.
    /// - Throws: ``SnapshotError/toolNotInstalled(tool:debianPackage:)`` or
    ///   ``SnapshotError/toolFailed(tool:status:message:)`` if the program is missing or fails,
    ///   `CanvasError` if its PNG cannot be decoded.
    public static func render(_ svg: Data, scale: Double = 1) throws -> RGBAImage {
        let png = try tool.run(["--zoom", String(scale), "--format", "png"], input: svg)
        return try RGBAImage(pngData: png)
    }
}
