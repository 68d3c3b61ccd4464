/// Writes which lease asked for a seek into the seek's position, so that the engine can tell who asked.
///
/// The pool hands the position to the engine unchanged, and nothing else of the call reaches the engine. The whole
/// seconds carry the seek's number (unique within its ``SeekLedger``), the attoseconds the grant epoch of the lease that
/// asked: an epoch is unique within a pool and, in any run, far below 10¹⁸.
struct SeekTag: Hashable, Sendable, CustomStringConvertible {
    /// The seek's number, unique within its ledger.
    let number: UInt64
    /// The grant epoch of the lease that asked (``SeamlessPlayback/PlayerLease/grantEpoch``).
    let epoch: UInt64

    private static let attosecondsPerSecond: UInt64 = 1_000_000_000_000_000_000

    /// A tag, or `nil` when the number or the epoch does not fit in a position.
    /// - Parameters:
    ///   - number: The seek's number.
    ///   - epoch: The grant epoch of the lease that asks.
    init?(number: UInt64, epoch: UInt64) {
        guard number <= UInt64(Int64.max), epoch < Self.attosecondsPerSecond else { return nil }
        self.number = number
        self.epoch = epoch
    }

    /// The tag a position carries, or `nil` for a position no tag makes (a negative one among them).
    /// - Parameter position: A position a seek was given.
    init?(position: Duration) {
        let (seconds, attoseconds) = position.components
        guard seconds >= 0, attoseconds >= 0 else { return nil }
        self.init(number: UInt64(seconds), epoch: UInt64(attoseconds))
    }

    /// The position that carries the tag; never negative.
    var position: Duration {
        Duration(secondsComponent: Int64(number), attosecondsComponent: Int64(epoch))
    }

    /// `seek #N of grant E`.
    var description: String { "seek #\(number) of grant \(epoch)" }
}
