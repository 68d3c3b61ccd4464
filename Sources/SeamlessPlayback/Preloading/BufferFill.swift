/// How fast a playing clip's engine fills its buffer against how fast the clip plays, from its status reports: the
/// media it brought in per second of media it played, between two reports at least ``minimumSpan`` of play apart.
///
/// The reach of a report is its position plus what it holds ahead (``PlaybackStatus/bufferedAhead``); the ratio is
/// the reach's advance over the position's. 1 is a clip that keeps level; 2 one whose link carries it and as much
/// again; below 1 one that runs down its buffer. It measures the link as the clip gets it at that moment: alone, or
/// sharing it with whatever else reads from the network.
///
/// Only reports of a clip that plays and says what it holds, of known length, count. One that does not (a load, a
/// pause, a stall, the end), or one that plays at an earlier position than the one measured from (a seek back, a loop),
/// or one whose reach falls short of the one measured from or of the last report's (its buffer shrank), forgets the
/// measurement, which starts afresh from the next report that plays (or, for a shrunk buffer, from this one): what a
/// paused clip fills is not the link's pace, a stall says the clip ran dry whatever it was, a seek moves what it holds,
/// and the link a clip came back to after a swipe away may not be the one it had. A clip whose ratio is at least
/// ``ample`` gives the link away before it holds its window's ``PreloadWindow/focusedBufferAhead``.
struct BufferFill: Hashable, Sendable {
    /// The least play between the two reports a ratio is taken from: reports closer together say little.
    static let minimumSpan = Duration.milliseconds(250)
    /// The ratio from which a clip short of its target no longer needs the link to itself: it fills twice as fast as
    /// it plays, so the link carries it and as much again.
    static let ample = 2.0

    /// A report's position and reach, in seconds.
    private struct Mark: Hashable, Sendable {
        var position: Double
        var reach: Double
    }

    /// The report measured from.
    private var base: Mark?
    /// The reach of the last report that played, measured from or not.
    private var lastReach: Double?
    /// The media brought in per second of media played, between the last two reports measured; `nil` until two were.
    private(set) var ratio: Double?

    /// A fill with nothing measured.
    init() {}

    /// Whether the last ratio measured is ``ample``.
    var isAmple: Bool { (ratio ?? 0) >= Self.ample }

    /// Takes the clip's next report into the measurement.
    mutating func reported(_ status: PlaybackStatus) {
        guard status.phase == .playing, status.duration != nil, let ahead = status.bufferedAhead else {
            (base, ratio, lastReach) = (nil, nil, nil)
            return
        }
        let position = status.position.inSeconds
        let reach = position + max(0, ahead.inSeconds)
        let previousReach = lastReach
        lastReach = reach
        guard let base, position >= base.position else {
            // The first report that plays, or one after a seek back (or a loop): measured from here on.
            if base != nil { ratio = nil }
            self.base = Mark(position: position, reach: reach)
            return
        }
        // Its buffer reaches less far than before — than the report measured from, or than the last one, closer than
        // the least span to it: it lost what it held (others took the link, or the engine dropped it), whatever the
        // play between. Measured afresh from here.
        guard reach >= base.reach, reach >= previousReach ?? reach else {
            (self.base, ratio) = (Mark(position: position, reach: reach), nil)
            return
        }
        let span = position - base.position
        guard span >= Self.minimumSpan.inSeconds else { return }
        ratio = (reach - base.reach) / span
        self.base = Mark(position: position, reach: reach)
    }
}
