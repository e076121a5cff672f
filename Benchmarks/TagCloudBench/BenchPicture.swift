// The one picture the canvas, in-process, command and Chromium figures all draw, so that their
// figures can be set side by side.

import Canvas
import Foundation
import TagCloud

enum BenchPicture {
    /// The spec, relative to the package's folder: Clive Liu's 0..<150 numbers, each padded by
    /// 16 pt on a regular-material capsule, 390 pt wide, without spacing or margin.
    static let spec = "samples/numbers-flow.yaml"
    /// The scale every figure draws it at.
    static let scale = 2

    /// The spec's path.
    static var path: String { bench.root.appendingPathComponent(spec).path }

    /// What `tagcloud render samples/numbers-flow.yaml --scale 2 -o PATH` asks for, in process;
    /// by default to standard output (`-`), which the caller's `writeStandardOutput` receives.
    static func request(output: String = "-", format: OutputFormat = .png) throws -> RenderRequest {
        var overrides = SpecOverrides()
        try overrides.set("scale", to: "\(scale)", option: "--scale")
        return RenderRequest(input: path, output: output, format: format, overrides: overrides)
    }

    /// The picture laid out and drawn into a display list, as the command does before encoding.
    @MainActor
    static func rendered() throws -> RenderedCloud {
        let document = try SpecDocument.load(path: path)
        var overrides = SpecOverrides()
        try overrides.set("scale", to: "\(scale)", option: "--scale")
        return try CloudRenderer.render(resolve(document.spec, overrides: overrides))
    }
}
