public import Canvas
public import Foundation

/// Renders SVG documents to pixels with an independent renderer, `rsvg-convert` (librsvg), so tests
/// can check that an SVG shows the same picture as the PNG backend.
public enum SVGRasterizer {
    /// Errors from running `rsvg-convert`.
    public enum Failure: Error, CustomStringConvertible {
        /// `rsvg-convert` is not installed.
        case notInstalled
        /// It ran but failed.
        case failed(status: Int32, message: String)

        public var description: String {
            switch self {
            case .notInstalled:
                return "rsvg-convert is not installed: install Debian's librsvg2-bin (make deps-test does)"
            case .failed(let status, let message):
                return "rsvg-convert exited with status \(status): \(message)"
            }
        }
    }

    /// Whether `rsvg-convert` can be found on the `PATH`.
    public static var isAvailable: Bool { executable != nil }

    private static var executable: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("rsvg-convert") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Renders an SVG document with `rsvg-convert` at a zoom factor.
    ///
    /// - Parameters:
    ///   - svg: The SVG document.
    ///   - scale: Pixels per SVG user unit (`px`).
    /// - Returns: The decoded pixels.
    /// - Throws: ``Failure`` if the program is missing or fails, `CanvasError` if its PNG cannot
    ///   be decoded.
    public static func render(_ svg: Data, scale: Double = 1) throws -> RGBAImage {
        guard let executable else { throw Failure.notInstalled }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--zoom", String(scale), "--format", "png"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Write the input on another thread while this one drains the output, so neither pipe fills up.
        let writer = Thread { input.fileHandleForWriting.write(svg); try? input.fileHandleForWriting.close() }
        writer.start()
        let png = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.failed(status: process.terminationStatus, message: String(decoding: message, as: UTF8.self))
        }
        return try RGBAImage(pngData: png)
    }
}
