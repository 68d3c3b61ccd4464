import SoakCheck
import Testing

@Suite("SoakFaultScript: a steady rate of every kind of origin fault")
struct SoakFaultTests {
    @Test func everyRoundOfSixHasEachKindOnceInASeededOrder() {
        var script = SoakFaultScript(seed: 11, period: 4_000)
        var again = SoakFaultScript(seed: 11, period: 4_000)
        var orders: Set<[SoakFault.Kind]> = []
        for _ in 0..<50 {
            let round = (0..<6).map { _ in script.next() }
            #expect(round == (0..<6).map { _ in again.next() })
            #expect(Set(round.map(\.kind)) == Set(SoakFault.Kind.allCases))
            orders.insert(round.map(\.kind))
        }
        #expect(orders.count > 10)
    }

    @Test func everyWindowEndsBeforeTheNextFaultStarts() {
        for period in [1_000, 3_000, 4_000, 10_000] {
            var script = SoakFaultScript(seed: 2, period: period)
            for _ in 0..<600 {
                let fault = script.next()
                #expect(fault.milliseconds <= script.period / 2)
                #expect(fault.milliseconds >= (fault.kind == .deadServer ? min(2_000, period / 2) : 500))
                #expect((1...3).contains(fault.distance))
                #expect((16_384...131_072).contains(fault.bytesBeforeReset))
            }
        }
        #expect(SoakFaultScript(seed: 1, period: 10).period == 1_000)
    }
}
