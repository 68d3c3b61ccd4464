import SeamlessPlayback
import SeamlessPlaybackTesting

/// One page of the workload: a task of random navigation over the shared pool.
///
/// Its draws come from its own generator, seeded from the run's seed and its index, so a seed names
/// the workload; what each call answers depends on the interleaving. Every answer is checked
/// against what the rules allow, and the page keeps its own account of the leases it holds, which
/// the checkpoints compare with the pool's.
struct PageWorker {
    let index: Int
    let name: String
    let world: World
    let inbox: PageInbox
    let slot: CancelSlot
    var rng: SplitMix64
    var session: PageSession
    var held: [HeldLease] = []
    /// Leases recently given back: every call with them must answer `.notHolder`.
    var givenBack: [PlayerLease] = []
    var revokedByError: [PlayerLease] = []
    /// Leases recently revoked (or ended by their engine's failure): a seek with one must answer so.
    var ended: [PlayerLease] = []
    /// Engines where this page's release mark may stand (see ``StressEngine/markReleased(by:)``).
    var marked: [StressEngine] = []

    static let maximumHeld = 3
    static let maximumMarks = 4

    init(index: Int, world: World, inbox: PageInbox, slot: CancelSlot, seed: UInt64, session: PageSession) {
        self.index = index
        self.name = "p\(index)"
        self.world = world
        self.inbox = inbox
        self.slot = slot
        self.rng = SplitMix64(seed: seed, stream: UInt64(index))
        self.session = session
    }

    /// Runs until a checkpoint tells the page to finish.
    mutating func run() async {
        while true {
            absorbRevocations()
            if world.pause.isRequested {
                let view = PageView(
                    index: index, name: name, session: session, inbox: inbox, held: held,
                    revokedByError: revokedByError)
                revokedByError = []
                guard await world.pause.arrive(view) else { return }
                continue
            }
            await step()
            world.counters.operations.add(1, ordering: .relaxed)
            if !held.isEmpty, world.faults.draw(world.faults.crashRate) {
                held[rng.below(held.count)].engine.crash()
            }
            // Drawn only when asked for, so that a run without seeks or system pauses makes the same draws as before.
            if world.seekRate > 0, rng.chance(world.seekRate) {
                slot.note(.seeking)
                await seek()
                slot.note(.navigating)
            }
            if !held.isEmpty, world.faults.draw(world.faults.systemPauseRate) {
                let reasons: [PauseReason] = [.interrupted, .outputLost, .system]
                held[rng.below(held.count)].engine.pauseBySystem(reasons[rng.below(reasons.count)])
            }
        }
    }

    /// One random navigation step. A page that holds nothing mostly looks for a player (a link with a
    /// token, or a fresh acquire); a page that holds one mostly hands it on, gives it back or takes it back.
    mutating func step() async {
        if held.count >= Self.maximumHeld {
            await giveBack()
            return
        }
        let roll = rng.below(1_000)
        if held.isEmpty {
            switch roll {
            case ..<450: await borrow()
            case ..<800: await acquire()
            case ..<930: await update()
            case ..<960: givenBack.isEmpty ? await update() : await useGivenBack()
            case ..<975: await reopen()
            case ..<995: await prewarm()
            default: await trim()
            }
            return
        }
        switch roll {
        case ..<250: await lend()
        case ..<450: await giveBack()
        case ..<550: await reclaim()
        case ..<650: await acquire()
        case ..<750: await borrow()
        case ..<900: await update()
        case ..<950: givenBack.isEmpty ? await update() : await useGivenBack()
        case ..<960: await reopen()
        case ..<990: await prewarm()
        default: await trim()
        }
    }

    // MARK: Bookkeeping

    /// Forgets leases the page was told were revoked.
    mutating func absorbRevocations() {
        for lease in inbox.drainUnread() {
            if let position = held.firstIndex(where: { $0.lease == lease }) {
                release(held.remove(at: position).engine)
                remember(ended: lease)
            }
        }
    }

    /// Keeps a revoked or failed lease among the latest few, for seeks that must be refused.
    mutating func remember(ended lease: PlayerLease) {
        ended.append(lease)
        if ended.count > 4 { ended.removeFirst() }
    }

    /// The page let go of the engine's player and asks for no grant: any later apply of its
    /// settings there, after another page's, is stale.
    /// With `ended`, the page's borrow ended unfinished: not even an apply in flight may land after it.
    mutating func release(_ engine: StressEngine, ended: Bool = false) {
        guard !held.contains(where: { $0.engine === engine }) else { return }
        if ended { engine.markEnded(by: index) } else { engine.markReleased(by: index) }
        if let position = marked.firstIndex(where: { $0 === engine }) { marked.remove(at: position) }
        marked.append(engine)
        if marked.count > Self.maximumMarks { marked.removeFirst().clearRelease(of: index) }
    }

    /// Runs a call, cancelling it mid-flight when `cancel`; an indefinite wait can be cancelled by a checkpoint.
    mutating func call<T: Sendable>(
        cancel: Bool, indefinite: Bool = false,
        _ body: @escaping @Sendable () async throws(PlayerPoolError) -> T
    ) async -> Result<T, PlayerPoolError> {
        guard cancel || indefinite else { return await outcome(body) }
        let task = Task { await outcome(body) }
        if cancel {
            for _ in 0..<rng.below(3) { await Task.yield() }
            task.cancel()
        } else {
            slot.set { task.cancel() }
        }
        let result = await task.value
        if !cancel { slot.set(nil) }
        return result
    }

    func unexpected(_ what: String, _ error: PlayerPoolError, _ lease: PlayerLease? = nil) {
        let subject = lease.map { " with \($0)" } ?? ""
        world.violations.record("page p\(index): \(what)\(subject) answered an error the rules exclude: \(error)")
    }
}
