extension PlayerPool {
    /// How a pool behaves. Every property has a documented default.
    public struct Configuration: Sendable {
        /// The most engines alive at once, counting engines being created; at least 1. Default 4.
        public var capacity: Int
        /// How long a handoff token can be redeemed after it was issued, on the pool's clock. Default 10 s.
        public var handoffTokenLifetime: Duration

        /// Creates a configuration.
        /// - Parameters:
        ///   - capacity: The most engines alive at once; values below 1 count as 1.
        ///   - handoffTokenLifetime: How long a token stays redeemable.
        public init(capacity: Int = 4, handoffTokenLifetime: Duration = .seconds(10)) {
            self.capacity = capacity
            self.handoffTokenLifetime = handoffTokenLifetime
        }
    }
}
