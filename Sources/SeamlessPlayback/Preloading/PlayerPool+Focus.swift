extension PlayerPool {
    /// Tells the pool which item of a feed is in focus, so that the players for a window around it are
    /// loaded before the user gets there. Call it on every scroll step: it returns at once.
    ///
    /// The pool keeps the window's media on idle players, nearest first (with the default window: the
    /// focused item, the next, the previous, the one after next), within ``Configuration/capacity``:
    /// new engines while there is room, else the idle players whose media is farthest from the focus,
    /// outside the window. A held player is never touched, and nothing is preloaded while acquires wait.
    ///
    /// The focused item never waits for a neighbour: while its own engine is being made or its load runs (a
    /// preload, or a page's acquire), no neighbour's preload starts — no engine is made for it, no load sent.
    /// Once it is loaded, the neighbours follow nearest first, ``PreloadWindow/concurrentLoads`` at a time
    /// (default 1), each starting when the one before has loaded. A neighbour's preload whose load runs when the
    /// focus moves to an item not yet loaded is cut short (its load cancelled, and placed again once the focused item
    /// is loaded), so that the focused item's load has the link to itself; one an app's prewarm waits for runs on.
    /// An item whose preload failed is not preloaded again while the feed keeps its focus (a page's acquire still
    /// loads it).
    /// A preload whose media left the window before its load began is dropped; a load that runs may
    /// finish. While a feed has the focus, an acquire or prewarm that must recycle an idle player takes
    /// the one farthest from the focus instead of the least recently used.
    ///
    /// The loads run on the engines' lanes; nothing here waits for them. Telling the same focus again costs
    /// a look at the window and the players, a few microseconds.
    ///
    /// ```swift
    /// // On every scroll event of the feed:
    /// await pool.focus(on: visibleIndex, in: feedItems)
    /// let lease = try await feed.acquire(feedItems[visibleIndex])   // warm: already loaded
    /// ```
    /// - Parameters:
    ///   - index: The index in `items` of the item in focus; an index outside `items` ends the focus
    ///     (as ``endFocus()`` does).
    ///   - items: The feed's items in order. Only the items around `index` are looked at.
    ///   - window: How many items ahead and behind to keep loaded. Default 2 ahead, 1 behind.
    public func focus(on index: Int, in items: [MediaItem], window: PreloadWindow = PreloadWindow()) {
        shell.run { $0.focusChanged(on: index, in: items, window: window) }
    }

    /// Tells the pool that no feed has the focus any more: preloads whose load has not begun are dropped,
    /// and recycling goes back to the least recently used idle player. Returns at once.
    public func endFocus() {
        shell.run { $0.focusEnded() }
    }
}
