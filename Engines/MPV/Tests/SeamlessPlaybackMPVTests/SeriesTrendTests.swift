import SoakCheck
import Testing

@Suite("SeriesTrend: a least-squares line through the second half, judged against a noise bound")
struct SeriesTrendTests {
    private func points(_ values: [Double], every seconds: Double = 3) -> [SeriesTrend.Point] {
        values.enumerated().map { SeriesTrend.Point(seconds: Double($0.offset) * seconds, value: $0.element) }
    }

    @Test func theFitIsExactOnALine() throws {
        let line = try #require(SeriesTrend.fit(points([1, 3, 5, 7, 9], every: 1)))
        #expect(abs(line.slope - 2) < 1e-12)
        #expect(abs(line.intercept - 1) < 1e-12)
        #expect(SeriesTrend.fit(points([4])) == nil)
        #expect(SeriesTrend.fit([.init(seconds: 2, value: 1), .init(seconds: 2, value: 5)]) == nil)
    }

    @Test func aSeriesThatWarmsUpAndThenHoldsIsFlat() {
        // Rises steeply in its first half (warm-up), then wobbles by ±2 around 100.
        let warm = (0..<20).map { 10 + 4.5 * Double($0) }
        let held = (0..<20).map { 100 + ($0 % 2 == 0 ? 2.0 : -2.0) }
        let trend = SeriesTrend.judge(points(warm + held), bound: .init(absolute: 5))
        #expect(trend.samples == 20)
        #expect(trend.isFlat)
        #expect(abs(trend.rise) < 1)
    }

    @Test func aSeriesThatKeepsGrowingInItsSecondHalfIsNot() {
        // One unit per sample: over the second half's 19 intervals of 3 s, a rise of 19.
        let trend = SeriesTrend.judge(points((0..<40).map(Double.init)), bound: .init(absolute: 5))
        #expect(!trend.isFlat)
        #expect(abs(trend.rise - 19) < 1e-9)
        #expect(abs(trend.slopePerMinute - 20) < 1e-9)
        #expect(trend.allowance == 5)
    }

    @Test func theAllowanceIsTheLargerOfTheAbsoluteAndTheRelativeBound() {
        let level = points(Array(repeating: 200, count: 10) + (0..<10).map { 200 + Double($0) })
        let relative = SeriesTrend.judge(level, bound: .init(absolute: 1, relative: 0.1))
        #expect(abs(relative.allowance - 20.45) < 1e-9)  // 10 % of the half's mean, 204.5
        #expect(relative.isFlat)  // a rise of 9 over the half
        let absolute = SeriesTrend.judge(level, bound: .init(absolute: 8, relative: 0.01))
        #expect(absolute.allowance == 8)
        #expect(!absolute.isFlat)
    }

    @Test func swingsInAFewSamplesAreNoiseButASteadyRiseUnderTheSameSwingsIsNot() {
        // A pool that trims to one engine and refills to four: 14 threads each, swings of 56 in a minute's samples
        // whose second half happens to lean up.
        let swings: [Double] = Array(repeating: 48, count: 10) + [20, 34, 76, 20, 76, 48, 20, 76, 76, 76]
        let short = SeriesTrend.judge(points(swings), bound: .init(absolute: 8))
        #expect(abs(short.rise - 42) < 1e-9)
        #expect(short.isFlat)
        #expect(abs(short.allowance - 3 * short.standardError) < 1e-9)
        // Half an hour of the same swings with a leak of one thread a minute underneath (a sample every 3 s).
        let leaking = (0..<600).map { 20 + 14 * Double([1, 4, 4, 2, 4, 1, 3, 4][$0 % 8]) + Double($0) / 20 }
        let long = SeriesTrend.judge(points(leaking), bound: .init(absolute: 8))
        #expect(abs(long.slopePerMinute - 1) < 0.1)
        #expect(!long.isFlat)
        let steady = (0..<600).map { 20 + 14 * Double([1, 4, 4, 2, 4, 1, 3, 4][$0 % 8]) }
        #expect(SeriesTrend.judge(points(steady), bound: .init(absolute: 8)).isFlat)
    }

    @Test func aFallingSeriesIsFlatAndTooFewSamplesCannotGrow() {
        #expect(SeriesTrend.judge(points((0..<30).map { 100 - Double($0) }), bound: .init(absolute: 0)).isFlat)
        let short = SeriesTrend.judge(points([1, 50, 100, 150]), bound: .init(absolute: 0))
        #expect(short.samples == 2)
        #expect(short.isFlat)
        #expect(SeriesTrend.judge([], bound: .init(absolute: 3)).samples == 0)
    }

    @Test func theOrderOfThePointsDoesNotMatter() {
        let values = points((0..<30).map { Double($0 * $0 % 17) })
        let trend = SeriesTrend.judge(values, bound: .init(absolute: 2))
        #expect(SeriesTrend.judge(values.reversed(), bound: .init(absolute: 2)) == trend)
    }
}
