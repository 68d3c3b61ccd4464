/// The machine's view of a feed's focus: which media the preload policy wants loaded, how far from
/// the focus every nearby item is, and which players the policy sent media to.
struct FeedFocus: Sendable {
    /// The focused index in the feed.
    let index: Int
    /// The window's media, nearest first.
    let wanted: [MediaItem]
    /// The byte tier's media, nearest first, and how many bytes of each to cache.
    let bytes: [MediaItem]
    let bytesPerItem: Int64
    /// The feed around the focus (a slice keeps the feed's indices, and copies nothing).
    let nearby: ArraySlice<MediaItem>
    /// Players the policy sent media to, whose load may not have started yet.
    var placed: [PlayerID: MediaItem] = [:]
    /// How many neighbours of the focused item may be made or loading at once.
    let concurrentLoads: Int
    /// How much the focused clip holds ahead, while it plays, before the neighbours and the byte tier use the link.
    let focusedBufferAhead: Duration
    /// Media of the window whose preload failed (its engine could not be made, its load threw, its engine failed
    /// with it, unless it only waited behind a cut-short load of other media) while the feed had its focus: not preloaded again until the focus ends, so that a broken
    /// item costs one load, not one after every other load or every move of the focus.
    var failed: Set<MediaItem> = []

    /// How far past the window the distance of an idle player's media is still looked up; media farther
    /// away (or not in the feed) counts as farthest. Bounds the cost of a call whatever the feed's length.
    static let searchMargin = 8

    init(index: Int, items: [MediaItem], window: PreloadWindow) {
        self.index = index
        wanted = window.indices(around: index, count: items.count).map { items[$0] }
        bytes = window.byteIndices(around: index, count: items.count).map { items[$0] }
        bytesPerItem = window.bytesPerItem
        // The property can be set below 1 after the initializer clamped it: a window always loads one neighbour.
        concurrentLoads = max(1, window.concurrentLoads)
        focusedBufferAhead = max(.zero, window.focusedBufferAhead)
        // Saturating: a window larger than the feed reaches no farther than the feed.
        let reach = min(max(window.ahead, window.behind), items.count) + Self.searchMargin
        let lower = max(0, index - reach)
        let upper = min(items.count, index + reach + 1)
        nearby = lower < upper ? items[lower..<upper] : []
    }

    /// Whether the window holds `media`.
    func wants(_ media: MediaItem?) -> Bool {
        guard let media else { return false }
        return wanted.contains(media)
    }

    /// How far `media` is from the focus, for choosing what to recycle: twice the index distance, plus
    /// one behind the focus (so that at equal distance the item behind goes first). Media farther than
    /// the search reaches, or in no feed, ranks `Int.max - 1`; no media at all ranks `Int.max`.
    func rank(of media: MediaItem?) -> Int {
        guard let media else { return Int.max }
        var best = Int.max - 1
        for position in nearby.indices where nearby[position] == media {
            let distance = position - index
            best = min(best, distance >= 0 ? 2 * distance : -2 * distance + 1)
        }
        return best
    }
}
