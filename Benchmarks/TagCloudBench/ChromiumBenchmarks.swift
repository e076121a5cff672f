// Chromium beside `tagcloud` for `make bench`: the same picture drawn by headless Chromium from
// HTML/CSS flex-wrap, timed two ways.
//
// - Whole process: `chromium --headless --screenshot`, started and timed as the command is (what
//   a script calling a browser once per picture pays).
// - Persistent: one browser kept running (Tools/browser/cdp.py serve, over the DevTools protocol),
//   timed per page from the request to the PNG on disk: loading the page, waiting for its fonts,
//   laying it out, capturing and encoding the screenshot (what a batch job driving one browser pays).
//
// The page is BenchPicture as CSS (the TagCloud catalog's correspondence): Inter from Fonts/ by
// @font-face, 17 px, 16 px padding, capsules of rgba(224, 224, 228, 0.65), flex-wrap in 390 px,
// the window exactly the picture's height, at device scale 2. The line height is stated, 20 px:
// what `line-height: normal` gives Inter at 17 px at device scale 1, which TagCloud follows. Under
// a real device scale of 2 (`--force-device-scale-factor=2`), Blink rounds the font's ascent and
// descent in device pixels (33 + 8 = 41 px, 20.5 CSS px), so with `normal` every row is half a
// pixel taller, the flow 1207.5 px instead of 1196, and the window cuts off its last row. Every screenshot
// is compared with tagcloud's PNG by pixelmatch's measure (Canvas's ImageDiff, anti-aliasing not
// counted): a screenshot that is not the same picture (a font not loaded, a row cut off) fails the
// figure instead of timing something else.

import Canvas
import Foundation
import TagCloud

/// The largest share of pixels (anti-aliasing not counted) by which Chromium's screenshot may
/// differ from tagcloud's PNG and still be the same picture: Skia and Cairo rasterise text with
/// different hinting and filtering, which pixelmatch counts where glyph strokes are thin.
private let sameTolerance = 0.01

/// Records the Chromium figures.
func runChromiumBenchmarks() throws {
    guard let chromium = findOnPath("chromium") ?? findOnPath("chromium-browser") else {
        bench.fail("chromium", because: "chromium is not on PATH (Debian package chromium; make bench installs it)")
        return
    }
    let driver = bench.root.appendingPathComponent("Tools/browser/cdp.py")
    guard let python = findOnPath("python3"), FileManager.default.fileExists(atPath: driver.path) else {
        bench.fail("chromium", because: "python3 or \(driver.path) is missing")
        return
    }
    let folder = try benchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    // tagcloud's picture, as the command writes it (the command figures check that it is).
    let rendered = try BenchPicture.rendered()
    let png = try RGBAImage(pngData: rendered.data(as: .png))
    let layoutHeight = rendered.layout.height
    let height = Int(layoutHeight.rounded(.up))
    let page = folder.appendingPathComponent("numbers.html")
    try Data(numbersPage(fonts: bench.root.appendingPathComponent("Fonts"), labels: (0..<150).map(String.init)).utf8).write(to: page)
    bench.note("chromium: \(page.lastPathComponent), 390 × \(height) CSS px at device scale \(BenchPicture.scale), "
               + "compared with tagcloud's \(png.width) × \(png.height) px PNG")

    /// Checks a screenshot against tagcloud's PNG; returns the share of differing pixels.
    func check(_ shot: URL) throws -> Double {
        let image = try RGBAImage(contentsOf: shot)
        let result = try ImageDiff.compare(png, image, makeDiffImage: false)
        guard result.differentShare <= sameTolerance else {
            throw ChromiumFailure.notTheSamePicture(shot.path, result.differentPixels, result.differentShare)
        }
        return result.differentShare
    }

    // Whole process.
    let shot = folder.appendingPathComponent("process.png")
    var shares: [Double] = []
    do {
        try bench.time("chromium.process_screenshot_numbers150_png_2x_ms", runs: 11, warmup: 1) {
            try? FileManager.default.removeItem(at: shot)
            try spawn(URL(fileURLWithPath: chromium), [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                "--force-device-scale-factor=\(BenchPicture.scale)", "--window-size=390,\(height)",
                "--screenshot=\(shot.path)", page.absoluteString,
            ], quiet: true)
            shares.append(try check(shot))
        }
    } catch {
        bench.fail("chromium.process_screenshot_numbers150_png_2x_ms", because: "\(error)")
    }

    // Persistent browser, page after page.
    do {
        let server = try DevToolsServer(python: python, driver: driver)
        defer { server.stop() }
        let pageShot = folder.appendingPathComponent("page.png")
        let request = #"{"op": "screenshot", "file": "\#(page.path)", "width": 390, "height": \#(height), "scale": \#(BenchPicture.scale), "out": "\#(pageShot.path)"}"#
        try bench.time("chromium.persistent_page_screenshot_numbers150_png_2x_ms", runs: 21, warmup: 2) {
            try? FileManager.default.removeItem(at: pageShot)
            try server.send(request)
            shares.append(try check(pageShot))
        }
    } catch {
        bench.fail("chromium.persistent_page_screenshot_numbers150_png_2x_ms", because: "\(error)")
    }
    if !shares.isEmpty {
        bench.record("chromium.screenshot_pixels_differing_from_tagcloud_png_percent", Spread(rounds: shares.map { $0 * 100 }),
                     unit: "%", target: .atMost(sameTolerance * 100))
    }

    // How many times faster tagcloud is, each way.
    let pairs = [("chromium.process_over_command_process_ratio", "chromium.process_screenshot_numbers150_png_2x_ms",
                  "command.render_numbers150_png_2x_process_ms"),
                 ("chromium.persistent_page_over_command_process_ratio", "chromium.persistent_page_screenshot_numbers150_png_2x_ms",
                  "command.render_numbers150_png_2x_process_ms"),
                 ("chromium.persistent_page_over_inprocess_ratio", "chromium.persistent_page_screenshot_numbers150_png_2x_ms",
                  "inprocess.render_numbers150_png_2x_ms")]
    let figures = bench.figures
    for (name, browser, ours) in pairs {
        guard let a = figures.first(where: { $0.name == browser })?.spread,
              let b = figures.first(where: { $0.name == ours })?.spread else { continue }
        bench.record(name, Spread.ratio(a, over: b), unit: "x", target: .atLeast(1))
    }
}

enum ChromiumFailure: Error, CustomStringConvertible {
    case notTheSamePicture(String, Int, Double)
    case server(String)

    var description: String {
        switch self {
        case let .notTheSamePicture(path, pixels, share):
            "the screenshot \(path) is not tagcloud's picture: \(pixels) pixels differ "
                + "(\(String(format: "%.2f", share * 100)) %, more than \(sameTolerance * 100) %)"
        case let .server(message): "the DevTools driver failed: \(message)"
        }
    }
}

/// `Tools/browser/cdp.py serve`: one headless Chromium answering JSON-lines requests.
private final class DevToolsServer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(python: String, driver: URL) throws {
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [driver.path, "serve"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends one request line and waits for its reply line; throws unless the reply says `ok`.
    func send(_ request: String) throws {
        input.fileHandleForWriting.write(Data((request + "\n").utf8))
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ChromiumFailure.server("cdp.py exited") }
            buffer.append(chunk)
        }
        let end = buffer.firstIndex(of: UInt8(ascii: "\n")) ?? buffer.endIndex
        let line = buffer[..<end]
        buffer = Data(buffer[buffer.index(after: end)...])
        guard let reply = try JSONSerialization.jsonObject(with: line) as? [String: Any], reply["ok"] as? Bool == true else {
            throw ChromiumFailure.server(String(decoding: line, as: UTF8.self))
        }
    }

    /// Asks the driver to quit (closing the browser) and waits for it.
    func stop() {
        try? send(#"{"op": "quit"}"#)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// BenchPicture as HTML/CSS flex-wrap: the materialCapsules style (TagCloud catalog's CSS
/// correspondence), one `<span>` per chip.
func numbersPage(fonts: URL, labels: [String]) -> String {
    let chips = labels.map { "<span>\($0)</span>" }.joined()
    return """
        <!doctype html><html><head><meta charset="utf-8"><style>
        @font-face { font-family: "Inter"; src: url("\(fonts.appendingPathComponent("Inter/Inter-Regular.otf").absoluteString)"); }
        html, body { margin: 0; background: white; }
        .cloud { display: flex; flex-wrap: wrap; align-content: flex-start; width: 390px; gap: 0;
                 font: 17px/20px "Inter"; color: black; }
        .cloud span { flex: none; padding: 16px; border-radius: 9999px; white-space: pre;
                      background: rgba(224, 224, 228, 0.65); }
        </style></head><body><div class="cloud">\(chips)</div></body></html>
        """
}
