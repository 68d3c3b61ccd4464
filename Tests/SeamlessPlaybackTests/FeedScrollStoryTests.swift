import DemoStory
import SeamlessPlayback
import Testing

@Suite("FeedScrollStory: the demo's feed says per swipe whether it started warm", .timeLimit(.minutes(1)))
struct FeedScrollStoryTests {
    @Test func onlyTheFirstOpenAndTheSecondOfTwoQuickSkipsWait() async throws {
        let (swipes, metrics) = try await FeedScrollStory.run(coldStart: .milliseconds(250))
        #expect(swipes.map(\.index) == FeedScrollStory.plan.map(\.index))
        #expect(
            swipes.map(\.firstFrame) == [
                .milliseconds(250), .zero, .zero, .zero, .milliseconds(50), .zero, .zero, .zero,
            ])
        // clip-0 to clip-6 once each; the way back to clip-3 brings clip-2 back, and forward again clip-6.
        #expect(metrics.loads == 10)
        #expect(metrics.created == 4)
        #expect(metrics.warmHits >= 6)
    }

    @Test func theTableSaysWarmOrColdPerSwipe() async throws {
        let (swipes, _) = try await FeedScrollStory.run()
        let table = FeedScrollStory.table(swipes)
        #expect(table.components(separatedBy: "warm (at once)").count - 1 == 6)
        #expect(table.contains("cold: waited 50 ms for its load"))
    }
}
