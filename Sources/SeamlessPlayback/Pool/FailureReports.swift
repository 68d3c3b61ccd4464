import Synchronization

/// Counts the failure reports of every engine of one pool, from any thread: an apply the engine took at once asks
/// the engine's lane for a failure noted during the call only when this count moved during it.
final class FailureReports: Sendable {
    private let count = Atomic<Int>(0)

    /// Reports so far. A report is noted on its lane before it is counted here.
    var value: Int { count.load(ordering: .acquiring) }

    /// Counts one report, after its lane noted it.
    func add() {
        count.add(1, ordering: .releasing)
    }
}
