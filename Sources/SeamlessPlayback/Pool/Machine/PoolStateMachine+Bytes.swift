extension PoolStateMachine {
    // MARK: The feed's byte tier

    /// Hands the prefetcher the byte tier's plan when it changed: the focus's byte items, nearest first, held while
    /// the focused item's own engine is being made or its load runs, while its engine reports it buffering or
    /// playing short of the focus's ``PreloadWindow/focusedBufferAhead`` and filling less than twice as fast as it
    /// plays (``needsTheLink(_:)``: the clip on screen needs the link, it is its own until it holds enough), and
    /// while a neighbour's preload is being made or loads (the player tier is nearer than the byte tier: its preloads
    /// come first); nothing without a focus or after shutdown.
    ///
    /// Runs once at the end of every input (``inputsEnded()``), whichever path moved the plan — a focus change, a
    /// load that finished, a status report, a page's acquire that recycled the player loading the focused item — so
    /// that the prefetcher is held from the moment the focused item's load is in flight to the moment it is loaded
    /// (or failed, or cut short), from its stall, or its short buffer, to the report that it holds enough, and from a
    /// neighbour's placing to the end of the last preload (loaded, failed, or dropped).
    mutating func updateBytePlan() {
        guard prefetches else { return }
        let plan = impliedBytePlan
        guard plan != bytePlan else { return }
        bytePlan = plan
        out.append(.prefetch(plan))
    }

    /// The byte tier's plan as the pool's state implies it now (see ``updateBytePlan()``); the invariants check that
    /// the prefetcher was handed it.
    var impliedBytePlan: BytePrefetchPlan {
        guard !isShutDown, let focus = feed, !focus.bytes.isEmpty else { return .empty }
        let focusedNeedsTheLink =
            switch focusedItem(of: focus) {
            case .inFlight: true
            case .loaded(let player): needsTheLink(player)
            case .absent, .failed: false
            }
        // The player tier is nearer than the byte tier: its preloads come first.
        let isHeld = focusedNeedsTheLink || neighboursInFlight(of: focus) > 0
        return BytePrefetchPlan(items: focus.bytes, bytesPerItem: focus.bytesPerItem, isHeld: isHeld)
    }

    /// Brings up to date what the machine derives from its whole state rather than from one input: the byte tier's
    /// plan. The driver calls it after the inputs it gave and before it carries their actions out
    /// (``PoolShell/carryOut()``); it appends an action only when something changed.
    mutating func inputsEnded() {
        updateBytePlan()
    }
}
