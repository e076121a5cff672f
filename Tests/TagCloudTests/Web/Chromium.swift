import Canvas
import Foundation

/// Headless Chromium for the web tests, driven by `Tools/browser/cdp.py serve` (the DevTools
/// protocol over a pipe): one browser for the whole test process, one request at a time.
///
/// The browser is started on first use and ends when the test process does (the driver stops
/// when its standard input closes). Chromium is a test dependency (`make test` installs the
/// Debian package `chromium`); without it the tests fail with that message.
final class Chromium: @unchecked Sendable {
    static let shared = Chromium()

    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var buffer = Data()
    /// Pages and screenshots go here.
    let folder: URL

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-chromium-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func start() throws {
        guard process == nil else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tools/browser/cdp.py").path, "serve"]
        let toDriver = Pipe(), fromDriver = Pipe()
        process.standardInput = toDriver
        process.standardOutput = fromDriver
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        input = toDriver.fileHandleForWriting
        output = fromDriver.fileHandleForReading
    }

    /// Sends one request (see `cdp.py`) and returns its reply.
    ///
    /// - Throws: ``Failure`` when the driver cannot start or the browser reports an error.
    func request(_ request: [String: Any]) throws -> [String: Any] {
        try lock.withLock {
            try start()
            guard let input, let output else { throw Failure(description: "the browser driver did not start") }
            var line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
            line.append(UInt8(ascii: "\n"))
            try input.write(contentsOf: line)
            while !buffer.contains(UInt8(ascii: "\n")) {
                // `availableData` returns what the pipe holds (`read(upToCount:)` would wait for all).
                let chunk = output.availableData
                guard !chunk.isEmpty else {
                    throw Failure(description: "the browser driver stopped: is Chromium installed (Debian package chromium)?")
                }
                buffer.append(chunk)
            }
            let end = buffer.firstIndex(of: UInt8(ascii: "\n")) ?? buffer.endIndex
            let reply = buffer[buffer.startIndex..<end]
            buffer = Data(buffer[buffer.index(after: end)...])
            guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any] else {
                throw Failure(description: "the browser driver answered \(String(decoding: reply, as: UTF8.self))")
            }
            guard object["ok"] as? Bool == true else {
                throw Failure(description: "the browser failed: \(object["error"] ?? "no message")")
            }
            return object
        }
    }

    /// Writes a page into the test folder and returns its path.
    func page(_ html: String, name: String) throws -> String {
        let url = folder.appendingPathComponent(name + ".html")
        try Data(html.utf8).write(to: url)
        return url.path
    }

    /// A screenshot of a page's viewport.
    ///
    /// - Parameters:
    ///   - html: The page.
    ///   - width: The viewport's width in CSS pixels.
    ///   - height: Its height.
    ///   - scale: Device pixels per CSS pixel.
    ///   - dark: Whether to emulate `prefers-color-scheme: dark`.
    ///   - forcedColors: Whether to emulate `forced-colors: active` (a contrast theme).
    ///   - reducedMotion: Whether to emulate `prefers-reduced-motion: reduce`.
    ///   - focus: A CSS selector of the element to focus (as the keyboard focuses it) first.
    ///   - name: The file name's stem, for looking at the pictures after a failure.
    func screenshot(_ html: String, width: Int, height: Int, scale: Double = 1, dark: Bool = false, forcedColors: Bool = false,
                    reducedMotion: Bool = false, focus: String? = nil, name: String) throws -> RGBAImage {
        let path = try page(html, name: name)
        let shot = folder.appendingPathComponent(name + ".png")
        var request: [String: Any] = ["op": "screenshot", "file": path, "width": width, "height": height, "scale": scale, "out": shot.path]
        if dark { request["dark"] = true }
        if forcedColors { request["forcedColors"] = true }
        if reducedMotion { request["reducedMotion"] = true }
        if let focus { request["focus"] = focus }
        _ = try self.request(request)
        return try RGBAImage(contentsOf: shot)
    }

    /// Evaluates JavaScript in a page and returns its JSON value.
    func evaluate(_ expression: String, in html: String, width: Int = 800, height: Int = 600, name: String) throws -> Any? {
        let path = try page(html, name: name)
        return try request(["op": "evaluate", "file": path, "width": width, "height": height, "expression": expression])["value"]
    }

    /// The page printed as a reader prints it (background graphics off), as a PDF; `dark`
    /// emulates a reader in dark mode.
    func printed(_ html: String, dark: Bool = false, name: String) throws -> Data {
        let path = try page(html, name: name)
        let pdf = folder.appendingPathComponent(name + ".pdf")
        var request: [String: Any] = ["op": "pdf", "file": path, "width": 800, "height": 600, "out": pdf.path]
        if dark { request["dark"] = true }
        _ = try self.request(request)
        return try Data(contentsOf: pdf)
    }

    /// What select-all then copy would give.
    func selectedText(_ html: String, name: String) throws -> String {
        let path = try page(html, name: name)
        return try request(["op": "text", "file": path, "width": 800, "height": 600])["text"] as? String ?? ""
    }

    /// The full accessibility tree: role, name and description of every node that is not ignored.
    func accessibilityTree(_ html: String, name: String) throws -> [(role: String, name: String, description: String)] {
        let path = try page(html, name: name)
        let nodes = try request(["op": "axtree", "file": path, "width": 800, "height": 600])["nodes"] as? [[String: Any]] ?? []
        return nodes.compactMap { node in
            guard node["ignored"] as? Bool != true else { return nil }
            return ((node["role"] as? String) ?? "", (node["name"] as? String) ?? "", (node["description"] as? String) ?? "")
        }
    }
}

extension RGBAImage {
    /// The pixels of a rectangle of this image (clamped to it).
    func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        let width = max(0, min(width, self.width - x)), height = max(0, min(height, self.height - y))
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            pixels.append(contentsOf: self.pixels[start..<(start + width * 4)])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The RGBA bytes of one pixel.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 4
        return Array(pixels[start..<(start + 4)])
    }
}
