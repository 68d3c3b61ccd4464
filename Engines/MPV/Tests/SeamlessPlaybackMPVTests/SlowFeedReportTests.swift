import Foundation
import Testing

@testable import mpv_bench

/// The slow feed's report: the plan it names, and one run's JSON against several runs'.
@Suite("SlowFeedReport: the plan named, runs in the JSON")
struct SlowFeedReportTests {
    private func report(_ plan: SlowFeedPlan.Choice, requests: Int) -> SlowFeedReport {
        var result = SlowFeedBench.Result(configuration: .noPolicy)
        result.requests = requests
        return SlowFeedReport(
            mpvVersion: "mpv test", originDelay: .milliseconds(100), originLimit: .sharedLink(kilobits: 4_000),
            settings: .init(bytesPerItem: 262_144, maxConcurrentFetches: 2), plan: plan, shape: plan.shape,
            lengths: Array(repeating: 1_500_000, count: plan.shape.clipCount), results: [result])
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theTableAndTheJSONNameThePlanAndTheClipsRate() throws {
        let phone = report(.phoneA, requests: 5)
        #expect(phone.table.contains("--plan phone-a"))
        #expect(phone.table.contains("120 items"))
        #expect(phone.table.contains("1.20 Mbit/s"))
        let json = try object(phone.json())
        #expect(json["plan"] as? String == "phone-a")
        #expect(json["items"] as? Int == 120)
        #expect(report(.builtIn, requests: 5).table.contains("40 items"))
    }

    @Test func oneRunIsItsObjectAndSeveralAreRunsInOrder() throws {
        let one = try object(SlowFeedReport.json([report(.phoneB, requests: 1)]))
        #expect(one["plan"] as? String == "phone-b")
        #expect(one["runs"] == nil)
        let two = try object(SlowFeedReport.json([report(.phoneB, requests: 1), report(.phoneB, requests: 2)]))
        let runs = try #require(two["runs"] as? [[String: Any]])
        let requests = runs.map {
            (($0["configurations"] as? [String: Any])?["no policy"] as? [String: Any])?["origin_requests"] as? Int
        }
        #expect(requests == [1, 2])
    }
}
