import Canvas
import Foundation
import Typesetting

/// The libraries and machine a picture was drawn with: what a golden image depends on besides its
/// view and its fonts. Every failure message ends with it, so a golden that fails only on another
/// machine says why.
public struct SnapshotEnvironment: Sendable, CustomStringConvertible {
    /// Cairo's version.
    public var cairo: String
    /// pixman's version.
    public var pixman: String
    /// FreeType's version.
    public var freeType: String
    /// HarfBuzz's version.
    public var harfBuzz: String
    /// The CPU architecture (`uname -m`: `x86_64`, `aarch64`).
    public var architecture: String

    /// This process's libraries and machine.
    public static let current = SnapshotEnvironment(
        cairo: DrawingLibraries.cairoVersion, pixman: DrawingLibraries.pixmanVersion,
        freeType: TextLibraries.freeTypeVersion, harfBuzz: TextLibraries.harfBuzzVersion,
        architecture: machineArchitecture())

    /// `Cairo 1.16.0, pixman 0.42.2, FreeType 2.12.1, HarfBuzz 6.0.0 on x86_64`.
    public var description: String {
        "Cairo \(cairo), pixman \(pixman), FreeType \(freeType), HarfBuzz \(harfBuzz) on \(architecture)"
    }

    private static func machineArchitecture() -> String {
        var system = utsname()
        guard uname(&system) == 0 else { return "an unknown architecture" }
        return withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
