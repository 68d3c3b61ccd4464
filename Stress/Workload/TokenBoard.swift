@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting

/// Where lenders leave handoff tokens for other pages to borrow, like links on a screen.
///
/// It keeps the latest few tokens only; older ones fall off, as links scroll away.
final class TokenBoard: Sendable {
    /// A token with what the harness knows of it (the pool itself tells nothing).
    struct Entry: Sendable {
        let token: HandoffToken
        let engine: StressEngine
        let player: PlayerID
        let lender: Int
        /// When it was issued, in nanoseconds of ``Nanoseconds/now()``.
        let issued: UInt64
    }

    private let entries = Protected<[Entry]>([])
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func post(_ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }

    /// Takes the token at `position` (modulo the count); with `keep` it stays for others to try too.
    func take(at position: Int, keep: Bool) -> Entry? {
        entries.withLock { entries in
            guard !entries.isEmpty else { return nil }
            let index = position % entries.count
            return keep ? entries[index] : entries.remove(at: index)
        }
    }
}
