extension PlayerPool {
    /// What a simulation on a manual clock needs to know before it moves time: engine jobs in flight, how
    /// many of them are loads, and calls still waiting in the shell. When every job in flight is a load
    /// asleep on the clock, nothing else can happen until time moves.
    package struct Quiescence: Sendable {
        /// Players whose lane runs a job (create, load, apply, shut down).
        package let jobs: Int
        /// Of those, loads.
        package let loads: Int
        /// Calls waiting for the pool (``pendingContinuations``).
        package let waitingCalls: Int
    }

    /// Jobs and waiting calls now, for simulations on a manual clock: `VirtualTime` (SeamlessPlaybackTesting), the
    /// demo's scroll story and the stress tool's feed and scroll runs.
    package var quiescence: Quiescence {
        var jobs = 0
        var loads = 0
        for player in shell.machine.players.values {
            guard let job = player.job else { continue }
            jobs += 1
            if case .load = job { loads += 1 }
        }
        return Quiescence(jobs: jobs, loads: loads, waitingCalls: pendingContinuations)
    }
}
