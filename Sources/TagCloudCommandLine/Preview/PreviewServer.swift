import Foundation
import Hummingbird
import Logging
import NIOCore
import TagCloud

/// `tagcloud preview`: serves a page showing a spec's cloud, on loopback only, with a width slider
/// (as Chris Eidhof's CollectionView article has) and the picture's size, reloading within a
/// fraction of a second of each save of the spec and showing errors on the page instead of exiting.
///
/// The page polls `/state` (the spec file's modification time and size) four times a second and,
/// when it changes or the slider moves, fetches `/cloud.html?width=W` (the HTML fragment, inlined
/// as a site inlines it) and `/cloud.json?width=W` (the layout); `/cloud.svg?width=W` serves the
/// SVG. A spec that does not parse or render gives a `422` with the message, which the page shows
/// in place of the picture.
package struct PreviewServer: Sendable {
    /// The spec file.
    package var specPath: String
    /// The options given with it (`--set`, `--font-file`), applied before the slider's width.
    package var overrides: SpecOverrides

    package init(specPath: String, overrides: SpecOverrides = SpecOverrides()) {
        self.specPath = specPath
        self.overrides = overrides
    }

    /// Whether a host name is a loopback address: the preview never listens beyond the machine.
    package static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        // A dotted IPv4 address in 127.0.0.0/8 (not a name that starts with "127.").
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { $0.count <= 3 && !$0.isEmpty && $0.allSatisfy(\.isASCII) && (UInt8($0) != nil) }
    }

    /// Whether a request's `Host` (`127.0.0.1:8123`, `[::1]:8123`, `localhost:8123`) names a
    /// loopback address. A page of another site that DNS rebinding points at 127.0.0.1 sends its
    /// own host name, and is refused: only pages opened on this machine's own address read the
    /// preview.
    package static func isLoopbackAuthority(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return false }
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            host = host[host.index(after: host.startIndex)..<end]
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        return isLoopback(String(host))
    }

    /// Serves until the process is interrupted.
    ///
    /// - Parameters:
    ///   - host: A loopback address.
    ///   - port: The port; 0 for any free one.
    ///   - announce: Called with the page's URL once the server listens.
    package func run(host: String, port: Int, announce: @escaping @Sendable (String) -> Void) async throws {
        let router = Router()
        router.add(middleware: LoopbackHostMiddleware())
        let server = self
        let routes: [(path: RouterPath, respond: @Sendable (Request) -> Response)] = [
            ("/", { _ in
                Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                         body: ResponseBody(byteBuffer: ByteBuffer(string: PreviewPage.html(title: server.specPath))))
            }),
            ("/state", { _ in
                Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                         body: ResponseBody(byteBuffer: ByteBuffer(string: server.state())))
            }),
            ("/cloud.svg", { server.respond(width: Self.width(of: $0), format: .svg) }),
            ("/cloud.html", { server.respond(width: Self.width(of: $0), format: .html) }),
            ("/cloud.json", { server.respond(width: Self.width(of: $0), format: .json) }),
        ]
        for route in routes {
            router.get(route.path) { request, _ in route.respond(request) }
            // HEAD is GET without the body, its Content-Length kept (RFC 9110, 9.3.2): link
            // checkers and `curl -I` ask so, and got 404.
            router.head(route.path) { request, _ in route.respond(request).createHeadResponse() }
        }
        var logger = Logger(label: "tagcloud-preview")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? port
                                  announce("http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/")
                              }, logger: logger)
        try await app.runService()
    }

    /// The width slider's value, when the request gives one (`?width=320`).
    private static func width(of request: Request) -> String? {
        request.uri.queryParameters.get("width").map { String($0) }
    }

    /// Why the server could not listen, in words: the port is in use, or reserved.
    ///
    /// - Parameter error: What starting the server threw.
    /// - Returns: The reason and what to do.
    static func listenFailure(_ error: any Error) -> String {
        guard let io = error as? IOError else { return "\(error)" }
        switch io.errnoCode {
        case EADDRINUSE: return "the port is in use (give another --port, or --port 0 for a free one)"
        case EACCES: return "permission denied (ports below 1024 are reserved; give --port 0 for a free one)"
        case EADDRNOTAVAIL: return "this machine has no such address"
        default: return String(cString: strerror(io.errnoCode))
        }
    }

    /// `{"version": "…", "width": W}`: the spec file's modification time and size (what the page
    /// watches) and its resolved width (where the slider goes at the start and whenever the spec
    /// changes it), `null` while the spec cannot be read.
    func state() -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: specPath)
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes?[.size] as? Int) ?? -1
        // No width while the spec cannot be read: the slider stays where it is.
        let width = (try? load(width: nil).resolved().width).map { CloudLayout.number(Double($0)) } ?? "null"
        return "{\"version\": \"\(modified)-\(size)\", \"width\": \(width)}"
    }

    /// The spec, with the options and the slider's width.
    func load(width: String?) throws(TagCloudError) -> Cloud {
        var cloud = try Cloud(contentsOf: URL(fileURLWithPath: specPath))
        try overrides.apply(to: &cloud)
        if let width { try cloud.setValue(width, forKeyPath: "width", source: "the width slider") }
        return cloud
    }

    /// The cloud in a format, or the error as text with status 422.
    func respond(width: String?, format: OutputFormat) -> Response {
        do {
            let data = try load(width: width).rendered().data(as: format)
            let type = switch format {
            case .svg: "image/svg+xml"
            case .html: "text/html; charset=utf-8"
            case .json: "application/json"
            case .png: "image/png"
            case .pdf: "application/pdf"
            }
            return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        } catch {
            return Response(status: .unprocessableContent, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: error.description)))
        }
    }
}

/// The preview's page: the cloud, a width slider, the picture's size, and errors.
enum PreviewPage {
    static func html(title: String) -> String {
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped) · tagcloud preview</title>
            <style>
              body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; background: #f4f4f6; }
              header { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
              #width { width: 320px; }
              #cloud { background: white; display: inline-block; box-shadow: 0 1px 3px #0002; }
              #error { white-space: pre-wrap; color: #a00; background: #fee; padding: 8px; border-radius: 6px; }
              #error[hidden] { display: none; }
            </style></head>
            <body>
            <header>
              <strong>\(escaped)</strong>
              <label>width <input id="width" type="range" min="40" max="1600" step="any"> <output id="widthValue"></output> pt</label>
              <span id="size"></span>
            </header>
            <pre id="error" hidden></pre>
            <div id="cloud"></div>
            <script>
            const slider = document.getElementById('width'), widthValue = document.getElementById('widthValue');
            const cloud = document.getElementById('cloud'), error = document.getElementById('error');
            const size = document.getElementById('size');
            let version = null, specWidth = null, pending = 0;
            window.tagcloudLayout = null;
            async function refresh() {
              // Hundredths of a point: what is laid out is what the page shows.
              const ticket = ++pending, width = String(Math.round(Number(slider.value) * 100) / 100);
              widthValue.textContent = width;
              const [html, layout] = await Promise.all([fetch(`/cloud.html?width=${width}`), fetch(`/cloud.json?width=${width}`)]);
              if (ticket !== pending) return;
              if (!html.ok) { error.textContent = await html.text(); error.hidden = false; return; }
              error.hidden = true;
              cloud.innerHTML = await html.text();
              window.tagcloudLayout = await layout.json();
              window.tagcloudWidth = Number(width);
              size.textContent = `${window.tagcloudLayout.width} × ${window.tagcloudLayout.height} pt`;
            }
            async function poll() {
              try {
                const state = await (await fetch('/state')).json();
                if (state.version !== version) {
                  version = state.version;
                  // The spec's width, at the start and whenever the spec changes it (the
                  // slider's range grows to take it); the slider's own until then.
                  if (state.width !== null && state.width !== specWidth) {
                    specWidth = state.width;
                    slider.min = Math.min(40, Math.floor(specWidth));
                    slider.max = Math.max(1600, Math.ceil(specWidth));
                    slider.value = specWidth;
                  }
                  await refresh();
                }
              } catch (e) {
                // Drawn again from the spec when a server answers again (the same file gives the
                // same version to a restarted server).
                version = null;
                error.textContent = 'the preview server stopped'; error.hidden = false;
              }
              setTimeout(poll, 250);
            }
            slider.addEventListener('input', refresh);
            poll();
            </script>
            </body></html>
            """
    }
}

/// Answers `421 Misdirected Request` to a request whose `Host` is not a loopback name
/// (``PreviewServer/isLoopbackAuthority(_:)``).
/// Two `Host` fields are a bad request (RFC 9112, section 3.2). (A target in absolute form, `GET
/// http://other/ HTTP/1.1`, reaches the router as its path alone and is answered for its `Host`.)
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first Host is the request's authority; another is left among the fields.
        if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            return Response(status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "a request has one Host field\n")))
        }
        guard PreviewServer.isLoopbackAuthority(request.head.authority) else {
            return Response(status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "the preview answers its own loopback address only\n")))
        }
        return try await next(request, context)
    }
}
