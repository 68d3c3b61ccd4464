extension PlayerPool {
    /// A reference that does not keep the pool alive.
    ///
    /// Made before the pool it refers to (the pool's shell holds it), and told the pool once, at the end of the
    /// pool's initializer, before anything can read it.
    final class WeakPool: Sendable {
        private let reference = Protected(Reference())

        private struct Reference {
            weak var pool: PlayerPool?
        }

        /// The pool, while anyone else keeps it.
        var pool: PlayerPool? { reference.withLock { $0.pool } }

        func refer(to pool: PlayerPool) {
            reference.withLock { $0.pool = pool }
        }
    }
}
