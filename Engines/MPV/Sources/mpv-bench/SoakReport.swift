import Foundation
import SeamlessPlayback
import SoakCheck

/// What a soak measured and found: its series and their trends, the invariants it saw broken, the faults it
/// injected, the failures it met by kind, and whether each item a fault struck played again.
struct SoakReport: Sendable {
    /// The items a fault struck, played once more at the end.
    struct Recovery: Sendable {
        var recovered = 0
        var failures: [String] = []
    }

    var seconds: Double
    var seed: UInt64
    var mpvVersion: String
    var samples: [SoakSample]
    var violations: [String]
    /// How many times each invariant was judged.
    var judged: [String: Int]
    var recovery: Recovery
    var metrics: PoolMetrics
    var state: SoakLedger.State
    var bytes: (reads: Int, bytes: Int64, differing: Int, first: String?)
    var prefetch: MediaPrefetcher.Stats
    var originRequests: Int
    var feedBytes: Int64
    var startHandles: Int

    /// Each judged series with its trend over the second half.
    var trends: [(series: SoakSample.Series, trend: SeriesTrend)] {
        SoakSample.judged.map { series in
            let points = samples.map { SeriesTrend.Point(seconds: $0.seconds, value: series.value($0)) }
            return (series, SeriesTrend.judge(points, bound: series.bound))
        }
    }

    /// Why the soak fails: broken invariants, growing series, items that did not play again, bytes that differ.
    var problems: [String] {
        var problems = violations
        for (series, trend) in trends where !trend.isFlat {
            problems.append(
                "\(series.name) grows: \(Self.number(trend.rise)) \(series.unit) over the second half "
                    + "(allowed \(Self.number(trend.allowance)))")
        }
        problems += recovery.failures.map { "not recovered: \($0)" }
        if let first = bytes.first { problems.append("first read that differs from the origin: \(first)") }
        for kind in ["muted page audible", "unheld engine not quiet", "held player stuck"] where judged[kind] == nil {
            problems.append("the invariant \"\(kind)\" was never judged")
        }
        if samples.count < 6 { problems.append("only \(samples.count) samples: too short a run to judge") }
        return problems
    }

    var table: String {
        var lines = [
            "mpv-bench --soak: \(Self.number(seconds)) s, seed \(seed), \(mpvVersion); \(SoakBench.capacity) engines, "
                + "cache \(SoakBench.cacheCapacity >> 10) KiB for a feed of \(feedBytes >> 10) KiB, "
                + "a fault every \(SoakBench.faultPeriod) ms, a sample every \(SoakBench.sampleEvery)",
            "",
            "| series | first | min | max | last | slope of 2nd half /min | rise over 2nd half | its std. error | allowed | flat |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for (series, trend) in trends {
            let values = samples.map(series.value)
            lines.append(
                "| \(series.name)\(series.unit.isEmpty ? "" : " (\(series.unit))") | "
                    + "\(Self.number(values.first ?? 0)) | \(Self.number(values.min() ?? 0)) | "
                    + "\(Self.number(values.max() ?? 0)) | \(Self.number(values.last ?? 0)) | "
                    + "\(Self.number(trend.slopePerMinute)) | \(Self.number(trend.rise)) | \(Self.number(trend.standardError)) | "
                    + "\(Self.number(trend.allowance)) | \(trend.isFlat ? "yes" : "NO") |")
        }
        lines += [
            "",
            "loads \(metrics.loads) (preloads \(metrics.preloads), warm hits \(metrics.warmHits), retries "
                + "\(metrics.loadRetries)), acquisitions \(metrics.acquisitions), handoffs \(metrics.handoffs), "
                + "returns \(metrics.returns), reclaims \(metrics.reclaims), revocations \(metrics.revocations), "
                + "hung engines abandoned \(metrics.abandoned), seeks \(metrics.seeks), players made \(metrics.created), "
                + "destroyed \(metrics.destroyed), engine failures \(metrics.failures)",
            "steps: " + Self.counts(state.steps),
            "detail endings: "
                + Self.counts(Dictionary(uniqueKeysWithValues: state.endings.map { ("\($0.key)", $0.value) })),
            "faults injected: "
                + Self.counts(Dictionary(uniqueKeysWithValues: state.faults.map { ($0.key.rawValue, $0.value) })),
            "requests an item drew while it answered 404, per window: "
                + Self.spread(state.statusRequests[.notFound] ?? []) + "; while it answered 503: "
                + Self.spread(state.statusRequests[.unavailable] ?? []),
            "failures met by the pages: "
                + Self.counts(Dictionary(uniqueKeysWithValues: state.failures.map { ($0.key.rawValue, $0.value) })),
            "media failures in the pool: "
                + Self.counts(Dictionary(uniqueKeysWithValues: metrics.mediaFailures.map { ("\($0.key)", $0.value) })),
            "prefetch: \(prefetch.fetchedBytes >> 10) KiB in \(prefetch.completedFetches) fetches, "
                + "\(prefetch.failedFetches) failed, \(prefetch.cancelledFetches) cancelled; origin requests "
                + "\(originRequests)",
            "reads through the cache checked against the origin: \(bytes.reads) reads, \(bytes.bytes >> 10) KiB, "
                + "\(bytes.differing) differing",
            "looks held up over 5 s: " + "\(samples.count { $0.lookSeconds > 5 }), the longest "
                + Self.number(samples.map(\.lookSeconds).max() ?? 0) + " s",
            "invariants judged (times): " + Self.counts(judged),
            "items struck by a fault played again at the end: \(recovery.recovered) of "
                + "\(recovery.recovered + recovery.failures.count)",
        ]
        lines += state.engineFailures.map { "engine failed: \($0)" }
        lines += state.mediaFailureReasons.map { "media failure: \($0)" }
        let problems = problems
        lines.append(problems.isEmpty ? "\nPASS: every series flat, every invariant held" : "\nFAIL:")
        lines += problems.prefix(40).map { "  \($0)" }
        if problems.count > 40 { lines.append("  … and \(problems.count - 40) more") }
        return lines.joined(separator: "\n")
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return String(format: "%.2f", value)
    }

    /// Windows, how many drew requests, and the most one drew.
    static func spread(_ requests: [Int]) -> String {
        "\(requests.count) windows, \(requests.count { $0 > 0 }) with requests, "
            + "\(requests.reduce(0, +)) requests, at most \(requests.max() ?? 0) in one"
    }

    static func counts(_ counts: [String: Int]) -> String {
        counts.isEmpty
            ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    // MARK: JSON

    private struct JSONTrend: Encodable {
        var name: String
        var unit: String
        var slopePerMinute: Double
        var rise: Double
        var standardError: Double
        var allowance: Double
        var isFlat: Bool
    }

    private struct JSONReport: Encodable {
        var seconds: Double
        var seed: UInt64
        var mpvVersion: String
        var passed: Bool
        var problems: [String]
        var trends: [JSONTrend]
        var loads: Int
        var handoffs: Int
        var reclaims: Int
        var abandoned: Int
        var steps: [String: Int]
        var faults: [String: Int]
        var failures: [String: Int]
        var poolMediaFailures: [String: Int]
        var requestsPer404Window: [Int]
        var requestsPer503Window: [Int]
        var bytesChecked: Int64
        var readsChecked: Int
        var readsDiffering: Int
        var recovered: Int
        var invariantsJudged: [String: Int]
        var engineFailures: [String]
        var mediaFailureReasons: [String]
        var samples: [SoakSample]
    }

    func json() throws -> Data {
        let report = JSONReport(
            seconds: seconds, seed: seed, mpvVersion: mpvVersion, passed: problems.isEmpty, problems: problems,
            trends: trends.map {
                JSONTrend(
                    name: $0.series.name, unit: $0.series.unit, slopePerMinute: $0.trend.slopePerMinute,
                    rise: $0.trend.rise, standardError: $0.trend.standardError, allowance: $0.trend.allowance,
                    isFlat: $0.trend.isFlat)
            }, loads: metrics.loads, handoffs: metrics.handoffs, reclaims: metrics.reclaims,
            abandoned: metrics.abandoned, steps: state.steps,
            faults: Dictionary(uniqueKeysWithValues: state.faults.map { ($0.key.rawValue, $0.value) }),
            failures: Dictionary(uniqueKeysWithValues: state.failures.map { ($0.key.rawValue, $0.value) }),
            poolMediaFailures: Dictionary(uniqueKeysWithValues: metrics.mediaFailures.map { ("\($0.key)", $0.value) }),
            requestsPer404Window: state.statusRequests[.notFound] ?? [],
            requestsPer503Window: state.statusRequests[.unavailable] ?? [], bytesChecked: bytes.bytes,
            readsChecked: bytes.reads, readsDiffering: bytes.differing,
            recovered: recovery.recovered, invariantsJudged: judged,
            engineFailures: state.engineFailures, mediaFailureReasons: state.mediaFailureReasons, samples: samples)
        return try ReportFile.json(encoding: report)
    }

    // MARK: SVG

    /// Each judged series as a small chart of its own, the second half's fitted line over it.
    func svg() -> String {
        let (width, height, columns) = (300.0, 120.0, 3)
        let rows = (SoakSample.judged.count + columns - 1) / columns
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width) * columns)\" "
                + "height=\(Self.quoted(Int(height) * rows + 24)) font-family=\"sans-serif\" font-size=\"11\">",
            "<text x=\"6\" y=\"16\">mpv-bench --soak, \(Int(seconds)) s, seed \(seed): every series over time; red: "
                + "the second half's least-squares line</text>",
        ]
        let end = max(1, samples.last?.seconds ?? 1)
        for (position, (series, trend)) in trends.enumerated() {
            let left = Double(position % columns) * width
            let top = 24 + Double(position / columns) * height
            let values = samples.map(series.value)
            let low = min(0, values.min() ?? 0)
            let high = max(low + 1, (values.max() ?? 1) * 1.1)
            func x(_ seconds: Double) -> Double { left + 40 + (width - 50) * seconds / end }
            func y(_ value: Double) -> Double { top + height - 20 - (height - 40) * (value - low) / (high - low) }
            let points = zip(samples, values).map { "\(Self.f(x($0.seconds))),\(Self.f(y($1)))" }
            parts.append(
                "<text x=\"\(Self.f(left + 40))\" y=\"\(Self.f(top + 12))\">\(series.name) "
                    + "\(series.unit) (\(Self.number(low))–\(Self.number(high))) \(trend.isFlat ? "flat" : "GROWS")</text>"
            )
            parts.append(
                "<rect x=\"\(Self.f(left + 40))\" y=\"\(Self.f(top + 20))\" width=\"\(Self.f(width - 50))\" "
                    + "height=\"\(Self.f(height - 40))\" fill=\"none\" stroke=\"#ccc\"/>")
            parts.append(
                "<polyline fill=\"none\" stroke=\"#246\" stroke-width=\"1.2\" points=\"\(points.joined(separator: " "))\"/>"
            )
            let half = samples.filter { $0.seconds >= end / 2 }
            let fitted = SeriesTrend.fit(half.map { SeriesTrend.Point(seconds: $0.seconds, value: series.value($0)) })
            if let fitted, let first = half.first, let last = half.last {
                let from = fitted.intercept + fitted.slope * first.seconds
                let to = fitted.intercept + fitted.slope * last.seconds
                parts.append(
                    "<line x1=\"\(Self.f(x(first.seconds)))\" y1=\"\(Self.f(y(from)))\" x2=\"\(Self.f(x(last.seconds)))\" "
                        + "y2=\"\(Self.f(y(to)))\" stroke=\"#c33\" stroke-width=\"1.5\"/>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func quoted(_ value: Int) -> String { "\"\(value)\"" }
}
