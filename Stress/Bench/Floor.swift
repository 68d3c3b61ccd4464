/// The floor: a bare actor that lends and takes back an integer from a free list, called with the
/// same loop shape as the handoff round trip (three awaited calls: lend, borrow, give back).
actor FreeList {
    private var free: [Int]
    private var lent: [Int: Int] = [:]
    private var nextToken = 0

    init(size: Int) { free = Array(0..<size) }

    /// Takes an item off the free list and returns a token for it.
    func lend() -> Int {
        let item = free.popLast() ?? -1
        nextToken += 1
        lent[nextToken] = item
        return nextToken
    }

    /// Redeems a token for its item.
    func borrow(_ token: Int) -> Int { lent.removeValue(forKey: token) ?? -1 }

    /// Puts the item back on the free list.
    func giveBack(_ item: Int) {
        if item >= 0 { free.append(item) }
    }
}

enum FloorBenchmark {
    /// Latencies of one lend + borrow + give back on the bare actor.
    static func run(samples: Int, budget: UInt64) async -> Latencies {
        let list = FreeList(size: 16)
        return await measure(samples: samples, budget: budget) {
            let token = await list.lend()
            let item = await list.borrow(token)
            await list.giveBack(item)
        }
    }
}
