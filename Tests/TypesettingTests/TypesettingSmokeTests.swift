import Foundation
import Testing
import Typesetting

/// The package root, found from this file's path, so tests use the bundled Fonts/ only.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Test func shapesWithKerning() throws {
    let library = try FontLibrary(directory: packageRoot.appendingPathComponent("Fonts").path)
    let typesetter = Typesetter(library: library)
    // Chromium, same font file: "Hello, world" at 17 px is 94.78125 (ceil to 1/64 of 94.7798).
    let shaped = try typesetter.shape("Hello, world", font: Font(size: 17))
    #expect(abs(shaped.size.width - 94.7798) < 0.001)
    #expect(shaped.size.height == 20)
}
