/// What the link delivers to a prefetcher's fetches: the bytes they brought per second of time in which at least one
/// of them was receiving, weighted towards the latest.
///
/// A fetch is receiving from its first bytes to its end. Fetches that receive together count together: two at once
/// that each bring 100 KB in a second make 200 KB/s. The wait for a fetch's first bytes does not count — it is the
/// origin's answer time, not the link's rate, and a fetch whose origin never answers says nothing of the link — nor
/// does time in which no fetch receives (the link may be idle, or busy with a clip that plays). What a cancelled or
/// failed fetch brought counts, up to its end.
///
/// At each fetch's end the time and bytes since the last one make a sample, which moves the estimate by ``weight`` of
/// the way towards it — less for a sample shorter than ``fullWeightSpan``, in proportion — so that the estimate
/// follows a link that speeds up or slows down within a few fetches, and one short burst moves it little. No estimate
/// until ``minimumTime`` of time and ``minimumBytes`` are counted in all.
struct LinkThroughput: Hashable, Sendable {
    /// How far a sample moves the estimate towards it.
    static let weight = 0.5
    /// A sample shorter than this moves the estimate less, in proportion.
    static let fullWeightSpan = Duration.milliseconds(100)
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
    /// The bytes and seconds counted in all.
    private var bytes = 0.0
    private var seconds = 0.0
    /// The estimate, once a sample was taken.
    private var estimate: Double?

    /// An estimator with nothing measured.
    init() {}

    /// The link's rate in bytes per second, once enough is counted; `nil` before.
    var bytesPerSecond: Double? {
        guard seconds >= Self.minimumTime.inSeconds, bytes >= Double(Self.minimumBytes) else { return nil }
        return estimate
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
            let span = max(0, (now - since).inSeconds)
            let sample = Double(uncountedBytes)
            seconds += span
            bytes += sample
            // A clock that did not move measures nothing.
            if span > 0 {
                let rate = sample / span
                let weight = Self.weight * min(1, span / Self.fullWeightSpan.inSeconds)
                estimate = estimate.map { $0 + (rate - $0) * weight } ?? rate
            }
        }
        uncountedBytes = 0
        uncountedSince = receiving > 0 ? now : nil
    }
}
