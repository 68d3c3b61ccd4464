extension PoolStateMachine {
    // MARK: Feed preloading

    /// The app moved a feed's focus to `index` (or told the same focus again, as it may on every scroll event).
    ///
    /// Rules, in order:
    /// 1. A preload the policy started for media that left the window, whose load has not begun (the
    ///    engine is still being made, or its lane is busy), is dropped: the player keeps what it has or
    ///    is loading now. A load that runs for media nobody wants any more (no page, no app's prewarm, not the
    ///    window) is cancelled. Media whose preload failed or was cut short is not preloaded again while the focus
    ///    lasts (a page's acquire still loads it).
    /// 2. The focused item first, alone: if no player has it, it gets one; while its engine is being made or
    ///    its load runs (the policy's preload, or a page's acquire), no other preload starts — no engine is made
    ///    and no load sent for a neighbour. Once it is loaded, each neighbour of the window, nearest first, that
    ///    no player has or is loading gets one, while fewer than the window's `concurrentLoads` neighbours are
    ///    being made or loading. A player for a preload is a new engine while fewer than `capacity` exist, else
    ///    the idle player whose media is farthest from the focus among those outside the window. A held player
    ///    is never touched, and nothing is placed while acquires wait (they come first). When no player can be
    ///    had the rest (farther) waits. While its engine last reported it buffering (the clip on screen ran
    ///    dry) or playing short of the window's `focusedBufferAhead` and of its end, no neighbour's preload
    ///    starts either, and one placed whose load has not begun is dropped. Whatever waits is placed when a
    ///    load finishes, an engine goes, or the focused item's engine reports that it holds enough. While the
    ///    focused item's engine is being made or its load runs, a neighbour's load that runs on an idle player is
    ///    cut short (``cutShortNeighboursOfAColdFocus()``).
    /// 3. From now on an acquire or prewarm that must recycle takes the idle player farthest from the
    ///    focus, not the least recently used.
    ///
    /// Nothing waits: the loads run on the engines' lanes. An `index` outside `items` ends the focus.
    mutating func focusChanged(on index: Int, in items: [MediaItem], window: PreloadWindow) {
        guard !isShutDown else { return }
        guard items.indices.contains(index) else { return focusEnded() }
        var window = window
        // A pool with no prefetcher has no byte tier.
        if !prefetches {
            window.bytesAhead = 0
            window.bytesBehind = 0
        }
        var next = FeedFocus(index: index, items: items, window: window)
        next.placed = feed?.placed ?? [:]
        // Media whose preload failed or was abandoned is not preloaded again while the focus lasts.
        next.failed = feed?.failed ?? []
        feed = next
        keepMediaWantedAgain()
        dropStalePreloads()
        abandonUnwantedLoads()
        placePreloads()
        cutShortNeighboursOfAColdFocus()
        letGoOfUnwantedMedia()
        // A preload running for the item the focus moved to is its load now.
        tellDepths()
    }

    /// The focused item's engine is being made or its load runs: a neighbour's preload whose load runs on an idle
    /// player is cut short (the player lets go of its media, and the load is cancelled), so that the focused item's
    /// load has the link to itself; the neighbour is placed again, nearest first, once the focused item is loaded and
    /// holds enough. A load an app's prewarm or a waiting acquire wants runs on.
    private mutating func cutShortNeighboursOfAColdFocus() {
        guard let focus = feed, let focused = focus.wanted.first, focusedItem(of: focus) == .inFlight else { return }
        for id in players.keys.sorted(by: { $0.number < $1.number }) {
            guard let player = players[id], player.stack.isEmpty, player.isClaimable, !player.retiring,
                let running = player.runningLoad, player.media == running, !player.lane.isLoadCancelled,
                !MediaItem.same(running, focused), !isPrewarmed(player, running), !isAwaited(running)
            else { continue }
            players[id]?.media = nil
            feed?.placed[id] = nil
            cancelRunningLoad(of: id)
        }
    }

    /// The app left the feed: preloads whose load has not begun are dropped, and recycling goes back to
    /// the least recently used idle player.
    mutating func focusEnded() {
        guard let focus = feed else { return }
        feed = FeedFocus(index: focus.index, items: [], window: PreloadWindow(ahead: 0, behind: 0))
        feed?.placed = focus.placed
        dropStalePreloads()
        feed = nil
        // Without a focus a player keeps its media: one let go of whose unload has not begun keeps it after all.
        keepLetGoMedia { _ in true }
        abandonUnwantedLoads()
        // No focused item any more: a load that was its load is a plain one.
        tellDepths()
    }

    /// The idle player to recycle: the one farthest from the focus (least recently used among equals)
    /// while a feed has the focus, else the least recently used.
    func recyclingCandidate() -> PlayerID? {
        guard let focus = feed else { return leastRecentlyUsedClaimable() }
        return farthestClaimable(from: focus) { _ in true }
    }

    private func farthestClaimable(from focus: FeedFocus, where include: (PlayerState) -> Bool) -> PlayerID? {
        var best: (rank: Int, player: PlayerState)?
        for player in players.values where player.isClaimable && include(player) {
            let rank = focus.rank(of: player.media)
            guard let current = best else {
                best = (rank, player)
                continue
            }
            // An engine busy with a load nobody wants is the last choice: its next job waits for that load to stop.
            let free = player.isStuckOnUnwantedLoad ? 0 : 1
            let currentFree = current.player.isStuckOnUnwantedLoad ? 0 : 1
            if (free, rank, UInt64.max - player.lastUsed, UInt32.max - player.id.number)
                > (
                    currentFree, current.rank, UInt64.max - current.player.lastUsed,
                    UInt32.max - current.player.id.number
                )
            {
                best = (rank, player)
            }
        }
        return best?.player.id
    }

    /// Rule 1: pending preloads for media outside the window go back to what the player has.
    private mutating func dropStalePreloads() {
        guard let focus = feed else { return }
        dropPendingPreloads { !focus.wants($0) }
    }

    /// The policy's preloads whose load has not begun and whose media `drop` names go back to what their player
    /// has (or is loading now); the others that are no longer the policy's (claimed, recycled, loading, loaded, or
    /// waited for by an app's prewarm) leave its record.
    private mutating func dropPendingPreloads(where drop: (MediaItem) -> Bool) {
        guard var focus = feed, !focus.placed.isEmpty else { return }
        for (id, media) in focus.placed.sorted(by: { $0.key.number < $1.key.number }) {
            guard let player = players[id], player.media == media, player.isClaimable,
                player.loaded != media, player.runningLoad != media, !isPrewarmed(player, media)
            else {
                // Claimed, recycled, loading, loaded, or an app's own prewarm waits for it: no longer the
                // policy's to drop.
                focus.placed[id] = nil
                continue
            }
            guard drop(media) else { continue }
            focus.placed[id] = nil
            // What the engine has, or is loading now, so that nothing is loaded again.
            players[id]?.media = player.mediaKept
            if publishesEvents { out.append(.emit(.evicted(id, media))) }
            advance(id)
        }
        feed = focus
    }

    /// Whether the policy may recycle the idle player: its media is outside the window, and no app's own
    /// prewarm waits for it.
    private func isDisplaceable(_ player: PlayerState, by focus: FeedFocus) -> Bool {
        guard !focus.wants(player.media) else { return false }
        guard let media = player.media else { return true }
        return !isPrewarmed(player, media)
    }

    /// Whether an app's own ``PlayerPool/prewarm(_:)`` waits for `media` to load on the player.
    func isPrewarmed(_ player: PlayerState, _ media: MediaItem) -> Bool {
        player.watchers.contains { request in
            if case .prewarm(player.id, media) = requests[request] { return true }
            return false
        }
    }

    /// Rule 2: the focused item first; once it is loaded, a player for each neighbour that has none, nearest
    /// first, a few at a time.
    private mutating func placePreloads() {
        guard var focus = feed, let focused = focus.wanted.first else { return }
        // Whether the neighbours wait for the focused item; then one placed whose load has not begun waits too.
        let neighboursWait: Bool
        switch focusedItem(of: focus) {
        case .failed:
            neighboursWait = false
        case .loaded(let player):
            // The clip on screen has run dry, or plays short of its buffer: the link is its own until its engine
            // reports it holds enough (`statusReported`).
            guard !needsTheLink(player) else {
                neighboursWait = true
                break
            }
            // A page's grant of it finishes first (its apply, right after the load): a neighbour's engine made
            // meanwhile would take the machine from the call the user waits for. It lands in `applyFinished`.
            guard
                players.values.contains(where: { $0.media == focused && $0.isLaneFree && Self.hasLoaded($0, focused) })
            else { return }
            neighboursWait = false
        case .inFlight:
            // Its engine is being made or its load runs.
            neighboursWait = true
        case .absent:
            // Placed now: the neighbours wait for its load.
            _ = place(focused, in: &focus)
            neighboursWait = true
        }
        feed = focus
        guard !neighboursWait else {
            dropPendingPreloads { $0 != focused }
            return
        }
        var inFlight = neighboursInFlight(of: focus)
        for media in focus.wanted.dropFirst() where !focus.failed.contains(media) {
            if players.values.contains(where: { $0.media == media && !$0.retiring }) { continue }
            guard inFlight < focus.concurrentLoads, place(media, in: &focus) else { break }
            inFlight += 1
        }
        feed = focus
    }

    /// The preloads that wait for a load to finish or a player to be free are placed now, while a feed has the focus.
    /// - Parameter failed: Media whose preload just failed (its load threw, its engine could not be made or failed):
    ///   not preloaded again while the feed keeps its focus.
    mutating func replenishPreloads(failed: MediaItem? = nil) {
        guard feed != nil, !isShutDown else { return }
        if let failed, feed?.wants(failed) == true { feed?.failed.insert(failed) }
        placePreloads()
    }

    /// An apply landed on the player: when it has the focused item (a page's grant of it just completed), the
    /// neighbours' preloads that waited for it start.
    mutating func focusedItemSettled(on player: PlayerID) {
        guard let focused = feed?.wanted.first, players.read(player, { MediaItem.same($0.media, focused) }) == true
        else { return }
        replenishPreloads()
    }

    /// A page's acquire or an app's prewarm started loading `media` cold: when it is the focused item, the
    /// neighbours' preloads whose load has not begun wait for it.
    mutating func focusedItemStarted(_ media: MediaItem) {
        if let focused = feed?.wanted.first, MediaItem.same(focused, media) { replenishPreloads() }
    }

    /// Sends `media` to a new engine, or to the idle player farthest from the focus outside the window.
    /// - Returns: Whether a player could be had (none while acquires wait).
    private mutating func place(_ media: MediaItem, in focus: inout FeedFocus) -> Bool {
        guard queue.isEmpty else { return false }
        if players.count < capacity {
            let id = makePlayer(media: media)
            focus.placed[id] = media
        } else if let victim = farthestClaimable(from: focus, where: { isDisplaceable($0, by: focus) }) {
            evict(victim, replacingWith: media)
            focus.placed[victim] = media
            advance(victim)
        } else {
            return false
        }
        counters.preloads += 1
        return true
    }

    /// Where the focused item stands.
    enum FocusedItem: Hashable {
        /// This player has it on its engine (shown, or ready to be).
        case loaded(PlayerID)
        /// No player has it loaded, and some player's engine is being made for it or its load is due or runs.
        case inFlight
        /// No player has it at all.
        case absent
        /// Its preload failed while the focus stayed here.
        case failed
    }

    /// Where the focus's item stands: a player that has it loaded wins over another one loading it.
    func focusedItem(of focus: FeedFocus) -> FocusedItem {
        guard let focused = focus.wanted.first else { return .absent }
        var found = false
        for player in players.values where player.media == focused && !player.retiring {
            if Self.hasLoaded(player, focused) { return .loaded(player.id) }
            found = true
        }
        // A page's acquire loading it again after its preload failed is in flight all the same.
        if found { return .inFlight }
        return focus.failed.contains(focused) ? .failed : .absent
    }

    /// Whether the player's engine last reported the media it has loaded short of buffer
    /// (``PlaybackStatus/isShortOfBuffer(_:)``): stalled, or playing with less than the focus's
    /// ``PreloadWindow/focusedBufferAhead`` held ahead and short of its end, unless its buffer last filled at least
    /// twice as fast as it played (``BufferFill/isAmple``). For the focused item's player the clip on screen needs the
    /// link, and neither a neighbour's preload nor the byte tier starts until its engine reports it holds enough, or
    /// fills fast enough (or paused, or ended). A report of media it had before does not count.
    ///
    /// A report of the pool's own pause while the settings now on the engine play (a page's grant landed, and the
    /// engine's report that it plays is on its way) is judged as playing: the grant's neighbours do not slip in
    /// before it.
    ///
    /// A last report that the media loads, once its load has finished, needs the link: an engine reports every change,
    /// and its report after the first frame, which says what it holds, is on its way. Until it comes the byte tier
    /// does not start fetches that report would cancel at once.
    func needsTheLink(_ player: PlayerID) -> Bool {
        guard let focus = feed, let reported = statuses[player], let media = reported.media else { return false }
        return players.read(player) { state in
            guard MediaItem.same(state.loaded, media) else { return false }
            if reported.status.phase == .loading { return true }
            var status = reported.status
            if status.phase == .paused(.requested), state.applied?.isPaused == false { status.phase = .playing }
            guard status.isShortOfBuffer(focus.focusedBufferAhead) else { return false }
            // Short of its target, a clip whose link brings it twice what it plays can spare the rest; a stall cannot.
            return status.phase == .buffering || !reported.fill.isAmple
        } == true
    }

    /// Whether the player has `media` on its engine, no load of it running.
    static func hasLoaded(_ player: PlayerState, _ media: MediaItem) -> Bool {
        player.isCreated && player.loaded == media && player.runningLoad != media
    }

    /// The preloads other than the focused item's whose engine is being made or whose load is due or running, on
    /// idle players: those of the window's neighbours, and those a move of the focus to a loaded item left running,
    /// started by the policy or by a prewarm.
    func neighboursInFlight(of focus: FeedFocus) -> Int {
        let focused = focus.wanted.first
        return players.values.reduce(0) { count, player in
            guard player.isClaimable, !player.retiring, let media = player.media, media != focused,
                !Self.hasLoaded(player, media)
            else { return count }
            return count + 1
        }
    }

    /// The policy's rules that hold between inputs: no preload of media outside the window is still
    /// waiting to start, nor one of a neighbour while the focused item's engine is made or its load runs.
    func checkPreloads() -> [String] {
        guard let focus = feed else { return [] }
        var problems: [String] = []
        let focused = focus.wanted.first
        let focusInFlight = focusedItem(of: focus) == .inFlight
        for (id, media) in focus.placed {
            guard let player = players[id], player.media == media, player.isClaimable,
                player.loaded != media, player.runningLoad != media, !player.retryPending
            else { continue }
            if !focus.wants(media) { problems.append("a preload of \(media) outside the window is pending on \(id)") }
            if focusInFlight, media != focused, !isPrewarmed(player, media) {
                problems.append("a preload of \(media) waits to start while the focused item loads")
            }
        }
        if !focus.wanted.isEmpty, !focus.nearby.indices.contains(focus.index) {
            problems.append("the focus \(focus.index) lies outside the feed it was given with")
        }
        return problems
    }
}
