extension PoolStateMachine {
    // MARK: The feed's byte tier

    /// Hands the prefetcher the byte tier's plan when it changed: the focus's byte items, nearest first, held while
    /// the focused item's own engine is being made or its load runs, while its engine reports it buffering or
    /// playing short of the focus's ``PreloadWindow/focusedBufferAhead`` (the clip on screen needs the link: it is its
    /// own until it holds enough), and while a neighbour's preload is being made or loads (the player tier is nearer
    /// than the byte tier: its preloads come first); nothing without a focus or after shutdown.
    ///
    /// Runs after every change of the focus, after every change of a player the preload policy looks at and after
    /// every status report, so that the prefetcher is held from the moment the focused item's load is in flight to
    /// the moment it is loaded (or failed, or cut short), from its stall, or its short buffer, to the report that
    /// it holds enough, and from a neighbour's placing to the end of the last preload (loaded, failed, or dropped).
    mutating func updateBytePlan() {
        guard prefetches else { return }
        var plan = BytePrefetchPlan.empty
        if !isShutDown, let focus = feed, !focus.bytes.isEmpty {
            let focusedNeedsTheLink =
                switch focusedItem(of: focus) {
                case .inFlight: true
                case .loaded(let player): needsTheLink(player)
                case .absent, .failed: false
                }
            // The player tier is nearer than the byte tier: its preloads come first.
            let isHeld = focusedNeedsTheLink || neighboursInFlight(of: focus) > 0
            plan = BytePrefetchPlan(items: focus.bytes, bytesPerItem: focus.bytesPerItem, isHeld: isHeld)
        }
        guard plan != bytePlan else { return }
        bytePlan = plan
        out.append(.prefetch(plan))
    }
}
