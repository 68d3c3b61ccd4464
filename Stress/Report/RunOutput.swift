import Foundation

/// How a run ends, the same for the torture run and the feed run: its files, then its verdict.
enum RunOutput {
    /// Writes `value` as pretty-printed JSON to `path`; a failure is reported, not fatal.
    static func writeJSON(_ value: some Encodable, to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(value).write(to: URL(fileURLWithPath: path))
        } catch {
            StandardError.write("stress: cannot write \(path): \(error)\n")
        }
    }

    /// Writes `text` (an SVG) to `path`; a failure is reported, not fatal.
    static func writeText(_ text: String, to path: String) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            StandardError.write("stress: cannot write \(path): \(error)\n")
        }
    }

    /// Prints the verdict; returns the exit status: 1 with the first violations, 0 when clean.
    static func verdict(_ violations: Violations, seed: UInt64) -> Int32 {
        if violations.total > 0 {
            print("\nFAILED: \(violations.total) violations (seed \(seed)); the first ones:")
            for message in violations.recorded.prefix(20) { print(message) }
            return 1
        }
        print("\nclean: no violations (seed \(seed))")
        return 0
    }
}
