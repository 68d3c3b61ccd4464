import Synchronization

/// How many failures the engines of one pool have noted on their lanes and nobody has taken yet, read from any
/// thread: an apply the engine took at once asks its lane for a noted failure only when some failure is pending.
final class FailureReports: Sendable {
    private let count = Atomic<Int>(0)

    /// Failures noted and not yet taken, by any lane of the pool.
    var pending: Int { count.load(ordering: .acquiring) }

    /// A lane noted a failure (under its lock, before anyone can take it).
    func noted() {
        count.add(1, ordering: .releasing)
    }

    /// A lane's noted failure was taken, or dropped with its lane.
    func taken() {
        count.subtract(1, ordering: .relaxed)
    }
}
