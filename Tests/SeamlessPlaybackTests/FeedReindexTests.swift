import Foundation
import Testing

@testable import SeamlessPlayback

private func items(_ ids: String...) -> [MediaItem] { ids.map { MediaItem(id: $0) } }

@Suite("FeedReindex: where each cell went, by its item's id")
struct FeedReindexTests {
    private func moves(_ old: [MediaItem], _ new: [MediaItem]) -> [Int?] {
        let reindex = FeedReindex(from: old, to: new)
        return old.indices.map(reindex.newIndex(of:))
    }

    @Test func anAppendMovesNothing() {
        #expect(moves(items("a", "b"), items("a", "b", "c", "d")) == [0, 1])
    }

    @Test func anInsertAboveMovesEveryCellDown() {
        #expect(moves(items("a", "b", "c"), items("x", "y", "a", "b", "c")) == [2, 3, 4])
    }

    @Test func aRemovedItemLeavesAndTheOnesBelowMoveUp() {
        #expect(moves(items("a", "b", "c"), items("a", "c")) == [0, nil, 1])
    }

    @Test func aRefreshMatchesByIdWhateverTheURL() {
        let old = [MediaItem(id: "a", url: URL(string: "https://cdn/a?sig=1"))]
        let new = [MediaItem(id: "z"), MediaItem(id: "a", url: URL(string: "https://cdn/a?sig=2"))]
        #expect(moves(old, new) == [1])
    }

    @Test func anIdListedTwiceIsMatchedInOrder() {
        #expect(moves(items("a", "b", "a", "a"), items("a", "x", "a", "b")) == [0, 3, 2, nil])
    }

    @Test func theCellThatHasThePlayerIsMatchedFirstSoItStaysWhileItsIdDoes() {
        let reindex = FeedReindex(from: items("a", "x", "a"), to: items("x", "a"), matchingFirst: 2)
        #expect([0, 1, 2].map(reindex.newIndex(of:)) == [nil, 0, 1])
        #expect(moves(items("a", "x", "a"), items("x", "a")) == [1, 0, nil])
    }

    @Test func anIndexOutsideTheOldFeedHasNoNewIndex() {
        let reindex = FeedReindex(from: items("a"), to: items("a"))
        #expect(reindex.newIndex(of: -1) == nil)
        #expect(reindex.newIndex(of: 1) == nil)
    }
}
