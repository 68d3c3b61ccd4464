/// One thing the soak's user does, drawn by ``SoakScript``.
package enum SoakStep: Hashable, Sendable {
    /// How a detail page ends.
    package enum Ending: Hashable, Sendable, CaseIterable {
        /// It gives its player back.
        case giveBack
        /// It closes (``SeamlessPlayback/PageSession/close()``), which gives everything back.
        case close
        /// It is dropped without `close()`: the app let go of its session.
        case drop
        /// The feed, the player's owner, takes the player back while the detail page still holds it.
        case ownerReclaims
    }

    /// The feed is flung from its cell to cell `to` (a drag, a fling, then rest).
    case fling(to: Int)
    /// The feed is dragged by `fraction` of a cell and let go, settling back on its cell.
    case nudge(fraction: Double)
    /// Nothing happens for `milliseconds`: the clip plays (and loops).
    case dwell(milliseconds: Int)
    /// A detail page borrows the feed's playing player, holds it for `milliseconds` (seeking once when `seeks`), and
    /// ends as `ending` says.
    case detail(milliseconds: Int, seeks: Bool, ending: Ending)
    /// A detail page plays another clip of its own, `distance` cells from the feed's, for `milliseconds`, then ends.
    case relatedClip(distance: Int, milliseconds: Int, ending: Ending)
    /// The feed seeks its playing clip to `fraction` of its length.
    case seek(fraction: Double)
    /// The user pauses the playing cell, waits, and plays it again.
    case pauseAndPlay
    /// The system warns of memory pressure: the app trims every idle player.
    case memoryPressure
}
