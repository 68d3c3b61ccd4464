/// Which items around a feed's focused item the pool keeps loaded, for ``PlayerPool/focus(on:in:window:)``.
///
/// The window always holds the focused item itself; around it, ``ahead`` items after it and ``behind``
/// items before it. Items are loaded nearest first, an item ahead before the item behind at the same
/// distance: with the default window that is the focus, then +1, −1, +2.
///
/// The focused item never waits for a neighbour: while its own engine is being made or its load runs, no
/// neighbour's preload starts; once it is loaded, the neighbours load, nearest first, at most
/// ``concurrentLoads`` at a time.
public struct PreloadWindow: Hashable, Sendable {
    /// How many items after the focused one to keep loaded. Default 2.
    public var ahead: Int
    /// How many items before the focused one to keep loaded. Default 1.
    public var behind: Int
    /// How many neighbours of the focused item may be made or loading at once, once the focused item is loaded.
    /// Default 1: on a device with few cores, one decoder starting at a time. At least 1.
    public var concurrentLoads: Int

    /// Creates a window.
    /// - Parameters:
    ///   - ahead: Items after the focused one to keep loaded; negative values count as 0.
    ///   - behind: Items before the focused one to keep loaded; negative values count as 0.
    ///   - concurrentLoads: How many neighbours may be made or loading at once; values below 1 count as 1.
    public init(ahead: Int = 2, behind: Int = 1, concurrentLoads: Int = 1) {
        self.ahead = max(0, ahead)
        self.behind = max(0, behind)
        self.concurrentLoads = max(1, concurrentLoads)
    }

    /// The feed indices of the window around `focus` within `0..<count`, nearest first.
    func indices(around focus: Int, count: Int) -> [Int] {
        guard (0..<count).contains(focus) else { return [] }
        var order = [focus]
        // No farther than the feed reaches, whatever the window's size.
        let reach = min(max(ahead, behind), max(focus, count - 1 - focus))
        guard reach >= 1 else { return order }
        for distance in 1...reach {
            if distance <= ahead, focus + distance < count { order.append(focus + distance) }
            if distance <= behind, focus - distance >= 0 { order.append(focus - distance) }
        }
        return order
    }
}
