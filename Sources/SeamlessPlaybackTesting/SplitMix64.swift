/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64), so that a
/// seed names a workload: equal seeds give equal sequences, on every platform.
///
/// Use it to make randomised tests of your pages replayable:
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let media = clips.randomElement(using: &random)
/// ```
///
/// It is not cryptographically secure; handoff tokens use the system's secure generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    /// - Parameter seed: Any 64-bit value; print it with a failure to replay the run.
    public init(seed: UInt64) { state = seed }

    /// A generator for one stream of a run, independent of the others: page `index`, window `index`, ….
    /// - Parameters:
    ///   - seed: The run's seed, shared by every stream.
    ///   - stream: The stream's number within the run.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    /// The next 64 random bits.
    /// - Returns: The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    /// - Parameter p: The probability, from 0 (never) to 1 (always).
    /// - Returns: Whether the event happens this time.
    public mutating func chance(_ p: Double) -> Bool {
        p > 0 && Double(next() >> 11) * 0x1p-53 < p
    }

    /// A uniform integer in `0..<bound`; a bound below 1 counts as 1.
    /// - Parameter bound: The exclusive upper bound.
    /// - Returns: An integer from 0 to `bound - 1`.
    public mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(max(1, bound)))
    }
}
