/// Whether a series sampled through a long run still grows in its second half: a least-squares line through the
/// samples of the second half, and its rise over that half against a stated noise bound.
///
/// The first half is left out on purpose: a process warms up (allocator arenas, decoders, the cache filling to its
/// capacity, the closed streams kept for late cancels filling to their limit) and then should hold level. A series is
/// flat when the fitted line rises over the second half by no more than the bound allows:
/// `slope × span ≤ max(bound.absolute, bound.relative × mean of the half, 3 × standard error of slope × span)`.
/// The last term is the noise the samples themselves show: a pool whose trims empty it and whose preloads refill it
/// swings its engines, threads and descriptors by the capacity's worth, and over a minute's samples such swings can
/// tilt a line; over half an hour's they cannot, and the standard error shrinks with the samples. A falling series is
/// flat.
package struct SeriesTrend: Hashable, Sendable {
    /// One sample: seconds since the run began, and the value then.
    package struct Point: Hashable, Sendable {
        package var seconds: Double
        package var value: Double

        /// A sample.
        package init(seconds: Double, value: Double) {
            self.seconds = seconds
            self.value = value
        }
    }

    /// How much rise over the second half counts as noise.
    package struct Bound: Hashable, Sendable {
        /// The rise allowed whatever the series' level, in the series' unit.
        package var absolute: Double
        /// The rise allowed as a share of the half's mean (0.05 is 5 %).
        package var relative: Double

        /// A bound.
        package init(absolute: Double, relative: Double = 0) {
            self.absolute = absolute
            self.relative = relative
        }
    }

    /// The fitted slope of the second half, per minute.
    package var slopePerMinute: Double
    /// The fitted line's rise over the second half's span (negative when it falls).
    package var rise: Double
    /// The rise the bound allows.
    package var allowance: Double
    /// The standard error of the fitted rise (of the slope, times the half's span).
    package var standardError: Double
    /// How many samples the second half had.
    package var samples: Int

    /// Whether the second half holds level within the bound. With fewer than three samples in the half there is no
    /// line to judge, and the series counts as flat (the run was too short to say).
    package var isFlat: Bool { samples < 3 || rise <= allowance }

    /// The least-squares line through `points`.
    /// - Returns: Its slope per second and its intercept, or `nil` with fewer than two distinct times.
    package static func fit(_ points: [Point]) -> (slope: Double, intercept: Double)? {
        line(points).map { ($0.slope, $0.intercept) }
    }

    /// The least-squares line through `points`, with the standard error of its slope (0 with two points).
    private static func line(_ points: [Point]) -> (slope: Double, intercept: Double, slopeError: Double)? {
        guard points.count >= 2 else { return nil }
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.seconds } / count
        let meanY = points.reduce(0) { $0 + $1.value } / count
        var covariance = 0.0
        var variance = 0.0
        for point in points {
            covariance += (point.seconds - meanX) * (point.value - meanY)
            variance += (point.seconds - meanX) * (point.seconds - meanX)
        }
        guard variance > 0 else { return nil }
        let slope = covariance / variance
        let intercept = meanY - slope * meanX
        guard points.count > 2 else { return (slope, intercept, 0) }
        let squares = points.reduce(0.0) { sum, point in
            let residual = point.value - (intercept + slope * point.seconds)
            return sum + residual * residual
        }
        return (slope, intercept, (squares / (count - 2) / variance).squareRoot())
    }

    /// Judges the second half of `points` (those at or after the midpoint of the first and last times).
    /// - Parameters:
    ///   - points: The series, in any order.
    ///   - bound: The rise that counts as noise.
    package static func judge(_ points: [Point], bound: Bound) -> SeriesTrend {
        let sorted = points.sorted { $0.seconds < $1.seconds }
        guard let first = sorted.first, let last = sorted.last else {
            return SeriesTrend(slopePerMinute: 0, rise: 0, allowance: bound.absolute, standardError: 0, samples: 0)
        }
        let middle = (first.seconds + last.seconds) / 2
        let half = sorted.filter { $0.seconds >= middle }
        let mean = half.isEmpty ? 0 : half.reduce(0) { $0 + $1.value } / Double(half.count)
        let stated = max(bound.absolute, bound.relative * abs(mean))
        guard let line = line(half), let start = half.first, let end = half.last else {
            return SeriesTrend(slopePerMinute: 0, rise: 0, allowance: stated, standardError: 0, samples: half.count)
        }
        let span = end.seconds - start.seconds
        let error = line.slopeError * span
        return SeriesTrend(
            slopePerMinute: line.slope * 60, rise: line.slope * span, allowance: max(stated, 3 * error),
            standardError: error, samples: half.count)
    }
}
