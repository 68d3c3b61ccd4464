import Foundation

/// A latency histogram on log scales, the handoff round trip beside the floor, as an SVG document.
enum HistogramSVG {
    static func document(roundTrip: Latencies, floor: Latencies, sessions: Int) -> String {
        let binsPerDecade = 20.0
        let low = 1.0  // log10 of 10 ns
        let values = roundTrip.sorted + floor.sorted
        let highest = max(Double(values.max() ?? 1_000), 1_000)
        let high = (log10(highest) * binsPerDecade).rounded(.up) / binsPerDecade
        let binCount = max(1, Int(((high - low) * binsPerDecade).rounded()))
        func bins(_ latencies: Latencies) -> [Int] {
            var counts = Array(repeating: 0, count: binCount)
            for value in latencies.sorted {
                let position = (log10(max(Double(value), 10)) - low) * binsPerDecade
                counts[min(binCount - 1, max(0, Int(position)))] += 1
            }
            return counts
        }
        let series = [(floor, "floor: bare actor", "#888888"), (roundTrip, "handoff round trip", "#1f77b4")]
        let counted = series.map { bins($0.0) }
        let top = log10(Double((counted.flatMap { $0 }.max() ?? 1) + 1))
        let (width, height, left, bottom, right, upper) = (960.0, 420.0, 70.0, 60.0, 20.0, 40.0)
        let plotWidth = width - left - right
        let plotHeight = height - bottom - upper
        func x(_ logValue: Double) -> Double { left + (logValue - low) / (high - low) * plotWidth }
        func y(_ count: Int) -> Double { upper + plotHeight - log10(Double(count + 1)) / max(top, 1e-9) * plotHeight }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="15">Handoff round trip (lend + borrow + give back, \(sessions) sessions) beside the floor</text>

            """
        for (index, counts) in counted.enumerated() {
            let color = series[index].2
            var path = "M \(x(low)) \(y(0))"
            for (bin, count) in counts.enumerated() {
                let from = low + Double(bin) / binsPerDecade
                path += " L \(x(from)) \(y(count)) L \(x(from + 1 / binsPerDecade)) \(y(count))"
            }
            path += " L \(x(high)) \(y(0)) Z"
            svg += "<path d=\"\(path)\" fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\"/>\n"
            let latencies = series[index].0
            for (row, (label, value)) in [("p50", latencies.p50), ("p99", latencies.p99)].enumerated() where value > 0 {
                let position = x(log10(max(value, 10)))
                svg +=
                    "<line x1=\"\(position)\" y1=\"\(upper)\" x2=\"\(position)\" y2=\"\(upper + plotHeight)\" "
                    + "stroke=\"\(color)\" stroke-dasharray=\"4 3\"/>\n"
                // Each percentile on a line of its own, so that close values do not overprint.
                svg +=
                    "<text x=\"\(position + 3)\" y=\"\(upper + 12 + Double(index * 2 + row) * 14)\" fill=\"\(color)\">"
                    + "\(label) \(Format.duration(nanoseconds: value))</text>\n"
            }
            svg +=
                "<rect x=\"\(width - right - 300)\" y=\"\(upper + 8 + Double(index) * 18)\" width=\"12\" height=\"12\" "
                + "fill=\"\(color)\" fill-opacity=\"0.5\"/><text x=\"\(width - right - 282)\" y=\"\(upper + 18 + Double(index) * 18)\">"
                + "\(series[index].1) (\(Format.grouped(latencies.count)) samples)</text>\n"
        }
        svg +=
            "<line x1=\"\(left)\" y1=\"\(upper + plotHeight)\" x2=\"\(width - right)\" y2=\"\(upper + plotHeight)\" stroke=\"black\"/>\n"
        svg += "<line x1=\"\(left)\" y1=\"\(upper)\" x2=\"\(left)\" y2=\"\(upper + plotHeight)\" stroke=\"black\"/>\n"
        var decade = low.rounded(.up)
        while decade <= high {
            let position = x(decade)
            svg +=
                "<line x1=\"\(position)\" y1=\"\(upper + plotHeight)\" x2=\"\(position)\" y2=\"\(upper + plotHeight + 5)\" stroke=\"black\"/>"
                + "<text x=\"\(position)\" y=\"\(upper + plotHeight + 18)\" text-anchor=\"middle\">"
                + "\(Format.duration(nanoseconds: pow(10, decade)))</text>\n"
            decade += 1
        }
        svg +=
            "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 15)\" text-anchor=\"middle\">latency (log scale)</text>\n"
        svg +=
            "<text x=\"18\" y=\"\(upper + plotHeight / 2)\" transform=\"rotate(-90 18 \(upper + plotHeight / 2))\" "
            + "text-anchor=\"middle\">samples (log scale)</text>\n</svg>\n"
        return svg
    }
}
