/// What the link delivers to a prefetcher's fetches: the bytes they brought per second of time in which at least one
/// of them was in flight, over the last few seconds of such time.
///
/// Fetches that run together count together: two at once that each bring 100 KB in a second make 200 KB/s. The time
/// a fetch waits for its first byte counts, as it does in what a fetch costs; so do the bytes and time of a fetch that
/// is cancelled or fails (what it brought is cached). Time in which no fetch runs does not count: the link may be
/// idle, or busy with a clip that plays, and says nothing of what a fetch gets.
///
/// The estimate is taken at each fetch's end over all the time and bytes since the last one; once more than
/// ``horizon`` of time is counted, the older figures weigh less, in proportion, so that the estimate follows a link
/// that changes. No estimate until ``minimumTime`` of time and ``minimumBytes`` are counted.
struct LinkThroughput: Hashable, Sendable {
    /// How much fetching time the estimate spans, at most: older figures are scaled down to fit.
    static let horizon = Duration.seconds(4)
    /// The least fetching time an estimate rests on.
    static let minimumTime = Duration.milliseconds(200)
    /// The fewest bytes an estimate rests on.
    static let minimumBytes: Int64 = 32 << 10

    /// The fetches in flight.
    private(set) var inFlight = 0
    /// Since when the time in flight has not been counted yet, while a fetch is in flight.
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

    /// A fetch started at `now` (time since any fixed moment, the same for every call).
    mutating func fetchStarted(at now: Duration) {
        if inFlight == 0 { uncountedSince = now }
        inFlight += 1
    }

    /// Bytes of a fetch in flight arrived; negative counts are ignored.
    mutating func delivered(_ count: Int64) {
        guard inFlight > 0, count > 0 else { return }
        uncountedBytes = uncountedBytes.addingReportingOverflow(count).overflow ? .max : uncountedBytes + count
    }

    /// A fetch ended at `now`, however it ended: the time and bytes since the last count are counted.
    mutating func fetchEnded(at now: Duration) {
        guard inFlight > 0 else { return }
        inFlight -= 1
        if let since = uncountedSince {
            seconds += max(0, (now - since).inSeconds)
            bytes += Double(uncountedBytes)
        }
        uncountedBytes = 0
        uncountedSince = inFlight > 0 ? now : nil
        let horizon = Self.horizon.inSeconds
        if seconds > horizon {
            bytes *= horizon / seconds
            seconds = horizon
        }
    }
}
