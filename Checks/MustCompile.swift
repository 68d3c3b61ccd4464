// The control of `Checks/must-not-compile.sh`: the same imports and compiler flags as the files of
// `Checks/MustNotCompile`, written correctly. It must type-check, so that a failure of those files is theirs and not
// the check's (a module not found, a wrong flag).
import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation
import UIKit

@MainActor
final class ItemWatcher {
    var isReady = false
    var observation: NSKeyValueObservation?

    func watch(_ item: AVPlayerItem) {
        observation = item.observe(\.status, options: [.new]) { @Sendable [weak self] _, _ in
            let watcher = self
            Task { @MainActor in watcher?.isReady = item.status == .readyToPlay }
        }
    }
}

@MainActor
func describe(_ item: AVPlayerItem) -> String {
    switch item.status {
    case .unknown: "unknown"
    case .readyToPlay: "ready"
    case .failed: "failed"
    @unknown default: "unknown"
    }
}

@MainActor
func hasFailed(_ player: AVPlayer) -> Bool {
    switch player.status {
    case .unknown, .readyToPlay: false
    case .failed: true
    @unknown default: false
    }
}

@MainActor
func layOut(_ view: UIView, in bounds: CGRect) {
    view.frame = bounds
}

final class RequestKeeper: @unchecked Sendable {  // its dictionary is touched only on `queue`
    let queue = DispatchQueue(label: "keeper")
    var requests: [Int: AVAssetResourceLoadingRequest] = [:]

    func answerLater(_ loadingRequest: AVAssetResourceLoadingRequest, id: Int) {
        requests[id] = loadingRequest
        queue.async { [self] in requests.removeValue(forKey: id)?.finishLoading() }
    }
}

/// A source whose count is guarded by a lock: `Sendable`, as a `CachedReading`'s source must be.
final class CountingSource: ByteSource, @unchecked Sendable {  // `fetched` is touched only under `lock`
    private let lock = NSLock()
    private var fetched: Int64 = 0

    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        lock.withLock { fetched += Int64(range.count) }
        return ByteRangeRead(range: range.lowerBound..<range.lowerBound, totalLength: nil)
    }
}

@MainActor
func makeEngine(through cache: MediaCache) -> AVPlayerEngine {
    AVPlayerEngine(cachedReading: CachedReading(cache: cache, source: CountingSource()))
}

// An engine whose paused items buffer other than the defaults, through a cache whose lean least is its own: the
// initializer with `pausedBuffering:` beside the one without, neither ambiguous.
@MainActor
func makeLeanEngines(through cache: MediaCache) -> [AVPlayerEngine] {
    let buffering = PausedBuffering(standard: .milliseconds(500), lean: .milliseconds(100))
    let reading = CachedReading(cache: cache, minimumFetchWhileLean: 32 * 1_024)
    return [
        AVPlayerEngine(), AVPlayerEngine(cachedReading: reading), AVPlayerEngine(pausedBuffering: buffering),
        AVPlayerEngine(cachedReading: reading, pausedBuffering: buffering),
    ]
}
