extension SeamlessAnalysis {
    /// Handoff `move`, as ``SeamlessAnalysis`` defines its numbers.
    func handoff(_ move: Int) -> SeamlessReport.Handoff {
        let moved = moves[move]
        let made = madeAt[move]
        let old = frames(of: moved.from, from: stint(move)?.start, to: made)
        let next = stint(move + 1)?.end
        let new = frames(of: moved.to, from: made, to: next)
        let late = frames(of: moved.from, from: made, to: next).count
        let lastNew = old.last { $0.kind == .newFrame && $0.reading.index != nil }?.reading.index
        let attach = new.first.flatMap { $0.kind == .redraw ? $0 : nil }
        let firstNew = new.first { $0.kind == .newFrame && $0.reading.index != nil }?.reading.index
        var skipped: Int?
        var repeated: Int?
        if let lastNew, let firstNew {
            (skipped, repeated) = Self.count(last: lastNew, redraw: attach?.reading.index, first: firstNew)
        }
        return SeamlessReport.Handoff(
            from: moved.from,
            to: moved.to,
            lastNewIndex: lastNew,
            attachRedraw: attach != nil,
            attachRedrawIndex: attach?.reading.index,
            redrawMatches: attach.map { $0.reading.index != nil && $0.reading.index == lastNew },
            firstNewIndex: firstNew,
            framesSkipped: skipped,
            framesRepeated: repeated,
            videoGapMilliseconds: both(old.last, new.first).map { milliseconds($0.at, $1.at) },
            oldLastFrameToMoveMilliseconds: old.last.map { milliseconds($0.at, moved.at) },
            moveToFirstFrameMilliseconds: new.first.map { milliseconds(moved.at, $0.at) },
            lateOldHostFrames: late,
            newFramesWhileMoveWaited: old.filter { $0.kind == .newFrame && $0.at >= moved.at }.count)
    }

    /// Skipped and repeated pictures across a handoff that showed `last`, then `redraw` (if any), then `first`.
    static func count(last: Int, redraw: Int?, first: Int) -> (skipped: Int, repeated: Int) {
        let shown = [last] + (redraw.map { [$0] } ?? []) + [first]
        let highest = shown.max() ?? last
        let skipped = highest > last + 1 ? (last + 1..<highest).filter { !shown.contains($0) }.count : 0
        var repeated = 0
        var seen = last
        for (position, picture) in shown.dropFirst().enumerated() {
            if redraw != nil, position == 0, picture == last { continue }
            if picture <= seen { repeated += 1 }
            seen = max(seen, picture)
        }
        return (skipped, repeated)
    }

    /// The cadence steps: consecutive new frames within one stint and its host, both of which read an index.
    func cadenceSteps() -> [(skipped: Int, repeated: Int)] {
        let runs: [[ShownFrame]]
        if moves.isEmpty {
            runs = Set(frames.map(\.host)).sorted().map { host in frames(of: host, from: nil, to: nil) }
        } else {
            runs = (0...moves.count).compactMap(stint).map { frames(of: $0.host, from: $0.start, to: $0.end) }
        }
        return runs.flatMap { run in
            let readings = run.filter { $0.kind == .newFrame }.map(\.reading.index)
            return zip(readings, readings.dropFirst()).compactMap { previous, next -> (skipped: Int, repeated: Int)? in
                guard let previous, let next else { return nil }
                return (max(0, next - previous - 1), next <= previous ? 1 : 0)
            }
        }
    }

    /// From `start` to `end`, in milliseconds.
    private func milliseconds(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Double {
        let duration = end - start
        return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Both values, or `nil` when either is missing.
private func both<First, Second>(_ first: First?, _ second: Second?) -> (First, Second)? {
    guard let first, let second else { return nil }
    return (first, second)
}
