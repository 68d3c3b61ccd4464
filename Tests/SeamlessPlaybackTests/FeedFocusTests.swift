import Testing

@testable import SeamlessPlayback

@Suite("FeedFocus: what the preload policy wants and how far media is from the focus")
struct FeedFocusTests {
    static let items = (0..<40).map { MediaItem(id: "a\($0)") }

    func item(_ index: Int) -> MediaItem { Self.items[index] }

    @Test func rankPutsTheItemBehindBeforeTheItemAheadAtEqualDistance() {
        let focus = FeedFocus(index: 5, items: Self.items, window: PreloadWindow())
        #expect(focus.rank(of: item(5)) == 0)
        #expect(focus.rank(of: item(6)) == 2)
        #expect(focus.rank(of: item(4)) == 3)
        #expect(focus.rank(of: film) == Int.max - 1)
        #expect(focus.rank(of: nil) == Int.max)
    }

    @Test func mediaPastTheSearchReachRanksAsFarthest() {
        let focus = FeedFocus(index: 0, items: Self.items, window: PreloadWindow())
        #expect(focus.rank(of: item(2 + FeedFocus.searchMargin)) == 2 * (2 + FeedFocus.searchMargin))
        #expect(focus.rank(of: item(3 + FeedFocus.searchMargin)) == Int.max - 1)
        #expect(focus.wanted == [item(0), item(1), item(2)])
        #expect(focus.wants(item(2)) && !focus.wants(item(3)) && !focus.wants(nil))
    }
}
