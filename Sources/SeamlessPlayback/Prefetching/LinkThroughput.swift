/// What the link delivers to a prefetcher's fetches: the bytes they brought per second of time in which at least one
/// of them was receiving, over the last few seconds of such time.
///
/// A fetch is receiving from its first bytes to its end. Fetches that receive together count together: two at once
/// that each bring 100 KB in a second make 200 KB/s. The wait for a fetch's first bytes does not count — it is the
/// origin's answer time, not the link's rate, and a fetch whose origin never answers says nothing of the link — nor
/// does time in which no fetch receives (the link may be idle, or busy with a clip that plays). What a cancelled or
/// failed fetch brought counts, up to its end.
///
/// The estimate is taken at each fetch's end over all the time and bytes since the last one; once more than
/// ``horizon`` of time is counted, the older figures weigh less, in proportion, so that the estimate follows a link
/// that changes. No estimate until ``minimumTime`` of time and ``minimumBytes`` are counted.
struct LinkThroughput: Hashable, Sendable {
    /// How much receiving time the estimate spans, at most: older figures are scaled down to fit.
    static let horizon = Duration.seconds(4)
    /// The least receiving time an estimate rests on.
    static let minimumTime = Duration.milliseconds(200)
    /// The fewest bytes an estimate rests on.
    static let minimumBytes: Int64 = 32 << 10

    /// The fetches in flight, and those of them that received their first bytes.
    private(set) var inFlight = 0
    private(set) var receiving = 0
    /// Since when the time receiving has not been counted yet, while a fetch receives.
    private var uncountedSince: Duration?
    /// Bytes arrived since the last count.
    private var uncountedBytes: Int64 = 0
    /// The bytes and seconds counted, the older scaled down.
    private var bytes = 0.0
    private var seconds = 0.0

    /// An estimator with nothing measured.
    init() {}

    /// The link's rate in bytes per second, once enough is counted; `nil` before.
    var bytesPerSecond: Double? {
        guard seconds >= Self.minimumTime.inSeconds, bytes >= Double(Self.minimumBytes) else { return nil }
        return bytes / seconds
    }

    /// A fetch started.
    mutating func fetchStarted() {
        inFlight += 1
    }

    /// The first bytes of a fetch in flight arrived at `now` (time since any fixed moment, the same for every call),
    /// `count` of them; ``delivered(_:)`` counts the later ones.
    mutating func firstBytes(_ count: Int64, at now: Duration) {
        guard receiving < inFlight else { return }
        if receiving == 0 { uncountedSince = now }
        receiving += 1
        delivered(count)
    }

    /// More bytes of a receiving fetch arrived; negative counts are ignored.
    mutating func delivered(_ count: Int64) {
        guard receiving > 0, count > 0 else { return }
        uncountedBytes = uncountedBytes.addingReportingOverflow(count).overflow ? .max : uncountedBytes + count
    }

    /// A fetch ended at `now`, however it ended; `received` says whether its first bytes had arrived. The time and
    /// bytes since the last count are counted.
    mutating func fetchEnded(received: Bool, at now: Duration) {
        guard inFlight > 0 else { return }
        inFlight -= 1
        guard received, receiving > 0 else {
            receiving = min(receiving, inFlight)
            return
        }
        receiving -= 1
        if let since = uncountedSince {
            seconds += max(0, (now - since).inSeconds)
            bytes += Double(uncountedBytes)
        }
        uncountedBytes = 0
        uncountedSince = receiving > 0 ? now : nil
        let horizon = Self.horizon.inSeconds
        if seconds > horizon {
            bytes *= horizon / seconds
            seconds = horizon
        }
    }
}
