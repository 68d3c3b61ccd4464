import DemoStory
import SeamlessPlayback
import Testing

@Suite("FeedAutoplayStory: the demo's feed says which cell plays while it scrolls", .timeLimit(.minutes(1)))
struct FeedAutoplayStoryTests {
    @Test func restStartsTheBestCellAFlingStartsNoneAndThePausedCellIsLeftAlone() async throws {
        let steps = try await FeedAutoplayStory.run()
        #expect(
            steps.map(\.playing) == [
                0, 0, 0, nil, 1,  // the drag keeps cell 0 while half of it shows; at rest cell 1 starts at once
                nil, nil, nil, nil, nil, nil, nil, nil,  // the fling starts nothing
                6, nil, nil, nil, nil,  // rest plays cell 6; paused, it stays paused while the user looks at it
                6,  // until the user plays it
            ])
        let table = FeedAutoplayStory.table(steps)
        #expect(table.contains("taps pause on cell 6"))
    }
}
