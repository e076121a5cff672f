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
    ///   - background: A colour painted under the document (`rsvg-convert --background-color`),
    ///     for SVGs that leave their background transparent, as web SVG does unless the spec sets
    ///     one; `nil` (the default) keeps transparent pixels transparent.
    /// - Returns: The decoded pixels.
    /// - Throws: ``SnapshotError/toolNotInstalled(tool:debianPackage:)`` or
    ///   ``SnapshotError/toolFailed(tool:status:message:)`` if the program is missing or fails,
    ///   `CanvasError` if its PNG cannot be decoded.
    public static func render(_ svg: Data, scale: Double = 1, background: RGBAColor? = nil) throws -> RGBAImage {
        var arguments = ["--zoom", String(scale), "--format", "png"]
        if let background {
            let channels = [background.red, background.green, background.blue, background.opacity]
            let hex = channels.map { channel -> String in
                let byte = Int((min(max(channel, 0), 1) * 255).rounded())
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
            arguments += ["--background-color", "#" + hex]
        }
        let png = try tool.run(arguments, input: svg)
        return try RGBAImage(pngData: png)
    }
}
