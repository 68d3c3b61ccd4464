extension PoolStateMachine {
    /// Every rule the machine keeps between inputs, as a list of violations (empty when all hold).
    ///
    /// The lines that describe a violation run only when a rule is broken; the tests assert that none ever
    /// is, so coverage reports them as never reached.
    ///
    /// Tests call it after every step; the stress harness calls it at quiescent checkpoints.
    func checkInvariants() -> [String] {
        var problems: [String] = []
        if players.count > capacity { problems.append("\(players.count) players exceed capacity \(capacity)") }
        let created = players.values.filter(\.isCreated).count + failedEngines.count
        if counters.created - counters.destroyed != created {
            problems.append("created \(counters.created) - destroyed \(counters.destroyed) != live \(created)")
        }
        let waiting = requests.values.reduce(0) { count, request in
            if case .waiting = request { return count + 1 }
            return count
        }
        if waiting != queue.count { problems.append("\(queue.count) queued but \(waiting) waiting requests") }
        if !queue.isEmpty {
            if players.count < capacity { problems.append("a waiter waits while capacity is free") }
            if players.values.contains(where: \.isClaimable) {
                problems.append("a waiter waits while a player is free")
            }
        }
        for player in players.values {
            problems += check(player)
            if failedEngines[player.id] != nil { problems.append("\(player.id) is both in the pool and failed") }
        }
        problems += orphans()
        problems += checkPreloads()
        problems += checkDepths()
        if prefetches, bytePlan != impliedBytePlan {
            problems.append("the prefetcher works to \(bytePlan), not to \(impliedBytePlan)")
        }
        return problems
    }

    /// Every request that waits must be where an input will find it: in the queue, or watching its players.
    private func orphans() -> [String] {
        let queued = Set(queue.pending.map(\.request))
        func watched(_ request: RequestID, by id: PlayerID) -> Bool {
            players[id]?.watchers.contains(request) ?? failedEngines[id]?.watchers.contains(request) ?? false
        }
        var problems: [String] = []
        for (request, state) in requests {
            let found: Bool
            switch state {
            case .waiting: found = queued.contains(request)
            case .grant(let id, _, _), .prewarm(let id, _), .reclaim(let id, _, _, _), .unwinding(let id, _, _):
                found = watched(request, by: id)
            case .seek(let id):
                let player = players[id]
                found = player?.seeks.contains { $0.request == request } == true || player?.job?.seekRequest == request
            case .settle(let remaining): found = remaining.keys.allSatisfy { watched(request, by: $0) }
            case .retire(let ids): found = ids.allSatisfy { watched(request, by: $0) }
            }
            if !found { problems.append("\(request) waits where no input will find it") }
        }
        return problems
    }

    private func check(_ player: PlayerState) -> [String] {
        var problems: [String] = []
        let id = player.id
        let holders = player.stack.map(\.session)
        if Set(holders).count != holders.count { problems.append("\(id): a page is twice in its stack") }
        for (index, holder) in player.stack.enumerated() {
            if sessions[holder.session] == nil { problems.append("\(id): holder \(holder.session) has no session") }
            if let request = holder.pending {
                if index != player.stack.count - 1 { problems.append("\(id): a pending holder below the top") }
                guard case .grant(id, holder.epoch, _) = requests[request] else {
                    problems.append("\(id): pending holder without its grant request")
                    continue
                }
            }
        }
        if player.version < player.landed { problems.append("\(id): landed ahead of version") }
        if player.retiring, !player.stack.isEmpty, !isShutDown {
            problems.append("\(id): retiring while held")
        }
        if player.isLaneFree, player.isCreated, !player.seeks.isEmpty {
            problems.append("\(id): a seek waits on a free lane")
        }
        if player.isLaneFree, player.isCreated, player.stack.last?.pending != nil, !player.retryPending {
            problems.append("\(id): lane idle with a grant neither delivered nor in progress")
        }
        if Self.dueReturn(on: player) != nil {
            problems.append("\(id): a `.returned` notice is due but was not sent")
        }
        // At rest, a held engine carries exactly its active holder's settings.
        if player.isLaneFree, player.isCreated, let top = player.stack.last, top.pending == nil {
            if player.loaded != player.media { problems.append("\(id): held but media not loaded") }
            if player.landed != player.version { problems.append("\(id): lane idle with settings not landed") }
            // Unless the engine changed by itself since: then nothing counts as live until the next apply.
            if player.applied != sessions[top.session]?.settings, player.onEngine != .changedOutside {
                problems.append("\(id): engine settings are not the active holder's")
            }
        }
        // At rest, a player nobody holds carries the idle settings, unless the engine changed by itself since.
        if player.isLaneFree, player.isCreated, player.stack.isEmpty, !player.retiring, !isShutDown {
            if player.landed != player.version { problems.append("\(id): idle with its settings not landed") }
            if player.applied != idleSettings, player.onEngine != .changedOutside {
                problems.append("\(id): idle engine does not carry the idle settings")
            }
        }
        return problems
    }
}
