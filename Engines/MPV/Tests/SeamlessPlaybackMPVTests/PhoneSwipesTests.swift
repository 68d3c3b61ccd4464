import SeamlessPlaybackTesting
import Testing

@testable import mpv_bench

/// The phone plans' swipes: a seeded mix of gestures, dwells and clamping at the feed's ends.
@Suite("PhoneSwipes: seeded gestures through a short feed")
struct PhoneSwipesTests {
    @Test func theGesturesMixFortyTenFiftyOverManyDraws() {
        var random = SplitMix64(seed: 7)
        var next = 0
        var back = 0
        var flings: [Int] = Array(repeating: 0, count: 7)
        let draws = 100_000
        for _ in 0..<draws {
            switch PhoneSwipes.gesture(using: &random) {
            case .next: next += 1
            case .back: back += 1
            case .fling(let clips): flings[clips] += 1
            }
        }
        // Each share within 1 % of its target: far more than the draws' spread (about 0.16 %).
        #expect(abs(Double(next) / Double(draws) - 0.40) < 0.01)
        #expect(abs(Double(back) / Double(draws) - 0.10) < 0.01)
        #expect(abs(Double(flings.reduce(0, +)) / Double(draws) - 0.50) < 0.01)
        #expect(flings[0] == 0 && flings[1] == 0)
        for clips in 2...6 { #expect(abs(Double(flings[clips]) / Double(draws) - 0.10) < 0.01) }
    }

    @Test func aSeedGivesTheSameVisitsAndTwoSeedsDiffer() {
        let a = PhoneSwipes.visits(seed: SlowFeedPlan.Choice.phoneASeed, count: 40, clips: 30)
        let b = PhoneSwipes.visits(seed: SlowFeedPlan.Choice.phoneBSeed, count: 40, clips: 30)
        #expect(a == PhoneSwipes.visits(seed: SlowFeedPlan.Choice.phoneASeed, count: 40, clips: 30))
        #expect(a.count == 40 && b.count == 40)
        #expect(a.map(\.index) != b.map(\.index))
        #expect(a.map(\.dwell) != b.map(\.dwell))
    }

    @Test func visitsStartAtTheFirstClipMoveWithinTheFeedAndDwellOneAndAHalfToThreeAndAHalfSeconds() {
        for seed in UInt64(0)..<200 {
            let visits = PhoneSwipes.visits(seed: seed, count: 40, clips: 30)
            #expect(visits.first?.index == 0)
            for (from, to) in zip(visits, visits.dropFirst()) {
                let step = to.index - from.index
                #expect(step != 0 && step >= -1 && step <= 6)
                #expect((0..<30).contains(to.index))
            }
            for visit in visits {
                #expect(visit.dwell >= .milliseconds(1_500) && visit.dwell <= .milliseconds(3_500))
            }
        }
    }

    @Test func theFeedsEndsClampAndAOneClipFeedStays() {
        // From the last clip only a back moves, from the first only a forward gesture.
        let visits = PhoneSwipes.visits(seed: 3, count: 200, clips: 3)
        for (from, to) in zip(visits, visits.dropFirst()) where from.index == 2 { #expect(to.index == 1) }
        for (from, to) in zip(visits, visits.dropFirst()) where from.index == 0 { #expect(to.index >= 1) }
        #expect(PhoneSwipes.visits(seed: 3, count: 4, clips: 1).map(\.index) == [0, 0, 0, 0])
        #expect(PhoneSwipes.visits(seed: 3, count: 4, clips: 0).isEmpty)
    }
}
