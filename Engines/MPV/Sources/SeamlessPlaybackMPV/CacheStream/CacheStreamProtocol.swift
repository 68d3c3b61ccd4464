import CMPV
import Foundation
@_spi(EngineSupport) import SeamlessPlayback

/// The `seamlesscache://` protocol of one mpv handle: a media's URL behind that prefix is read through a
/// ``SeamlessPlayback/MediaCache``, each stream mpv opens being a ``CachedStream``.
///
/// Registered once per handle (``register(on:)``), before the first load. The handle's client keeps this object
/// until the handle is destroyed, after which mpv calls none of its callbacks.
final class CacheStreamProtocol: Sendable {
    /// The protocol's name: sources are `seamlesscache://` followed by the media's URL.
    static let scheme = "seamlesscache"
    /// The least each origin request asks for. mpv reads 32 KiB or so at a time; a request per read would pay the
    /// origin's first-byte delay each time, while a much larger one would fetch what a preloaded player never
    /// plays. A read does not wait for the whole request: ``CachedStream`` hands mpv each piece as it arrives.
    static let minimumFetch: Int64 = 256 * 1024

    let cache: MediaCache
    let source: any BlockingByteSource
    /// The least each origin request asks for while the engine is paused
    /// (``MPVEngine/Options/leastFetchWhilePaused``).
    let minimumFetchWhilePaused: Int64
    /// The least while the engine is paused and the pool told it ``SeamlessPlayback/PreloadDepth/lean``
    /// (``MPVEngine/Options/leanFetchWhilePaused``).
    let minimumFetchWhileLean: Int64
    /// Whether the engine is paused, as its last apply said: each stream's next fetch is sized by it.
    private let enginePaused = Protected(false)
    /// Whether the pool told the engine ``SeamlessPlayback/PreloadDepth/lean``, as it last did: the same.
    private let engineLean = Protected(false)
    private let failures = Protected<[String: ByteSourceError]>([:])
    /// Told each origin failure of a stream (with the source mpv opened it as), and each later fetch of it that ended
    /// well (`nil`): the engine's playback watch takes the end that follows a failure for the failure.
    private let originObserver = Protected<(@Sendable (String, ByteSourceError?) -> Void)?>(nil)

    init(
        cache: MediaCache, source: any BlockingByteSource, minimumFetchWhilePaused: Int64 = minimumFetch,
        minimumFetchWhileLean: Int64? = nil
    ) {
        self.cache = cache
        self.source = source
        self.minimumFetchWhilePaused = minimumFetchWhilePaused
        self.minimumFetchWhileLean = minimumFetchWhileLean ?? minimumFetchWhilePaused
    }

    /// Takes whether the engine is paused, before an apply sets it on mpv: the streams' fetches from now on are sized
    /// by it (a fetch under way runs on).
    func engineApplies(paused: Bool) {
        enginePaused.withLock { $0 = paused }
    }

    /// Takes the depth the pool told the engine: the streams' fetches while paused are sized by it from now on.
    func engineTold(_ depth: PreloadDepth) {
        engineLean.withLock { $0 = depth == .lean }
    }

    /// The source mpv loads for `url`, or `nil` when the media bypasses the cache (``SeamlessPlayback/CacheRoute``).
    static func source(for url: URL) -> String? {
        guard case .cached = CacheRoute.route(for: url) else { return nil }
        return "\(scheme)://\(url.absoluteString)"
    }

    /// Registers the protocol on `handle`.
    /// - Returns: mpv's error code (negative on failure).
    func register(on handle: OpaquePointer) -> Int32 {
        mpv_stream_cb_add_ro(handle, Self.scheme, Unmanaged.passUnretained(self).toOpaque(), cacheStreamOpen)
    }

    /// Forgets the origin failure of the media at `url`, before a load of it. Until then, a stream of a media whose
    /// origin failed is not opened again.
    func clearFailure(for url: URL) {
        _ = failures.withLock { $0.removeValue(forKey: url.absoluteString) }
    }

    /// Keeps `observer`, told of each stream's origin failures and recoveries from now on.
    func observeOrigin(_ observer: @escaping @Sendable (_ source: String, _ failure: ByteSourceError?) -> Void) {
        originObserver.withLock { $0 = observer }
    }

    /// The last origin failure of the stream last opened for the media at `url`, if it had one.
    func failure(for url: URL) -> ByteSourceError? {
        failures.withLock { $0[url.absoluteString] }
    }

    /// Opens a stream for mpv's `uri`. - Returns: The stream, or `nil` when it cannot be opened.
    fileprivate func open(_ uri: String) -> CachedStream? {
        let prefix = "\(Self.scheme)://"
        guard uri.hasPrefix(prefix), let url = URL(string: String(uri.dropFirst(prefix.count))),
            case .cached(let key) = CacheRoute.route(for: url)
        else { return nil }
        // The origin failed a stream of this load already: mpv opening another does not make it ask again.
        guard failures.withLock({ $0[url.absoluteString] == nil }) else { return nil }
        let enginePaused: @Sendable () -> (paused: Bool, lean: Bool) = { [enginePaused, engineLean] in
            (enginePaused.withLock { $0 }, engineLean.withLock { $0 })
        }
        return CachedStream(
            url: url, key: key, cache: cache, source: source, minimumFetch: Self.minimumFetch,
            minimumFetchWhilePaused: minimumFetchWhilePaused, minimumFetchWhileLean: minimumFetchWhileLean,
            enginePaused: enginePaused
        ) { [failures, originObserver] error in
            // A fetch that ended well clears only a failure it follows: nothing to tell otherwise.
            let changed = failures.withLock { failures in
                guard error != nil || failures[url.absoluteString] != nil else { return false }
                failures[url.absoluteString] = error
                return true
            }
            guard changed, let observer = originObserver.withLock({ $0 }) else { return }
            observer(uri, error)
        }
    }
}

// The C callbacks: thin trampolines from mpv's pointers to the Swift objects. The protocol's `user_data` is the
// unretained ``CacheStreamProtocol`` (its client outlives the handle); each stream's cookie is a retained
// ``CachedStream``, handed at close to ``ClosedStreams``, which keeps it until a cancel can no longer come.

private let cacheStreamOpen: mpv_stream_cb_open_ro_fn = { userData, uri, info in
    guard let userData, let uri, let info else { return MPV_ERROR_LOADING_FAILED.rawValue }
    let streams = Unmanaged<CacheStreamProtocol>.fromOpaque(userData).takeUnretainedValue()
    guard let stream = streams.open(String(cString: uri)) else { return MPV_ERROR_LOADING_FAILED.rawValue }
    MPVDiagnostics.streamOpened()
    info.pointee.cookie = Unmanaged.passRetained(stream).toOpaque()
    info.pointee.read_fn = cacheStreamRead
    info.pointee.seek_fn = cacheStreamSeek
    info.pointee.size_fn = cacheStreamSize
    info.pointee.close_fn = cacheStreamClose
    info.pointee.cancel_fn = cacheStreamCancel
    return 0
}

private let cacheStreamRead: mpv_stream_cb_read_fn = { cookie, buffer, count in
    guard let cookie, let buffer else { return -1 }
    let maxBytes = Int(min(count, UInt64(Int32.max)))
    return stream(cookie).read(into: UnsafeMutableRawPointer(buffer), maxBytes: maxBytes)
}

private let cacheStreamSeek: mpv_stream_cb_seek_fn = { cookie, offset in
    guard let cookie else { return Int64(MPV_ERROR_GENERIC.rawValue) }
    return stream(cookie).seek(to: offset) ?? Int64(MPV_ERROR_GENERIC.rawValue)
}

private let cacheStreamSize: mpv_stream_cb_size_fn = { cookie in
    guard let cookie else { return Int64(MPV_ERROR_UNSUPPORTED.rawValue) }
    return stream(cookie).length ?? Int64(MPV_ERROR_UNSUPPORTED.rawValue)
}

private let cacheStreamCancel: mpv_stream_cb_cancel_fn = { cookie in
    guard let cookie else { return }
    stream(cookie).cancel()
}

private let cacheStreamClose: mpv_stream_cb_close_fn = { cookie in
    guard let cookie else { return }
    let closed = Unmanaged<CachedStream>.fromOpaque(cookie).takeRetainedValue()
    MPVDiagnostics.streamClosed()
    closed.close()
    ClosedStreams.keep(closed)
}

/// The latest closed streams, kept alive a while after mpv closed them. mpv 0.35 calls a stream's close callback
/// before it frees the stream's cancellation hook, and a cancel of the playback in between (another thread: a load
/// of other media, a stop) still calls the stream's cancel callback with its cookie: freed at close, that cookie
/// crashed the process (seen in CI). A stream is freed only once `limit` later streams have closed, long after mpv
/// freed its hook; its fetch is cancelled and its origin let go at close, so what is kept is small (without the
/// latter, each kept stream held its engine's URLSession — threads, sockets, connections — long after the engine).
private enum ClosedStreams {
    static let limit = 64
    private static let streams = Protected<[CachedStream]>([])

    static func keep(_ stream: CachedStream) {
        let dropped: CachedStream? = streams.withLock { streams in
            streams.append(stream)
            return streams.count > limit ? streams.removeFirst() : nil
        }
        _ = dropped  // released here, outside the lock
    }
}

private func stream(_ cookie: UnsafeMutableRawPointer) -> CachedStream {
    Unmanaged<CachedStream>.fromOpaque(cookie).takeUnretainedValue()
}
