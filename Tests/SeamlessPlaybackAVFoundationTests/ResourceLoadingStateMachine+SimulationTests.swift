import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: a simulated loader over a real MediaCache, every byte checked")
struct ResourceLoadingStateMachineSimulationTests {
    typealias Machine = ResourceLoadingStateMachine

    static func media(count: Int, seed: UInt64) -> Data {
        var random = SplitMix64(seed: seed)
        return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    static func withCache<T>(_ body: (MediaCache) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ResourceLoadingSimulation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(try MediaCache(directory: directory, capacity: 1 << 20))
    }

    /// A simulation of 9,000 bytes seeded with `seed`, over a cache in a fresh directory, handed to `body`.
    static func simulating(
        seed: UInt64, _ body: (inout ResourceLoadingSimulation, MediaCache) throws -> Void
    ) throws {
        try withCache { cache in
            var simulation = ResourceLoadingSimulation(media: media(count: 9_000, seed: seed), cache: cache, seed: seed)
            try body(&simulation, cache)
        }
    }

    static func check(_ simulation: ResourceLoadingSimulation, seed: UInt64) {
        #expect(simulation.violations == [], "seed \(seed)")
        #expect(simulation.machine.requests.isEmpty && simulation.machine.fetches.isEmpty, "seed \(seed)")
        let length = Int64(simulation.media.count)
        for (id, outcome) in simulation.outcomes {
            let ended = outcome.finished || outcome.failure != nil || outcome.cancelled
            #expect(ended, "\(id) never ended, seed \(seed)")
            #expect(!outcome.respondedBeforeInformation, "\(id), seed \(seed)")
            if outcome.wantsInformation, outcome.finished { #expect(outcome.information != nil, "\(id), seed \(seed)") }
            if let information = outcome.information {
                #expect(information.contentLength == length && information.contentType == "public.mpeg-4")
            }
            guard let data = outcome.data else { continue }
            // Every byte responded is the media's, from the request's offset on.
            let start = Int(data.requestedOffset)
            let expected = simulation.media.subdata(in: min(start, Int(length))..<Int(length))
            #expect(expected.starts(with: outcome.responded), "\(id) got wrong bytes, seed \(seed)")
            if outcome.finished {
                let end = min(data.end ?? length, length)
                #expect(Int64(outcome.responded.count) == max(0, end - data.requestedOffset), "\(id), seed \(seed)")
            }
            if outcome.failure != nil { #expect(outcome.failure == .origin(.connectionLost)) }
        }
    }

    /// A player's reads: the content information with the first two bytes, as AVFoundation starts, then twelve rounds
    /// of one to three requests at random offsets, each round run to its end; with other readers, one of them often
    /// claims the bytes at a request's offset just before the request arrives.
    static func playerReads(_ simulation: inout ResourceLoadingSimulation, seed: UInt64, faults: Bool = true) {
        var random = SplitMix64(seed: seed &* 31)
        simulation.arrive(
            information: true,
            data: Machine.DataRequest(
                requestedOffset: 0, requestedLength: 2, requestsAllDataToEndOfResource: false, currentOffset: 0))
        simulation.run(cancels: false, faults: faults && seed % 2 == 0)
        for _ in 0..<12 {
            for _ in 0..<(1 + random.below(3)) {
                let offset = Int64(random.below(9_200))
                let toEnd = random.below(4) == 0
                // The other reader, as a prefetcher running ahead of the player, often fetches there first.
                if simulation.otherReaders, random.below(2) == 0 { simulation.startOther(at: offset) }
                simulation.arrive(
                    information: random.below(6) == 0,
                    data: Machine.DataRequest(
                        requestedOffset: offset,
                        requestedLength: toEnd ? Int.max : Int(1 + random.below(3_000)),
                        requestsAllDataToEndOfResource: toEnd, currentOffset: offset))
            }
            simulation.run(cancels: true, faults: faults)
        }
    }

    @Test(
        "a player's reads, with cache failures, origin faults and cancellations",
        arguments: 1...40 as ClosedRange<UInt64>)
    func playerReads(seed: UInt64) throws {
        try Self.simulating(seed: seed) { simulation, _ in
            Self.playerReads(&simulation, seed: seed)
            Self.check(simulation, seed: seed)
        }
    }

    @Test("another reader fills gaps meanwhile: no byte fetched from the origin twice, every request ends well")
    func anotherReaderMeanwhile() throws {
        var woken = 0
        for seed in 1...24 as ClosedRange<UInt64> {
            try Self.simulating(seed: seed) { simulation, cache in
                simulation.otherReaders = true
                // A failed cache read fetches its bytes again by design: left out here.
                simulation.cacheReadFaults = false
                Self.playerReads(&simulation, seed: seed, faults: false)
                Self.check(simulation, seed: seed)
                #expect(simulation.duplicateBytes == 0, "seed \(seed)")
                #expect(cache.claimedRanges(for: simulation.key).isEmpty, "every claim released, seed \(seed)")
                woken += simulation.wokenByChanges
            }
        }
        #expect(woken > 0, "requests waited for the other reader's bytes and were woken by the cache's reports")
    }

    @Test("state reads that predate another reader's claims: the cache refuses or narrows a fetch, and all ends well")
    func claimRaces() throws {
        var raced = 0
        var toggles = 0
        for seed in 1...24 as ClosedRange<UInt64> {
            try Self.simulating(seed: seed) { simulation, cache in
                simulation.otherReaders = true
                simulation.staleStates = true
                // The player stands paused at the lean depth now and then: smaller fetches, the same bytes.
                simulation.togglesLean = seed.isMultiple(of: 2)
                Self.playerReads(&simulation, seed: seed)
                Self.check(simulation, seed: seed)
                #expect(cache.claimedRanges(for: simulation.key).isEmpty, "every claim released, seed \(seed)")
                raced += simulation.refusedClaims + simulation.narrowedClaims
                toggles += simulation.leanToggles
            }
        }
        #expect(raced > 0, "the simulation reached the races")
        #expect(toggles > 0, "the lean depth came and went")
    }

    @Test("cancellations arrive while requests wait for the cache's state, and every request still ends well")
    func cancelsWhileStatePending() throws {
        var pending = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            try Self.simulating(seed: seed) { simulation, _ in
                for offset in stride(from: 0, to: 9_000, by: 600) {
                    simulation.arrive(
                        information: offset == 0,
                        data: Machine.DataRequest(
                            requestedOffset: Int64(offset), requestedLength: 1_500,
                            requestsAllDataToEndOfResource: false, currentOffset: Int64(offset)))
                }
                simulation.run(cancels: true, faults: true)
                Self.check(simulation, seed: seed)
                pending += simulation.cancelledWhileStatePending
            }
        }
        #expect(pending > 0, "the simulation reached the case")
    }

    @Test("without faults, a second pass reads everything from the cache: no byte fetched twice")
    func secondPassFromTheCache() throws {
        try Self.withCache { cache in
            var simulation = ResourceLoadingSimulation(media: Self.media(count: 6_000, seed: 7), cache: cache, seed: 7)
            let whole = Machine.DataRequest(
                requestedOffset: 0, requestedLength: .max, requestsAllDataToEndOfResource: true, currentOffset: 0)
            simulation.arrive(information: true, data: whole)
            simulation.run(cancels: false, faults: false)
            let fetched = simulation.originBytesFetched
            #expect(fetched >= 6_000)
            simulation.arrive(information: true, data: whole)
            simulation.run(cancels: false, faults: false)
            Self.check(simulation, seed: 7)
            #expect(simulation.outcomes.values.allSatisfy { $0.finished })
            // Failed cache reads (one in ten) fetch their bytes again; nothing else does.
            #expect(simulation.originBytesFetched - fetched <= 6_000)
        }
    }
}
