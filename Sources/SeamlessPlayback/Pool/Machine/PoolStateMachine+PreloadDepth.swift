extension PoolStateMachine {
    // MARK: How much a paused engine reads ahead

    /// The player's engine reported while its clip had the link to itself — the feed's focused clip, loaded, short of
    /// its buffer (it needed the link before this report), with no neighbour's preload being made or loading, and the
    /// byte tier held with it: what its buffer brought in is the link's pace against the clip's. A ratio measured at
    /// least ``BufferFill/ample`` makes the depth ``PreloadDepth/lean``; one short of it, or a stall, makes it
    /// ``PreloadDepth/standard``; a report that measures nothing (the first after a load, a pause) changes nothing.
    /// A change goes to every engine (``tellDepth(_:loading:)``).
    mutating func preloadDepthMeasured(_ id: PlayerID, _ status: PlaybackStatus) {
        guard let focus = feed, focusedItem(of: focus) == .loaded(id), neighboursInFlight(of: focus) == 0,
            let reported = statuses[id]
        else { return }
        let depth: PreloadDepth
        if status.phase == .buffering {
            depth = .standard
        } else if let ratio = reported.fill.ratio {
            depth = ratio >= BufferFill.ample ? .lean : .standard
        } else {
            return
        }
        guard depth != preloadDepth else { return }
        preloadDepth = depth
        tellDepths()
    }

    /// Tells every engine the depth it should have now (``tellDepth(_:loading:)``): after the pool's depth changed, or
    /// the focus moved (a preload running for the item the focus moved to is the focused item's load now).
    mutating func tellDepths() {
        for id in Array(players.keys) {
            withPlayer(id) { machine, player in machine.tellDepth(&player, loading: player.runningLoad) }
        }
    }

    /// The depth for an engine that loads `loading` (or nothing): ``PreloadDepth/standard`` for the feed's focused item,
    /// else ``preloadDepth``.
    func depth(loading: MediaItem?) -> PreloadDepth {
        loading != nil && loading == feed?.wanted.first ? .standard : preloadDepth
    }

    /// The depths told hold between inputs: every engine in service was last told the depth it should have now.
    func checkDepths() -> [String] {
        players.values.compactMap { player in
            guard player.isCreated, !player.retiring, player.lane.job != .shutDown else { return nil }
            let depth = depth(loading: player.runningLoad)
            return player.toldDepth == depth ? nil : "\(player.id) was told \(player.toldDepth), not \(depth)"
        }
    }

    /// Tells the player's engine the depth it should have now, unless it was told that last: ``preloadDepth``, except
    /// ``PreloadDepth/standard`` while it loads the feed's focused item (`loading`). That load is the clip the user is
    /// about to watch, not a preload that waits: a lean first fetch would cost it a round trip to its next one as it
    /// starts to play. Once that load has ended (``advance(_:)``) it is told ``preloadDepth`` again. Nothing before
    /// its engine is made; a new engine has ``PreloadDepth/standard`` until it is told otherwise, and is told the
    /// depth before its first job when that is not it.
    mutating func tellDepth(_ player: inout PlayerState, loading: MediaItem?) {
        guard player.isCreated else { return }
        let depth = depth(loading: loading)
        guard player.toldDepth != depth else { return }
        player.toldDepth = depth
        out.append(.preloadDepth(depth, on: player.id))
    }
}
