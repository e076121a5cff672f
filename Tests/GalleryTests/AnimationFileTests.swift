import Foundation
import Gallery
import TagCloudTesting
import TagCloudUI
import Testing

/// The package's root folder.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a tool; its output goes to files, so that neither pipe can block it.
///
/// - Returns: The exit status, standard output and standard error.
private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
}

/// The Python that has Pillow (Debian's python3-pil): /usr/bin/python3 first, as a shell's
/// `python3` may be another installation.
private let python: String = {
    for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: candidate) {
        if let result = try? run(candidate, ["-c", "import PIL"]), result.status == 0 { return candidate }
    }
    return "/usr/bin/python3"
}()

/// A folder for one test's files, removed afterwards by the caller.
private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-animation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The distinct pictures of an animation as a decoder composites them: consecutive equal frames
/// merged, their durations added (in milliseconds).
private func distinctFrames(_ animation: AnimatedDisplayList, scale: Double) throws -> [(image: RGBAImage, milliseconds: Double)] {
    var result: [(image: RGBAImage, milliseconds: Double)] = []
    for frame in animation.frames {
        let image = try frame.list.rgbaImage(scale: scale, background: .white)
        if let last = result.last, last.image == image {
            result[result.count - 1].milliseconds += frame.duration.seconds * 1000
        } else {
            result.append((image, frame.duration.seconds * 1000))
        }
    }
    return result
}

@MainActor
@Suite("The gallery's animation as APNG and animated SVG, read by Pillow and Chromium", .serialized)
struct AnimationFileTests {
    static let animation = Gallery.animations[0]
    /// Colours within one level of 255 (pixelmatch's YIQ distance 35215 × 0.004² ≈ 0.56; one level
    /// of grey is 0.51), anti-aliased pixels counted: Chromium's PNG decoder.
    static let oneLevel = ImageDiff.Options(threshold: 0.004, includeAntiAliasing: true)
    /// Colours within 16 levels (35215 × 0.061² ≈ 131; sixteen levels of grey are 129), anti-aliased
    /// pixels counted: Chromium's SVG rasteriser against Cairo's.
    static let sixteenLevels = ImageDiff.Options(threshold: 0.061, includeAntiAliasing: true)

    @Test("The files are byte-deterministic, and the samples are up to date (TAGCLOUD_RECORD=1 rewrites them)")
    func samples() throws {
        let frames = try Self.animation.frames()
        // What `tagcloud samples` writes: the frames on white, the APNG at 1×.
        let apng = try Self.animation.data(.png), svg = try Self.animation.data(.svg)
        #expect(try frames.apngData(scale: 1, background: .white) == apng)
        #expect(try frames.svgData(background: .white) == svg)
        #expect(try Self.animation.data(.png) == apng && Self.animation.data(.svg) == svg)
        let mode = try SnapshotRecordMode.fromEnvironment()
        for (data, ext) in [(apng, "png"), (svg, "svg")] {
            let url = packageRoot.appendingPathComponent("samples/gallery/\(Self.animation.name).\(ext)")
            let existing = FileManager.default.contents(atPath: url.path)
            let record = switch mode {
            case .all: true
            case .failed: existing != data
            case .missing: existing == nil
            case .never: false
            }
            if record {
                try data.write(to: url)
                Issue.record("recorded \(url.path); look at it, then run again without TAGCLOUD_RECORD")
            } else {
                #expect(existing == data,
                        "\(url.path) is not what the gallery renders; run make samples (or this test with TAGCLOUD_RECORD=1) and look at it")
            }
        }
        // Four changes, the last back to the first picture: three holds besides the first.
        #expect(frames.frames.filter { $0.duration == FrameDuration(seconds: 1) }.count == 4)
    }

    @Test("Pillow decodes the APNG into the frames, with their durations")
    func pillow() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.animation.frames()
        try frames.apngData(scale: 1, background: .white).write(to: folder.appendingPathComponent("animation.png"))
        let expected = try distinctFrames(frames, scale: 1)
        for (index, frame) in expected.enumerated() {
            try frame.image.pngData().write(to: folder.appendingPathComponent("expected-\(index).png"))
        }
        let script = """
            import json, sys
            from PIL import Image, ImageChops
            folder = sys.argv[1]
            image = Image.open(folder + '/animation.png')
            result = {'format': image.format, 'frames': image.n_frames, 'durations': [], 'differing': []}
            for index in range(image.n_frames):
                image.seek(index)
                result['durations'].append(image.info.get('duration'))
                expected = Image.open('%s/expected-%d.png' % (folder, index)).convert('RGB')
                box = ImageChops.difference(image.convert('RGB'), expected).getbbox()
                if box: result['differing'].append(index)
            print(json.dumps(result))
            """
        let result = try run(python, ["-c", script, folder.path])
        #expect(result.status == 0, "\(result.error)")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(decoded?["format"] as? String == "PNG")
        #expect(decoded?["frames"] as? Int == expected.count)
        #expect((decoded?["durations"] as? [Double]).map { $0.map { $0.rounded() } } == expected.map { $0.milliseconds.rounded() })
        #expect(decoded?["differing"] as? [Int] == [], "frames Pillow composites differently: \(result.output)")
    }

    @Test("Chromium decodes the APNG into the same frames")
    func chromiumDecodesAPNG() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.animation.frames()
        let file = folder.appendingPathComponent("animation.png")
        try frames.apngData(scale: 1, background: .white).write(to: file)
        let result = try run(python, [packageRoot.appendingPathComponent("Tools/browser/animation.py").path, "apng-frames",
                                      file.path, folder.appendingPathComponent("chromium").path])
        #expect(result.status == 0, "\(result.error)")
        let expected = try distinctFrames(frames, scale: 1)
        let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(decoded?["frames"] as? Int == expected.count)
        for index in [0, 1, expected.count / 3, expected.count / 2, expected.count - 1] {
            let url = folder.appendingPathComponent("chromium/frame-\(index).png")
            let shown = try RGBAImage(pngData: Data(contentsOf: url))
            let comparison = try ImageDiff.compare(expected[index].image, shown, options: Self.oneLevel, makeDiffImage: false)
            #expect(comparison.differentPixels == 0, "frame \(index): \(comparison.differentPixels) pixels differ")
        }
    }

    @Test("The animated SVG plays in Chromium: at two times it shows the frames of those times")
    func chromiumPlaysSVG() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try Self.animation.frames()
        let file = folder.appendingPathComponent("animation.svg")
        try frames.svgData(background: .white).write(to: file)
        // The middle of a frame of the first change, and the middle of the first hold after it.
        var starts: [Double] = []
        var time = 0.0
        for frame in frames.frames {
            starts.append(time)
            time += frame.duration.seconds
        }
        let moving = 12, still = try #require(frames.frames.indices.dropFirst().first { frames.frames[$0].duration.seconds == 1 })
        let times = [moving, still].map { starts[$0] + frames.frames[$0].duration.seconds / 2 }
        let size = frames.size
        let result = try run(python, [packageRoot.appendingPathComponent("Tools/browser/animation.py").path, "svg-frames",
                                      file.path, folder.appendingPathComponent("chromium").path,
                                      "--width", "\(Int(size.width.rounded(.up)))", "--height", "\(Int(size.height.rounded(.up)))",
                                      "--times", times.map { "\($0)" }.joined(separator: ",")])
        #expect(result.status == 0, "\(result.error)")
        var shots: [RGBAImage] = []
        for (index, frame) in [moving, still].enumerated() {
            let shot = try RGBAImage(pngData: Data(contentsOf: folder.appendingPathComponent("chromium/time-\(index).png")))
            shots.append(shot)
            let expected = try frames.frames[frame].list.rgbaImage(scale: 1, background: .white)
            let comparison = try ImageDiff.compare(expected, shot, options: Self.sixteenLevels, makeDiffImage: false)
            #expect(comparison.differentShare <= 0.005,
                    "at \(times[index]) s (frame \(frame)): \(comparison.differentPixels) pixels differ by more than 16 levels")
        }
        let between = try ImageDiff.compare(shots[0], shots[1], options: Self.sixteenLevels, makeDiffImage: false)
        #expect(between.differentPixels > 1000, "the two times look the same: \(between.differentPixels) pixels differ")
    }
}
