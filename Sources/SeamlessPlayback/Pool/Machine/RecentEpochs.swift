/// The latest grant epochs a page recorded, each with a value, at most ``capacity`` of them: recording one more
/// forgets the oldest.
///
/// A page remembers the grants revoked from it, and those whose engine failed, so that their leases answer
/// `.leaseRevoked` or `.engineFailed` rather than `.notHolder`. A page can stay open for as long as the app runs
/// and lose a grant in every borrow-and-reclaim round, so what it remembers is bounded: a lease more than
/// ``capacity`` revocations (or failures) old answers `.notHolder`.
struct RecentEpochs<Value: Sendable>: Sendable {
    /// How many epochs are remembered: 64. The public documentation of ``PlayerPoolError`` states this number.
    static var capacity: Int { 64 }

    /// Oldest first. A new epoch moves the others down one place once the record is full: at most 63 moves,
    /// once per lost grant, which a ring's bookkeeping would not repay.
    private var entries: [(epoch: UInt64, value: Value)] = []

    /// How many epochs are remembered now; never more than ``capacity``.
    var count: Int { entries.count }

    /// The value recorded with `epoch`; `nil` when it is not remembered (never recorded, or forgotten since).
    ///
    /// Setting a value for an epoch already remembered replaces its value and keeps its place; for another epoch,
    /// records it as the latest, forgetting the oldest when ``capacity`` are remembered. Setting `nil` forgets it.
    subscript(epoch: UInt64) -> Value? {
        get { entries.first { $0.epoch == epoch }?.value }
        set {
            let index = entries.firstIndex { $0.epoch == epoch }
            switch (index, newValue) {
            case (let index?, let value?):
                entries[index].value = value
            case (let index?, nil):
                entries.remove(at: index)
            case (nil, let value?):
                if entries.count == Self.capacity { entries.removeFirst() }
                entries.append((epoch, value))
            case (nil, nil):
                break
            }
        }
    }

    /// Whether `epoch` is remembered.
    func contains(_ epoch: UInt64) -> Bool {
        entries.contains { $0.epoch == epoch }
    }
}

extension RecentEpochs where Value == Void {
    /// Records `epoch` as the latest, forgetting the oldest when ``capacity`` are remembered; an epoch already
    /// remembered keeps its place.
    mutating func insert(_ epoch: UInt64) {
        self[epoch] = ()
    }
}
