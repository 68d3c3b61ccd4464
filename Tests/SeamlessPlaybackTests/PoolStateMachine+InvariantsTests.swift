import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: random inputs keep every invariant")
struct PoolStateMachineInvariantsTests {
    /// Plays the shell and the pages at random: every input, every completion order, cancellations,
    /// failures, timers. After every step the invariants hold; every request resolves at most once;
    /// no engine ever gets a job while one is in flight; applies land in increasing version order; a seek reaches
    /// an engine only for its active holder; engines change by themselves (system pauses, stalls, ends).
    @Test(arguments: 0..<24)
    func randomRun(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        // Half the runs have a prefetcher: its plan must follow every change (an invariant checked at each step).
        let h = MachineHarness(capacity: Int.random(in: 1...3, using: &rng), prefetches: seed.isMultiple(of: 2))
        let media = [clip, film, trailer]
        let palette = [feedSettings, detailSettings, miniSettings, PlaybackSettings(rate: 2)]
        var sessions = (0..<5).map { h.open("page\($0)", palette[$0 % palette.count]) }
        var leases: [Grant] = []
        var tokens: [(HandoffToken, SessionID)] = []
        var outstanding: [RequestID: String] = [:]
        var resolved = Set<RequestID>()
        var busy: [PlayerID: EngineJob] = [:]
        var lastVersion: [PlayerID: UInt64] = [:]
        var revoked = Set<Grant>()
        var reclaims: [RequestID: Grant] = [:]
        var isShutDown = false
        // The rules of tokens, reclaims and ended borrows, checked as they happen.
        var handoffs: [PlayerID: Int] = [:]  // completed borrows per player
        var issuedAt: [HandoffToken: (PlayerID, Int)] = [:]  // handoffs on the player when lent
        var borrowToken: [RequestID: HandoffToken] = [:]
        var reclaimVersion: [RequestID: UInt64] = [:]  // the version a reclaim must see landed
        var unwound: [RequestID: (PlayerID, UInt64)] = [:]  // ended borrows and what they wait for
        // Engine failures: never granted again, every holder told once.
        var failedPlayers = Set<PlayerID>()
        var toldFailed = Set<Grant>()
        // Seeks: the grant that asked, to check it is the active holder when the seek reaches the engine.
        var seekers: [RequestID: Grant] = [:]
        // Engines whose creation outlasted its timeout: their lane shuts them down once made, as its first job.
        var shutDownOnceMade = Set<PlayerID>()

        func absorb(_ actions: [PoolAction]) {
            for action in actions {
                switch action {
                case .run(.shutDown, let player) where busy[player] == .create && h.machine.players[player] == nil:
                    #expect(shutDownOnceMade.insert(player).inserted, "two shutdowns of \(player), seed \(seed)")
                case .run(let job, let player):
                    #expect(busy[player] == nil, "job \(job) on busy \(player), seed \(seed)")
                    busy[player] = job
                    if case .seek(_, let request) = job, let grant = seekers[request] {
                        let top = h.machine.players[player]?.stack.last
                        #expect(
                            top?.epoch == grant.epoch && top?.pending == nil,
                            "a seek reached the engine for a lease not active, seed \(seed)")
                    }
                case .resume(let request, let grant):
                    #expect(resolved.insert(request).inserted, "\(request) resolved twice, seed \(seed)")
                    if outstanding[request] == "borrow", let token = borrowToken[request],
                        let (player, count) = issuedAt[token]
                    {
                        // Item 1: no handoff completed on the player since the token was issued.
                        #expect(handoffs[player, default: 0] == count, "a token outlived a handoff, seed \(seed)")
                        handoffs[player, default: 0] += 1
                    }
                    outstanding[request] = nil
                    leases.append(grant)
                    #expect(!failedPlayers.contains(grant.player), "a failed engine was granted, seed \(seed)")
                case .succeed(let request), .fail(let request, _):
                    #expect(resolved.insert(request).inserted, "\(request) resolved twice, seed \(seed)")
                    outstanding[request] = nil
                    // A reclaim that succeeds leaves its page in the stack.
                    if case .succeed = action, let grant = reclaims.removeValue(forKey: request) {
                        let player = h.machine.players[grant.player]
                        let stack = player?.stack ?? []
                        #expect(
                            stack.contains { $0.epoch == grant.epoch },
                            "reclaim succeeded for a page gone, seed \(seed)")
                        // Item 2: from the top of the stack too, it returns once its settings have landed.
                        if stack.last?.epoch == grant.epoch, let version = reclaimVersion[request] {
                            #expect(
                                player?.landed ?? 0 >= version, "reclaim returned before its settings, seed \(seed)")
                        }
                    }
                    // Item 6: an ended borrow returns once the active holder's settings are back.
                    if case .fail = action, let (id, version) = unwound.removeValue(forKey: request),
                        let player = h.machine.players[id], !h.machine.isShutDown
                    {
                        // (Or the stack emptied, and a waiter was given the player in the same step.)
                        #expect(
                            player.landed >= version || player.stack.isEmpty || player.retiring
                                || player.stack.last?.pending != nil,
                            "an ended borrow returned before the settings were back, seed \(seed)")
                    }
                case .notify(let grant, .failed):
                    #expect(toldFailed.insert(grant).inserted, "told of a failure twice, seed \(seed)")
                    #expect(failedPlayers.contains(grant.player), "told of a failure that did not happen, seed \(seed)")
                case .notify(let grant, .revoked):
                    #expect(revoked.insert(grant).inserted, "revoked twice, seed \(seed)")
                case .notify(let grant, .returned):
                    // Item 3: sent to the active holder, once its settings are on the engine.
                    let player = h.machine.players[grant.player]
                    #expect(player?.stack.last?.epoch == grant.epoch, "returned to an inactive page, seed \(seed)")
                    #expect(player?.landed == player?.version, "returned with settings still to land, seed \(seed)")
                    // (Or the engine changed by itself while they were applied: then nothing counts as live.)
                    #expect(
                        player?.applied == h.machine.settings(of: grant.session)
                            || player?.onEngine == .changedOutside,
                        "returned before the settings landed, seed \(seed)")
                default:
                    break
                }
            }
            for (request, state) in h.machine.requests {
                if case .unwinding(let id, let version, _) = state { unwound[request] = (id, version) }
            }
        }

        func finish(_ player: PlayerID, failing: Bool) {
            guard let job = busy.removeValue(forKey: player) else { return }
            switch job {
            case .create where shutDownOnceMade.remove(player) != nil:
                // Made (or not) after the pool gave up on it: the machine hears nothing it acts on; the lane's first
                // job is the engine's shutdown.
                let heard =
                    failing
                    ? h.step { $0.engineCreationFailed(player, reason: "x") } : h.step { $0.engineCreated(player) }
                #expect(heard == [], "a creation given up on changes nothing, seed \(seed)")
                if !failing { busy[player] = .shutDown }
            case .create:
                absorb(
                    failing
                        ? h.step { $0.engineCreationFailed(player, reason: "x") } : h.step { $0.engineCreated(player) })
            case .load(let item):
                absorb(h.step { $0.loadFinished(player, media: item, failure: failing ? "x" : nil) })
            case .apply(_, let version):
                #expect(version > lastVersion[player, default: 0], "applies out of order, seed \(seed)")
                lastVersion[player] = version
                absorb(h.step { $0.applyFinished(player, version: version) })
            case .seek(_, let request):
                absorb(h.step { $0.seekFinished(player, request: request, failure: failing ? "no index" : nil) })
            case .unload:
                absorb(h.step { $0.unloadFinished(player) })
            case .shutDown:
                absorb(h.step { $0.engineShutDown(player) })
            }
        }

        // The feed preload policy, on a stream of its own: a feed of the media and a few more, a focus
        // that wanders and sometimes ends.
        var feedRng = SplitMix64(seed: UInt64(seed), stream: 14)
        let feedItems = media + (0..<5).map { MediaItem(id: "feed\($0)") }
        var focusIndex = 0

        for step in 0..<1_000 {
            switch Int.random(in: 0..<100, using: &feedRng) {
            case 0..<10:
                focusIndex = max(0, min(feedItems.count - 1, focusIndex + Int.random(in: -2...2, using: &feedRng)))
                let window = PreloadWindow(
                    ahead: Int.random(in: 0...2, using: &feedRng),
                    behind: Int.random(in: 0...1, using: &feedRng),
                    concurrentLoads: Int.random(in: 1...2, using: &feedRng))
                let index = focusIndex
                let held = h.machine.players.values.filter { !$0.stack.isEmpty }.map { ($0.id, $0.media, $0.stack) }
                absorb(h.step { $0.focusChanged(on: index, in: feedItems, window: window) })
                // The policy never touches a held player, and stays within capacity.
                for (id, before, stack) in held {
                    #expect(
                        h.machine.players[id]?.media == before && h.machine.players[id]?.stack == stack,
                        "the policy touched a held player, seed \(seed)")
                }
            case 10:
                absorb(h.step { $0.focusEnded() })
            default:
                break
            }
            if seed % 3 == 0, step == 600 {
                let r = h.request()
                outstanding[r] = "shutdown"
                absorb(h.step { $0.shutdownRequested(r) })
                isShutDown = true
            }
            let session = sessions.randomElement(using: &rng) ?? 0
            let r = h.request()
            let now = h.now
            switch Int.random(in: 0..<108, using: &rng) {
            case 0..<14:
                let timeout: Duration? = Bool.random(using: &rng) ? .seconds(Int.random(in: 0...2, using: &rng)) : nil
                let item = media.randomElement(using: &rng) ?? clip
                outstanding[r] = "acquire"
                absorb(h.step { $0.acquireRequested(r, session: session, media: item, timeout: timeout, now: now) })
            case 14..<24:
                if let lease = leases.randomElement(using: &rng),
                    let token = try? h.machine.lendRequested(
                        lease.key, by: lease.session,
                        token: HandoffToken.random(), now: now
                    ).get()
                {
                    tokens.append((token, lease.session))
                    issuedAt[token] = (lease.player, handoffs[lease.player, default: 0])
                }
            case 24..<36:
                if let (token, _) = tokens.randomElement(using: &rng) {
                    outstanding[r] = "borrow"
                    borrowToken[r] = token
                    absorb(h.step { $0.borrowRequested(r, token: token, by: session, now: now) })
                }
            case 36..<46:
                if let lease = leases.randomElement(using: &rng) {
                    outstanding[r] = "giveBack"
                    absorb(h.step { $0.giveBackRequested(r, lease: lease.key, by: lease.session) })
                }
            case 46..<54:
                if let lease = leases.randomElement(using: &rng) {
                    outstanding[r] = "reclaim"
                    reclaims[r] = lease
                    let actions = h.step { $0.reclaimRequested(r, lease: lease.key, by: lease.session) }
                    reclaimVersion[r] = h.machine.players[lease.player]?.version
                    absorb(actions)
                }
            case 54..<62:
                var settings = palette.randomElement(using: &rng) ?? feedSettings
                if Int.random(in: 0..<5, using: &rng) == 0 { settings.rate = .nan }
                outstanding[r] = "update"
                absorb(h.step { $0.updateRequested(r, session: session, settings: settings) })
            case 62..<65:
                if let victim = outstanding.keys.sorted(by: { $0.raw < $1.raw }).randomElement(using: &rng) {
                    absorb(h.step { $0.requestCancelled(victim) })
                }
            case 65..<90:
                if let player = busy.keys.sorted(by: { $0.number < $1.number }).randomElement(using: &rng) {
                    finish(player, failing: Int.random(in: 0..<12, using: &rng) == 0)
                }
            case 90..<91:
                // An engine reports that it broke, mid-playback or mid-call.
                if let player = h.machine.players.values.filter(\.isCreated).randomElement(using: &rng)?.id {
                    if h.machine.players[player]?.job != .shutDown { failedPlayers.insert(player) }
                    absorb(h.step { $0.engineFailed(player, reason: "broke", now: now) })
                }
            case 91..<92:
                // A call outlasts its timeout.
                if let player = busy.keys.filter({ h.machine.players[$0] != nil }).sorted(by: { $0.number < $1.number })
                    .randomElement(using: &rng)
                {
                    if let job = h.machine.players[player]?.job, job != .create, job != .shutDown {
                        failedPlayers.insert(player)
                    }
                    absorb(h.step { $0.callTimedOut(player, call: "hung", now: now) })
                }
            case 92..<95:
                h.now += .milliseconds(Int.random(in: 100...1500, using: &rng))
                for (id, state) in h.machine.requests {
                    if case .waiting(_, _, _?) = state { absorb(h.step { $0.timerFired(id, now: h.now) }) }
                }
            case 95..<97:
                outstanding[r] = "close"
                absorb(h.step { $0.sessionClosed(session, request: r) })
                sessions.removeAll { $0 == session }
                if !isShutDown {
                    sessions.append(h.open("page-new-\(r.raw)", palette.randomElement(using: &rng) ?? feedSettings))
                }
            case 97..<98:
                outstanding[r] = "prewarm"
                absorb(h.step { $0.prewarmRequested(r, media: media.randomElement(using: &rng) ?? clip) })
            case 98..<99:
                outstanding[r] = "trim"
                absorb(h.step { $0.trimRequested(r, keepingIdle: Int.random(in: 0...1, using: &rng)) })
            case 99..<104:
                // A seek, by any lease: active, lent, revoked or given back; now and then to a negative position.
                if let lease = leases.randomElement(using: &rng) {
                    let position = Duration.seconds(Int.random(in: -1...30, using: &rng))
                    outstanding[r] = "seek"
                    seekers[r] = lease
                    absorb(h.step { $0.seekRequested(r, lease: lease.key, by: lease.session, to: position) })
                }
            default:
                // The engine changes by itself, or reports what it did.
                if let player = h.machine.players.values.filter(\.isCreated).randomElement(using: &rng)?.id {
                    let phases: [PlaybackPhase] = [
                        .playing, .buffering, .ended, .loading, .paused(.requested), .paused(.interrupted),
                        .paused(.outputLost), .paused(.system),
                    ]
                    let phase = phases.randomElement(using: &rng) ?? .playing
                    let status = PlaybackStatus(phase: phase, position: .seconds(1), duration: .seconds(6))
                    let superseded = Bool.random(using: &rng)
                    absorb(h.step { $0.statusReported(player, status, isSuperseded: superseded) })
                }
            }
        }
        // Quiesce: finish every job.
        while let player = busy.keys.min(by: { $0.number < $1.number }) { finish(player, failing: false) }
        // Only queued acquires may still wait; everything else has resolved.
        for (request, kind) in outstanding {
            guard case .waiting? = h.machine.requests[request] else {
                Issue.record("\(kind) \(request) never resolved, seed \(seed)")
                continue
            }
        }
        // At rest every held engine carries exactly its active holder's settings, unless the engine changed by itself
        // since its last apply (then none count as live).
        for player in h.machine.players.values where !player.stack.isEmpty {
            let active = player.stack.last.flatMap { h.machine.settings(of: $0.session) }
            #expect(
                player.applied == active || player.onEngine == .changedOutside, "seed \(seed)")
        }
        // Revoked leases stay revoked.
        for grant in revoked where h.machine.sessions[grant.session] != nil {
            #expect(throws: PlayerPoolError.leaseRevoked) {
                try h.machine.lendRequested(grant.key, by: grant.session, token: HandoffToken.random(), now: h.now)
                    .get()
            }
        }
        let shutdown = h.request()
        absorb(h.step { $0.shutdownRequested(shutdown) })
        while let player = busy.keys.min(by: { $0.number < $1.number }) { finish(player, failing: false) }
        #expect(resolved.contains(shutdown), "seed \(seed)")
        #expect(h.machine.metrics.live == 0)
        #expect(h.machine.players.isEmpty)
    }
}
