import SeamlessPlaybackMPV
import SeamlessPlaybackTesting
import Testing

@testable import mpv_bench

/// `mpv-bench`'s command line: the slow feed's origin limits, a cap per connection or one shared link.
@Suite("BenchArguments: the slow feed's origin options")
struct BenchArgumentsTests {
    private func parsed(_ line: String) -> BenchArguments? {
        try? BenchArguments.parse(line.split(separator: " ").map(String.init)).get()
    }

    private func refusal(_ line: String) -> String? {
        guard case .failure(.usage(let message)) = BenchArguments.parse(line.split(separator: " ").map(String.init))
        else { return nil }
        return message
    }

    @Test func aRatePerConnectionOrASharedLinkGoesWithTheDelay() {
        let perConnection = parsed("--feed --origin-delay 100 --origin-rate 4000")
        #expect(perConnection?.originDelay == .milliseconds(100))
        #expect(perConnection?.originLimit == .perConnection(kilobits: 4_000))
        let shared = parsed("--feed --origin-delay 300 --origin-link 1500 --bytes-per-item 512")
        #expect(shared?.originDelay == .milliseconds(300))
        #expect(shared?.originLimit == .sharedLink(kilobits: 1_500))
        let bytesPerItem: Int64? = 512 * 1_024
        #expect(shared?.bytesPerItem == bytesPerItem)
        #expect(parsed("--feed")?.originLimit == nil)
    }

    @Test func theReadAheadIsTheEnginesUnlessGivenWithTheDelay() {
        #expect(parsed("--feed --origin-delay 100 --origin-link 4000")?.playingReadAhead == nil)
        let given = parsed("--feed --origin-delay 100 --origin-link 4000 --read-ahead 2.5")
        #expect(given?.playingReadAhead == .seconds(2.5))
        let link = "--feed --origin-delay 100 --origin-link 4000"
        #expect(refusal("\(link) --read-ahead 0")?.contains("--read-ahead") == true)
        #expect(refusal("\(link) --read-ahead nan")?.contains("seconds") == true)
        #expect(refusal("--feed --read-ahead 4")?.contains("needs --origin-delay") == true)
        #expect(SlowFeedBench.Settings(bytesPerItem: 1, maxConcurrentFetches: 1).readAhead == .seconds(10))
    }

    @Test func theFocusedBufferIsTheWindowsUnlessGivenWithTheDelay() {
        let link = "--feed --origin-delay 100 --origin-link 4000"
        #expect(parsed(link)?.focusedBuffer == nil)
        #expect(parsed("\(link) --focused-buffer 2.5")?.focusedBuffer == .seconds(2.5))
        #expect(parsed("\(link) --focused-buffer 0")?.focusedBuffer == .zero)
        #expect(refusal("\(link) --focused-buffer -1")?.contains("--focused-buffer") == true)
        #expect(refusal("--feed --focused-buffer 4")?.contains("needs --origin-delay") == true)
        #expect(SlowFeedBench.Settings(bytesPerItem: 1, maxConcurrentFetches: 1).focusedBuffer == .seconds(4))
        #expect(parsed("\(link) --paused-read-ahead 0.25")?.pausedReadAhead == .milliseconds(250))
        #expect(refusal("\(link) --paused-read-ahead nan")?.contains("--paused-read-ahead") == true)
        #expect(refusal("--feed --paused-read-ahead 1")?.contains("needs --origin-delay") == true)
    }

    @Test func thePausedFetchIsTheEnginesUnlessGivenInKiBWithTheDelay() {
        let link = "--feed --origin-delay 100 --origin-link 4000"
        #expect(parsed(link)?.pausedFetch == nil)
        #expect(parsed("\(link) --paused-fetch 96")?.pausedFetch == Int64(96 * 1_024))
        #expect(refusal("\(link) --paused-fetch 0")?.contains("--paused-fetch") == true)
        #expect(refusal("\(link) --paused-fetch 1.5")?.contains("--paused-fetch") == true)
        #expect(refusal("--feed --paused-fetch 64")?.contains("needs --origin-delay") == true)
        let settings = SlowFeedBench.Settings(bytesPerItem: 1, maxConcurrentFetches: 1)
        #expect(settings.pausedFetch == MPVEngine.Options.defaultLeastFetchWhilePaused)
    }

    @Test func theDelayTakesExactlyOneLimit() {
        #expect(refusal("--feed --origin-delay 100 --origin-rate 4000 --origin-link 4000")?.contains("exclude") == true)
        #expect(refusal("--feed --origin-delay 100")?.contains("one of --origin-rate and --origin-link") == true)
        #expect(refusal("--feed --origin-link 4000")?.contains("one of --origin-rate and --origin-link") == true)
        #expect(refusal("--origin-delay 100 --origin-link 4000")?.contains("need --feed") == true)
        #expect(refusal("--feed --origin-delay 100 --origin-link 0")?.contains("--origin-link needs") == true)
        #expect(refusal("--feed --origin-delay 100 --origin-link")?.contains("--origin-link needs") == true)
    }

    @Test func thePlanIsTheBuiltInOneUnlessNamed() {
        #expect(parsed("--feed --origin-delay 100 --origin-link 4000")?.plan == .builtIn)
        #expect(parsed("--feed --origin-delay 100 --origin-link 4000 --plan phone-a")?.plan == .phoneA)
        #expect(parsed("--feed --origin-delay 100 --origin-rate 4000 --plan phone-b")?.plan == .phoneB)
        #expect(parsed("--feed --origin-delay 100 --origin-rate 4000 --plan built-in")?.plan == .builtIn)
        #expect(
            refusal("--feed --origin-delay 100 --origin-link 4000 --plan phone-c")?.contains("--plan needs") == true)
        #expect(refusal("--feed --origin-delay 100 --origin-link 4000 --plan")?.contains("phone-a, phone-b") == true)
        #expect(refusal("--feed --plan phone-a")?.contains("--plan needs --origin-delay") == true)
    }

    @Test func theSlowFeedRunsOnceUnlessRepetitionsAreGiven() {
        #expect(parsed("--feed --origin-delay 100 --origin-link 4000")?.slowFeedRepetitions == 1)
        #expect(parsed("--feed --origin-delay 100 --origin-link 4000 --repetitions 3")?.slowFeedRepetitions == 3)
        #expect(parsed("--repetitions 3")?.repetitions == 3)
        #expect(parsed("")?.repetitions == 10)
    }

    @Test func eachLimitPacesTheOriginItsOwnWay() {
        let delay = Duration.milliseconds(100)
        #expect(
            OriginLimit.perConnection(kilobits: 4_000).pacing(firstByteDelay: delay)
                == TestOrigin.Pacing(firstByteDelay: delay, bytesPerSecond: 500_000))
        #expect(
            OriginLimit.sharedLink(kilobits: 4_000).pacing(firstByteDelay: delay)
                == TestOrigin.Pacing(firstByteDelay: delay, linkBytesPerSecond: 500_000))
        #expect(OriginLimit.sharedLink(kilobits: 1_500).option == "--origin-link 1500")
        #expect(OriginLimit.perConnection(kilobits: 1_500).jsonKey == "origin_rate_kbit")
    }
}
