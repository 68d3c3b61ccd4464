/// The live progress line on stderr: elapsed time, operations, rate, windows and violations.
struct ProgressLine {
    let start: UInt64
    let counters: RunCounters
    let violations: Violations
    let isEnabled: Bool
    private let lastPrinted = Box<UInt64>(0)

    init(start: UInt64, counters: RunCounters, violations: Violations, isEnabled: Bool) {
        self.start = start
        self.counters = counters
        self.violations = violations
        self.isEnabled = isEnabled
        lastPrinted.value = start
    }

    /// Prints the line at most once a second.
    func tick(now: UInt64) {
        guard isEnabled, now - lastPrinted.value >= 1_000_000_000 else { return }
        lastPrinted.value = now
        print(now: now, end: "\r")
    }

    /// Prints the line a last time and ends it.
    func finish(now: UInt64) {
        guard isEnabled else { return }
        print(now: now, end: "\n")
    }

    private func print(now: UInt64, end: String) {
        let seconds = Double(now - start) / 1e9
        let operations = counters.operations.load(ordering: .relaxed)
        let rate = seconds > 0 ? Double(operations) / seconds : 0
        StandardError.write(
            "  \(Format.seconds(seconds))  ops \(Format.grouped(operations))  "
                + "\(Format.grouped(Int(rate)))/s  lin windows \(counters.windows.load(ordering: .relaxed))  "
                + "violations \(violations.total)   \(end)")
    }
}

/// A mutable cell for a value that one task owns.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
