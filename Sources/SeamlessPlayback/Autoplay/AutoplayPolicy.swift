/// When a feed's cells start and stop playing on their own, for ``AutoplaySelector`` and ``FeedAutoplay``.
///
/// A cell starts with at least ``startThreshold`` of its area on screen and stops below ``stopThreshold``; the gap
/// between the two keeps a cell near the edge from starting and stopping as the list moves a few points. While the
/// list moves, a cell must stay the best candidate for ``settleTime`` before it starts, so a fling starts none of the
/// cells it passes.
public struct AutoplayPolicy: Hashable, Sendable {
    /// A cell starts only with at least this share of its area visible. Default 0.65; clamped to 0...1 when used.
    public var startThreshold: Double
    /// The playing cell stops below this share. Default 0.5; clamped to 0...``startThreshold`` when used.
    public var stopThreshold: Double
    /// While the list moves, how long a new cell must stay the best candidate before it starts. Default 150 ms;
    /// `.zero` (or less) starts it at once.
    public var settleTime: Duration

    /// Creates a policy.
    /// - Parameters:
    ///   - startThreshold: The share of a cell's area that must be visible for it to start.
    ///   - stopThreshold: The share below which the playing cell stops; values above `startThreshold` count as it.
    ///   - settleTime: How long a cell must stay the best candidate while the list moves before it starts.
    public init(startThreshold: Double = 0.65, stopThreshold: Double = 0.5, settleTime: Duration = .milliseconds(150)) {
        self.startThreshold = startThreshold
        self.stopThreshold = stopThreshold
        self.settleTime = settleTime
    }

    /// The start threshold as the selector uses it: within 0...1 (NaN counts as 1: nothing starts on its own).
    var effectiveStart: Double { startThreshold.isNaN ? 1 : min(max(startThreshold, 0), 1) }

    /// The stop threshold as the selector uses it: within 0...``effectiveStart`` (NaN counts as 0).
    var effectiveStop: Double { stopThreshold.isNaN ? 0 : min(max(stopThreshold, 0), effectiveStart) }

    /// The settle time as the selector uses it: never negative.
    var effectiveSettle: Duration { max(settleTime, .zero) }
}
