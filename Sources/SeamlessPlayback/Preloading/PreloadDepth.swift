/// How much a paused engine reads ahead of the frame it stands on: what a feed's preload holds when a page takes it.
///
/// A pool with a feed measures the link as the clip on screen gets it while it has the link to itself: from the
/// engine's status reports, the media its buffer brings in per second of media it plays. When that is at least twice
/// what it plays, a preload that holds little refills fast once a page plays it, and every byte it does not read is
/// left to the clip on screen and to the byte tier: the pool tells its engines ``lean``. A measure short of that, or a
/// stall of the clip on screen while it had the link, tells them ``standard``. Until a pool has measured, it is
/// ``standard`` (``PlaybackEngine/setPreloadDepth(_:)``).
///
/// On a phone's link that every connection shares, lean preloads let most flings past the player window start from
/// disk at 4 Mbit/s, where the link has room; at 1.5 Mbit/s, where the clip on screen fills only about 1.25 times as
/// fast as it plays, a player taken with little in hand stalls, so preloads stay ``standard`` there (measured with the
/// libmpv engine: its `BENCHMARKS.md`, "A phone's swipes"; not measured with the AVPlayer engine).
public enum PreloadDepth: Hashable, Sendable, CaseIterable {
    /// The engine's usual read-ahead while paused (the AVPlayer engine's `PausedBuffering.standard`): enough for a
    /// preload a page takes to ride out a slow link.
    case standard
    /// About what the first frame needs and a fraction of a second more: the link brings the rest faster than it
    /// plays.
    case lean
}
