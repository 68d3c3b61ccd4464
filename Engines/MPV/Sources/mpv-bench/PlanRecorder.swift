import Foundation
import SeamlessPlayback

/// A prefetcher that notes the plan the pool hands it, then hands it on: the bench reads which items were in the byte
/// tier at the moment of each swipe.
final class PlanRecorder: BytePrefetching {
    private let next: any BytePrefetching
    private let lock = NSLock()
    nonisolated(unsafe) private var latest = BytePrefetchPlan.empty

    init(handingOnTo next: any BytePrefetching) {
        self.next = next
    }

    func update(_ plan: BytePrefetchPlan) {
        lock.withLock { latest = plan }
        next.update(plan)
    }

    /// The items of the plan in force.
    var byteTier: Set<MediaItem> { lock.withLock { Set(latest.items) } }
}
