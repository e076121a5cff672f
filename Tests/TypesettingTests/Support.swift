import Foundation
import Testing
@testable import Typesetting

/// The package root, found from this file's path, so tests use the bundled Fonts/ only.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The bundled fonts folder.
let fontsDirectory = packageRoot.appendingPathComponent("Fonts").path

/// The Fixtures folder beside this file.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A library of the bundled fonts only: no result may depend on the machine's fonts.
let bundledLibrary: FontLibrary = {
    do {
        return try FontLibrary(directory: fontsDirectory, systemFonts: false)
    } catch {
        fatalError("cannot load the bundled fonts from \(fontsDirectory): \(error)")
    }
}()

/// A typesetter over ``bundledLibrary``.
let typesetter = Typesetter(library: bundledLibrary)
