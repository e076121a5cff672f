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

    /// The spec read from its file, at ``scale``: what `tagcloud render samples/numbers-flow.yaml
    /// --scale 2` renders.
    static func cloud() throws -> Cloud {
        var cloud = try Cloud(contentsOf: URL(fileURLWithPath: path))
        cloud.scale = Double(scale)
        return cloud
    }

    /// The picture laid out and drawn into a display list, ready to encode.
    static func rendered() throws -> RenderedCloud {
        try cloud().rendered()
    }
}
