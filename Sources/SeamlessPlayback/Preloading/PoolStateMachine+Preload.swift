extension PoolStateMachine {
    // MARK: Feed preloading

    /// The app moved a feed's focus to `index` (or told the same focus again, as it may on every scroll event).
    ///
    /// Rules, in order:
    /// 1. A preload the policy started for media that left the window, whose load has not begun (the
    ///    engine is still being made, or its lane is busy), is dropped: the player keeps what it has or
    ///    is loading now. A load that runs is left to finish.
    /// 2. Each media of the window, nearest first, that no player has or is loading gets one: a new
    ///    engine while fewer than `capacity` exist, else the idle player whose media is farthest from the
    ///    focus among those outside the window. A held player is never touched, and nothing is placed
    ///    while acquires wait (they come first). When no player can be had the rest (farther) waits.
    /// 3. From now on an acquire or prewarm that must recycle takes the idle player farthest from the
    ///    focus, not the least recently used.
    ///
    /// Nothing waits: the loads run on the engines' lanes. An `index` outside `items` ends the focus.
    mutating func focusChanged(on index: Int, in items: [MediaItem], window: PreloadWindow) -> [PoolAction] {
        guard !isShutDown else { return [] }
        guard items.indices.contains(index) else { return focusEnded() }
        var next = FeedFocus(index: index, items: items, window: window)
        next.placed = feed?.placed ?? [:]
        feed = next
        dropStalePreloads()
        placePreloads()
        return take()
    }

    /// The app left the feed: preloads whose load has not begun are dropped, and recycling goes back to
    /// the least recently used idle player.
    mutating func focusEnded() -> [PoolAction] {
        guard let focus = feed else { return take() }
        feed = FeedFocus(index: focus.index, items: [], window: PreloadWindow(ahead: 0, behind: 0))
        feed?.placed = focus.placed
        dropStalePreloads()
        feed = nil
        return take()
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
            if (rank, UInt64.max - player.lastUsed, UInt32.max - player.id.number)
                > (current.rank, UInt64.max - current.player.lastUsed, UInt32.max - current.player.id.number)
            {
                best = (rank, player)
            }
        }
        return best?.player.id
    }

    /// Rule 1: pending preloads for media outside the window go back to what the player has.
    private mutating func dropStalePreloads() {
        guard var focus = feed, !focus.placed.isEmpty else { return }
        for (id, media) in focus.placed.sorted(by: { $0.key.number < $1.key.number }) {
            guard let player = players[id], player.media == media, player.isClaimable,
                player.loaded != media, player.job != .load(media), !isPrewarmed(player, media)
            else {
                // Claimed, recycled, loading, loaded, or an app's own prewarm waits for it: no longer the
                // policy's to drop.
                focus.placed[id] = nil
                continue
            }
            guard !focus.wants(media) else { continue }
            focus.placed[id] = nil
            // What the engine has, or is loading now, so that nothing is loaded again.
            let current: MediaItem? = if case .load(let running) = player.job { running } else { player.loaded }
            players[id]?.media = current
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
    private func isPrewarmed(_ player: PlayerState, _ media: MediaItem) -> Bool {
        player.watchers.contains { request in
            if case .prewarm(player.id, media) = requests[request] { return true }
            return false
        }
    }

    /// Rule 2: a player for each media of the window that has none, nearest first.
    private mutating func placePreloads() {
        guard var focus = feed else { return }
        for media in focus.wanted {
            if players.values.contains(where: { $0.media == media && !$0.retiring }) { continue }
            guard waitingCount == 0 else { break }
            if players.count < capacity {
                let id = makePlayer(media: media)
                focus.placed[id] = media
                counters.preloads += 1
            } else if let victim = farthestClaimable(from: focus, where: { isDisplaceable($0, by: focus) }) {
                evict(victim, replacingWith: media)
                focus.placed[victim] = media
                counters.preloads += 1
                advance(victim)
            } else {
                break
            }
        }
        feed = focus
    }

    /// The policy's rules that hold between inputs: no preload of media outside the window is still
    /// waiting to start.
    func checkPreloads() -> [String] {
        guard let focus = feed else { return [] }
        var problems: [String] = []
        for (id, media) in focus.placed {
            guard let player = players[id], player.media == media, player.isClaimable,
                player.loaded != media, player.job != .load(media)
            else { continue }
            if !focus.wants(media) { problems.append("a preload of \(media) outside the window is pending on \(id)") }
        }
        if !focus.wanted.isEmpty, !focus.nearby.indices.contains(focus.index) {
            problems.append("the focus \(focus.index) lies outside the feed it was given with")
        }
        return problems
    }
}
