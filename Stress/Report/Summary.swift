/// The table printed at the end of a run.
enum Summary {
    static func text(_ report: Report, benchmarks: Benchmarks?) -> String {
        var rows: [(String, String, String)] = []
        func row(_ name: String, _ value: String, _ target: String = "") { rows.append((name, value, target)) }
        row("violations", "\(report.violations)", "0")
        row(
            "operations",
            "\(Format.grouped(report.operations)) in \(Format.fixed(report.seconds, 1)) s "
                + "(\(Format.grouped(Int(report.operationsPerSecond)))/s)", "≥ 1,000,000 in 20 s")
        row("quiescent checkpoints", "\(report.checkpoints)")
        row("leaked waiters", "\(report.leakedWaiters)", "0")
        if report.failRate > 0 || report.crashRate > 0 || report.hangRate > 0 {
            row(
                "faults (crashes, hangs)",
                "\(report.faultsInjected) injected, \(report.faultsNoticed) noticed "
                    + "(+ \(report.loadFaultsInjected) failed creations and loads)")
            row("grants of failed engines", "\(report.grantsOfFailedEngines)", "0")
            row("abandoned engines, most at once", "\(report.abandonedMax)")
        }
        if report.seekRate > 0 {
            row(
                "seeks asked",
                "\(Format.grouped(report.seeksAsked)): \(Format.grouped(report.seeksDone)) done, "
                    + "\(Format.grouped(report.seeksNotActiveHolder)) not the active holder")
            row(
                "seeks that reached engines",
                "\(Format.grouped(report.seeks)) (the pool counts \(Format.grouped(report.seeksCountedByPool)); "
                    + "\(Format.grouped(report.seeksWithoutActiveHolder)) after their holder left)")
        }
        row("stale seeks that reached an engine", "\(report.staleSeeksReachedEngine)", "0")
        row("idle engines found quiet at checkpoints", Format.grouped(report.idleEnginesChecked))
        row(
            "loads nobody wanted",
            "\(Format.grouped(report.cancelledLoads)) cancelled by the pool, \(Format.grouped(report.loadsStopped)) "
                + "stopped by their engine")
        if report.systemPauseRate > 0 {
            row(
                "system pauses",
                "\(Format.grouped(report.systemPauses)) injected, \(Format.grouped(report.outsideChanges)) outside "
                    + "changes seen by the pool, \(Format.grouped(report.isolationProbes)) re-applies checked")
        }
        row(
            "linearizability windows",
            "\(report.linearizabilityWindows) (\(Format.grouped(report.linearizabilityOperations)) calls, "
                + "\(Format.grouped(report.linearizabilitySeeks)) seeks), "
                + "\(report.linearizabilityFailures) failed, \(report.linearizabilityInconclusive) inconclusive",
            "≥ 100, 0 failed")
        if let benchmarks {
            let floor = benchmarks.floor
            let trip = benchmarks.roundTrip
            let alone = benchmarks.roundTripAlone
            row("floor (bare actor, 3 calls)", "p50 \(ns(floor.p50)), p99 \(ns(floor.p99))")
            row("round trip, 2 sessions", "p50 \(ns(alone.p50)), p99 \(ns(alone.p99))")
            let awaiting = benchmarks.roundTripAwaiting
            row("… engine applying on a task", "p50 \(ns(awaiting.p50)), p99 \(ns(awaiting.p99))")
            row(
                "round trip, \(Format.grouped(benchmarks.roundTripSessions)) sessions",
                "p50 \(ns(trip.p50)), p99 \(ns(trip.p99))", "p50 ≤ 2 µs, p99 ≤ 20 µs")
            row("round trip / floor (p50)", "\(Format.fixed(benchmarks.ratioToFloor, 1))×", "≤ 20×")
            let seek = benchmarks.seekRoundTrip
            row(
                "seek round trip, \(Format.grouped(benchmarks.roundTripSessions)) sessions",
                "p50 \(ns(seek.p50)), p99 \(ns(seek.p99))")
            row("seek round trip / floor (p50)", "\(Format.fixed(benchmarks.seekRatioToFloor, 1))×")
            row("handoff tokens kept at most", Format.grouped(benchmarks.tokensKeptMax), "bounded")
            row(
                "contended throughput",
                "\(Format.grouped(Int(benchmarks.contendedOperationsPerSecond))) ops/s "
                    + "(\(report.pages) pages, \(report.players) players)")
            for point in benchmarks.scale {
                row(
                    "scale: \(Format.grouped(point.sessions)) sessions",
                    "\(ns(point.nanosecondsPerRoundTrip)) per round trip, opened in \(Format.fixed(point.secondsToOpen, 2)) s"
                )
            }
            row("scale ratio (largest / 100)", "\(Format.fixed(benchmarks.scaleRatio, 2))×", "≤ 1.5×")
            if let last = benchmarks.scale.last {
                row("resident bytes per idle session", Format.grouped(Int(last.residentBytesPerSession)), "≤ 2,048")
            }
            let cold = benchmarks.coldStart
            row(
                "playback gap: fresh engine", ns(cold.naiveGapNanoseconds),
                "cold start \(ColdStartBenchmark.coldStart)")
            row(
                "playback gap: handoff",
                "\(ns(cold.handoffGapNanoseconds)) "
                    + "(\(Format.fixed(cold.naiveGapNanoseconds / max(cold.handoffGapNanoseconds, 1), 0))× shorter, "
                    + "position \(cold.handoffKeptPosition ? "kept" : "LOST"))")
        }
        let widths = (rows.map(\.0.count).max() ?? 0, rows.map(\.1.count).max() ?? 0)
        var lines = [
            "", pad("measure", widths.0) + "  " + pad("value", widths.1) + "  target",
            String(repeating: "-", count: widths.0 + widths.1 + 24),
        ]
        for (name, value, target) in rows {
            lines.append(pad(name, widths.0) + "  " + pad(value, widths.1) + "  " + target)
        }
        return lines.joined(separator: "\n")
    }

    private static func ns(_ value: Double) -> String { Format.duration(nanoseconds: value) }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
