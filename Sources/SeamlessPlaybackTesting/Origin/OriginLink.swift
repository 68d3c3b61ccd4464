/// The one link that every connection of a ``TestOrigin`` shares in its shared-link mode
/// (``TestOrigin/Pacing/linkBytesPerSecond``), as a phone's radio is shared: a token bucket with no credit.
///
/// Each piece a connection writes reserves its share of link time, `length / rate`, after whatever is already
/// reserved (or from now, when the link has been idle); the writer waits until its reservation ends, then writes.
/// Two connections writing at once thus take turns and each gets half the rate; an idle link saves nothing up.
/// Pure: the caller passes `now` and keeps the value under the origin's lock.
struct OriginLink: Equatable {
    /// When the link time reserved so far ends; `nil` before the first reservation.
    private(set) var reservedUntil: ContinuousClock.Instant?

    /// Reserves the time `length` bytes take at `bytesPerSecond`, from the end of what is already reserved or from
    /// `now`, whichever is later.
    /// - Parameters:
    ///   - length: The piece's bytes.
    ///   - bytesPerSecond: The link's rate; values below 1 count as 1.
    ///   - now: The time of the reservation.
    /// - Returns: When the reservation ends: the moment the writer may send the piece.
    mutating func reserve(_ length: Int, bytesPerSecond: Int, now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let start = max(now, reservedUntil ?? now)
        let end = start + .seconds(max(0, length)) / max(1, bytesPerSecond)
        reservedUntil = end
        return end
    }
}
