import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The preview's HTTP/1.1 connections: Hummingbird's, with two handlers of ours between NIO's
/// HTTP decoder and Hummingbird's codec, where the request's version and the response's framing
/// can still be seen (``ConnectionFraming``), and where each connection is counted in and out
/// (``ConnectionLimit``).
struct PreviewHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    /// Hummingbird's HTTP/1.1 channel, which reads the requests and answers them.
    let http1: HTTP1Channel
    /// The server's connections, shared by all of them.
    let connections: PreviewConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connections = connections
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandlers([ConnectionFraming(), ConnectionLimit(connections), ClientPresence()], position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

/// Frames each response so that the client knows where it ends and whether the connection goes
/// on, and closes the connection after a response that says it is the last one.
///
/// Hummingbird keeps a connection open unless the *request* says `Connection: close`, and answers
/// every request in HTTP/1.1. Two kinds of request were left hanging by that:
///
/// - An HTTP/1.0 request without `Connection: keep-alive` asks for the connection to be closed
///   after the response (RFC 9112, 9.3); it was kept open for a minute, and a client that reads
///   to the end of the connection waited that long.
/// - NIO's decoder (llhttp) reads nothing more on a connection after a `CONNECT` or a request that
///   asks to upgrade (`Upgrade`): what follows is taken to be another protocol. NIO's encoder
///   frames any response to `CONNECT` as having no body and drops its `Content-Length`, so the
///   `405` said nothing of its length, which leaves the client reading until the connection
///   closes (RFC 9112, 6.3); it never did. After an upgrade request, the next request on the
///   connection was never read.
///
/// Both are now answered with `Connection: close` and the connection's output closed once the
/// response is written: the client sees the end of the response, and the connection ends when the
/// client closes its side (or at the idle timeout). An HTTP/1.0 client that asked for keep-alive
/// is told `Connection: keep-alive`, which HTTP/1.0 needs to keep the connection.
final class ConnectionFraming: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How each request read and not yet answered wants its answer, oldest first.
    private var waiting = CircularBuffer<Answer>()
    /// Whether the response being written is the connection's last.
    private var closesAfterResponse = false

    /// What a request asks of the connection after its response.
    struct Answer: Equatable {
        /// The request's version.
        var version: HTTPVersion
        /// Whether the connection may carry another request after the response.
        var keepsAlive: Bool
    }

    /// What `head` asks of the connection: HTTP/1.1 keeps it unless it says `Connection: close`;
    /// HTTP/1.0 only when it says `Connection: keep-alive`; after `CONNECT` or an `Upgrade` field
    /// the decoder reads no more, so the connection ends.
    static func answer(to head: HTTPRequestHead) -> Answer {
        let leavesHTTP = head.method == .CONNECT || head.headers.contains(name: "upgrade")
        return Answer(version: head.version, keepsAlive: head.isKeepAlive && !leavesHTTP)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(var head) = unwrapInboundIn(data) {
            waiting.append(Self.answer(to: head))
            // A target in absolute form (`GET http://other/state HTTP/1.1`) names the request's
            // authority, which replaces `Host` (RFC 9112, 3.2.2); Hummingbird's codec keeps the
            // path alone and the `Host`, so such a request was answered for a loopback `Host`.
            if let authority = Self.absoluteFormAuthority(head.uri) {
                head.headers.replaceOrAdd(name: "Host", value: authority)
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        }
        context.fireChannelRead(data)
    }

    /// The authority of a target in absolute form (`http://host:port/path`), lower-cased; `nil`
    /// for any other form: origin (`/path`), asterisk (`*`), and `CONNECT`'s authority form
    /// (`host:port`, which the decoder reads no further than).
    static func absoluteFormAuthority(_ target: String) -> String? {
        guard let first = target.first, first != "/", let scheme = target.range(of: "://") else { return nil }
        let rest = target[scheme.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return rest[..<end].lowercased()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // An informational response (100 Continue) comes before the request's own.
            if (100..<200).contains(head.status.code), head.status != .switchingProtocols {
                context.write(data, promise: promise)
                return
            }
            // A response with nothing waiting (an error Hummingbird answers itself) is the last.
            let answer = waiting.popFirst() ?? Answer(version: .http1_1, keepsAlive: false)
            var keepsAlive = answer.keepsAlive && head.isKeepAlive
            if answer.version.major == 1, answer.version.minor == 0, !head.headers.contains(name: "content-length") {
                // HTTP/1.0 has no chunks: a body of unknown length ends with the connection.
                head.version = .http1_0
                keepsAlive = false
            }
            head.headers.remove(name: "connection")
            if !keepsAlive {
                head.headers.add(name: "Connection", value: "close")
            } else if answer.version.minor == 0 {
                head.headers.add(name: "Connection", value: "keep-alive")
            }
            closesAfterResponse = !keepsAlive
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            closesAfterResponse = false
            waiting.removeAll()
            // The output only: the client reads to the end and closes its side, which closes the
            // connection; closing both now could reset it under a request the client sent meanwhile,
            // and lose the response.
            let written = context.eventLoop.makePromise(of: Void.self)
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(mode: .output, promise: nil) }
            if let promise { written.futureResult.cascade(to: promise) }
            context.write(data, promise: written)
        }
    }
}

/// Counts a connection in when it opens and out when it closes, and tells ``PreviewConnections``
/// when it starts and finishes answering a request.
final class ConnectionLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connections: PreviewConnections
    private var counted = false

    init(_ connections: PreviewConnections) {
        self.connections = connections
    }

    private var id: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { countIn(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        countIn(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.closed(id)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connections.closed(id)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { connections.began(id) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { connections.answered(id) }
        context.write(data, promise: promise)
    }

    private func countIn(context: ChannelHandlerContext) {
        guard !counted else { return }
        counted = true
        // Every connection busy answering a request: this one is refused at once rather than
        // left waiting.
        if !connections.opened(id, channel: context.channel) { context.close(promise: nil) }
    }
}

/// The preview's open connections, at most ``limit`` of them.
///
/// Each connection takes a file descriptor, and thousands of idle ones (another process on the
/// machine opening sockets and leaving them, or sending headers a byte at a time) used up the
/// process's descriptors: no connection could be accepted and no font opened, and the page stopped
/// until the idle timeout closed them a minute later. A connection that opens when ``limit`` are
/// open closes the one that has been idle longest instead (waiting for a request, or for the end of
/// one's header), so new connections, the page's among them, are always answered; one that opens
/// when every connection is busy answering a request is closed.
final class PreviewConnections: @unchecked Sendable {
    /// The most connections open at once.
    let limit: Int
    private let lock = NSLock()
    private var open: [ObjectIdentifier: Connection] = [:]
    /// A count of events, to tell which idle connection was active last.
    private var clock: UInt64 = 0

    private struct Connection {
        let channel: any Channel
        /// Requests read and not yet answered.
        var requests: Int
        /// The ``PreviewConnections/clock`` when the connection opened or last read or answered
        /// a request.
        var lastActive: UInt64
    }

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The default limit: 256 connections, fewer when the process may open fewer than 320 files
    /// (64 are left for the spec, fonts and the server's own).
    static func defaultLimit() -> Int {
        guard let files = FileDescriptors.softLimit else { return 256 }
        return max(16, min(256, files - 64))
    }

    /// The number of connections open.
    var count: Int { lock.withLock { open.count } }

    /// Counts a connection in, closing the one idle longest when ``limit`` are open.
    ///
    /// - Returns: Whether the connection is taken; `false` when all are busy, and it should close.
    func opened(_ id: ObjectIdentifier, channel: any Channel) -> Bool {
        let (taken, evicted) = lock.withLock { () -> (Bool, (any Channel)?) in
            clock += 1
            var evicted: (any Channel)?
            if open.count >= limit {
                guard let idlest = open.filter({ $0.value.requests == 0 }).min(by: { $0.value.lastActive < $1.value.lastActive })
                else { return (false, nil) }
                open[idlest.key] = nil
                evicted = idlest.value.channel
            }
            open[id] = Connection(channel: channel, requests: 0, lastActive: clock)
            return (true, evicted)
        }
        evicted?.close(promise: nil)
        return taken
    }

    /// Counts a connection out (again, harmlessly, once it was closed for another).
    func closed(_ id: ObjectIdentifier) {
        lock.withLock { open[id] = nil }
    }

    /// A request's header was read on the connection.
    func began(_ id: ObjectIdentifier) {
        lock.withLock {
            clock += 1
            open[id]?.requests += 1
            open[id]?.lastActive = clock
        }
    }

    /// A response was written on the connection.
    func answered(_ id: ObjectIdentifier) {
        lock.withLock {
            clock += 1
            if let requests = open[id]?.requests { open[id]?.requests = max(0, requests - 1) }
            open[id]?.lastActive = clock
        }
    }
}

/// Whether a connection's client is still there to read an answer: its input ended (the client
/// closed or shut down its side; the server allows half-closed connections, so the connection
/// stays active) or the connection closed. The preview's render queue asks before it renders.
final class ClientPresence: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let lock = NSLock()
    private var gone = false

    /// Whether the client has gone; any thread may ask.
    var clientHasGone: Bool { lock.withLock { gone } }

    private func markGone() { lock.withLock { gone = true } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { markGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        markGone()
        context.fireChannelInactive()
    }
}
