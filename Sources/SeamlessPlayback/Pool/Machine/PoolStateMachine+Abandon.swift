extension PoolStateMachine {
    // MARK: Loads nobody wants

    /// Cuts short what the player's engine is about to do or doing for media nobody wants any more: no page holds
    /// or waits for the player, no app's prewarm waits for the media, and the feed's focus does not want it (or its
    /// load failed or was abandoned while the focus lasts); or the player is being retired. A running load is
    /// cancelled (``PoolAction/cancelLoad(_:_:)``) and the media let go of, so that no page is granted it while it
    /// is cut short; a load not yet begun is dropped. Media the engine has loaded is let go of as
    /// ``letGoIfUnwanted(_:)`` says.
    mutating func abandonIfUnwanted(_ id: PlayerID) {
        abandonLoadIfUnwanted(id)
        letGoIfUnwanted(id)
    }

    /// The load part of ``abandonIfUnwanted(_:)``: a running load is cancelled, one not yet begun dropped.
    private mutating func abandonLoadIfUnwanted(_ id: PlayerID) {
        guard let player = players[id], player.stack.isEmpty, let media = player.media ?? player.runningLoad else {
            return
        }
        guard player.retiring || !isWanted(media, on: player) else { return }
        if player.runningLoad == media {
            players[id]?.media = nil
            cancelRunningLoad(of: id)
        } else if !MediaItem.same(player.loaded, media) {
            // Not begun (or waiting to be tried again): the player keeps what it has or is loading.
            players[id]?.media = player.mediaKept
            if player.retryPending { out.append(.cancelRetry(id)) }
            players[id]?.retry = .none
            if publishesEvents { out.append(.emit(.evicted(id, media))) }
            advance(id)
        }
    }

    /// Cancels the load the player's engine runs when the player no longer wants its media (its media changed, or
    /// was let go of): once per load.
    mutating func cancelRunningLoad(of id: PlayerID) {
        guard let player = players[id], let running = player.runningLoad, player.media != running,
            players[id]?.lane.cancelLoad() != nil
        else { return }
        counters.cancelledLoads += 1
        out.append(.cancelLoad(id, running))
    }

    /// Whether anyone but the player's holders wants `media` on it: an app's prewarm, an acquire waiting in the queue,
    /// or the feed's focus while its load has not failed.
    func isWanted(_ media: MediaItem, on player: PlayerState) -> Bool {
        if isPrewarmed(player, media) { return true }
        // An acquire waiting for a player takes this one next, warm, if it keeps the media.
        if isAwaited(media) { return true }
        guard let focus = feed else { return false }
        return focus.wants(media) && !focus.failed.contains(media)
    }

    /// Whether an acquire waiting in the queue asks for `media`.
    func isAwaited(_ media: MediaItem) -> Bool {
        !queue.isEmpty
            && queue.pending.contains(where: { request in
                if case .waiting(_, media, _) = requests[request.request] { return true }
                return false
            })
    }

    /// While a feed has the focus, an idle player lets go of the media its engine has loaded once nobody wants it
    /// any more (as ``isWanted(_:on:)`` says: not the window, no app's prewarm waiting, no waiting acquire), unless an
    /// app's prewarm loaded it: the engine is told to unload it (``EngineJob/unload``, once the idle settings are on
    /// it) and no warm hit matches it from now on. A paused player that keeps its media keeps reading it over the
    /// network (socket buffers, read-ahead), on a link the clip on screen shares. Without a focus a loaded player
    /// keeps its media for a warm hit, and a player being retired is shut down instead.
    mutating func letGoIfUnwanted(_ id: PlayerID) {
        // An acquire waiting for a player recycles this one: an unload first would only make it wait.
        guard feed != nil, queue.isEmpty, let player = players[id], player.stack.isEmpty, !player.retiring,
            player.runningLoad == nil, let media = player.loaded, MediaItem.same(player.media, media),
            player.prewarmedByApp != media, !isWanted(media, on: player)
        else { return }
        players[id]?.media = nil
        if publishesEvents { out.append(.emit(.evicted(id, media))) }
        advance(id)
    }

    /// Media let go of whose unload has not begun (its engine still goes quiet, or its lane is busy), that the window
    /// wants again (the user swiped back at once), is kept: the player has it again, and no unload is sent.
    mutating func keepMediaWantedAgain() {
        guard let focus = feed else { return }
        keepLetGoMedia { focus.wants($0) && !focus.failed.contains($0) }
    }

    /// Media let go of whose unload has not begun, for which `keep` holds, goes back to its player.
    mutating func keepLetGoMedia(where keep: (MediaItem) -> Bool) {
        for id in players.keys.sorted(by: { $0.number < $1.number }) {
            guard let player = players[id], player.media == nil, player.stack.isEmpty, !player.retiring,
                player.runningLoad == nil, let loaded = player.loaded, player.job != .unload, keep(loaded)
            else { continue }
            players[id]?.media = loaded
        }
    }

    /// Every player's load or planned load that nobody wants any more is cut short (after the focus moved).
    mutating func abandonUnwantedLoads() {
        for id in players.keys.sorted(by: { $0.number < $1.number }) { abandonLoadIfUnwanted(id) }
    }

    /// Every idle player lets go of loaded media nobody wants any more (``letGoIfUnwanted(_:)``), after the focus
    /// moved and its preloads took the players they recycle.
    mutating func letGoOfUnwantedMedia() {
        for id in players.keys.sorted(by: { $0.number < $1.number }) { letGoIfUnwanted(id) }
    }
}

extension PlayerState {
    /// The media the engine is loading now, if a load runs.
    var runningLoad: MediaItem? {
        if case .load(let media)? = lane.job { media } else { nil }
    }

    /// Whether the engine is busy with a load nobody wants (being cancelled): the last choice for other media.
    var isStuckOnUnwantedLoad: Bool {
        guard let running = runningLoad else { return false }
        return lane.isLoadCancelled || media != running
    }
}
