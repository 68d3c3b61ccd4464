import Foundation

/// How an engine's read of a cached media is served: which parts come from a ``MediaCache``, which from the origin.
///
/// A pure decision shared by the engines' readers — libmpv's stream and AVPlayer's resource loader — so that both
/// read through the cache alike: cached bytes are served from the cache, the gaps are fetched from the origin (and
/// written into the cache as they arrive), each fetch widened forward to at least a minimum size so that a reader
/// asking for a few kilobytes at a time does not send a request per read.
public struct CachedReadPlan: Hashable, Sendable {
    /// Where a segment's bytes come from.
    public enum Source: Hashable, Sendable {
        /// The cache holds every byte of the segment.
        case cache
        /// The origin: none of the segment's bytes is cached.
        case origin
    }

    /// A part of the read, in order.
    public struct Segment: Hashable, Sendable {
        /// The bytes of the media the segment covers.
        public var range: Range<Int64>
        /// Where they come from.
        public var source: Source

        /// Creates a segment.
        /// - Parameters:
        ///   - range: The bytes it covers.
        ///   - source: Where they come from.
        public init(_ range: Range<Int64>, from source: Source) {
            self.range = range
            self.source = source
        }
    }

    /// The segments, in order, covering the read from its start without gaps; an origin segment may reach past the
    /// read's end (the fetch is widened), a cache segment never does.
    public var segments: [Segment]

    /// Plans a read.
    ///
    /// The read is clipped to the media's length when it is known; a read that starts at or past the length has no
    /// segments (the end of the media). Cached parts of the read come from the cache; each gap comes from the origin,
    /// widened forward to `minimumFetch` bytes but never past the length or into the next cached byte.
    /// - Parameters:
    ///   - read: The bytes the engine asks for; empty or negative reads have no segments.
    ///   - cached: What the cache holds of the media.
    ///   - length: The media's length, if known.
    ///   - minimumFetch: The least an origin segment fetches; values below 1 count as 1.
    /// - Returns: The plan.
    public static func plan(
        _ read: Range<Int64>, cached: RangeSet<Int64>, length: Int64?, minimumFetch: Int64
    ) -> CachedReadPlan {
        let end = length.map { min(read.upperBound, $0) } ?? read.upperBound
        guard read.lowerBound >= 0, read.lowerBound < end else { return CachedReadPlan(segments: []) }
        let wanted = read.lowerBound..<end
        var segments: [Segment] = []
        var position = wanted.lowerBound
        while position < wanted.upperBound {
            if let held = cached.ranges.first(where: { $0.contains(position) }) {
                let upper = min(held.upperBound, wanted.upperBound)
                segments.append(Segment(position..<upper, from: .cache))
                position = upper
                continue
            }
            // A gap: up to the next cached byte, widened to the minimum fetch but not past the length or that byte.
            let nextCached = cached.ranges.first(where: { $0.lowerBound > position })?.lowerBound
            let widened = Self.saturatingSum(position, max(1, minimumFetch))
            var upper = max(wanted.upperBound, widened)
            if let nextCached { upper = min(upper, nextCached) }
            if let length { upper = min(upper, length) }
            segments.append(Segment(position..<upper, from: .origin))
            position = upper
        }
        return CachedReadPlan(segments: segments)
    }

    private static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
