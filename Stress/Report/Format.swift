/// Number formatting for the summary and the progress line.
enum Format {
    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// Seconds with one decimal, padded: `  12.3 s`.
    static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let text = "\(tenths / 10).\(tenths % 10) s"
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }

    /// Nanoseconds in the most readable unit: `850 ns`, `1.25 µs`, `3.4 ms`.
    static func duration(nanoseconds value: Double) -> String {
        switch value {
        case ..<1_000: "\(fixed(value, 0)) ns"
        case ..<1_000_000: "\(fixed(value / 1_000, 2)) µs"
        case ..<1_000_000_000: "\(fixed(value / 1_000_000, 2)) ms"
        default: "\(fixed(value / 1_000_000_000, 2)) s"
        }
    }

    /// A number with `places` decimals.
    static func fixed(_ value: Double, _ places: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard places > 0 else { return "\(scaled)" }
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt(scale)
        var fraction = String(magnitude % UInt(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return "\(sign)\(whole).\(fraction)"
    }
}
