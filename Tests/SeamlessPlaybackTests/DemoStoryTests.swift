import DemoStory
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("DemoStory: the demo tells the true story")
struct DemoStoryTests {
    @Test func theStoryHandsOnePlayerAroundWithoutReloadOrJump() async throws {
        let report = try await DemoStory.run(coldStart: .milliseconds(800))
        #expect(report.handedOffEngineLoads == 1)
        #expect(report.handoffs == 2)
        #expect(report.coldStartAvoided == .milliseconds(1600))
        #expect(report.forgedLinkError == .tokenUnknown)
        #expect(report.miniPlayerNotices.count == 1)
        #expect(report.feedNotices.count == 1)
        guard case .returned(let returned)? = report.feedNotices.first,
            case .revoked(let revoked)? = report.miniPlayerNotices.first
        else {
            Issue.record("expected .returned for the feed and .revoked for the mini-player")
            return
        }
        #expect(returned.session == "feed")
        #expect(revoked.session == "mini-player")

        let player = try #require(report.timeline.first?.player)
        let lines = report.lines(for: player)
        let positions = lines.compactMap(\.position)
        #expect(positions.count == lines.count)
        // The position goes back only where the story says so: the feed's loop and the detail page's replay.
        for (before, line) in zip(lines, lines.dropFirst()) {
            guard let from = before.position, let to = line.position, to < from else { continue }
            #expect(line.event.contains("looped") || line.event.contains("replay"), "position went back: \(line)")
        }
        #expect(positions.last == .milliseconds(3500))

        // The settings on the engine are the active page's at every step.
        for line in lines {
            let settings = try #require(line.settings)
            switch line.page {
            // A refused hide is the feed acting while the detail page holds the player.
            case "feed" where !line.event.contains("refused"):
                #expect(settings.isMuted && settings.contentMode == .aspectFill && settings.rate == 1)
            case "detail": #expect(!settings.isMuted && settings.contentMode == .aspectFit && settings.rate == 1.25)
            case "mini-player" where line.event.contains("borrowed"): #expect(settings.volume == 0.6)
            default: break
            }
        }
        let plan = try #require(report.plan)
        #expect(plan.frame(at: 1) == TransitionFrame(viewTransform: .identity, maskTransform: .identity))
        #expect(report.metrics.loads == 2)
    }

    @Test func thePictureIsInTheActiveHoldersHostAtEveryStepAndMovesAttachFirst() async throws {
        let report = try await DemoStory.run()
        let player = try #require(report.timeline.first?.player)
        let pictures = report.lines(for: player).map { "\($0.page): \($0.picture ?? "none")" }
        #expect(
            pictures == [
                "feed: feed cell", "feed: feed cell", "feed: feed cell", "feed: feed cell",
                "detail: detail page", "feed: detail page", "detail: detail page",
                "detail: detail page", "detail: detail page", "detail: detail page", "detail: detail page",
                "mini-player: mini-player", "detail: detail page", "mini-player: detail page",
                "mini-player: detail page",
                "feed: feed cell", "feed: feed cell",
            ])
        #expect(
            report.hostCalls.map(\.description) == [
                "attach feed cell (feed)",
                "attach detail page (detail)", "detach feed cell (feed)",
                "attach mini-player (mini-player)", "detach detail page (detail)",
                "attach detail page (detail)", "detach mini-player (mini-player)",
                "attach feed cell (feed)", "detach detail page (detail)",
                "attach deep-link page (deep-link)",
                "detach feed cell (feed)", "detach deep-link page (deep-link)",
            ])
        #expect(report.timeline.last?.picture == "deep-link page")
        #expect(report.pictureAtTransition == "detail page")
        #expect(report.timelineTable().contains("picture in"))
    }

    @Test func theFilmstripDrawsFiveLabelledPanels() async throws {
        let report = try await DemoStory.run()
        let svg = TransitionFilmstrip(plan: try #require(report.plan)).svg()
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "progress ").count - 1 == 5)
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 1 + 5 * 4)
        #expect(!svg.contains("picture:"))
        #expect(report.timelineTable().contains("forged token refused"))
        #expect(report.summary().contains("engine loads of the handed-off player   1"))
    }

    @Test func theFeedLoopsTheDetailPageHearsTheCallResumesAndReplays() async throws {
        let report = try await DemoStory.run()
        let player = try #require(report.timeline.first?.player)
        let lines = report.lines(for: player)
        let looped = try #require(lines.first { $0.event.contains("looped") })
        #expect(looped.position == .seconds(1))
        #expect(looped.settings?.endAction == .loop)
        // What each page heard, where the story read its status stream.
        let heard = lines.compactMap { line in line.heard.map { "\(line.page): \(DemoReport.phase($0))" } }
        #expect(
            heard == [
                "feed: playing", "detail: playing", "detail: paused: interrupted", "detail: playing", "detail: ended",
                "detail: playing", "feed: playing",
            ])
        let ended = try #require(lines.first { $0.heard == .ended })
        #expect(ended.position == DemoStory.clipLength)
        let replay = try #require(lines.first { $0.event.contains("replay") })
        #expect(replay.position == .zero)
        #expect(report.metrics.seeks == 1)
        #expect(report.metrics.outsideChanges == 1)
        // Feed, detail, detail again after the call, mini-player, detail's reclaim, feed: nothing else.
        #expect(report.handedOffEngineApplies == 6)
        #expect(report.handedOffEngineLoads == 1)
        #expect(report.summary().contains("changes the engine made by itself       1"))
    }

    @Test func eachPagesQualityIsReadWhenItsPartEndsWithTheVirtualClocksFigures() async throws {
        let report = try await DemoStory.run(coldStart: .milliseconds(800))
        let qualities = Dictionary(uniqueKeysWithValues: report.pageQualities.map { ($0.page, $0.quality) })
        #expect(report.pageQualities.map(\.page) == ["mini-player", "detail", "feed", "deep-link"])
        // The feed cold-starts (0.8 s), plays 7 s until it lends the player, and 1 s after the detail page closes.
        #expect(qualities["feed"] == PlaybackQuality(startupTime: .milliseconds(800), playingTime: .seconds(8)))
        // The detail page borrows a playing player (no startup to wait for): 2 s, the call's pause (not counted),
        // 2 s to the end, the replay's seek, and 1 s after it takes the player back from the mini-player.
        #expect(
            qualities["detail"] == PlaybackQuality(startupTime: .zero, playingTime: .seconds(5), seekCount: 1))
        #expect(qualities["mini-player"] == PlaybackQuality(startupTime: .zero, playingTime: .seconds(1)))
        // Read the moment its cold start is done: started, not yet played on the virtual clock.
        #expect(qualities["deep-link"] == PlaybackQuality(startupTime: .milliseconds(800)))
        let list = report.qualityList()
        #expect(list.split(separator: "\n").count == 4)
        #expect(list.contains("feed         startup 0.80 s  playing 8.00 s  stalls 0 (0.00 s)  rebuffer 0.0 %"))
        #expect(list.contains("detail       startup 0.00 s  playing 5.00 s  stalls 0 (0.00 s)"))
        #expect(list.contains("seeks 1  retries 0"))
    }
}
