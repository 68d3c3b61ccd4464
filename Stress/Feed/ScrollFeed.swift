import SeamlessPlayback
import SeamlessPlaybackTesting

/// A feed of cells of mixed heights under a viewport: which cells are visible, and how much, at a scroll offset.
struct ScrollFeed: Sendable {
    private(set) var heights: [Double]
    /// The top of each cell, and the feed's end after the last.
    private(set) var tops: [Double]
    let viewport: Double

    init(cells count: Int, viewport: Double, random: inout SplitMix64) {
        heights = (0..<count).map { _ in Self.randomHeight(using: &random) }
        tops = []
        self.viewport = viewport
        layOut()
    }

    /// Mixed heights: short cards, square posts, tall portrait clips.
    static func randomHeight(using random: inout SplitMix64) -> Double {
        [220.0, 420, 600, 780, 900][Int.random(in: 0..<5, using: &random)] + Double.random(in: 0..<40, using: &random)
    }

    /// New cells at `index` (the end: an append); the cells from `index` on move down.
    mutating func insert(_ newHeights: [Double], at index: Int) {
        heights.insert(contentsOf: newHeights, at: index)
        layOut()
    }

    private mutating func layOut() {
        var tops = [0.0]
        for height in heights { tops.append(tops.last! + height) }
        self.tops = tops
    }

    /// The largest offset: the last cell's bottom at the viewport's bottom.
    var maxOffset: Double { max(0, tops[heights.count] - viewport) }

    /// The offset that puts cell `index` at the viewport's centre, within the feed.
    func centring(_ index: Int) -> Double {
        min(max(tops[index] + heights[index] / 2 - viewport / 2, 0), maxOffset)
    }

    /// The cell whose area covers the viewport's centre at `offset`.
    func cell(atCentreOf offset: Double) -> Int {
        let centre = offset + viewport / 2
        var low = 0
        var high = heights.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= centre { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The cells at least partly on screen at `offset`.
    func visible(at offset: Double) -> [CellVisibility] {
        var cells: [CellVisibility] = []
        var index = cell(atCentreOf: offset)
        while index > 0, tops[index] > offset { index -= 1 }
        let bottom = offset + viewport
        let centre = offset + viewport / 2
        while index < heights.count, tops[index] < bottom {
            let top = tops[index]
            let height = heights[index]
            let shown = min(top + height, bottom) - max(top, offset)
            if shown > 0 {
                cells.append(
                    CellVisibility(
                        index: index, visibleFraction: shown / height,
                        distanceFromCenter: abs(top + height / 2 - centre)))
            }
            index += 1
        }
        return cells
    }
}

/// The naive rule others ship: the most visible cell plays at every event, with no hysteresis and no settle time.
struct NaiveRule {
    private(set) var playing: Int?

    /// The cell that plays after this event.
    mutating func take(_ cells: [CellVisibility]) -> Int? {
        let best = cells.max {
            $0.visibleFraction != $1.visibleFraction
                ? $0.visibleFraction < $1.visibleFraction : $0.distanceFromCenter > $1.distanceFromCenter
        }
        playing = best.map(\.index)
        return playing
    }

    /// The user paused the playing cell: nothing plays until the next event.
    mutating func userPaused() { playing = nil }

    /// The user played a cell.
    mutating func userPlayed(_ index: Int) { playing = index }

    /// `count` cells were inserted at `index`: the playing one follows its cell.
    mutating func shift(from index: Int, by count: Int) { playing = playing.map { $0 >= index ? $0 + count : $0 } }
}
