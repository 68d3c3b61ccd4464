/// Which items around a feed's focused item the pool keeps loaded, for ``PlayerPool/focus(on:in:window:)``.
///
/// The window always holds the focused item itself; around it, ``ahead`` items after it and ``behind``
/// items before it. Items are loaded nearest first, an item ahead before the item behind at the same
/// distance: with the default window that is the focus, then +1, −1, +2.
///
/// The focused item never waits for a neighbour: while its own engine is being made or its load runs, no
/// neighbour's preload starts; once it is loaded, the neighbours load, nearest first, at most
/// ``concurrentLoads`` at a time — and while it stalls, or plays short of ``focusedBufferAhead`` on a link that brings
/// it less than twice what it plays, they wait again.
///
/// Beyond the players, a window has a byte tier: ``bytesAhead`` more items after the player tier and ``bytesBehind``
/// more before it get their first ``bytesPerItem`` bytes cached on disk, no player spent, by the
/// ``BytePrefetching`` prefetcher set in ``PlayerPool/Configuration/prefetcher``. A pool with none has no byte tier.
/// The byte tier waits for the focused item too: while its load is in flight, and while it stalls (its engine reports
/// it buffering) or plays short of ``focusedBufferAhead``, no prefetch traffic flows. It waits for the player tier as
/// well, which is nearer: while a neighbour's preload is being made or loads, no prefetch traffic flows either.
public struct PreloadWindow: Hashable, Sendable {
    /// How many items after the focused one to keep loaded. Default 2.
    public var ahead: Int
    /// How many items before the focused one to keep loaded. Default 1.
    public var behind: Int
    /// How many neighbours of the focused item may be made or loading at once, once the focused item is loaded.
    /// Default 1: on a device with few cores, one decoder starting at a time. At least 1.
    public var concurrentLoads: Int
    /// How many items after the player tier get their first bytes cached, no player spent. Default 4.
    public var bytesAhead: Int
    /// How many items before the player tier get their first bytes cached. Default 1.
    public var bytesBehind: Int
    /// How many bytes from the start of each item of the byte tier to cache. Default 256 KiB, chosen by measurement:
    /// enough for mpv to show a clip's first frame from disk, and small enough for the prefetcher to fill every item
    /// of the byte tier between swipes on a slow origin (the figures are in the MPV engine's `BENCHMARKS.md`). It is
    /// the most: a ``MediaPrefetcher`` on a link too slow to bring every item's bytes within its dwell caches each
    /// item's share of what it brings instead.
    public var bytesPerItem: Int64
    /// How much of the focused clip, ahead of its position, its engine must hold while it plays before a neighbour's
    /// preload starts or the byte tier fetches (``PlaybackStatus/bufferedAhead``); a clip that holds its end needs no
    /// more. Default 4 seconds: on a link every connection shares (a phone's radio), each preloaded byte is one the
    /// clip on screen did not get, and a few seconds in hand ride out the neighbours' traffic. Zero holds them only
    /// while the clip on screen stalls. Engines that do not report what they hold are held only by a stall. Engines
    /// report what they hold at each whole second, so a target between two is met at the next whole second.
    ///
    /// The target gives way to a fast link: a clip whose buffer filled at least twice as fast as it played between
    /// its last two reports a quarter of a second of play or more apart (the link brings it what it plays and as
    /// much again) lets the neighbours and the byte tier go before it holds the target, and holds them again as soon
    /// as a report shows it filling less than that, stalling, or seeking back. Until two reports of it playing have
    /// measured its pace — after its load, a pause, a stall or a seek back, measured afresh — the target stands.
    ///
    /// Measured with libmpv (the engine's `BENCHMARKS.md`) on a link every connection shares, 1.2 Mbit/s clips: at 4
    /// Mbit/s the clip on screen fills about three times as fast as it plays, the target gives way, and 18 of 40
    /// swipes found their player (14–16 with the four seconds alone; 18 with zero), a mean first frame of 122–141 ms
    /// with a prefetcher (278–280 with the four seconds alone; 89 with zero), and the clip on screen did not stall; at
    /// 1.5 Mbit/s it fills barely faster than it plays, and the four seconds cut the stalls from 36–38 (48–49 s, with
    /// zero) to 3–9 (2.7–11.2 s), where no preloading at all stalled 18–20 times (20–22 s). Where each connection has
    /// its own 4 Mbit/s and swipes come every 800 ms, 21 of 27 swipes found their player, as with zero. Choose zero for
    /// a network known to give each connection its own rate, or where first frames matter more than stalls.
    public var focusedBufferAhead: Duration

    /// Creates a window.
    /// - Parameters:
    ///   - ahead: Items after the focused one to keep loaded; negative values count as 0.
    ///   - behind: Items before the focused one to keep loaded; negative values count as 0.
    ///   - concurrentLoads: How many neighbours may be made or loading at once; values below 1 count as 1.
    ///   - bytesAhead: Items after the player tier whose first bytes to cache; negative values count as 0.
    ///   - bytesBehind: Items before the player tier whose first bytes to cache; negative values count as 0.
    ///   - bytesPerItem: Bytes to cache from the start of each; negative values count as 0.
    ///   - focusedBufferAhead: How much the focused clip must hold ahead while it plays before the neighbours and
    ///     the byte tier use the link; negative values count as 0.
    public init(
        ahead: Int = 2, behind: Int = 1, concurrentLoads: Int = 1, bytesAhead: Int = 4, bytesBehind: Int = 1,
        bytesPerItem: Int64 = 256 << 10, focusedBufferAhead: Duration = .seconds(4)
    ) {
        self.ahead = max(0, ahead)
        self.behind = max(0, behind)
        self.concurrentLoads = max(1, concurrentLoads)
        self.bytesAhead = max(0, bytesAhead)
        self.bytesBehind = max(0, bytesBehind)
        self.bytesPerItem = max(0, bytesPerItem)
        self.focusedBufferAhead = max(.zero, focusedBufferAhead)
    }

    /// The feed indices of the window around `focus` within `0..<count`, nearest first.
    func indices(around focus: Int, count: Int) -> [Int] {
        guard (0..<count).contains(focus) else { return [] }
        var order = [focus]
        // No farther than the feed reaches, whatever the window's size.
        let reach = min(max(ahead, behind), max(focus, count - 1 - focus))
        guard reach >= 1 else { return order }
        for distance in 1...reach {
            if distance <= ahead, focus + distance < count { order.append(focus + distance) }
            if distance <= behind, focus - distance >= 0 { order.append(focus - distance) }
        }
        return order
    }

    /// The feed indices of the byte tier around `focus` within `0..<count`, nearest first (ahead before behind at
    /// the same distance): past the player tier, ``bytesAhead`` after it and ``bytesBehind`` before it.
    func byteIndices(around focus: Int, count: Int) -> [Int] {
        guard (0..<count).contains(focus) else { return [] }
        let ahead = max(0, self.ahead)
        let behind = max(0, self.behind)
        let bytesAhead = max(0, self.bytesAhead)
        let bytesBehind = max(0, self.bytesBehind)
        var order: [Int] = []
        // Saturating: no farther than the feed reaches, whatever the window's size.
        let aheadEnd = Self.saturatingSum(ahead, bytesAhead)
        let behindEnd = Self.saturatingSum(behind, bytesBehind)
        let farthest = min(max(aheadEnd, behindEnd), count)
        guard farthest >= 1 else { return order }
        for distance in 1...farthest {
            if distance > ahead, distance <= aheadEnd, focus + distance < count { order.append(focus + distance) }
            if distance > behind, distance <= behindEnd, focus - distance >= 0 { order.append(focus - distance) }
        }
        return order
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
