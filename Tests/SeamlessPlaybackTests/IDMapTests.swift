import Testing

@testable import SeamlessPlayback

@Suite("IDMap: a cheap hash table for the pool's identifiers")
struct IDMapTests {
    /// A generator with a fixed seed, so that a failure replays.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func behavesLikeADictionaryThroughRandomInsertsRemovalsAndChanges(seed: UInt64) {
        var rng = SplitMix(state: seed)
        var map = IDMap<UInt64, Int>()
        var model: [UInt64: Int] = [:]
        // Keys from a small range collide in the table and wrap around its end; some runs grow it large.
        let range: UInt64 = seed.isMultiple(of: 2) ? 64 : 5_000
        // Disagreements are counted and checked once, so that the debug build stays quick.
        var mismatches = 0
        for step in 0..<20_000 {
            let key = UInt64.random(in: 1...range, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                map[key] = step
                model[key] = step
            case 4..<6:
                if map.removeValue(forKey: key) != model.removeValue(forKey: key) { mismatches += 1 }
            case 6:
                // Removed only when even: one lookup for the test and the removal.
                let removed = map.removeValue(forKey: key) { $0.isMultiple(of: 2) }
                let expected = model[key].flatMap { $0.isMultiple(of: 2) ? model.removeValue(forKey: key) : nil }
                if removed != expected { mismatches += 1 }
            case 7:
                let changed: Void? = map.modify(key) { $0 += 1 }
                if (changed != nil) != (model[key] != nil) { mismatches += 1 }
                model[key]? += 1
            case 8:
                // Added only when absent: one lookup for the test and the insertion.
                if map.insertIfAbsent(step, forKey: key) != (model[key] == nil) { mismatches += 1 }
                if model[key] == nil { model[key] = step }
            default:
                map[key] = nil
                model[key] = nil
            }
            if map[key] != model[key] || map.count != model.count { mismatches += 1 }
            if map.read(key, { $0 }) != model[key] || map.contains(key) != (model[key] != nil) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == model)
        #expect(Set(map.keys) == Set(model.keys))
        for key in model.keys { map[key] = nil }
        #expect(map.isEmpty)
    }

    @Test func aLiteralAndThePoolsIdentifiersWork() {
        var map: IDMap<RequestID, String> = [RequestID(raw: 1): "one"]
        map[RequestID(raw: 2)] = "two"
        #expect(map[RequestID(raw: 1)] == "one")
        #expect(map.values.sorted() == ["one", "two"])
        let players: IDMap<PlayerID, Int> = [PlayerID(pool: 1, number: 1): 1, PlayerID(pool: 2, number: 1): 2]
        #expect(players[PlayerID(pool: 2, number: 1)] == 2)
        #expect(players[PlayerID(pool: 3, number: 1)] == nil)
    }

    @Test func theTableStaysAtMostHalfFullAndShrinksWhenEmptied() {
        var map = IDMap<UInt64, Int>()
        for key in 1...1_000 as ClosedRange<UInt64> { map[key] = Int(key) }
        #expect(map.capacity >= 2 * map.count)
        for key in 1...1_000 as ClosedRange<UInt64> { map[key] = nil }
        #expect(map.capacity <= 16)
    }
}
