import Foundation

/// The share of swipes whose first frame came within a time, with and without the preload policy, as an
/// SVG document (a cumulative distribution: the higher and further left, the better).
enum FeedSVG {
    static func document(with policy: FeedFigures, without: FeedFigures, coldStartMilliseconds: Double) -> String {
        let series = [
            (without, "without the policy (LRU recycling)", "#d62728"), (policy, "with the preload policy", "#1f77b4"),
        ]
        let highest = max(
            coldStartMilliseconds * 1.2,
            (series.flatMap(\.0.firstFrameMilliseconds).max() ?? 1) * 1.05)
        let (width, height, left, bottom, right, upper) = (960.0, 420.0, 70.0, 60.0, 20.0, 40.0)
        let plotWidth = width - left - right
        let plotHeight = height - bottom - upper
        func x(_ milliseconds: Double) -> Double { left + milliseconds / highest * plotWidth }
        func y(_ share: Double) -> Double { upper + plotHeight - share * plotHeight }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="15">Swipe to first frame, \(policy.swipes) swipes, \(Int(coldStartMilliseconds)) ms cold start (virtual clock): share of swipes within a time</text>

            """
        for (row, (figures, label, color)) in series.enumerated() {
            let sorted = figures.firstFrameMilliseconds.sorted()
            var path = "M \(x(0)) \(y(0))"
            for (offset, value) in sorted.enumerated() {
                let share = Double(offset + 1) / Double(sorted.count)
                path += " L \(x(value)) \(y(Double(offset) / Double(sorted.count))) L \(x(value)) \(y(share))"
            }
            path += " L \(x(highest)) \(y(1))"
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            let p95 = figures.firstFrame(95)
            svg +=
                "<text x=\"\(width - right - 420)\" y=\"\(upper + plotHeight - 60 + Double(row) * 18)\" fill=\"\(color)\">"
                + "\(label): warm \(Format.fixed(figures.warmShare * 100, 1)) %, p95 \(Format.fixed(p95, 0)) ms</text>\n"
        }
        svg +=
            "<line x1=\"\(left)\" y1=\"\(upper + plotHeight)\" x2=\"\(width - right)\" y2=\"\(upper + plotHeight)\" stroke=\"black\"/>\n"
        svg += "<line x1=\"\(left)\" y1=\"\(upper)\" x2=\"\(left)\" y2=\"\(upper + plotHeight)\" stroke=\"black\"/>\n"
        var tick = 0.0
        let step = highest > 400 ? 100.0 : 50.0
        while tick <= highest {
            svg +=
                "<line x1=\"\(x(tick))\" y1=\"\(upper + plotHeight)\" x2=\"\(x(tick))\" y2=\"\(upper + plotHeight + 5)\" stroke=\"black\"/>"
                + "<text x=\"\(x(tick))\" y=\"\(upper + plotHeight + 18)\" text-anchor=\"middle\">\(Int(tick)) ms</text>\n"
            tick += step
        }
        for share in stride(from: 0.0, through: 1.0, by: 0.25) {
            svg +=
                "<text x=\"\(left - 8)\" y=\"\(y(share) + 4)\" text-anchor=\"end\">\(Int(share * 100)) %</text>"
                + "<line x1=\"\(left)\" y1=\"\(y(share))\" x2=\"\(width - right)\" y2=\"\(y(share))\" stroke=\"#dddddd\"/>\n"
        }
        svg +=
            "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 15)\" text-anchor=\"middle\">swipe to first frame</text>\n"
        svg +=
            "<text x=\"18\" y=\"\(upper + plotHeight / 2)\" transform=\"rotate(-90 18 \(upper + plotHeight / 2))\" "
            + "text-anchor=\"middle\">share of swipes</text>\n</svg>\n"
        return svg
    }
}
