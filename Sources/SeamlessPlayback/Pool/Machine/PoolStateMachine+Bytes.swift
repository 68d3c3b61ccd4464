extension PoolStateMachine {
    // MARK: The feed's byte tier

    /// Hands the prefetcher the byte tier's plan when it changed: the focus's byte items, nearest first, held while
    /// the focused item's own engine is being made or its load runs; nothing without a focus or after shutdown.
    ///
    /// Runs after every change of the focus and after every change of a player the preload policy looks at, so that
    /// the prefetcher is held from the moment the focused item's load is in flight to the moment it is loaded (or
    /// failed, or cut short).
    mutating func updateBytePlan() {
        guard prefetches else { return }
        var plan = BytePrefetchPlan.empty
        if !isShutDown, let focus = feed, !focus.bytes.isEmpty {
            let isHeld: Bool
            if case .inFlight = focusedItem(of: focus) { isHeld = true } else { isHeld = false }
            plan = BytePrefetchPlan(items: focus.bytes, bytesPerItem: focus.bytesPerItem, isHeld: isHeld)
        }
        guard plan != bytePlan else { return }
        bytePlan = plan
        out.append(.prefetch)
    }
}
