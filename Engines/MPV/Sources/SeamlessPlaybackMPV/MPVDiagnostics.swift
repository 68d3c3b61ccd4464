import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import Synchronization

/// Process-wide counts of what the engines hold outside Swift's view, for a long run that checks they stay bounded
/// (`mpv-bench --soak`): live mpv handles, the cache streams mpv has open, the stream objects still alive (open ones
/// and closed ones kept for late cancels), and a tap that sees every byte a cache stream hands mpv.
///
/// Harness only: the counters cost one atomic add per handle or stream, the tap one load per read while unset.
package enum MPVDiagnostics {
    private static let handles = Atomic<Int>(0)
    private static let openStreamCount = Atomic<Int>(0)
    private static let streamObjects = Atomic<Int>(0)
    private static let tap = Protected<(@Sendable (String, Int64, Data) -> Void)?>(nil)
    private static let isTapping = Atomic<Bool>(false)

    /// What the counters read now.
    package struct Counts: Hashable, Sendable {
        /// mpv handles created and not yet destroyed.
        package var handles: Int
        /// Cache streams mpv opened and has not closed.
        package var openStreams: Int
        /// Cache stream objects alive: the open ones and the closed ones still kept.
        package var streamObjects: Int
    }

    /// The counters now.
    package static var counts: Counts {
        Counts(
            handles: handles.load(ordering: .relaxed), openStreams: openStreamCount.load(ordering: .relaxed),
            streamObjects: streamObjects.load(ordering: .relaxed))
    }

    /// Sets (or, with `nil`, removes) the tap: called with each read a cache stream serves mpv — the media's cache
    /// key, the offset of the first byte and the bytes — on mpv's demuxer thread. Keep it short.
    package static func tapReads(_ handler: (@Sendable (_ key: String, _ offset: Int64, _ bytes: Data) -> Void)?) {
        tap.withLock { $0 = handler }
        isTapping.store(handler != nil, ordering: .releasing)
    }

    static func handleCreated() { handles.add(1, ordering: .relaxed) }
    static func handleDestroyed() { handles.subtract(1, ordering: .relaxed) }
    static func streamOpened() { openStreamCount.add(1, ordering: .relaxed) }
    static func streamClosed() { openStreamCount.subtract(1, ordering: .relaxed) }
    static func streamObjectMade() { streamObjects.add(1, ordering: .relaxed) }
    static func streamObjectFreed() { streamObjects.subtract(1, ordering: .relaxed) }

    /// Hands a served read to the tap, if one is set.
    static func served(_ bytes: Data, at offset: Int64, of key: String) {
        guard isTapping.load(ordering: .acquiring), let handler = tap.withLock({ $0 }) else { return }
        handler(key, offset, bytes)
    }
}
