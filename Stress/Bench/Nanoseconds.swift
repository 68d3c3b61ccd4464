#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A monotonic clock read in nanoseconds, cheap enough to time each iteration of a benchmark.
enum Nanoseconds {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations count as zero).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
