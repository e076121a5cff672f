public import Canvas
public import Foundation

/// Renders the pages of PDF documents to pixels with poppler's `pdftoppm`, so that PDF goldens are
/// compared by what a reader sees, not by their bytes (which carry a creation date).
///
/// `pdftoppm` runs as a separate program rather than poppler-glib in this process: a package that
/// uses TagCloudTesting then builds without poppler's headers and glib (only tests that compare PDFs
/// need Debian's poppler-utils, at run time), poppler draws with its own rasteriser (Splash), not
/// the Cairo that wrote the PDF, and a document that crashes it cannot take the test process down.
/// It costs a process per document, some tens of milliseconds.
public enum PDFRasterizer {
    private static let tool = ExternalTool(name: "pdftoppm", debianPackage: "poppler-utils")

    /// Whether `pdftoppm` can be found on the `PATH`.
    public static var isAvailable: Bool { tool.executable != nil }

    /// Renders every page of a PDF document.
    ///
    /// - Parameters:
    ///   - pdf: The document.
    ///   - scale: Pixels per PDF point (72 dpi × scale).
    /// - Returns: The pages' pixels, in page order.
    /// - Throws: ``SnapshotError/toolNotInstalled(tool:debianPackage:)`` or
    ///   ``SnapshotError/toolFailed(tool:status:message:)`` if the program is missing or fails,
    ///   `CanvasError` if a page's PNG cannot be decoded, or an error writing the temporary files.
    public static func render(_ pdf: Data, scale: Double = 1) throws -> [RGBAImage] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("document.pdf")
        try pdf.write(to: input)
        _ = try tool.run(["-r", String(72 * scale), "-png", input.path, folder.appendingPathComponent("page").path])
        // pdftoppm names pages page-1.png, or page-01.png … when there are ten or more.
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }
            .compactMap { name in Int(name.dropFirst(5).dropLast(4)).map { (number: $0, name: name) } }
            .sorted { $0.number < $1.number }
        return try pages.map { try RGBAImage(contentsOf: folder.appendingPathComponent($0.name)) }
    }
}
