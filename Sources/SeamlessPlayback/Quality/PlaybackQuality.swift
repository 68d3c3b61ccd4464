/// How playback went for one lease, or for a whole pool: how long it took to start, how long it played, how often
/// and how long it stalled.
///
/// Times run on the pool's clock, from the engine's status reports, and count only while the lease is its player's
/// active holder: a lender's clock stops while its player is lent, and the borrower's starts at the borrow. Read a
/// lease's with ``PageSession/quality(of:)``, the sum over every lease with ``PlayerPool/quality``; the pool reports a
/// lease's figures with ``PoolEvent/qualityReported(_:session:_:)`` each time its run as active holder ends.
///
/// Encoded (`Codable`) with its times in seconds and its ``rebufferRatio``, for forwarding to an analytics backend.
public struct PlaybackQuality: Hashable, Sendable {
    /// From the acquire or borrow that began the lease's run to its first ``PlaybackPhase/playing``, or `nil` until
    /// then. A borrow of a player that is already playing starts when its settings are on the engine.
    ///
    /// In a pool's sum, the sum over the leases that started.
    public var startupTime: Duration?
    /// Time in ``PlaybackPhase/playing`` while the lease was the active holder.
    public var playingTime: Duration
    /// Entries into ``PlaybackPhase/buffering`` after the first ``PlaybackPhase/playing`` (the first load is not one),
    /// while the lease was the active holder. A seek that makes the engine buffer counts too.
    public var stallCount: Int
    /// Time in those stalls.
    public var stallTime: Duration
    /// Seeks made through the lease that the engine carried out.
    public var seekCount: Int
    /// Loads of the lease's media tried again after a transient ``MediaFailure``.
    public var loadRetries: Int

    /// `stallTime / (playingTime + stallTime)`; 0 when both are zero.
    public var rebufferRatio: Double {
        let total = playingTime + stallTime
        guard total > .zero else { return 0 }
        return stallTime / total
    }

    /// Creates a quality record; the defaults describe a lease that has not started.
    /// - Parameters:
    ///   - startupTime: Time to the first frame playing, or `nil`.
    ///   - playingTime: Time playing.
    ///   - stallCount: Stalls after the start.
    ///   - stallTime: Time in those stalls.
    ///   - seekCount: Seeks carried out.
    ///   - loadRetries: Loads tried again.
    public init(
        startupTime: Duration? = nil, playingTime: Duration = .zero, stallCount: Int = 0, stallTime: Duration = .zero,
        seekCount: Int = 0, loadRetries: Int = 0
    ) {
        self.startupTime = startupTime
        self.playingTime = playingTime
        self.stallCount = stallCount
        self.stallTime = stallTime
        self.seekCount = seekCount
        self.loadRetries = loadRetries
    }

    /// The sum of two records: each count and time added; a startup time when either has one.
    /// - Parameter other: The record to add.
    /// - Returns: The sum.
    public func adding(_ other: PlaybackQuality) -> PlaybackQuality {
        var sum = self
        sum.add(other)
        return sum
    }

    mutating func add(_ other: PlaybackQuality) {
        if let startup = other.startupTime { startupTime = (startupTime ?? .zero) + startup }
        playingTime += other.playingTime
        stallCount += other.stallCount
        stallTime += other.stallTime
        seekCount += other.seekCount
        loadRetries += other.loadRetries
    }
}

extension PlaybackQuality: Codable {
    private enum CodingKeys: String, CodingKey {
        case startupTime, playingTime, stallCount, stallTime, rebufferRatio, seekCount, loadRetries
    }

    /// Decodes a record encoded by ``encode(to:)``: times in seconds, kept to the nanosecond; the ratio is computed
    /// again, not read.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing, of the wrong type, or a time is negative or not finite.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> Duration? {
            guard let seconds = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard seconds.isFinite, seconds >= 0, seconds < 9e9 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "a time in seconds, finite and not negative")
            }
            return .nanoseconds(Int64((seconds * 1e9).rounded()))
        }
        func required(_ key: CodingKeys) throws -> Duration {
            guard let value = try time(key) else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: container.codingPath, debugDescription: "\(key.stringValue) is missing"))
            }
            return value
        }
        self.init(
            startupTime: try time(.startupTime),
            playingTime: try required(.playingTime),
            stallCount: try container.decode(Int.self, forKey: .stallCount),
            stallTime: try required(.stallTime),
            seekCount: try container.decode(Int.self, forKey: .seekCount),
            loadRetries: try container.decode(Int.self, forKey: .loadRetries)
        )
    }

    /// Encodes the record with its times in seconds (`startupTime` null until the start) and its
    /// ``rebufferRatio``.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(startupTime.map(\.inSeconds), forKey: .startupTime)
        try container.encode(playingTime.inSeconds, forKey: .playingTime)
        try container.encode(stallCount, forKey: .stallCount)
        try container.encode(stallTime.inSeconds, forKey: .stallTime)
        try container.encode(rebufferRatio, forKey: .rebufferRatio)
        try container.encode(seekCount, forKey: .seekCount)
        try container.encode(loadRetries, forKey: .loadRetries)
    }
}
