import CTagCloudMemory
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
import TagCloud
import Typesetting

/// `tagcloud preview`: serves a page showing a spec's cloud, on loopback only, with a width slider
/// (as Chris Eidhof's CollectionView article has) and the picture's size, reloading within a
/// fraction of a second of each save of the spec and showing errors on the page instead of exiting.
///
/// The page polls `/state` (the spec file's and its font files' status: inode, size,
/// modification time and, up to 1 MiB, a hash of the bytes; for a folder of fonts, that of each
/// font file in it) four times a second and, when it changes or the slider moves, fetches
/// `/cloud.html?width=W` (the HTML fragment, inlined as a site inlines it, in a box as wide as the
/// picture) and `/cloud.json?width=W` (the layout); `/cloud.svg?width=W` serves the SVG. A spec
/// that does not parse or render gives a `422` with the message, which the page shows in place of
/// the picture. The spec is parsed again only when its status changes, and it must be a regular
/// file: a FIFO or a device would block the server as it reads. A query that gives `width` twice,
/// or a width that is not one (`-1`, `nan`, `1e9`, `abc`), is a `400` that says so.
///
/// Renders run one at a time on a queue of their own, and `/state` on another, never on the
/// server's I/O threads: a render of 100,000 tags held up every other request, the page's polls
/// included, for seconds. A request whose client has gone by its turn is not rendered
/// (``PreviewRequestContext``, ``ClientPresence``): twenty requests abandoned after a second each (a page's slider
/// dragged, a local page firing `<img>` loads) kept a large spec's next render waiting 52 s. What a render leaves free is given back to the system after it
/// (`malloc_trim` under glibc: a process that drew 100,000 tags kept hundreds of megabytes).
///
/// A connection idle for a minute is closed, at most 256 are open at once (the one idle longest
/// makes way for a new one: ``PreviewConnections``), and each response says where it ends and
/// whether the connection goes on (``ConnectionFraming``: after an HTTP/1.0 request, a `CONNECT`
/// or an upgrade request, it ends).
package struct PreviewServer: Sendable {
    /// The spec file.
    package var specPath: String
    /// The options given with it (`--set`, `--font-file`), applied before the slider's width.
    package var overrides: SpecOverrides
    /// What `/state` last found: the spec's status, and what was read of it then (its width,
    /// theme and font files), so that polling does not parse the spec four times a second.
    private let known = KnownState()
    /// The renders made so far, the one under way included.
    private let renderCount = RenderCount()
    /// The last render's outputs, for the page's next request of the same width.
    private let cache = RenderCache()

    package init(specPath: String, overrides: SpecOverrides = SpecOverrides()) {
        self.specPath = specPath
        self.overrides = overrides
    }

    /// The ports browsers never fetch from, with their services: the Fetch standard's "bad
    /// ports" (section 2.9, port blocking), which Chromium, Firefox and Safari refuse
    /// (`net::ERR_UNSAFE_PORT`).
    package static let badPorts: [Int: String] = [
        1: "tcpmux", 7: "echo", 9: "discard", 11: "systat", 13: "daytime", 15: "netstat", 17: "qotd", 19: "chargen",
        20: "ftp-data", 21: "ftp", 22: "ssh", 23: "telnet", 25: "smtp", 37: "time", 42: "name", 43: "nicname", 53: "domain",
        69: "tftp", 77: "priv-rjs", 79: "finger", 87: "ttylink", 95: "supdup", 101: "hostname", 102: "iso-tsap", 103: "gppitnp",
        104: "acr-nema", 109: "pop2", 110: "pop3", 111: "sunrpc", 113: "auth", 115: "sftp", 117: "uucp-path", 119: "nntp",
        123: "ntp", 135: "epmap", 137: "netbios-ns", 139: "netbios-ssn", 143: "imap", 161: "snmp", 179: "bgp", 389: "ldap",
        427: "svrloc", 465: "submissions", 512: "exec", 513: "login", 514: "shell", 515: "printer", 526: "tempo",
        530: "courier", 531: "chat", 532: "netnews", 540: "uucp", 548: "afp", 554: "rtsp", 556: "remotefs", 563: "nntps",
        587: "submission", 601: "syslog-conn", 636: "ldaps", 989: "ftps-data", 990: "ftps", 993: "imaps", 995: "pop3s",
        1719: "h323gatestat", 1720: "h323hostcall", 1723: "pptp", 2049: "nfs", 3659: "apple-sasl", 4045: "npp", 4190: "sieve",
        5060: "sip", 5061: "sips", 6000: "x11", 6566: "sane-port", 6665: "ircu", 6666: "ircu", 6667: "ircu", 6668: "ircu",
        6669: "ircu", 6679: "osaut", 6697: "ircs-u", 10080: "amanda",
    ]

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
        let router = Router(context: PreviewRequestContext.self)
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
            ("/cloud.svg", { server.respond(to: $0, format: .svg) }),
            ("/cloud.html", { server.respond(to: $0, format: .html) }),
            ("/cloud.json", { server.respond(to: $0, format: .json) }),
        ]
        for route in routes {
            let queue = route.path.description.hasPrefix("/cloud") ? Self.renders : Self.states
            // A render is skipped when its client has gone by its turn; `/state` and the page
            // cost nothing and are always answered.
            let renders = queue === Self.renders
            router.get(route.path) { request, context in
                await Self.run(on: queue, for: renders ? context.channel : nil) { route.respond(request) }
            }
            // HEAD is GET without the body, its Content-Length kept (RFC 9110, 9.3.2): link
            // checkers and `curl -I` ask so, and got 404.
            router.head(route.path) { request, context in
                await Self.run(on: queue, for: renders ? context.channel : nil) { route.respond(request).createHeadResponse() }
            }
        }
        var logger = Logger(label: "tagcloud-preview")
        logger.logLevel = .warning
        let connections = PreviewConnections(limit: PreviewConnections.defaultLimit())
        let http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(60))
        let channels = HTTPServerBuilder { responder in
            PreviewHTTPChannel(http1: HTTP1Channel(responder: responder, configuration: http1), connections: connections)
        }
        let app = Application(router: router, server: channels,
                              configuration: .init(address: .hostname(host, port: port)),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? port
                                  // The address bound, not `localhost`: a browser tries ::1 first,
                                  // where another program may listen, and showed its page.
                                  let address = host == "localhost" ? (channel.localAddress?.ipAddress ?? host) : host
                                  announce("http://\(address.contains(":") ? "[\(address)]" : address):\(bound)/")
                              }, logger: logger)
        // No graceful shutdown on SIGINT or SIGTERM: the process ends by the signal, as every
        // command does (exit 130, 143; it exited 0, as if it had finished).
        try await app.runService(gracefulShutdownSignals: [])
    }

    /// The queue renders run on, one at a time: each may take seconds and hundreds of megabytes
    /// for a large spec, and the page asks for one picture at a time.
    private static let renders = DispatchQueue(label: "tagcloud-preview-renders")
    /// The queue `/state` and the page run on, so that polls are answered while a render runs.
    private static let states = DispatchQueue(label: "tagcloud-preview-state")

    /// Runs `respond` on `queue`, off the server's I/O threads; with the request's `channel`,
    /// only if its client is still there at its turn (``ClientPresence``): a client that closed
    /// the connection reads no answer, and one that shut down its sending side (as `nc -N`
    /// does; browsers, curl and HTTP libraries do not) gets a `503` that says why.
    private static func run(on queue: DispatchQueue, for channel: (any Channel)?,
                            _ respond: @escaping @Sendable () -> Response) async -> Response {
        let presence = try? await channel?.pipeline.handler(type: ClientPresence.self).get()
        return await withCheckedContinuation { continuation in
            queue.async {
                if let channel, !channel.isActive || presence?.clientHasGone == true {
                    let message = "the request's connection closed its sending side before its turn to render; "
                        + "the preview renders for clients still connected\n"
                    return continuation.resume(returning: Response(
                        status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: message))))
                }
                continuation.resume(returning: respond())
            }
        }
    }

    /// The field that gives a render's time and number (W3C Server Timing).
    static let serverTiming = HTTPField.Name("Server-Timing")!

    /// What the width slider's value is called where a message names it.
    static let widthSource = "the query's width"

    /// The one value of a query parameter the preview reads (`?width=320`), `nil` when the query
    /// has none. A name is compared percent-decoded (`wid%74h` is `width`).
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - query: The query's parameters, in order, their values decoded.
    /// - Throws: The message for a `400` when the query gives the parameter more than once: which
    ///   value is meant cannot be told (the first was taken, silently).
    static func queryValue(_ name: String, in query: [(key: Substring, value: Substring)]) throws(PreviewRequestError) -> String? {
        let values = query.filter { ($0.key.removingPercentEncoding ?? String($0.key)) == name }.map { String($0.value) }
        guard values.count <= 1 else {
            let shown = values.prefix(4).map { "\"\($0.prefix(40))\"" }.joined(separator: ", ") + (values.count > 4 ? ", …" : "")
            throw PreviewRequestError(message: "the query gives \(name) \(values.count) times (\(shown)); give it once")
        }
        return values.first
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

    /// `{"version": "…", "width": W, "theme": "…"}`: the status of the spec file and of the font
    /// files it names (what the page watches: a font file replaced redraws the cloud too), its
    /// resolved width (where the slider goes at the start and whenever the spec changes it) and
    /// its theme (the page's box is dark under a dark cloud); `null`s while the spec cannot be read.
    func state() -> String {
        let status = Self.status(of: specPath)
        var found = known.value
        // A save seen half done (an editor that empties the file, then writes it) would read as
        // an empty spec and move the slider to the default width: a spec changed less than a
        // tenth of a second ago is read at a later poll, once it is still.
        let settling = found != nil && Self.isBeingWritten(specPath, now: Date())
        if found?.status != status, !settling {
            // No width while the spec cannot be read: the slider stays where it is.
            let cloud = try? load(width: nil)
            let resolved = cloud?.resolved()
            let folder = specPath.lastIndex(of: "/").map { String(specPath[...$0]) } ?? ""
            found = (status, resolved.map { CloudLayout.number(Double($0.width)) } ?? "null",
                     cloud.map { "\"\(($0.theme ?? .light).rawValue)\"" } ?? "null",
                     (cloud?.fonts ?? []).map { $0.hasPrefix("/") ? $0 : folder + $0 })
            known.value = found
        }
        let fonts = (found?.fonts ?? []).map { Self.status(of: $0) }.joined(separator: ",")
        return "{\"version\": \"\(found?.status ?? status);\(fonts)\", \"width\": \(found?.width ?? "null"), \"theme\": \(found?.theme ?? "null")}"
    }

    /// The spec, with the options and the slider's width.
    func load(width: String?) throws(TagCloudError) -> Cloud {
        try loadWithWarnings(width: width).cloud
    }

    /// The spec, with the options and the slider's width, and what `render` would warn of on
    /// reading it (an empty spec, one without tags).
    func loadWithWarnings(width: String?) throws(TagCloudError) -> (cloud: Cloud, warnings: [String]) {
        // A FIFO or a device in the spec's place would block the server's thread as it is read.
        if Self.isThereButNotAFile(specPath) {
            throw .cannotReadInput(path: specPath, reason: "it is not a regular file (the preview reads the spec again at each save)")
        }
        let read = try Cloud.read(contentsOf: URL(fileURLWithPath: specPath))
        var cloud = read.cloud
        var warnings: [String] = []
        TagCloudCommand.warnIfEmpty(cloud, named: specPath, isEmpty: read.isBlank) { warnings.append($0) }
        try overrides.apply(to: &cloud)
        if let width { try cloud.setValue(width, forKeyPath: "width", source: Self.widthSource) }
        return (cloud, warnings)
    }

    /// The cloud in a format for a request, with the width its query gives; a `400` when the query
    /// gives the width twice or a width the spec's `width` cannot be (so the spec is not read).
    func respond(to request: Request, format: OutputFormat) -> Response {
        let width: String?
        do throws(PreviewRequestError) {
            width = try Self.queryValue("width", in: request.uri.queryParameters.map { ($0.key, $0.value) })
        } catch {
            return Self.badRequest(error.message)
        }
        if let width {
            var probe = Cloud()
            do {
                try probe.setValue(width, forKeyPath: "width", source: Self.widthSource)
            } catch {
                return Self.badRequest(error.description)
            }
        }
        return respond(width: width, format: format)
    }

    /// A `400` with a message.
    private static func badRequest(_ message: String) -> Response {
        Response(status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// The cloud in a format, or the error as text with status 422. What the render left free is
    /// given back to the system afterwards (``releaseFreeMemory()``).
    ///
    /// Each answer says, in `Server-Timing` (which a browser's developer tools show), how long
    /// its render took and which render since the start it was (`render;dur=812.4;desc="3"`), or
    /// that it came from an earlier request's render (`cache;dur=0.2;desc="3"`), and in `X-TagCloud-Warnings` what `render` would warn of (a character no font has, an
    /// empty spec), one warning a line, percent-encoded as `encodeURIComponent` encodes; the page
    /// shows them above the cloud.
    ///
    /// The page asks for the fragment and the layout of each width: both are made from one
    /// render and kept, with the warnings, until the spec, one of its font files or the width
    /// changes (``RenderCache``): each was a render of its own, and a spec of 30,000 tags took
    /// 16 s instead of 6 to show.
    func respond(width: String?, format: OutputFormat) -> Response {
        defer { Self.releaseFreeMemory() }
        // The render this answer comes from, and whether it was made for an earlier request.
        var number = 0, cached = false
        let start = DispatchTime.now().uptimeNanoseconds
        func timing() -> String {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return "\(cached ? "cache" : "render");dur=\(String(format: "%.1f", milliseconds));desc=\"\(number)\""
        }
        do {
            let made = try made(width: width, format: format, number: &number, cached: &cached)
            let type = switch format {
            case .svg: "image/svg+xml"
            case .html: "text/html; charset=utf-8"
            case .json: "application/json"
            case .png: "image/png"
            case .pdf: "application/pdf"
            }
            var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store", Self.serverTiming: timing()]
            if !made.warnings.isEmpty { headers[Self.warningsField] = Self.headerValue(warnings: made.warnings) }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: made.data)))
        } catch {
            return Response(status: .unprocessableContent, headers: [.contentType: "text/plain; charset=utf-8", Self.serverTiming: timing()],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: error.description)))
        }
    }

    /// The cloud in a format at a width, from the cache when the spec, its font files and the
    /// width are those it was made of; a fragment or a layout made anew comes with the other.
    ///
    /// - Parameters:
    ///   - number: Set to the number of the render the answer comes from (``RenderCount``).
    ///   - cached: Set to whether that render was made for an earlier request.
    private func made(width: String?, format: OutputFormat, number: inout Int,
                      cached: inout Bool) throws(TagCloudError) -> (data: Data, warnings: [String]) {
        // Looked at before the spec is read: a save between the two is seen at the next request.
        let spec = Self.status(of: specPath)
        if let entry = cache.entry(spec: spec, width: width, fontStatus: { Self.status(of: $0) }), let data = entry.data[format] {
            (number, cached) = (entry.render, true)
            return (data, entry.warnings)
        }
        number = renderCount.next()
        let (cloud, loadWarnings) = try loadWithWarnings(width: width)
        let fontFiles = cloud.fontFilePaths
        let fontStatuses = fontFiles.map { Self.status(of: $0) }
        let rendered = try cloud.rendered()
        let warnings = loadWarnings + rendered.fontWarnings.map { "warning: \($0)" }
        var data: [OutputFormat: Data] = [format: try rendered.data(as: format)]
        for companion in [OutputFormat.html, .json] where format == .html || format == .json {
            if data[companion] == nil { data[companion] = try rendered.data(as: companion) }
        }
        cache.store(RenderCache.Entry(spec: spec, width: width, fontFiles: fontFiles, fontStatuses: fontStatuses,
                                      render: number, warnings: warnings, data: data))
        return (data[format] ?? Data(), warnings)
    }

    /// The header that carries a render's warnings.
    static let warningsField = HTTPField.Name("X-TagCloud-Warnings")!

    /// Warnings as one header value: each line percent-encoded as `encodeURIComponent` encodes
    /// (a header is ASCII), joined by `%0A`; at most 50, then how many more, and at most 16 KiB.
    static func headerValue(warnings: [String]) -> String {
        // encodeURIComponent leaves A-Z a-z 0-9 - _ . ! ~ * ' ( ) as they are.
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
        var lines = Array(warnings.prefix(50))
        if warnings.count > 50 { lines.append("and \(warnings.count - 50) more warnings (tagcloud render lists them all)") }
        var value = ""
        for line in lines {
            let encoded = line.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            guard value.utf8.count + encoded.utf8.count + 3 <= 16_384 else { break }
            value += (value.isEmpty ? "" : "%0A") + encoded
        }
        return value
    }
}

/// The last render's outputs (``PreviewServer/respond(width:format:)``): the formats made of one
/// spec, its font files and a width, and its warnings. Only the bytes are kept: a render of
/// 100,000 tags holds hundreds of megabytes, its fragment a few.
final class RenderCache: @unchecked Sendable {
    struct Entry {
        /// The spec's status (``PreviewServer/status(of:hashing:)``) when it was read.
        var spec: String
        var width: String?
        /// The font files the spec names, and their statuses then.
        var fontFiles: [String]
        var fontStatuses: [String]
        /// The render's number (``RenderCount``).
        var render: Int
        var warnings: [String]
        var data: [OutputFormat: Data]
    }

    private let lock = NSLock()
    private var stored: Entry?

    /// The entry made of this spec status and width, if its font files are as they were.
    func entry(spec: String, width: String?, fontStatus: (String) -> String) -> Entry? {
        guard let entry = lock.withLock({ stored }), entry.spec == spec, entry.width == width,
              entry.fontFiles.map(fontStatus) == entry.fontStatuses else { return nil }
        return entry
    }

    /// Keeps `entry`, adding to the formats of the same render.
    func store(_ entry: Entry) {
        lock.withLock {
            if var kept = stored, kept.spec == entry.spec, kept.width == entry.width, kept.fontStatuses == entry.fontStatuses {
                kept.data.merge(entry.data) { _, new in new }
                stored = kept
            } else {
                stored = entry
            }
        }
    }
}

extension PreviewServer {
    /// Gives what malloc keeps free back to the system (glibc's `malloc_trim(0)`; nothing
    /// elsewhere). `free` keeps it in the process: after a render of 100,000 tags the preview
    /// stayed at hundreds of megabytes resident while it waited for the next save.
    static func releaseFreeMemory() {
        _ = tagcloud_release_free_memory()
    }
}

/// Why a request cannot be answered: its message, for a `400`.
struct PreviewRequestError: Error, Equatable {
    var message: String
}

/// A count shared by the threads that answer requests.
final class RenderCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Counts one more and returns the count.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

/// What the preview last read of its spec (``PreviewServer/state()``), shared by the server's
/// threads under a lock.
final class KnownState: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (status: String, width: String, theme: String, fonts: [String])?

    var value: (status: String, width: String, theme: String, fonts: [String])? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The preview's page: the cloud in a box as wide as the picture (a wider one scrolls sideways),
/// a width slider with a field for an exact width, the picture's size, and errors in place of the
/// picture. Its own ids start with `tagcloud-preview-`, so a spec's `id` never styles them.
enum PreviewPage {
    static func html(title: String) -> String {
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped) · tagcloud preview</title>
            <style>
              body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; background: #f4f4f6; }
              header { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
              #tagcloud-preview-width { width: 320px; }
              #tagcloud-preview-exact { width: 6em; }
              #tagcloud-preview-cloud { background: white; display: block; box-shadow: 0 1px 3px #0002; }
              #tagcloud-preview-cloud.dark { background: #000; }
              @media (prefers-color-scheme: dark) { #tagcloud-preview-cloud.auto { background: #000; } }
              #tagcloud-preview-cloud[hidden], #tagcloud-preview-error[hidden] { display: none; }
              #tagcloud-preview-error { white-space: pre-wrap; color: #a00; background: #fee; padding: 8px; border-radius: 6px; }
              #tagcloud-preview-warnings { white-space: pre-wrap; color: #640; background: #fff6d5; padding: 8px; border-radius: 6px; }
              #tagcloud-preview-warnings[hidden] { display: none; }
            </style></head>
            <body>
            <header>
              <strong>\(escaped)</strong>
              <label>width <input id="tagcloud-preview-width" type="range" min="40" max="1600" step="any"></label>
              <label><input id="tagcloud-preview-exact" type="number" min="0" step="any"> pt</label>
              <span id="tagcloud-preview-size"></span>
            </header>
            <pre id="tagcloud-preview-error" hidden></pre>
            <pre id="tagcloud-preview-warnings" hidden></pre>
            <div id="tagcloud-preview-cloud"></div>
            <script>
            const byId = (name) => document.getElementById('tagcloud-preview-' + name);
            const slider = byId('width'), exact = byId('exact'), cloud = byId('cloud'), error = byId('error'), size = byId('size');
            const warnings = byId('warnings');
            let version = null, specWidth = null, running = false, again = false;
            // The width asked for: the spec's or the exact field's as given (the layout is cut to
            // 1/64 point, as render cuts it), a dragged slider's in hundredths; null for the
            // slider's own until one is given.
            let requested = null;
            window.tagcloudLayout = null;
            function showError(text) {
              error.textContent = text; error.hidden = false;
              cloud.hidden = true; size.textContent = '';
              warnings.hidden = true;
            }
            // What render would warn of, one a line (X-TagCloud-Warnings, percent-encoded).
            function showWarnings(response) {
              const encoded = response.headers.get('X-TagCloud-Warnings');
              let text = '';
              try { text = encoded ? decodeURIComponent(encoded) : ''; } catch (e) { text = ''; }
              warnings.textContent = text;
              warnings.hidden = text === '';
            }
            // One drawing at a time: a slider dragged meanwhile is drawn once at its last width.
            async function refresh() {
              if (running) { again = true; return; }
              running = true;
              try {
                do {
                  again = false;
                  const width = String(requested ?? Math.round(Number(slider.value) * 100) / 100);
                  if (document.activeElement !== exact) exact.value = width;
                  const [html, layout] = await Promise.all([fetch(`/cloud.html?width=${width}`), fetch(`/cloud.json?width=${width}`)]);
                  if (again) continue;
                  // A spec's error stays until the spec changes; a server's (5xx: busy, failed)
                  // is asked again by the next poll.
                  const failed = !html.ok ? html : !layout.ok ? layout : null;
                  if (failed) {
                    if (failed.status >= 500) version = null;
                    showError(await failed.text());
                    continue;
                  }
                  const fragment = await html.text(), laidOut = await layout.json();
                  error.hidden = true;
                  showWarnings(html);
                  // The box is the picture's width, so the fragment lays out at the width asked.
                  cloud.style.width = `${laidOut.width}px`;
                  cloud.innerHTML = fragment;
                  cloud.hidden = false;
                  window.tagcloudLayout = laidOut;
                  window.tagcloudWidth = Number(width);
                  size.textContent = `${laidOut.width} × ${laidOut.height} pt`;
                } while (again);
              } catch (e) {
                // The server stopped while drawing: said, and drawn again by the next answer.
                version = null;
                showError('the preview server stopped');
              } finally {
                running = false;
              }
            }
            async function poll() {
              try {
                let state = null;
                try {
                  state = await (await fetch('/state')).json();
                } catch (e) {
                  // Drawn again from the spec when a server answers again (the same files give
                  // the same version to a restarted server).
                  version = null;
                  showError('the preview server stopped');
                }
                if (state && state.version !== version) {
                  version = state.version;
                  cloud.className = state.theme || '';
                  // The spec's width, at the start and whenever the spec changes it (the slider's
                  // range grows to take it); the slider's own until then.
                  if (state.width !== null && state.width !== specWidth) {
                    specWidth = state.width;
                    requested = specWidth;
                    slider.min = Math.min(40, Math.floor(specWidth));
                    slider.max = Math.max(1600, Math.ceil(specWidth));
                    slider.value = specWidth;
                  }
                  await refresh();
                }
              } finally {
                // Whatever failed, the page keeps asking: it never stops updating for good.
                setTimeout(poll, 250);
              }
            }
            slider.addEventListener('input', () => {
              requested = null;
              refresh();
            });
            exact.addEventListener('change', () => {
              // 0 is a width (render --width 0 takes it); an empty, negative or endless value is
              // said on the field, not silently ignored.
              const width = exact.value.trim() === '' ? NaN : Number(exact.value);
              exact.setCustomValidity(width >= 0 && Number.isFinite(width) ? '' : 'a width is a number of points, 0 or more');
              if (!exact.reportValidity()) return;
              slider.max = Math.max(Number(slider.max), Math.ceil(width));
              slider.min = Math.min(Number(slider.min), Math.floor(width));
              slider.value = width;
              requested = width;
              refresh();
            });
            poll();
            </script>
            </body></html>
            """
    }
}

/// A preview request's context: Hummingbird's, and the request's connection, whose state the
/// render queue reads before it renders (``PreviewServer``).
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Answers `421 Misdirected Request` to a request whose `Host` is not a loopback name
/// (``PreviewServer/isLoopbackAuthority(_:)``).
/// Two `Host` fields are a bad request (RFC 9112, section 3.2). A target in absolute form (`GET
/// http://other/ HTTP/1.1`) reaches the router as its path alone, its authority in `Host`
/// (``ConnectionFraming`` puts it there, as RFC 9112, section 3.2.2, has it replace `Host`).
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
        // The preview only reads: another method is not allowed (RFC 9110, 15.5.6), said with
        // the ones that are.
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.contentType: "text/plain; charset=utf-8", .allow: "GET, HEAD"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "the preview answers GET and HEAD only\n")))
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "no such page: the preview serves /, /state, "
                                                                      + "/cloud.html, /cloud.json and /cloud.svg\n")))
        }
    }
}

// The preview's look at files, through Foundation: Swift finds C's `struct stat` through another
// module's headers in this module, depending on which files are compiled together.
extension PreviewServer {
    /// A file's status as text: its inode, size, modification and change times, and for a file
    /// of up to 1 MiB a hash of its bytes (a copy over it within the clock's resolution);
    /// `-` for a file that is not there. A link is followed. A folder (of fonts) gives the status
    /// of each font file in it, without hashes (a font replaced in the folder redrew nothing).
    ///
    /// - Parameters:
    ///   - path: The file or folder.
    ///   - hashing: Whether a small file's bytes are hashed.
    static func status(of path: String, hashing: Bool = true) -> String {
        guard let resolved = resolved(path), let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else { return "-" }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            guard let files = try? FontLibrary.fontFiles(inFolder: resolved) else { return "d?" }
            return "d[" + files.map { status(of: $0, hashing: false) }.joined(separator: ",") + "]"
        }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        // The change time too: `cp -p` over a file keeps its size and modification time, and
        // a file over 1 MiB (or a font in a folder) is not hashed.
        let changed = OutputFile.changeTime(resolved).map { "\($0.seconds).\($0.nanoseconds)" } ?? "?"
        var text = "\(inode).\(size).\(modified).\(changed)"
        if hashing, size <= 1 << 20, attributes[.type] as? FileAttributeType == .typeRegular,
           let bytes = FileManager.default.contents(atPath: resolved) {
            // FNV-1a, 64 bits.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            text += ".\(String(hash, radix: 16))"
        }
        return text
    }

    /// Whether the file at `path` was changed less than a tenth of a second before `now`, so a
    /// save may still be under way. A time far ahead of `now` (a file stamped in the future) is
    /// not a save under way.
    static func isBeingWritten(_ path: String, now: Date) -> Bool {
        guard let resolved = resolved(path),
              let modified = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.modificationDate] as? Date
        else { return false }
        let age = now.timeIntervalSince(modified)
        return age > -1 && age < 0.1
    }

    /// Whether something is at `path` that is not a regular file (a FIFO, a device, a folder),
    /// a link followed.
    static func isThereButNotAFile(_ path: String) -> Bool {
        guard let resolved = resolved(path) else {
            // Not a path the kernel can resolve: a link to a pipe (`/dev/fd/63`, a shell's
            // `<(…)`), which is there, or a link to nothing, which is not (the spec is then
            // missing, and said so).
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else { return false }
        return attributes[.type] as? FileAttributeType != .typeRegular
    }

    /// The path with its links resolved as the kernel resolves them (`realpath`), if it is there.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
