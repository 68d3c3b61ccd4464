import SoakCheck
import Testing

@Suite("SoakScript: the soak's seeded user")
struct SoakScriptTests {
    private func steps(seed: UInt64, count: Int, cells: Int = 24) -> [SoakStep] {
        var script = SoakScript(seed: seed, cells: cells)
        return (0..<count).map { _ in script.next() }
    }

    @Test func theSameSeedGivesTheSameStepsAndAnotherSeedOthers() {
        #expect(steps(seed: 7, count: 300) == steps(seed: 7, count: 300))
        #expect(steps(seed: 7, count: 300) != steps(seed: 8, count: 300))
    }

    @Test func everyKindOfStepComesAtItsStatedRate() {
        let drawn = steps(seed: 1, count: 20_000)
        func share(_ isKind: (SoakStep) -> Bool) -> Double { Double(drawn.count(where: isKind)) / 20_000 }
        let expected: [(Double, (SoakStep) -> Bool)] = [
            (0.30, { if case .fling = $0 { true } else { false } }),
            (0.08, { if case .nudge = $0 { true } else { false } }),
            (0.14, { if case .dwell = $0 { true } else { false } }),
            (0.16, { if case .detail = $0 { true } else { false } }),
            (0.08, { if case .relatedClip = $0 { true } else { false } }),
            (0.12, { if case .seek = $0 { true } else { false } }),
            (0.06, { $0 == .pauseAndPlay }),
            (0.06, { $0 == .memoryPressure }),
        ]
        for (rate, isKind) in expected {
            #expect(abs(share(isKind) - rate) < 0.015)
        }
        var endings = Set<SoakStep.Ending>()
        for case .detail(_, _, let ending) in drawn { endings.insert(ending) }
        #expect(endings == Set(SoakStep.Ending.allCases))
    }

    @Test func flingsStayInsideTheFeedAndReachBothEnds() {
        var script = SoakScript(seed: 3, cells: 10)
        var visited = Set<Int>()
        var previous = 0
        for _ in 0..<5_000 {
            guard case .fling(let target) = script.next() else { continue }
            #expect((0..<10).contains(target))
            #expect(target != previous)
            #expect(abs(target - previous) <= 4)
            #expect(script.cell == target)
            visited.insert(target)
            previous = target
        }
        #expect(visited == Set(0..<10))
    }

    @Test func holdsSeeksAndDistancesStayInTheirRanges() {
        for step in steps(seed: 5, count: 5_000, cells: 24) {
            switch step {
            case .nudge(let fraction): #expect((0.1...0.45).contains(abs(fraction)))
            case .dwell(let milliseconds): #expect((500...3_000).contains(milliseconds))
            case .detail(let milliseconds, _, _): #expect((800...2_800).contains(milliseconds))
            case .relatedClip(let distance, let milliseconds, _):
                #expect((5..<17).contains(distance))
                #expect((800...2_200).contains(milliseconds))
            case .seek(let fraction): #expect((0..<0.9).contains(fraction))
            default: break
            }
        }
    }
}
