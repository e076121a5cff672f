import Canvas
import Foundation
import Typesetting

/// Shared test fixtures: the package's bundled fonts and a typesetter over them.
enum Fixtures {
    /// The package root, found from this file's location.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled fonts, loaded once.
    static let fonts: FontLibrary = {
        do {
            return try FontLibrary(directory: packageRoot.appendingPathComponent("Fonts").path)
        } catch {
            fatalError("the bundled fonts must load: \(error)")
        }
    }()

    static let typesetter = Typesetter(library: fonts)

    /// Shapes `text` in the default family (Inter) or `family`.
    static func shape(_ text: String, size: CGFloat = 17, family: String? = nil, weight: Font.Weight = .regular) throws -> ShapedText {
        try typesetter.shape(text, font: Font(family: family, size: size, weight: weight))
    }

    /// SwiftUI's light-mode system blue, #007AFF.
    static let blue = RGBAColor(red8: 0, green8: 122, blue8: 255)
    /// SwiftUI's light-mode system grey, #8E8E93.
    static let gray = RGBAColor(red8: 142, green8: 142, blue8: 147)

    /// A folder for files a test writes, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
