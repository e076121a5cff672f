import Foundation
import TagCloud
@testable import TagCloudCommandLine
import Testing

/// `tagcloud preview` in headless Chromium, as a site author uses it: the page shows the spec's
/// cloud, changes when the spec is saved, shows errors without stopping, and its width slider lays
/// the cloud out as `render --width` does.
@Suite(.serialized) struct PreviewTests {
    /// A running `tagcloud preview` and the address it announced.
    final class Server {
        let process = Process()
        let url: String

        /// Starts `tagcloud preview spec --port port`, with at most `fileLimit` open files when
        /// one is given (through the shell's `ulimit -n`, whose `exec` keeps the process).
        init(spec: URL, port: Int = 0, fileLimit: Int? = nil) throws {
            if let fileLimit {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", CommandRunner.executable.path,
                                     "preview", spec.path, "--port", String(port)]
            } else {
                process.executableURL = CommandRunner.executable
                process.arguments = ["preview", spec.path, "--port", String(port)]
            }
            var environment = ProcessInfo.processInfo.environment
            environment["TAGCLOUD_FONTS"] = packageRoot.appendingPathComponent("Fonts").path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let match = text.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+\/)/) else {
                process.terminate()
                throw CommandError.usage("the preview did not announce its address: \(text)")
            }
            url = String(match.1)
        }

        /// The port it listens on.
        var port: Int { Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0 }

        deinit {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// A preview of a spec `tags.yaml` holding `yaml`, in a new folder (for the caller to remove).
    static func preview(of yaml: String, fileLimit: Int? = nil, _ name: String = #function) throws -> (Server, folder: URL) {
        let folder = try temporaryFolder(name)
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data(yaml.utf8).write(to: spec)
        return (try Server(spec: spec, fileLimit: fileLimit), folder)
    }

    /// Runs a Python script (its standard library's sockets and `http.client`, as a client other
    /// than a browser talks to the preview) and returns what it printed, trimmed.
    static func python(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Python that defines `exchange(data)`: sends raw bytes on a new connection to the preview at
    /// `port` and reads until the server closes it or `seconds` pass without a byte, and returns
    /// `(what was read, "closed" or "open")`.
    static func exchange(port: Int, seconds: Double = 5) -> String {
        """
        import socket
        def exchange(data, keep=None):
            s = keep or socket.create_connection(("127.0.0.1", \(port)), timeout=\(seconds))
            s.sendall(data)
            out = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        s.close()
                        return out.decode("latin-1"), "closed"
                    out += chunk
            except socket.timeout:
                return out.decode("latin-1"), "open"
        def head(text):
            lines = text.split("\\r\\n\\r\\n")[0].split("\\r\\n")
            fields = {l.split(":", 1)[0].lower(): l.split(":", 1)[1].strip() for l in lines[1:] if ":" in l}
            return lines[0].split(" ")[1] if lines[0] else "none", fields.get("connection", "-")

        """
    }

    /// Headless Chromium through `Tools/browser/cdp.py serve`, one page for the whole test.
    final class Browser {
        let process = Process()
        let input = Pipe(), output = Pipe()

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", packageRoot.appendingPathComponent("Tools/browser/cdp.py").path, "serve"]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        /// Sends a request and returns the reply's JSON object.
        func send(_ request: [String: Any]) throws -> [String: Any] {
            try input.fileHandleForWriting.write(contentsOf: JSONSerialization.data(withJSONObject: request) + Data("\n".utf8))
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { throw CommandError.usage("the browser driver stopped") }
                line += chunk
            }
            return try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
        }

        /// Evaluates a script on the loaded page (awaiting a promise).
        func evaluate(_ expression: String) throws -> Any? {
            let reply = try send(["op": "evaluate", "expression": expression])
            guard reply["ok"] as? Bool == true else { throw CommandError.usage("script failed: \(reply["error"] ?? "")") }
            return reply["value"]
        }

        /// Waits (up to ten seconds) until a JavaScript condition holds, and returns whether it did.
        func waitUntil(_ condition: String) throws -> Bool {
            try evaluate("""
                new Promise(done => { const start = Date.now();
                  const check = () => { if (\(condition)) done(true); else if (Date.now() - start > 10000) done(false); else setTimeout(check, 25); };
                  check(); })
                """) as? Bool == true
        }

        deinit {
            _ = try? send(["op": "quit"])
            process.waitUntilExit()
        }
    }

    /// The largest distance, in points, between a chip the page draws and where the layout the
    /// page fetched puts it (1e9 when they are not the same chips).
    static let largestMisplacement = """
        (() => { const box = document.getElementById('tagcloud-preview-cloud').getBoundingClientRect();
          const chips = [...document.querySelectorAll('#tagcloud-preview-cloud .tc-chip')], layout = window.tagcloudLayout.chips;
          if (chips.length !== layout.length) return 1e9;
          return Math.max(...chips.map((chip, i) => { const r = chip.getBoundingClientRect();
            return Math.max(Math.abs(r.left - box.left - layout[i].x), Math.abs(r.top - box.top - layout[i].y),
                            Math.abs(r.width - layout[i].width)); })); })()
        """

    /// The chips' labels, from the HTML fragment the page inlines.
    static let labels = "[...document.querySelectorAll('#tagcloud-preview-cloud .tc-chip')].map(e => e.getAttribute('aria-label')).join(',')"

    @Test func thePageFollowsTheSpecAndTheSlider() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("width: 300\ntags: [Swift, Linux]\n".utf8).write(to: spec)
        let server = try Server(spec: spec)
        let browser = try Browser()
        let opened = try browser.send(["op": "evaluate", "url": server.url, "width": 900, "height": 700,
                                       "expression": "document.title"])
        #expect(opened["ok"] as? Bool == true, "\(opened)")
        #expect(try browser.waitUntil("\(Self.labels) === 'Swift,Linux'"))
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-width').value") as? String == "300")

        // A save of the spec shows on the page.
        try Data("width: 300\ntags: [Swift, Linux, Cairo]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("\(Self.labels) === 'Swift,Linux,Cairo'"), "the page did not follow the save")

        // A broken spec shows its error on the page; the server keeps running and recovers.
        try Data("width: [300\ntags: [Swift]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("!document.getElementById('tagcloud-preview-error').hidden"))
        let message = try browser.evaluate("document.getElementById('tagcloud-preview-error').textContent") as? String
        #expect(message?.contains("tags.yaml:") == true && message?.contains("malformed YAML") == true, "\(message ?? "")")
        try Data("width: 300\ntags: [Swift, Linux, Cairo, HarfBuzz]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("document.getElementById('tagcloud-preview-error').hidden && \(Self.labels).endsWith('HarfBuzz')"))
        // What render warns of is shown above the cloud (it was said nowhere), and goes with it.
        try Data("width: 300\ntags: [Swift, Linux, Cairo, HarfBuzz, \"Kawi \\U00011F04\"]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("!document.getElementById('tagcloud-preview-warnings').hidden && "
                                      + "document.getElementById('tagcloud-preview-warnings').textContent.includes('U+11F04')"))
        try Data("width: 300\ntags: [Swift, Linux, Cairo, HarfBuzz]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("document.getElementById('tagcloud-preview-warnings').hidden && \(Self.labels).endsWith('HarfBuzz')"))

        // The slider lays the cloud out as `render --width` does.
        _ = try browser.evaluate("(() => { const s = document.getElementById('tagcloud-preview-width'); s.value = 150; s.dispatchEvent(new Event('input')); return true; })()")
        #expect(try browser.waitUntil("window.tagcloudWidth === 150"))
        let shown = try browser.evaluate("JSON.stringify(window.tagcloudLayout)") as? String ?? ""
        let rendered = try CommandRunner.run(["render", spec.path, "--width", "150", "--format", "json", "-o", "-"])
        #expect(try CloudLayout(jsonData: Data(shown.utf8)) == CloudLayout(jsonData: rendered.standardOutput))
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-size').textContent") as? String
                == "\(CloudLayout.number(try CloudLayout(jsonData: rendered.standardOutput).width)) × "
                + "\(CloudLayout.number(try CloudLayout(jsonData: rendered.standardOutput).height)) pt")
        // What the page draws is that layout: each chip where the layout puts it, in a box as wide
        // as the picture, centred rows and balanced lines included, and wider than the window.
        try Data("width: 300\nalignment: center\nlineBreaking: balanced\ntags: [Swift, Linux, Cairo, HarfBuzz, Pango, FreeType]\n".utf8)
            .write(to: spec)
        #expect(try browser.waitUntil("\(Self.labels).endsWith('FreeType') && window.tagcloudWidth === 150"))
        // Once the fragment's embedded fonts have loaded: until then the labels are drawn in a
        // fallback font, and the chips are as wide as that makes them (a loaded machine caught it).
        #expect(try browser.waitUntil("document.fonts.status === 'loaded' && \(Self.largestMisplacement) < 0.05"),
                "misplaced by \(String(describing: try? browser.evaluate(Self.largestMisplacement)))")
        _ = try browser.evaluate("(() => { const s = document.getElementById('tagcloud-preview-width'); s.value = 1500; s.dispatchEvent(new Event('input')); return true; })()")
        #expect(try browser.waitUntil("window.tagcloudWidth === 1500"))
        #expect(try browser.waitUntil("document.fonts.status === 'loaded' && \(Self.largestMisplacement) < 0.05"),
                "misplaced by \(String(describing: try? browser.evaluate(Self.largestMisplacement)))")
        // A dark cloud in a dark box.
        try Data("width: 300\ntheme: dark\ntags: [Swift, Linux, Cairo, HarfBuzz]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("\(Self.labels).endsWith('HarfBuzz') && "
                                      + "getComputedStyle(document.getElementById('tagcloud-preview-cloud')).backgroundColor === 'rgb(0, 0, 0)'"))

        // A save that changes the spec's width moves the slider there, past the slider's first
        // range (40 to 1600) and to a fraction; a save that keeps it leaves the slider alone.
        try Data("width: 2000.5\ntags: [Swift, Linux, Cairo, HarfBuzz]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("window.tagcloudWidth === 2000.5"), "the page did not follow the spec's width")
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-width').value") as? String == "2000.5")
        _ = try browser.evaluate("(() => { const s = document.getElementById('tagcloud-preview-width'); s.value = 500; s.dispatchEvent(new Event('input')); return true; })()")
        #expect(try browser.waitUntil("window.tagcloudWidth === 500"))
        try Data("width: 2000.5\ntags: [Swift, Linux, Cairo, HarfBuzz, Pango]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("\(Self.labels).endsWith('Pango')"))
        #expect(try browser.evaluate("window.tagcloudWidth") as? Double == 500)

        // A slider dragged to a fraction lays out and shows hundredths of a point.
        _ = try browser.evaluate("(() => { const s = document.getElementById('tagcloud-preview-width'); s.value = 223.854851973684; s.dispatchEvent(new Event('input')); return true; })()")
        #expect(try browser.waitUntil("window.tagcloudWidth === 223.85"))
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-exact').value") as? String == "223.85")
        let fraction = try CloudLayout(jsonData: CommandRunner.run(["render", spec.path, "--width", "223.85", "--format", "json",
                                                                     "-o", "-"]).standardOutput)
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-size').textContent") as? String
                == "\(CloudLayout.number(fraction.width)) × \(CloudLayout.number(fraction.height)) pt")

        // The exact field takes 0, as render --width does; a negative width is said on the field
        // and changes nothing (0 was ignored without a word).
        let typeExact = { (value: String) in
            _ = try browser.evaluate("(() => { const e = document.getElementById('tagcloud-preview-exact'); e.focus(); e.value = '\(value)'; "
                                     + "e.dispatchEvent(new Event('change')); return true; })()")
        }
        try typeExact("0")
        #expect(try browser.waitUntil("window.tagcloudWidth === 0"), "the exact field did not take 0")
        try typeExact("-5")
        #expect(try browser.evaluate("document.getElementById('tagcloud-preview-exact').validationMessage") as? String
                == "a width is a number of points, 0 or more")
        #expect(try browser.evaluate("window.tagcloudWidth") as? Double == 0)
        try typeExact("223.85")
        #expect(try browser.waitUntil("window.tagcloudWidth === 223.85"))

        // A drawing whose request fails (a server stopped while it drew) is said, and the page
        // goes on asking: it stopped updating for good, without a word.
        _ = try browser.evaluate("""
            (() => { const real = window.fetch; let failed = false;
              window.fetch = (url, options) => {
                if (!failed && String(url).startsWith('/cloud.')) { failed = true; return Promise.reject(new TypeError('Failed to fetch')); }
                return real(url, options); };
              return true; })()
            """)
        try Data("width: 2000.5\ntags: [Swift, Linux, Cairo, HarfBuzz, Pango, Zig]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("document.getElementById('tagcloud-preview-error').hidden && \(Self.labels).endsWith('Zig')"),
                "the page stopped updating after a failed drawing")
        // A server's error answer (5xx) is shown and asked again; a spec's error (422) waits for a save.
        _ = try browser.evaluate("""
            (() => { const real = window.fetch; let failed = false;
              window.fetch = (url, options) => {
                if (!failed && String(url).startsWith('/cloud.')) { failed = true; return Promise.resolve(new Response('busy', {status: 503})); }
                return real(url, options); };
              return true; })()
            """)
        try Data("width: 2000.5\ntags: [Swift, Linux, Cairo, HarfBuzz, Pango, Zig, Odin]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("document.getElementById('tagcloud-preview-error').hidden && \(Self.labels).endsWith('Odin')"),
                "the page kept a server's error answer")

        // A server stopped is said on the page; one started again on its port takes over, and
        // the page shows the cloud again without a save.
        let port = server.port
        server.process.terminate()
        server.process.waitUntilExit()
        // It ends by the signal, as every command does (it exited 0, as if it had finished).
        #expect(server.process.terminationReason == .uncaughtSignal && server.process.terminationStatus == SIGTERM)
        #expect(try browser.waitUntil("!document.getElementById('tagcloud-preview-error').hidden && document.getElementById('tagcloud-preview-error').textContent === 'the preview server stopped'"))
        let again = try Server(spec: spec, port: port)
        #expect(try browser.waitUntil("document.getElementById('tagcloud-preview-error').hidden && \(Self.labels).endsWith('Odin')"),
                "the page kept the stopped server's message")

        // A spec's width that is no whole number of hundredths is laid out as render lays it out
        // (it was rounded to hundredths, then cut to 1/64: 1/64 point narrower, chips in two rows).
        try Data("width: 100.99\ntags: [Ab, Cd]\n".utf8).write(to: spec)
        #expect(try browser.waitUntil("window.tagcloudWidth === 100.984375"), "the page does not lay out at the spec's width")
        let exact = try CloudLayout(jsonData: CommandRunner.run(["render", spec.path, "--format", "json", "-o", "-"]).standardOutput)
        let matches = try browser.waitUntil("document.getElementById('tagcloud-preview-size').textContent === '\(CloudLayout.number(exact.width)) × \(CloudLayout.number(exact.height)) pt'")
        let size = try browser.evaluate("document.getElementById('tagcloud-preview-size').textContent")
        #expect(matches, "the page shows \(String(describing: size)), render lays out \(exact.width) × \(exact.height)")
        _ = again
    }

    /// Ctrl-C ends the preview by SIGINT (exit 130 in a shell), as it ends `render`.
    @Test func anInterruptedPreviewEndsByItsSignal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-preview-int-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("tags: [Swift]\n".utf8).write(to: spec)
        let server = try Server(spec: spec)
        kill(server.process.processIdentifier, SIGINT)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .uncaughtSignal && server.process.terminationStatus == SIGINT)
    }

    @Test func thePreviewListensOnLoopbackOnly() throws {
        let refused = try CommandRunner.run(["preview", "tags.yaml", "--host", "0.0.0.0"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("loopback only"), "\(refused.standardError)")
        #expect(PreviewServer.isLoopback("127.0.0.1") && PreviewServer.isLoopback("::1") && !PreviewServer.isLoopback("192.168.1.2"))
    }

    /// A request whose Host is not a loopback name (a page of another site that DNS rebinding
    /// points at 127.0.0.1) is refused with 421; the preview's own address is served.
    @Test func onlyTheLoopbackHostIsAnswered() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("tags: [Swift]\n".utf8).write(to: spec)
        let server = try Server(spec: spec)
        guard let port = server.url.split(separator: ":").last?.filter(\.isNumber) else {
            Issue.record("no port in \(server.url)")
            return
        }
        func status(host: String, secondHost: String? = nil, method: String = "GET", target: String = "/cloud.svg") throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", """
                import http.client
                c = http.client.HTTPConnection("127.0.0.1", \(port), timeout=10)
                c.putrequest("\(method)", "\(target)", skip_host=True)
                c.putheader("Host", "\(host)")
                \(secondHost.map { "c.putheader(\"Host\", \"\($0)\")" } ?? "")
                c.endheaders()
                r = c.getresponse()
                body = r.read()
                print(r.status, r.getheader("Content-Length"), len(body), r.getheader("Content-Type"))
                """]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let get = try status(host: "127.0.0.1:\(port)")
        #expect(get.hasPrefix("200 ") && get.hasSuffix(" image/svg+xml"), "\(get)")
        #expect(try status(host: "localhost:\(port)").hasPrefix("200 "))
        #expect(try status(host: "evil.example").hasPrefix("421 "))
        #expect(try status(host: "evil.example:\(port)").hasPrefix("421 "))
        #expect(try status(host: "127.0.0.1.evil.example").hasPrefix("421 "))
        #expect(try status(host: "127.0.0.1:\(port)", secondHost: "evil.example").hasPrefix("400 "))
        // A target in absolute form names the authority, whatever Host says (RFC 9112, 3.2.2).
        #expect(try status(host: "127.0.0.1:\(port)", target: "http://evil.example/cloud.svg").hasPrefix("421 "))
        #expect(try status(host: "evil.example", target: "http://127.0.0.1:\(port)/cloud.svg").hasPrefix("200 "))
        #expect(ConnectionFraming.absoluteFormAuthority("HTTP://Evil:80/x?y") == "evil:80"
                && ConnectionFraming.absoluteFormAuthority("/state") == nil && ConnectionFraming.absoluteFormAuthority("*") == nil
                && ConnectionFraming.absoluteFormAuthority("127.0.0.1:443") == nil)
        // HEAD is GET without the body: the same status, type and length (a link checker's
        // request); a foreign Host is refused alike.
        let fields = get.split(separator: " ")
        let head = try status(host: "127.0.0.1:\(port)", method: "HEAD").split(separator: " ")
        #expect(fields.count == 4 && head.count == 4 && head[0] == "200" && head[1] == fields[1] && head[2] == "0" && head[3] == fields[3]
                && fields[1] == fields[2], "\(get) / \(head)")
        #expect(try status(host: "evil.example", method: "HEAD").hasPrefix("421 "))
        // The preview only reads: another method is 405 (with Allow), and a page it has not is a
        // 404 that says which it has.
        #expect(try status(host: "127.0.0.1:\(port)", method: "POST").hasPrefix("405 "))
        #expect(try status(host: "127.0.0.1:\(port)", method: "DELETE").hasPrefix("405 "))
        #expect(PreviewServer.isLoopbackAuthority("[::1]:8123") && !PreviewServer.isLoopbackAuthority(nil)
                && !PreviewServer.isLoopbackAuthority("[::2]:80"))
    }

    /// A folder, or an option the spec refuses, stops the preview at once with the command's
    /// exit code, as render would.
    @Test func badStartsExitAtOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("tags: [Swift]\n".utf8).write(to: folder.appendingPathComponent("tags.yaml"))
        let asFolder = try CommandRunner.run(["preview", ".", "--port", "0"], in: folder)
        #expect(asFolder.status == 66 && asFolder.standardError.contains("it is a folder"), "\(asFolder.standardError)")
        let misspelt = try CommandRunner.run(["preview", "tags.yaml", "--port", "0", "--set", "widht=3"], in: folder)
        #expect(misspelt.status == 64 && misspelt.standardError.contains("widht"), "\(misspelt.standardError)")
        // A FIFO would block the server as it reads the spec again.
        #expect(mkfifo(folder.appendingPathComponent("fifo.yaml").path, 0o600) == 0)
        let fifo = try CommandRunner.run(["preview", "fifo.yaml", "--port", "0"], in: folder)
        #expect(fifo.status == 64 && fifo.standardError.contains("is not a regular file"), "\(fifo.standardError)")
    }

    /// `--set` and `--font-file` apply to the watched spec on every reload, the font file's path
    /// made absolute against the folder the preview started in (the spec's own `fonts` stay
    /// relative to the spec).
    @Test func theOptionsApplyOnEveryReload() throws {
        let folder = try temporaryFolder("preview-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("width: 300\nfonts: [own.ttf]\ntags: [Swift]\n".utf8).write(to: spec)
        let overrides = SpecOverrides(settings: try SpecOverrides.settings(fromAssignments: ["chip.fill=gold"]),
                                      fontFiles: ["extra/Devanagari.ttf", "/abs/Font.otf"])
        let server = PreviewServer(specPath: spec.path, overrides: overrides)
        let cloud = try server.load(width: "200")
        let here = FileManager.default.currentDirectoryPath
        #expect(cloud.fonts == ["own.ttf", URL(fileURLWithPath: here).appendingPathComponent("extra/Devanagari.ttf").path, "/abs/Font.otf"])
        let gold = try Cloud(yaml: "chip: {fill: gold}\ntags: [Swift]\n").resolved().chips.first?.look.fill
        #expect(cloud.width == 200 && cloud.resolved().chips.first?.look.fill == gold && gold != nil)
        #expect(throws: CommandError.self) { try SpecOverrides.settings(fromAssignments: ["no-equals"]) }
    }

    /// A spec that is a link to nothing (its target deleted) is a missing spec, not "not a
    /// regular file"; a link to a folder is not a regular file.
    @Test func aSpecLinkedToNothingIsMissing() throws {
        let folder = try temporaryFolder("preview-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try FileManager.default.createSymbolicLink(atPath: spec.path, withDestinationPath: "gone.yaml")
        let server = PreviewServer(specPath: spec.path, overrides: SpecOverrides())
        #expect(!PreviewServer.isThereButNotAFile(spec.path))
        do {
            _ = try server.load(width: nil)
            Issue.record("a spec linked to nothing loaded")
        } catch {
            #expect("\(error)".contains("no such file") && !"\(error)".contains("not a regular file"), "\(error)")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        let linkToFolder = folder.appendingPathComponent("folder.yaml")
        try FileManager.default.createSymbolicLink(atPath: linkToFolder.path, withDestinationPath: "dir")
        #expect(PreviewServer.isThereButNotAFile(linkToFolder.path))
    }

    /// A font file replaced inside a folder the spec names changes the state, so the page redraws
    /// (the folder's own status was watched: the page kept the old font with no error).
    @Test func aFontReplacedInAFolderChangesTheState() throws {
        let folder = try temporaryFolder("preview-font-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("myfonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/Fonts/InterSubset.woff2")
        try FileManager.default.copyItem(at: font, to: fonts.appendingPathComponent("Brand.woff2"))
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("fonts: [myfonts]\ntags: [Swift]\n".utf8).write(to: spec)
        let server = PreviewServer(specPath: spec.path)
        let before = server.state()
        #expect(server.state() == before)
        // Written over in place, as `cp` or a build step writes it: the folder itself is unchanged.
        var bytes = try Data(contentsOf: font)
        bytes.append(0)
        let handle = try FileHandle(forWritingTo: fonts.appendingPathComponent("Brand.woff2"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(server.state() != before, "\(server.state())")
    }

    /// Long renders do not hold up the page's polls: `/state` is answered while pictures of
    /// 30,000 tags are still being drawn (renders ran on the server's I/O threads).
    @Test func theStateIsAnsweredWhileARenderRuns() throws {
        let folder = try temporaryFolder("preview-long-render")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        let tags = (0..<30_000).map { "t\($0)" }.joined(separator: ", ")
        try Data("width: 1200\ntags: [\(tags)]\n".utf8).write(to: spec)
        let server = try Server(spec: spec)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import http.client, threading, time
            order = []
            def get(path):
                c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=120)
                c.request("GET", path)
                c.getresponse().read()
                order.append(path)
            # As many renders as the server has I/O threads and one more: a poll behind one waited.
            renders = [threading.Thread(target=get, args=("/cloud.json?width=%d" % (1100 + i),)) for i in range(3)]
            for render in renders: render.start()
            time.sleep(0.3)
            get("/state")
            for render in renders: render.join()
            print(order[0])
            """]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let order = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(order.trimmingCharacters(in: .whitespacesAndNewlines) == "/state", "the first answer: \(order)")
    }

    /// A render asked for by a client that has gone (its connection closed while it waited) is
    /// not made: twenty abandoned requests kept a large spec's next render waiting 52 s. Each
    /// answer numbers its render in `Server-Timing`: behind one render under way, five abandoned
    /// ones and the next real one, the real one is the second render, not the seventh.
    @Test func aRenderWhoseClientHasGoneIsNotMade() throws {
        let folder = try temporaryFolder("preview-abandoned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        let tags = (0..<30_000).map { "t\($0)" }.joined(separator: ", ")
        try Data("width: 1200\ntags: [\(tags)]\n".utf8).write(to: spec)
        let server = try Server(spec: spec)
        let printed = try Self.python("""
            import http.client, socket, threading, time
            answers = {}
            def get(path):
                c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=300)
                c.request("GET", path)
                r = c.getresponse()
                r.read()
                answers[path] = (r.status, r.getheader("Server-Timing"))
            first = threading.Thread(target=get, args=("/cloud.json?width=1100",))
            first.start()
            time.sleep(0.3)
            # Five clients that ask and leave while the first render runs.
            for i in range(5):
                s = socket.create_connection(("127.0.0.1", \(server.port)))
                s.sendall(b"GET /cloud.json?width=%d HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n" % (1000 + i))
                time.sleep(0.05)
                s.close()
            time.sleep(0.2)
            get("/cloud.json?width=1150")
            first.join()
            print(answers["/cloud.json?width=1100"], answers["/cloud.json?width=1150"])
            """)
        #expect(printed.contains("(200, 'render;dur="), "\(printed)")
        #expect(printed.hasSuffix(";desc=\"2\"')"), "the real request's render is not the second: \(printed)")
    }

    /// The page asks for the fragment and the layout of each width: the second comes from the
    /// first's render (`cache` in `Server-Timing`), until the width or the spec changes; each was a
    /// render of its own (a 30,000-tag spec took 16 s instead of 6 to show). Every answer carries
    /// what `render` would warn of, percent-encoded in `X-TagCloud-Warnings`.
    @Test func theFragmentAndTheLayoutOfAWidthShareOneRenderAndItsWarnings() throws {
        let (server, folder) = try Self.preview(of: "tags: [Swift, \"Kawi \\U00011F04\"]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import http.client, urllib.parse
            def get(path):
                c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=60)
                c.request("GET", path)
                r = c.getresponse()
                r.read()
                return r.getheader("Server-Timing").split(";")[0] + " " + r.getheader("Server-Timing").split(";")[2], \\
                    urllib.parse.unquote(r.getheader("X-TagCloud-Warnings") or "")
            for path in ["/cloud.html?width=300", "/cloud.json?width=300", "/cloud.html?width=300", "/cloud.json?width=301", "/cloud.svg?width=301"]:
                timing, warnings = get(path)
                print(timing, "U+11F04" in warnings and warnings.startswith("warning: "))
            """
        #expect(try Self.python(script).split(separator: "\n").map(String.init)
                == ["render desc=\"1\" True", "cache desc=\"1\" True", "cache desc=\"1\" True", "render desc=\"2\" True",
                    "render desc=\"3\" True"])
        // A save makes the next answer a render of its own, with the spec's warnings: an empty spec's.
        try Data().write(to: folder.appendingPathComponent("tags.yaml"))
        let empty = try Self.python(script.replacingOccurrences(of: "\"U+11F04\" in warnings", with: "\"is empty\" in warnings"))
        #expect(empty.split(separator: "\n").first == "render desc=\"4\" True", "\(empty)")
    }

    /// A port browsers refuse to open (the Fetch standard's bad ports) is refused at once: the
    /// preview ran, and the address it printed could not be opened (`net::ERR_UNSAFE_PORT`).
    @Test func aPortBrowsersRefuseIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("tags: [Swift]\n".utf8).write(to: folder.appendingPathComponent("tags.yaml"))
        for port in ["6667", "10080", "1"] {
            let run = try CommandRunner.run(["preview", "tags.yaml", "--port", port], in: folder)
            #expect(run.status == 64 && run.standardError.contains("which browsers refuse to open"), "\(port): \(run.standardError)")
        }
    }

    /// `cp -p` over the spec keeps its inode, size and modification time; past 1 MiB its bytes
    /// are not hashed: its change time still tells the copy (the page never redrew).
    @Test func aCopyKeepingSizeAndTimeChangesTheState() throws {
        let folder = try temporaryFolder("preview-copy-keeping-times")
        defer { try? FileManager.default.removeItem(at: folder) }
        let padding = "# " + String(repeating: "x", count: 1_200_000) + "\n"
        let stamp = Date(timeIntervalSince1970: 1_704_067_200)
        for (name, tag) in [("a.yaml", "Swift"), ("b.yaml", "Linux")] {
            let url = folder.appendingPathComponent(name)
            try Data((padding + "tags: [\(tag)]\n").utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: url.path)
        }
        func copy(_ name: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/cp")
            process.arguments = ["-p", folder.appendingPathComponent(name).path, folder.appendingPathComponent("tags.yaml").path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        try copy("a.yaml")
        let server = PreviewServer(specPath: folder.appendingPathComponent("tags.yaml").path)
        let before = server.state()
        Thread.sleep(forTimeInterval: 0.05)
        try copy("b.yaml")
        #expect(server.state() != before, "\(before)")
    }

    /// A save caught half done (the file emptied, not yet written) is not read as an empty spec:
    /// the state keeps the last width until the file has been still for a tenth of a second, so
    /// the page's slider does not jump to the default width and back.
    @Test func aSaveCaughtHalfDoneIsReadOnceTheFileIsStill() throws {
        let folder = try temporaryFolder("preview-half-save")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tags.yaml")
        try Data("width: 2000.5\ntags: [Swift]\n".utf8).write(to: spec)
        let server = PreviewServer(specPath: spec.path)
        #expect(server.state().contains("\"width\": 2000.5"), "\(server.state())")
        // Emptied, as an editor does before it writes: the state is the last one.
        try Data().write(to: spec)
        let during = server.state()
        #expect(during.contains("\"width\": 2000.5"), "\(during)")
        // Written and left alone: the new spec is read.
        try Data("width: 300\ntags: [Swift]\n".utf8).write(to: spec)
        Thread.sleep(forTimeInterval: 0.15)
        #expect(server.state().contains("\"width\": 300,"), "\(server.state())")
        // An empty spec left alone is read as one (the default width).
        try Data().write(to: spec)
        Thread.sleep(forTimeInterval: 0.15)
        let empty = try Cloud(yaml: "").resolved().width
        #expect(server.state().contains("\"width\": \(CloudLayout.number(Double(empty)))"), "\(server.state())")
        // A file stamped in the future is not a save under way.
        try Data("width: 310\ntags: [Swift]\n".utf8).write(to: spec)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: spec.path)
        #expect(server.state().contains("\"width\": 310,"), "\(server.state())")
    }

    /// A response after which the server reads no more requests on the connection ends it: after
    /// a `CONNECT` (NIO's decoder takes what follows for a tunnel, and its encoder drops the
    /// `405`'s length, so the client read until a close that never came) and after a request that
    /// asks to upgrade (the next request on the connection was never read). The client gets the
    /// whole answer, `Connection: close`, and the end of the connection; other errors are answered
    /// in full too.
    @Test func aResponseAfterWhichNothingIsReadEndsTheConnection() throws {
        let (server, folder) = try Self.preview(of: "tags: [Swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = "Host: 127.0.0.1:\(server.port)\\r\\n"
        let printed = try Self.python(Self.exchange(port: server.port) + """
            for name, data in [
                ("connect", b"CONNECT 127.0.0.1:443 HTTP/1.1\\r\\n\(host)\\r\\n"),
                ("upgrade", b"GET /state HTTP/1.1\\r\\n\(host)Connection: Upgrade\\r\\nUpgrade: websocket\\r\\n\\r\\n"),
                ("garbage", b"NOT HTTP AT ALL\\r\\n\\r\\n"),
                ("missing, then closed", b"GET /nope HTTP/1.1\\r\\n\(host)\\r\\nGET /state HTTP/1.1\\r\\n\(host)Connection: close\\r\\n\\r\\n"),
            ]:
                text, how = exchange(data)
                print(name, *head(text), how, text.count("HTTP/1.1 "))
            """)
        #expect(printed.components(separatedBy: "\n") == [
            "connect 405 close closed 1", "upgrade 200 close closed 1", "garbage 400 close closed 1",
            "missing, then closed 404 - closed 2",
        ], "\(printed)")
    }

    /// An HTTP/1.0 request is answered and the connection closed, unless it asked for keep-alive
    /// (RFC 9112, 9.3), which the response then says: the connection stayed open for a minute.
    @Test func httpOneZeroClosesUnlessAskedToKeepAlive() throws {
        let (server, folder) = try Self.preview(of: "tags: [Swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = "Host: 127.0.0.1:\(server.port)\\r\\n"
        let printed = try Self.python(Self.exchange(port: server.port, seconds: 2) + """
            text, how = exchange(b"GET /state HTTP/1.0\\r\\n\(host)\\r\\n")
            print("1.0", *head(text), how)
            # Kept alive: the first answer, and the connection still open for a second request.
            s = socket.create_connection(("127.0.0.1", \(server.port)), timeout=2)
            text, how = exchange(b"GET /state HTTP/1.0\\r\\n\(host)Connection: keep-alive\\r\\n\\r\\n", keep=s)
            print("1.0 keep-alive", *head(text), how)
            text, how = exchange(b"GET /state HTTP/1.0\\r\\n\(host)\\r\\n", keep=s)
            print("then 1.0", *head(text), how)
            text, how = exchange(b"GET /state HTTP/1.1\\r\\n\(host)\\r\\n")
            print("1.1", *head(text), how)
            """)
        #expect(printed.components(separatedBy: "\n") == [
            "1.0 200 close closed", "1.0 keep-alive 200 keep-alive open", "then 1.0 200 close closed", "1.1 200 - open",
        ], "\(printed)")
    }

    /// A query that gives the width twice is a 400 that names it (the first was taken, silently),
    /// as is a width that is not one; the spec is not read for them.
    @Test func aRepeatedOrBadWidthIsABadRequest() throws {
        let (server, folder) = try Self.preview(of: "width: 300\ntags: [Swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try Self.python("""
            import http.client
            for query in ["width=300", "width=300&width=-1", "width=300&wid%74h=300", "width=300&other=1&other=2",
                          "width=-1", "width=nan", "width=1e308", "width=abc", "width="]:
                c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=10)
                c.request("GET", "/cloud.json?" + query)
                r = c.getresponse()
                print(r.status, r.read().decode().splitlines()[0])
            """)
        #expect(printed.components(separatedBy: "\n") == [
            "200 {\"width\": 332, \"height\": 68, \"chips\": [",
            "400 the query gives width 2 times (\"300\", \"-1\"); give it once",
            "400 the query gives width 2 times (\"300\", \"300\"); give it once",
            "200 {\"width\": 332, \"height\": 68, \"chips\": [",
            "400 the query's width: \"width\" is -1, but it must not be negative",
            "400 the query's width: \"width\" must be a number, but it is the string \"nan\"",
            "400 the query's width: \"width\" is 1e308, but it must be at most 100000 points",
            "400 the query's width: \"width\" must be a number, but it is the string \"abc\"",
            "400 the query's width: \"width\" must be a value, but it is empty",
        ], "\(printed)")
        #expect(throws: PreviewRequestError.self) {
            try PreviewServer.queryValue("width", in: [("width", "1"), ("x", "2"), ("width", "1")])
        }
        #expect(try PreviewServer.queryValue("width", in: [("x", "2"), ("width", "7")]) == "7")
    }

    /// Idle connections from another process (some of them sending a header a byte at a time, and
    /// more of them than the preview may open files) do not starve the page: at most 256 are kept,
    /// the one idle longest closed for a new one. The preview here may open 400 files; 450 idle
    /// connections used them all, and the page's requests waited for the minute's idle timeout.
    @Test func idleConnectionsDoNotStarveThePage() throws {
        let (server, folder) = try Self.preview(of: "width: 300\ntags: [Swift]\n", fileLimit: 400)
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try Self.python("""
            import http.client, os, resource, socket
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 2048)), hard))
            idle = []
            for i in range(450):
                s = socket.create_connection(("127.0.0.1", \(server.port)), timeout=15)
                if i % 2: s.sendall(b"GET /state HTTP/1.1\\r\\nHost: 127")
                idle.append(s)
            for path in ["/state", "/cloud.svg"]:
                try:
                    c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=15)
                    c.request("GET", path)
                    print(path, c.getresponse().status)
                except Exception as e:
                    print(path, type(e).__name__)
            fds = "/proc/\(server.process.processIdentifier)/fd"
            print(sum(1 for f in os.listdir(fds) if os.readlink(os.path.join(fds, f)).startswith("socket:")) <= 256 + 4)
            """)
        #expect(printed.components(separatedBy: "\n") == ["/state 200", "/cloud.svg 200", "True"], "\(printed)")
    }

    /// A port in use is an unavailable resource (69, EX_UNAVAILABLE), not a bad command line (64):
    /// the message names the address and says to give another `--port`.
    @Test func aPortInUseExitsWithTheUnavailableCode() throws {
        let (first, folder) = try Self.preview(of: "tags: [Swift]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Under `timeout`, in case it listened after all.
        let spec = folder.appendingPathComponent("tags.yaml").path
        let second = try CommandRunner.run(["30", CommandRunner.executable.path, "preview", spec, "--port", String(first.port)],
                                           program: URL(fileURLWithPath: "/usr/bin/timeout"))
        #expect(second.status == TagCloudExitCode.unavailable.rawValue, "\(second.status): \(second.standardError)")
        #expect(second.standardError.contains("cannot listen on 127.0.0.1:\(first.port): the port is in use")
                && second.standardError.contains("--port"), "\(second.standardError)")
    }

    #if canImport(Glibc)
    /// What a render leaves free is given back to the system (glibc's `malloc_trim`, through
    /// CTagCloudMemory): 100 MB of small blocks freed below one still in use stayed resident, as a
    /// render of 100,000 tags left hundreds of megabytes.
    @Test func freedMemoryIsGivenBack() {
        func resident() -> Int {
            let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * sysconf(Int32(_SC_PAGESIZE)) : 0
        }
        let blocks = (0..<100_000).compactMap { _ in malloc(1024) }
        let pin = malloc(1024)
        for block in blocks { memset(block, 1, 1024) }
        for block in blocks { free(block) }
        let before = resident()
        PreviewServer.releaseFreeMemory()
        let after = resident()
        free(pin)
        #expect(before - after > 50 << 20, "\(before >> 20) MiB resident before, \(after >> 20) MiB after")
    }
    #endif
}
