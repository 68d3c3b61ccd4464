/// Decides which cell of a feed plays, from what is on screen: a pure state machine with no clock and no await.
///
/// Feed it the visible cells on every scroll event (``visibilityChanged(_:phase:at:)``), call ``tick(at:)`` at
/// ``nextDeadline``, and tell it what the user tapped (``userPaused(_:)``, ``userPlayed(_:)``). Each call returns
/// what to do, in order. The rules:
///
/// 1. At most one cell plays. A `.stop` comes before the `.play` that replaces it; a cell is never told `.play`
///    while it plays, nor `.stop` while it does not.
/// 2. The best candidate is the cell with the largest visible share at or above the start threshold; ties go to
///    the smaller distance from the centre, then the smaller index. A cell missing from the list counts as 0 visible.
/// 3. The playing cell keeps playing while its share stays at or above the stop threshold, even if another cell is
///    now more visible. Below it, it stops at once, whatever the phase.
/// 4. When nothing plays: at rest the best candidate starts at once; while the list moves it starts only once it has
///    been the best candidate without a break for the settle time, counted while nothing plays (a cell that was the
///    best while another played still waits once that one stops). A fling starts none of the cells it passes.
/// 5. ``userPaused(_:)`` of the playing cell tells nothing (the page paused it); while that cell stays at or above
///    the stop threshold no other cell starts on its own, and it does not start on its own again until it has
///    dropped below the stop threshold and come back.
/// 6. ``userPlayed(_:)`` plays the cell (stopping any other), whatever the thresholds, and clears its pause mark.
/// 7. Bad input changes nothing it should not: out-of-range shares are clamped (NaN as 0), negative distances count
///    as 0, an index listed twice counts with its largest share, and time that goes backwards is taken as now.
/// 8. Only the feed's cells count: an index outside `0..<cellCount` (``cellCount``; a header, a stale index after a
///    reload) is ignored, in the visible cells as in the user's taps.
/// 9. When the feed changes (``cellsChanged(count:newIndex:)``) every cell's state follows it to its new index: the
///    playing cell keeps playing, a paused cell keeps holding autoplay back, a settling candidate keeps its time;
///    the playing cell that left the feed is told `.stop` at the index it had. Nothing starts until the next
///    visibility says where the cells now are.
///
/// States: nothing plays (a candidate may be settling, or a paused cell may hold autoplay back) → a cell plays
/// (by rule 4 or 6) → nothing plays (by rule 3, 5 or 9), or another cell plays (by rule 6).
public struct AutoplaySelector: Sendable {
    /// The cell told `.play` last and not stopped or paused since.
    public private(set) var playing: Int?
    /// How many cells the feed has: only the indices `0..<cellCount` count (rule 8).
    public private(set) var cellCount: Int

    private let start: Double
    private let stop: Double
    private let settle: Duration
    /// The latest visible cells: index → (share, distance), sanitised.
    private var shares: [Int: (share: Double, distance: Double)] = [:]
    private var phase = ScrollPhase.idle
    /// The latest time seen; earlier times are taken as this one.
    private var now = Duration.zero
    /// The best candidate and since when it has been the best without a break.
    private var candidate: (index: Int, since: Duration)?
    /// Cells the user paused that have not dropped below the stop threshold since.
    private var pauseMarks: Set<Int> = []

    /// Creates a selector with nothing playing.
    /// - Parameters:
    ///   - policy: The thresholds and settle time.
    ///   - cellCount: How many cells the feed has; indices outside `0..<cellCount` are ignored. Negative values count
    ///     as 0. Default: every index from 0 counts.
    public init(policy: AutoplayPolicy = AutoplayPolicy(), cellCount: Int = .max) {
        self.cellCount = max(0, cellCount)
        start = policy.effectiveStart
        stop = policy.effectiveStop
        settle = policy.effectiveSettle
    }

    /// When ``tick(at:)`` could decide something (a candidate settling while the list moves); `nil` if nothing waits.
    public var nextDeadline: Duration? {
        guard playing == nil, phase != .idle, !isHeldBack, let candidate else { return nil }
        return candidate.since + settle
    }

    /// Takes the cells now on screen and the list's phase.
    /// - Parameters:
    ///   - cells: The visible cells; a cell missing counts as 0 visible.
    ///   - phase: Whether the list is at rest or moving.
    ///   - now: The time of the event, on any monotonic clock the caller keeps using.
    /// - Returns: What to do, in order.
    public mutating func visibilityChanged(
        _ cells: [CellVisibility], phase: ScrollPhase, at now: Duration
    ) -> [AutoplayDecision] {
        var latest: [Int: (share: Double, distance: Double)] = [:]
        for cell in cells where isInFeed(cell.index) {
            let entry = (share: cell.share, distance: cell.distance)
            if let listed = latest[cell.index], listed.share >= entry.share { continue }
            latest[cell.index] = entry
        }
        shares = latest
        self.phase = phase
        return decide(at: now)
    }

    /// Decides again from the latest visibility at a later time: a settling candidate may start.
    /// - Parameter now: The time, on the clock of ``visibilityChanged(_:phase:at:)``.
    /// - Returns: What to do, in order.
    public mutating func tick(at now: Duration) -> [AutoplayDecision] {
        decide(at: now)
    }

    /// The user paused a cell. Of the playing cell: nothing is told (the page paused it), ``playing`` becomes `nil`,
    /// and autoplay holds back while the cell stays visible. Of any other cell: nothing changes.
    /// - Parameter index: The cell.
    /// - Returns: What to do: always nothing.
    public mutating func userPaused(_ index: Int) -> [AutoplayDecision] {
        guard isInFeed(index), playing == index else { return [] }
        playing = nil
        candidate = nil
        pauseMarks.insert(index)
        return []
    }

    /// The user played a cell: it plays, stopping any other, whatever the thresholds; its pause mark is cleared. An
    /// index outside the feed changes nothing.
    /// - Parameter index: The cell.
    /// - Returns: What to do, in order.
    public mutating func userPlayed(_ index: Int) -> [AutoplayDecision] {
        guard isInFeed(index) else { return [] }
        pauseMarks.remove(index)
        guard playing != index else { return [] }
        var decisions: [AutoplayDecision] = []
        if let current = playing { decisions.append(.stop(current)) }
        decisions.append(.play(index))
        playing = index
        return decisions
    }

    /// The feed's cells changed (items appended, inserted, removed or moved): each cell's state follows it to its new
    /// index (rule 9). Nothing starts here; the next ``visibilityChanged(_:phase:at:)`` decides from where the cells
    /// now are.
    /// - Parameters:
    ///   - count: How many cells the feed has now; negative values count as 0.
    ///   - newIndex: The new index of the cell at each old index, or `nil` when it left the feed. A new index outside
    ///     `0..<count` counts as `nil`; two cells sent to one index keep the larger share.
    /// - Returns: `.stop` of the playing cell, at the index it had, when it left the feed; else nothing.
    public mutating func cellsChanged(count: Int, newIndex: (Int) -> Int?) -> [AutoplayDecision] {
        cellCount = max(0, count)
        func moved(_ index: Int) -> Int? {
            guard let new = newIndex(index), isInFeed(new) else { return nil }
            return new
        }
        var moves: [Int: (share: Double, distance: Double)] = [:]
        for (index, entry) in shares {
            guard let new = moved(index) else { continue }
            if let listed = moves[new], listed.share >= entry.share { continue }
            moves[new] = entry
        }
        shares = moves
        pauseMarks = Set(pauseMarks.compactMap(moved))
        candidate = candidate.flatMap { candidate in
            moved(candidate.index).map { (index: $0, since: candidate.since) }
        }
        guard let current = playing else { return [] }
        playing = moved(current)
        return playing == nil ? [.stop(current)] : []
    }

    private func isInFeed(_ index: Int) -> Bool { index >= 0 && index < cellCount }

    private func share(of index: Int) -> Double { shares[index]?.share ?? 0 }

    /// Whether a cell the user paused is still in view, so that no other cell starts on its own.
    private var isHeldBack: Bool { pauseMarks.contains { share(of: $0) >= stop } }

    /// The best candidate by rule 2, among cells not marked paused.
    private var best: Int? {
        var best: (index: Int, share: Double, distance: Double)?
        for (index, entry) in shares where entry.share >= start && !pauseMarks.contains(index) {
            guard let current = best else {
                best = (index, entry.share, entry.distance)
                continue
            }
            let isBetter =
                entry.share != current.share
                ? entry.share > current.share
                : entry.distance != current.distance ? entry.distance < current.distance : index < current.index
            if isBetter { best = (index, entry.share, entry.distance) }
        }
        return best?.index
    }

    private mutating func decide(at time: Duration) -> [AutoplayDecision] {
        now = max(now, time)
        // A paused cell that left the screen may start on its own again when it comes back.
        pauseMarks = pauseMarks.filter { share(of: $0) >= stop }
        var decisions: [AutoplayDecision] = []
        if let current = playing, share(of: current) < stop {
            decisions.append(.stop(current))
            playing = nil
        }
        // The wait counts only while nothing plays: a cell that was the best while another played (kept by rule 3)
        // has not yet been the one to start, and starting it the moment the other stops, mid-scroll, flickers.
        guard playing == nil, !isHeldBack, let best else {
            candidate = nil
            return decisions
        }
        if candidate?.index != best { candidate = (best, now) }
        if phase == .idle || now - (candidate?.since ?? now) >= settle {
            decisions.append(.play(best))
            playing = best
            candidate = nil
        }
        return decisions
    }
}

extension AutoplaySelector {
    /// Whether the user paused this cell and it has stayed in view since, holding autoplay back.
    func isHeldBack(by index: Int) -> Bool { pauseMarks.contains(index) }
}
