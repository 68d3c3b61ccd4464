import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads byte ranges of media over HTTP with URLSession: `Range: bytes=a-b` requests, answers checked.
///
/// A `206` must start where asked and agree with its own `Content-Length`; a `200` to a range request (a server that
/// ignores ranges) is used by skipping its body up to the range, and stopped once the range has arrived. `404` and
/// `410` read as ``ByteSourceError/notFound(status:)``, `5xx` as ``ByteSourceError/serverError(status:)``, a body
/// cut short as ``ByteSourceError/shortRead(expected:received:)``, silence longer than the timeout as
/// ``ByteSourceError/timedOut``.
///
/// Three ways to read: ``fetch(_:range:receive:)`` hands the bytes over as they arrive (a cache writes them as they
/// come, so a cancelled read keeps its progress); ``read(_:range:)`` collects them; and
/// ``read(_:range:cancellation:)`` blocks the calling thread — for an engine's stream callback, which is not async —
/// until the bytes are there or another thread cancels it.
public final class HTTPByteSource: ByteSource, BlockingByteSource {
    /// Settings of an ``HTTPByteSource``.
    public struct Configuration: Sendable {
        /// How long the server may stay silent (before its answer, or between two pieces of the body) before a read
        /// fails with ``ByteSourceError/timedOut``. Default 30 seconds.
        public var timeout: Duration
        /// Headers sent with every request, such as an authorization.
        public var headers: [String: String]

        /// Creates settings.
        /// - Parameters:
        ///   - timeout: The longest silence a read tolerates. Default 30 seconds.
        ///   - headers: Headers sent with every request. Default none.
        public init(timeout: Duration = .seconds(30), headers: [String: String] = [:]) {
            self.timeout = timeout
            self.headers = headers
        }
    }

    private let configuration: Configuration
    private let transfers: ByteTransfers
    private let session: URLSession

    /// Creates a source with a URLSession of its own (ephemeral: no cookies, no URL cache).
    /// - Parameter configuration: The timeout and headers. Default ``Configuration/init(timeout:headers:)``.
    public convenience init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, session: .ephemeral)
    }

    /// Creates a source whose URLSession is made from a copy of the app's `sessionConfiguration`: its cookie storage,
    /// `httpAdditionalHeaders`, proxy and TLS settings reach the origin as they reach the app's own requests, so that
    /// a CDN that signs or authorizes by cookie serves the cache as it serves the app. The source sets its own
    /// timeout and turns the URL cache off (the media cache is the cache); `configuration.headers` are sent too.
    /// - Parameters:
    ///   - configuration: The timeout and headers. Default ``Configuration/init(timeout:headers:)``.
    ///   - sessionConfiguration: The app's session configuration, such as `URLSessionConfiguration.default` (the
    ///     shared cookie storage). It is copied; later changes to it do not reach the source.
    public convenience init(
        configuration: Configuration = Configuration(), sessionConfiguration: URLSessionConfiguration
    ) {
        let copy = (sessionConfiguration.copy() as? URLSessionConfiguration) ?? .default
        self.init(configuration: configuration, session: copy)
    }

    private init(configuration: Configuration, session sessionConfiguration: URLSessionConfiguration) {
        self.configuration = configuration
        let seconds = configuration.timeout.inSeconds
        sessionConfiguration.timeoutIntervalForRequest = seconds
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "HTTPByteSource"
        transfers = ByteTransfers()
        session = URLSession(configuration: sessionConfiguration, delegate: transfers, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
        transfers.finishAll()
    }

    /// Reads `range` of the media at `url`, handing each piece to `receive` as it arrives.
    ///
    /// Cancelling the calling task cancels the request; the call then returns promptly, throwing
    /// ``ByteSourceError/cancelled``.
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read; an empty range returns at once with nothing read.
    ///   - receive: Called with each piece in order, one at a time, on the source's delegate queue, before this
    ///     returns: keep it short.
    /// - Returns: The range delivered (shorter than asked only where the media ends) and the media's length when
    ///   the server said it.
    /// - Throws: ``ByteSourceError``.
    public func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        try await read(url, range: range, onLength: nil, receive: receive)
    }

    /// Reads `range` of the media at `url` as ``fetch(_:range:receive:)`` does, telling `onLength` the media's length
    /// as soon as the answer's head is accepted (a `206`'s `Content-Range` total, a `200`'s `Content-Length`), before
    /// the first piece.
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read; an empty range returns at once with nothing read.
    ///   - onLength: Called at most once, on the source's delegate queue, when the head says the length.
    ///   - receive: As in ``fetch(_:range:receive:)``.
    /// - Returns: As ``fetch(_:range:receive:)``.
    /// - Throws: ``ByteSourceError``.
    public func fetch(
        _ url: URL, range: Range<Int64>, onLength: @escaping @Sendable (Int64) -> Void,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        try await read(url, range: range, onLength: onLength, receive: receive)
    }

    private func read(
        _ url: URL, range: Range<Int64>, onLength: (@Sendable (Int64) -> Void)?,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        guard let header = ByteRangeExchange.rangeHeader(for: range) else {
            return ByteRangeRead(range: range.lowerBound..<range.lowerBound, totalLength: nil)
        }
        let task = session.dataTask(with: request(url, range: header))
        // The task is cancelled only once it has started: a data task cancelled before its `resume()` may never
        // complete on Linux, and the caller would wait forever. A cancellation that comes first ends the read here.
        let progress = Protected((isStarted: false, isCancelled: false))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<ByteRangeRead, ByteSourceError>, Never>) in
                guard !progress.withLock({ $0.isCancelled }) else {
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                transfers.start(task, range: range, onLength: onLength, receive: receive) {
                    continuation.resume(returning: $0)
                }
                let isCancelled = progress.withLock { state -> Bool in
                    state.isStarted = true
                    return state.isCancelled
                }
                if isCancelled { task.cancel() }
            }
        } onCancel: {
            let isStarted = progress.withLock { state -> Bool in
                state.isCancelled = true
                return state.isStarted
            }
            if isStarted { task.cancel() }
        }
        return try result.get()
    }

    /// Reads `range` of the media at `url` and returns its bytes.
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read.
    /// - Returns: The bytes: all of the range, or fewer where the media ends first.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when the calling task is cancelled.
    public func read(_ url: URL, range: Range<Int64>) async throws(ByteSourceError) -> Data {
        let collected = Protected(Data())
        _ = try await fetch(url, range: range) { chunk in collected.withLock { $0.append(chunk.bytes) } }
        return collected.withLock { $0 }
    }

    /// Reads `range` of the media at `url`, blocking the calling thread until the bytes are there: for a thread that
    /// is not in a task, such as an engine's stream callback. Do not call it from a task: it would hold one of the
    /// concurrency pool's threads for the whole read.
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read.
    ///   - cancellation: A handle another thread may cancel: the read then stops and this returns promptly.
    /// - Returns: The bytes: all of the range, or fewer where the media ends first.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when `cancellation` is or becomes cancelled.
    public func read(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation
    ) throws(ByteSourceError) -> Data {
        let collected = Protected(Data())
        _ = try fetch(url, range: range, cancellation: cancellation) { chunk in
            collected.withLock { $0.append(chunk.bytes) }
        }
        return collected.withLock { $0 }
    }

    /// Reads `range` of the media at `url`, handing each piece to `receive` as it arrives and blocking the calling
    /// thread until the read ends: for a thread that is not in a task, such as an engine's stream callback (see
    /// ``read(_:range:cancellation:)``).
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read; an empty range returns at once with nothing read.
    ///   - cancellation: A handle another thread may cancel: the read then stops and this returns promptly.
    ///   - receive: Called with each piece in order, one at a time, on the source's delegate queue: keep it short.
    /// - Returns: The range delivered (shorter than asked only where the media ends) and the media's length when
    ///   the server said it.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when `cancellation` is or becomes cancelled.
    public func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        try read(url, range: range, cancellation: cancellation, onLength: nil, receive: receive)
    }

    /// Reads `range` of the media at `url` as ``fetch(_:range:cancellation:receive:)`` does, telling `onLength` the
    /// media's length as soon as the answer's head is accepted, before the first piece.
    /// - Parameters:
    ///   - url: The media's HTTP(S) URL.
    ///   - range: The bytes to read; an empty range returns at once with nothing read.
    ///   - cancellation: A handle another thread may cancel: the read then stops and this returns promptly.
    ///   - onLength: Called at most once, on the source's delegate queue, when the head says the length.
    ///   - receive: As in ``fetch(_:range:cancellation:receive:)``.
    /// - Returns: As ``fetch(_:range:cancellation:receive:)``.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when `cancellation` is or becomes cancelled.
    public func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        onLength: @escaping @Sendable (Int64) -> Void, receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        try read(url, range: range, cancellation: cancellation, onLength: onLength, receive: receive)
    }

    private func read(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        onLength: (@Sendable (Int64) -> Void)?, receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        guard let header = ByteRangeExchange.rangeHeader(for: range) else {
            return ByteRangeRead(range: range.lowerBound..<range.lowerBound, totalLength: nil)
        }
        if cancellation.isCancelled { throw .cancelled }
        let outcome = Protected<Result<ByteRangeRead, ByteSourceError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request(url, range: header))
        transfers.start(task, range: range, onLength: onLength, receive: receive) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let key = cancellation.add { task.cancel() }
        done.wait()
        cancellation.remove(key)
        return try outcome.withLock { $0 ?? .failure(.cancelled) }.get()
    }

    private func request(_ url: URL, range header: String) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.timeoutInterval = configuration.timeout.inSeconds
        for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(header, forHTTPHeaderField: "Range")
        return request
    }
}
