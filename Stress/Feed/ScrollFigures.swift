/// What one rule did over a scroll run: its starts, the starts it took back at once, how long the user waited at
/// rest, and the three counts that must stay zero.
struct ScrollFigures: Sendable {
    /// A start undone within this time is a flicker.
    static let flickerWindow = Duration.milliseconds(300)

    var starts = 0
    var flickerStarts = 0
    /// Of the flicker starts, those that started while the list moved (the rest started at rest and were scrolled
    /// away by the user's next gesture).
    var flickerStartsWhileMoving = 0
    var restToPlayingMilliseconds: [Double] = []
    /// Rests that began with a candidate in view and ended with nothing playing.
    var restsWithoutStart = 0
    var twoPlayingAtOnce = 0
    var userPausedStartedByAutoplay = 0
    var leasesLeaked = 0
    private var current: (index: Int, since: Duration, whileMoving: Bool)?

    /// Notes the cell that plays at `now`.
    /// - Returns: Whether a cell started.
    @discardableResult
    mutating func observe(_ playing: Int?, at now: Duration, whileMoving: Bool = false) -> Bool {
        guard playing != current?.index else { return false }
        if let current, now - current.since < Self.flickerWindow {
            flickerStarts += 1
            if current.whileMoving { flickerStartsWhileMoving += 1 }
        }
        guard let playing else {
            current = nil
            return false
        }
        starts += 1
        current = (playing, now, whileMoving)
        return true
    }

    /// `count` cells were inserted at `index`: the playing one follows its cell (a move is not a start).
    mutating func shift(from index: Int, by count: Int) {
        if let playing = current, playing.index >= index { current?.index = playing.index + count }
    }

    /// The `p`-th percentile (0...100) of rest → playing, nearest rank.
    func restToPlaying(_ p: Double) -> Double {
        let sorted = restToPlayingMilliseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
