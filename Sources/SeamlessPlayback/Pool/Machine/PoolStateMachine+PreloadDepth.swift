extension PoolStateMachine {
    // MARK: How much a paused engine reads ahead

    /// The player's engine reported while its clip had the link to itself — the feed's focused clip, loaded, short of
    /// its buffer (it needed the link before this report), with no neighbour's preload being made or loading, and the
    /// byte tier held with it: what its buffer brought in is the link's pace against the clip's. A ratio measured at
    /// least ``BufferFill/ample`` makes the depth ``PreloadDepth/lean``; one short of it, or a stall, makes it
    /// ``PreloadDepth/standard``; a report that measures nothing (the first after a load, a pause) changes nothing.
    /// A change goes to every engine.
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
        out.append(.preloadDepth(depth))
    }
}
