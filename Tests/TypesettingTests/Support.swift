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

/// A deterministic random generator (SplitMix64) for property tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
