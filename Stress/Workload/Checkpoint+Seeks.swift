import SeamlessPlayback

/// What the checkpoints check of seeks, beyond what each engine checks as a seek reaches it (``SeekLedger``).
extension Checkpoint {
    /// Every seek that reached an engine while the pool's record named no active holder is accounted for: its
    /// page cancelled it and went on (and may have given the player back), or its engine failed. And the pool counts
    /// as many seeks as reached the engines: exactly as many without faults; with faults, no more (a seek on an
    /// engine that failed meanwhile is not the pool's to count).
    func checkSeeks() async {
        let ledger = world.engines.ledger
        let failed = await world.pool.failureEpochs
        for seek in ledger.takeUnattributed() where !ledger.wasCancelled(seek.tag) && failed[seek.player] == nil {
            world.violations.record(
                "\(seek.tag) reached engine #\(seek.engine) of \(seek.player) while the pool's record named no "
                    + "active holder, though its page had not cancelled it and the engine had not failed")
        }
        let start = Nanoseconds.now()
        while true {
            let counted = await world.pool.metrics.seeks
            let reached = ledger.reached.load(ordering: .relaxed)
            let agrees = world.faults.isOn ? counted <= reached : counted == reached
            if agrees { return }
            if Nanoseconds.now() - start > Self.settleLimit {
                world.violations.record("\(reached) seeks reached the engines but the pool counts \(counted)")
                return
            }
            try? await Task.sleep(for: .microseconds(200))
        }
    }
}
