extension PoolStateMachine {
    // MARK: The engine's own changes

    /// The player's engine reported its status.
    ///
    /// The status is kept as the player's latest (status streams read it). When the report is one the settings on
    /// the engine do not explain (``PlaybackStatus/isExplained(by:)``: a system pause, an outside unpause, an end
    /// while looping), the engine changed by itself: its settings no longer count as live, so the next change of
    /// active holder, or the active holder's next update even with unchanged settings, applies them in full again.
    /// A system pause is never undone here: the active page hears it and decides.
    /// - Parameters:
    ///   - id: The player.
    ///   - status: What the engine reported.
    ///   - isSuperseded: Whether a later requested pause of the same engine is already known: a `.playing` it
    ///     replaces is not judged (it may be the echo of an apply that a later one overrode).
    mutating func statusReported(_ id: PlayerID, _ status: PlaybackStatus, isSuperseded: Bool = false) {
        guard players.read(id, { $0.isCreated }) == true else { return }
        let neededTheLink = needsTheLink(id)
        // Tagged with the media the report is of: the one a load runs for (a stall right after its first frame may
        // come before the load's end), else the one loaded.
        let media: MediaItem? =
            players.read(id) { player in
                if case .load(let loading)? = player.lane.job { return loading }
                return player.loaded
            } ?? nil
        // The pace of its buffer is measured over the reports of one media.
        var fill = statuses[id].flatMap { MediaItem.same($0.media, media) ? $0.fill : nil } ?? BufferFill()
        fill.reported(status)
        statuses[id] = ReportedStatus(
            status: status, count: (statuses[id]?.count ?? 0) &+ 1, media: media, fill: fill)
        let outside: Bool? = players.modify(id) { player in
            if isSuperseded, status.phase == .playing { return false }
            // Judged against what the engine may carry: the settings last applied, and those of an apply running now
            // (which of the two the report follows is unknown). The pool's own doing — playing, a requested pause, the
            // end — is explained by either (it may be the running apply's echo); a pause by the system only by both,
            // since an apply that plays may have landed before it.
            var candidates: [PlaybackSettings] = []
            if let applied = player.applied { candidates.append(applied) }
            if case .apply(let settings, _)? = player.lane.job { candidates.append(settings) }
            guard !candidates.isEmpty else { return false }
            let explained =
                status.isSystemPause
                ? candidates.allSatisfy(status.isExplained(by:)) : candidates.contains(where: status.isExplained(by:))
            guard !explained else { return false }
            player.onEngine = .changedOutside
            return true
        }
        if outside == true { counters.outsideChanges += 1 }
        if neededTheLink { preloadDepthMeasured(id, status) }
        // A stall of the clip on screen, or a buffer short of the focus's target, holds the byte tier and the
        // neighbours' preloads; enough in hand lets them go.
        if neededTheLink != needsTheLink(id), let focus = feed, focusedItem(of: focus) == .loaded(id) {
            replenishPreloads()
        }
    }
}

extension PoolStateMachine {
    /// Which reports of one burst (an engine's reports in the order it made them, taken together) are superseded:
    /// a `.playing` whose next report of another phase is a requested pause may be the echo of an apply a later
    /// one overrode, so it is neither judged (``statusReported(_:_:isSuperseded:)``) nor counted as playing by the
    /// quality ledger. A `.playing` followed first by anything else (a stall, the end, a system pause) stays: it
    /// played, and may be an outside unpause.
    /// - Parameter burst: The reports, oldest first.
    /// - Returns: One flag per report, in the same order.
    static func superseded(in burst: [PlaybackStatus]) -> [Bool] {
        var flags = [Bool](repeating: false, count: burst.count)
        // From the newest back: the phase of the next report that is not `.playing`, if any.
        var nextOther: PlaybackPhase?
        for index in burst.indices.reversed() {
            let phase = burst[index].phase
            if phase == .playing {
                flags[index] = nextOther == .paused(.requested)
            } else {
                nextOther = phase
            }
        }
        return flags
    }
}

extension PoolStateMachine {
    /// Some of the engine's reports were dropped before they reached the machine: whatever they said, its
    /// settings no longer count as live.
    mutating func statusReportsLost(_ id: PlayerID) {
        let marked: Bool? = players.modify(id) { player in
            guard player.isCreated else { return false }
            player.onEngine = .changedOutside
            return true
        }
        if marked == true { counters.outsideChanges += 1 }
    }
}

/// An engine's latest status report, and how many reports it has made.
struct ReportedStatus: Hashable, Sendable {
    let status: PlaybackStatus
    let count: UInt64
    /// The media the report is of: the one a load ran for when it arrived, else the one loaded. A stall of other
    /// media the engine had before says nothing of what it has now.
    let media: MediaItem?
    /// How fast the engine fills its buffer of that media against how fast it plays, over its reports so far.
    var fill = BufferFill()
}
