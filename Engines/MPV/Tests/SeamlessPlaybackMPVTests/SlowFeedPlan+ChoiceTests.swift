import Testing

@testable import mpv_bench

/// The slow feed's plans: the built-in one as it was, the phone plans on their own media.
@Suite("SlowFeedPlan.Choice: the built-in plan and the phone plans")
struct SlowFeedPlanChoiceTests {
    @Test func theBuiltInPlanIsTheSwipesOfBeforeWithTheFeedsDwell() {
        let visits = SlowFeedPlan.Choice.builtIn.visits(clips: 40)
        #expect(visits.map(\.index) == SlowFeedPlan.swipes(clips: 40))
        #expect(visits.count == 27)
        #expect(visits.allSatisfy { $0.dwell == .milliseconds(800) })
        #expect(SlowFeedPlan.Choice.builtIn.shape == .builtIn)
        #expect(SlowFeedMedia.Shape.builtIn.clipCount == 40)
    }

    @Test func thePhonePlansSwipeFortyTimesThroughAFeedTheyNeverReachTheEndOf() {
        for plan in [SlowFeedPlan.Choice.phoneA, .phoneB] {
            #expect(plan.shape == .phone)
            #expect(plan.shape.clipCount == 120 && plan.shape.clipSeconds == 10)
            let last = plan.visits(clips: plan.shape.clipCount).map(\.index).max() ?? 0
            #expect(last < plan.shape.clipCount - 6, "plan \(plan) reaches item \(last)")
            #expect(plan.visits(clips: 30).count == 40)
        }
        #expect(SlowFeedPlan.Choice.phoneA.visits(clips: 30) != SlowFeedPlan.Choice.phoneB.visits(clips: 30))
        #expect(
            SlowFeedPlan.Choice.phoneA.visits(clips: 30)
                == PhoneSwipes.visits(seed: SlowFeedPlan.Choice.phoneASeed, count: 40, clips: 30))
    }
}
