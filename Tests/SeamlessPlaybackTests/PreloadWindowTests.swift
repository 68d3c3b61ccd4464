import Testing

@testable import SeamlessPlayback

@Suite("PreloadWindow: the feed indices around the focus, nearest first")
struct PreloadWindowTests {
    @Test(arguments: [
        (3, 2, 1, [3, 4, 2, 5]), (0, 2, 1, [0, 1, 2]), (11, 2, 1, [11, 10]), (5, 1, 3, [5, 6, 4, 3, 2]),
    ])
    func windowOrder(focus: Int, ahead: Int, behind: Int, expected: [Int]) {
        #expect(PreloadWindow(ahead: ahead, behind: behind).indices(around: focus, count: 12) == expected)
    }

    @Test func negativeSizesCountAsZero() {
        #expect(PreloadWindow(ahead: -3, behind: -1).indices(around: 4, count: 12) == [4])
        #expect(PreloadWindow().indices(around: 4, count: 0) == [])
        #expect(PreloadWindow(focusedBufferAhead: .seconds(-1)).focusedBufferAhead == .zero)
        var window = PreloadWindow()
        window.focusedBufferAhead = .seconds(-2)
        #expect(FeedFocus(index: 0, items: [MediaItem(id: "a")], window: window).focusedBufferAhead == .zero)
    }
}

@Suite("PreloadWindow: a window larger than the feed")
struct PreloadWindowSizeTests {
    @Test func aHugeWindowOnAShortFeedHoldsTheFeedOnce() {
        let window = PreloadWindow(ahead: Int.max, behind: Int.max)
        #expect(window.indices(around: 1, count: 3) == [1, 2, 0])
        #expect(window.indices(around: 0, count: 1) == [0])
        let focus = FeedFocus(index: 0, items: [MediaItem(id: "a"), MediaItem(id: "b")], window: window)
        #expect(focus.wanted == [MediaItem(id: "a"), MediaItem(id: "b")])
    }
}

@Suite("PreloadWindow: the byte tier's items")
struct PreloadWindowByteTierTests {
    @Test func theDefaultByteTierCachesTheFirst256KiBOfFourItemsAheadAndOneBehind() {
        let window = PreloadWindow()
        #expect(window.bytesPerItem == 262_144)
        #expect(window.bytesAhead == 4)
        #expect(window.bytesBehind == 1)
    }

    @Test func theByteTierLiesPastThePlayerTierNearestFirst() {
        let window = PreloadWindow()
        #expect(window.byteIndices(around: 5, count: 20) == [3, 8, 9, 10, 11])
        #expect(window.byteIndices(around: 0, count: 20) == [3, 4, 5, 6])
        #expect(window.byteIndices(around: 18, count: 20) == [16])
        #expect(window.byteIndices(around: 20, count: 20) == [])
        #expect(PreloadWindow(bytesAhead: 0, bytesBehind: 0).byteIndices(around: 5, count: 20) == [])
    }

    @Test func hugeAndNegativeSizesAreHandled() {
        let huge = PreloadWindow(ahead: .max, behind: 1, bytesAhead: .max, bytesBehind: 1)
        #expect(huge.byteIndices(around: 1, count: 4) == [])
        let bytesOnly = PreloadWindow(ahead: 0, behind: 0, bytesAhead: .max, bytesBehind: .max)
        #expect(bytesOnly.byteIndices(around: 1, count: 4) == [2, 0, 3])
        let negative = PreloadWindow(bytesAhead: -3, bytesBehind: -1, bytesPerItem: -5)
        #expect(negative.bytesAhead == 0)
        #expect(negative.bytesPerItem == 0)
        #expect(negative.byteIndices(around: 5, count: 20) == [])
    }
}
