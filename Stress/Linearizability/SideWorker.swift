import SeamlessPlayback
import SeamlessPlaybackTesting

/// One page of the side pool: random calls, each recorded with its invocation and response.
struct SideWorker {
    let page: Int
    let session: PageSession
    let pool: PlayerPool
    let shared: SideShared
    /// Tags the seeks, so that the engines check that only the active holder's reach them.
    let ledger: SeekLedger
    let cancelRate: Double
    var rng: SplitMix64
    var held: [PlayerLease] = []
    var records: [LinOperation] = []

    init(
        page: Int, session: PageSession, pool: PlayerPool, shared: SideShared, ledger: SeekLedger,
        cancelRate: Double, rng: SplitMix64
    ) {
        self.page = page
        self.session = session
        self.pool = pool
        self.shared = shared
        self.ledger = ledger
        self.cancelRate = cancelRate
        self.rng = rng
    }

    mutating func run(calls: Int) async -> [LinOperation] {
        for _ in 0..<calls {
            let roll = rng.below(100)
            if held.isEmpty || (roll < 25 && held.count < 2) {
                if rng.chance(0.5) { await acquire() } else { await borrow() }
                continue
            }
            switch roll {
            case ..<40: await lend()
            case ..<58: await borrow()
            case ..<73: await giveBack()
            case ..<84: await reclaim()
            case ..<95: await seek()
            case ..<97: await update()
            default: await fail()
            }
        }
        return records
    }

    private mutating func record(_ call: LinOperation.Call, _ invoked: Int, _ response: LinOperation.Response) {
        records.append(
            LinOperation(
                id: 0, page: page, call: call, response: response, invoked: invoked,
                returned: shared.tick()))
    }

    private mutating func acquire() async {
        let media = rng.below(SidePool.media)
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in
            try await session.acquire(MediaItem(id: "m\(media)"), timeout: .zero)
        }
        record(.acquire(media: media), invoked, result.map(LinOperation.Response.lease).flattened)
        if case .success(let lease) = result { take(lease) }
    }

    private mutating func lend() async {
        let lease = held[rng.below(held.count)]
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in try await session.lend(lease) }
        record(.lend(lease), invoked, result.map(LinOperation.Response.token).flattened)
        switch result {
        case .success(let token): shared.post(token)
        case .failure(.leaseRevoked), .failure(.engineFailed): forget(lease)
        case .failure: break
        }
    }

    private mutating func borrow() async {
        guard let token = shared.take(at: rng.below(64), keep: rng.chance(0.2)) else {
            await update()
            return
        }
        let cancel = rng.chance(max(cancelRate, 0.2))
        let invoked = shared.tick()
        let task = Task { [session] in
            await outcome { () async throws(PlayerPoolError) in try await session.borrow(token) }
        }
        if cancel {
            for _ in 0..<rng.below(4) { await Task.yield() }
            task.cancel()
        }
        let result = await task.value
        record(.borrow(token, cancelled: cancel), invoked, result.map(LinOperation.Response.lease).flattened)
        if case .success(let lease) = result { take(lease) }
    }

    private mutating func giveBack() async {
        let lease = held[rng.below(held.count)]
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in try await session.giveBack(lease) }
        record(.giveBack(lease), invoked, result.map { .done }.flattened)
        forget(lease)
    }

    private mutating func reclaim() async {
        let lease = held[rng.below(held.count)]
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in try await session.reclaim(lease) }
        record(.reclaim(lease), invoked, result.map { .done }.flattened)
        if case .failure(.leaseRevoked) = result { forget(lease) }
        if case .failure(.engineFailed) = result { forget(lease) }
    }

    /// Seeks with a held lease, the active holder's or not, to a tagged position or (1 in 10) a negative one.
    private mutating func seek() async {
        let lease = held[rng.below(held.count)]
        let negative = rng.chance(0.1)
        let position = negative ? .seconds(-1) : ledger.tag(for: lease)?.position ?? .zero
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in
            try await session.seek(lease, to: position)
        }
        record(.seek(lease, negative: negative), invoked, result.map { .done }.flattened)
        if case .failure(.leaseRevoked) = result { forget(lease) }
        if case .failure(.engineFailed) = result { forget(lease) }
    }

    private mutating func update() async {
        let valid = !rng.chance(0.1)
        let rate = valid ? 1.5 : 9
        let invoked = shared.tick()
        let result = await outcome { [session] () async throws(PlayerPoolError) in
            try await session.update { $0.rate = rate }
        }
        record(.update(valid: valid), invoked, result.map { .done }.flattened)
    }

    /// The engine of a player the page holds reports a failure, as a broken stream would.
    private mutating func fail() async {
        let lease = held[rng.below(held.count)]
        let invoked = shared.tick()
        await pool.reportFailure(of: lease.player, reason: SequentialModel.failure)
        record(.fail(lease.player), invoked, .done)
        // Kept: the page goes on using the lease, which must now answer with the failure.
    }

    /// Keeps a lease the page was granted, and tells its engine which player it backs.
    private mutating func take(_ lease: PlayerLease) {
        (lease.engine as? StressEngine)?.bind(lease.player)
        held.append(lease)
    }

    private mutating func forget(_ lease: PlayerLease) {
        held.removeAll { $0 == lease }
    }
}

extension Result where Success == LinOperation.Response, Failure == PlayerPoolError {
    /// The response, with a failure as ``LinOperation/Response/failed(_:)``.
    var flattened: LinOperation.Response {
        switch self {
        case .success(let response): response
        case .failure(let error): .failed(error)
        }
    }
}
