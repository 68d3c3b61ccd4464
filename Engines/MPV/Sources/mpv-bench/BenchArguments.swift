/// The command line of `mpv-bench`.
struct BenchArguments {
    static let usage = """
        usage: mpv-bench [--repetitions N] [--json PATH] [--media URL]
               mpv-bench --feed [--json PATH]
               mpv-bench --feed --origin-delay MS (--origin-rate KBIT | --origin-link KBIT)
                         [--bytes-per-item KIB] [--plan built-in|phone-a|phone-b] [--repetitions N]
                         [--prefetch-fetches N] [--prefetch-dwell SECONDS] [--read-ahead SECONDS]
                         [--paused-read-ahead SECONDS] [--paused-fetch KIB] [--no-lean]
                         [--focused-buffer SECONDS] [--json PATH]
               mpv-bench --seamless [--handoffs N] [--json PATH]
               mpv-bench --readahead [--repetitions N]
               mpv-bench --soak [--minutes N] [--seed N] [--json PATH] [--svg PATH]

          --repetitions N   measured cold starts, handoffs and seeks of each kind (default 10, at least 1);
                            with --origin-delay: runs of the three configurations (default 1), a table
                            each, the JSON's "runs" their figures when more than one
          --json PATH       also write the figures as JSON to PATH
          --media URL       play this instead of the synthetic source: anything mpv plays (a file
                            path, file://, http(s):// including HLS .m3u8, …); it must have audio.
                            Seeks need a fixed length; the synthetic source seeks in the same
                            graph rendered to a 10 s mp4 by libmpv's encoder
          --feed            instead: a user swipes through a feed of 20 clips served over local HTTP
                            (made with ffmpeg), with the preload policy and without it: time to the
                            first frame, and where each warm swipe's clip started playing
          --origin-delay MS with --feed: serve 40 items (10 s clips, about 1.1 Mbit/s) from a test origin
                            that waits MS milliseconds before each answer, and swipe them (the same plan
                            plus seeded jumps of 3–6 clips) with no policy, players only, and players +
                            bytes (a prefetcher and engines reading through one cache): first frames per
                            tier, the clip on screen's stalls, bytes fetched and played. About 1 minute
                            per configuration at 4000
          --origin-rate KBIT with --origin-delay: cap each of the origin's connections at KBIT kbit/s
          --origin-link KBIT with --origin-delay, instead of --origin-rate: one link of KBIT kbit/s shared by
                            all the origin's connections, as a phone's radio
          --bytes-per-item KIB with --origin-delay: the byte tier caches KIB KiB of each item (default:
                            PreloadWindow's)
          --prefetch-fetches N with --origin-delay: the prefetcher's maxConcurrentFetches (default: its own)
          --prefetch-dwell SECONDS with --origin-delay: the prefetcher's dwell, what it sizes its fetches to
                            arrive within at the rate they get; 0 for none: every item's whole bytes
                            (default: its own)
          --read-ahead SECONDS with --origin-delay: how far ahead every engine reads while it plays, in all
                            three configurations (MPVEngine.Options.readAheadWhilePlaying; default: its own)
          --paused-read-ahead SECONDS with --origin-delay: how far ahead every engine reads while paused (a
                            preload), in all three configurations (MPVEngine.Options.readAheadWhilePaused)
          --paused-fetch KIB with --origin-delay: the least each origin fetch through the cache asks for
                            while its engine is paused (MPVEngine.Options.leastFetchWhilePaused)
          --no-lean         with --origin-delay: preloads keep the paused read-ahead and least fetch above
                            when the pool says the link is ample (MPVEngine.Options.leanReadAheadWhilePaused and
                            leanFetchWhilePaused set to them; default: a quarter second and 64 KiB)
          --focused-buffer SECONDS with --origin-delay: the window's focusedBufferAhead, what the clip on screen
                            holds before preloads and prefetches use the link (default: PreloadWindow's)
          --plan NAME       with --origin-delay: the swipes. built-in (default): the plan above. phone-a,
                            phone-b: 120 items (10 s clips, about 1.2 Mbit/s) and 40 swipes drawn from a
                            fixed seed each: 40 % to the next clip, 10 % back one, 50 % flings of 2–6
                            clips forward (clamped to the feed), 1.5–3.5 s on each clip
          --seamless        instead: one frame-rendering engine's picture handed between three hosts of
                            different sizes, N handoffs (default 110: ten rounds of the feed → detail → back,
                            nested and reclaim cases), every frame read back by its index, the sound checked
          --readahead       instead: the bytes a paused, preloaded engine pulls through the cache from the origin
                            after its load, with mpv's read-ahead and with the engine's (median of N, default 10)
          --handoffs N      with --seamless: at least N handoffs (whole rounds of 11)
          --soak            instead: N minutes (default 1) of real playback through a small cache from an origin
                            with a fault every 4 s, a feed scrolled with seeded gestures, detail pages,
                            reclaims, dropped pages, trims and seeks; samples memory, fds, threads, mpv handles,
                            streams, the cache on disk and the pool every 3 s. Exits non-zero when a series
                            grows in its second half or an invariant breaks
          --minutes N       with --soak: how long, in minutes (a decimal, more than 0)
          --seed N          with --soak: the seed of the gestures and faults (default 1)
          --svg PATH        with --soak: also draw the series as an SVG at PATH
        """

    /// The default media: a synthetic picture and tone, so that the bench needs no file or network.
    static let syntheticMedia =
        "av://lavfi:testsrc=size=640x360:rate=30[out0];sine=frequency=440:sample_rate=48000[out1]"

    var repetitions = 10
    var jsonPath: String?
    var media = Self.syntheticMedia
    var showsHelp = false
    var feed = false
    var seamless = false
    var readAhead = false
    var handoffs = 110
    var soak = false
    /// With ``soak``: how long it runs.
    var soakDuration = Duration.seconds(60)
    /// With ``soak``: the seed of its script.
    var seed: UInt64 = 1
    /// With ``soak``: where to draw its series.
    var svgPath: String?
    /// With ``feed``: the slow feed's first-byte delay per request; `nil` for the local feed.
    var originDelay: Duration?
    /// With ``originDelay``: the cap on each origin connection, in kbit/s (`--origin-rate`).
    var originKilobits: Int?
    /// With ``originDelay``, instead of ``originKilobits``: the rate of one link all origin connections share, in
    /// kbit/s (`--origin-link`).
    var originLinkKilobits: Int?

    /// The slow feed's rate limit, when exactly one of ``originKilobits`` and ``originLinkKilobits`` is set.
    var originLimit: OriginLimit? {
        switch (originKilobits, originLinkKilobits) {
        case (let kilobits?, nil): .perConnection(kilobits: kilobits)
        case (nil, let kilobits?): .sharedLink(kilobits: kilobits)
        default: nil
        }
    }
    /// With ``originDelay``: the byte tier's bytes per item; `nil` for `PreloadWindow`'s default.
    var bytesPerItem: Int64?
    /// With ``originDelay``: the prefetcher's concurrent fetches; `nil` for `MediaPrefetcher`'s default.
    var prefetchFetches: Int?
    /// With ``originDelay``: the prefetcher's dwell (zero for none); `nil` for `MediaPrefetcher`'s default.
    var prefetchDwell: Duration?
    /// With ``originDelay``: the engines' read-ahead while playing; `nil` for `MPVEngine.Options`' default.
    var playingReadAhead: Duration?
    /// With ``originDelay``: the engines' read-ahead while paused; `nil` for `MPVEngine.Options`' default.
    var pausedReadAhead: Duration?
    /// With ``originDelay``: the engines' least fetch through the cache while paused, in bytes; `nil` for
    /// `MPVEngine.Options`' default.
    var pausedFetch: Int64?
    /// With ``originDelay``: whether lean preloads read as much as standard ones (`--no-lean`).
    var noLean = false
    /// With ``originDelay``: the window's `focusedBufferAhead`; `nil` for `PreloadWindow`'s default.
    var focusedBuffer: Duration?
    /// With ``originDelay``: the swipes and the media they go through (`--plan`).
    var plan = SlowFeedPlan.Choice.builtIn
    /// Whether `--plan` was given.
    private var choosesPlan = false
    /// Whether `--repetitions` was given.
    private var givesRepetitions = false

    /// With ``originDelay``: how many times the slow feed runs its three configurations, `--repetitions` when given,
    /// else once.
    var slowFeedRepetitions: Int { givesRepetitions ? repetitions : 1 }

    /// Parses the arguments after the program name.
    /// - Returns: The arguments, or a message saying what is wrong with them.
    static func parse(_ arguments: [String]) -> Result<BenchArguments, BenchError> {
        var parsed = BenchArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                parsed.showsHelp = true
            case "--feed":
                parsed.feed = true
            case "--seamless":
                parsed.seamless = true
            case "--readahead":
                parsed.readAhead = true
            case "--soak":
                parsed.soak = true
            case "--minutes":
                guard let text = remaining.popFirst(), let minutes = Double(text), minutes > 0, minutes <= 24 * 60
                else {
                    return .failure(.usage("--minutes needs a number of minutes, more than 0 and at most 1440"))
                }
                parsed.soakDuration = .milliseconds(Int((minutes * 60_000).rounded()))
            case "--seed":
                guard let text = remaining.popFirst(), let seed = UInt64(text) else {
                    return .failure(.usage("--seed needs a whole number, at least 0"))
                }
                parsed.seed = seed
            case "--svg":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(.usage("--svg needs a path"))
                }
                parsed.svgPath = path
            case "--handoffs":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else {
                    return .failure(.usage("--handoffs needs a whole number of at least 1"))
                }
                parsed.handoffs = count
            case "--origin-delay":
                guard let text = remaining.popFirst(), let milliseconds = Int(text), milliseconds >= 0 else {
                    return .failure(.usage("--origin-delay needs a whole number of milliseconds, at least 0"))
                }
                parsed.originDelay = .milliseconds(milliseconds)
            case "--origin-rate":
                guard let text = remaining.popFirst(), let kilobits = Int(text), kilobits >= 1 else {
                    return .failure(.usage("--origin-rate needs a whole number of kbit/s, at least 1"))
                }
                parsed.originKilobits = kilobits
            case "--origin-link":
                guard let text = remaining.popFirst(), let kilobits = Int(text), kilobits >= 1 else {
                    return .failure(.usage("--origin-link needs a whole number of kbit/s, at least 1"))
                }
                parsed.originLinkKilobits = kilobits
            case "--bytes-per-item":
                guard let text = remaining.popFirst(), let kibibytes = Int64(text), kibibytes >= 1 else {
                    return .failure(.usage("--bytes-per-item needs a whole number of KiB, at least 1"))
                }
                parsed.bytesPerItem = kibibytes * 1_024
            case "--prefetch-fetches":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else {
                    return .failure(.usage("--prefetch-fetches needs a whole number of at least 1"))
                }
                parsed.prefetchFetches = count
            case "--prefetch-dwell":
                guard let text = remaining.popFirst(), let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                    return .failure(.usage("--prefetch-dwell needs a number of seconds, at least 0"))
                }
                parsed.prefetchDwell = .milliseconds(Int64((seconds * 1_000).rounded()))
            case "--read-ahead":
                guard let text = remaining.popFirst(), let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                    return .failure(.usage("--read-ahead needs a number of seconds, more than 0"))
                }
                parsed.playingReadAhead = .milliseconds(Int64((seconds * 1_000).rounded()))
            case "--paused-read-ahead":
                guard let text = remaining.popFirst(), let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                    return .failure(.usage("--paused-read-ahead needs a number of seconds, at least 0"))
                }
                parsed.pausedReadAhead = .milliseconds(Int64((seconds * 1_000).rounded()))
            case "--paused-fetch":
                guard let text = remaining.popFirst(), let kibibytes = Int64(text), (1...1_048_576).contains(kibibytes)
                else {
                    return .failure(.usage("--paused-fetch needs a number of KiB, 1 to 1048576"))
                }
                parsed.pausedFetch = kibibytes * 1_024
            case "--no-lean":
                parsed.noLean = true
            case "--focused-buffer":
                guard let text = remaining.popFirst(), let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                    return .failure(.usage("--focused-buffer needs a number of seconds, at least 0"))
                }
                parsed.focusedBuffer = .milliseconds(Int64((seconds * 1_000).rounded()))
            case "--plan":
                guard let text = remaining.popFirst(), let plan = SlowFeedPlan.Choice(rawValue: text) else {
                    let names = SlowFeedPlan.Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    return .failure(.usage("--plan needs one of \(names)"))
                }
                parsed.plan = plan
                parsed.choosesPlan = true
            case "--repetitions", "-n":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else {
                    return .failure(.usage("--repetitions needs a whole number of at least 1"))
                }
                parsed.repetitions = count
                parsed.givesRepetitions = true
            case "--media":
                guard let url = remaining.popFirst(), !url.isEmpty else {
                    return .failure(.usage("--media needs a URL or a path"))
                }
                parsed.media = url
            case "--json":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(.usage("--json needs a path"))
                }
                parsed.jsonPath = path
            default:
                return .failure(.usage("unknown argument \(argument)"))
            }
        }
        if parsed.originKilobits != nil, parsed.originLinkKilobits != nil {
            return .failure(.usage("--origin-rate and --origin-link exclude each other: give one"))
        }
        if (parsed.originDelay == nil) != (parsed.originLimit == nil) {
            return .failure(.usage("--origin-delay goes with one of --origin-rate and --origin-link"))
        }
        if parsed.originDelay == nil,
            parsed.bytesPerItem != nil || parsed.prefetchFetches != nil || parsed.prefetchDwell != nil
        {
            return .failure(.usage("--bytes-per-item, --prefetch-fetches and --prefetch-dwell need --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.playingReadAhead != nil {
            return .failure(.usage("--read-ahead needs --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.focusedBuffer != nil {
            return .failure(.usage("--focused-buffer needs --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.pausedReadAhead != nil {
            return .failure(.usage("--paused-read-ahead needs --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.noLean {
            return .failure(.usage("--no-lean needs --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.pausedFetch != nil {
            return .failure(.usage("--paused-fetch needs --origin-delay"))
        }
        if parsed.originDelay == nil, parsed.choosesPlan {
            return .failure(.usage("--plan needs --origin-delay"))
        }
        if parsed.originDelay != nil, !parsed.feed {
            return .failure(.usage("--origin-delay, --origin-rate and --origin-link need --feed"))
        }
        if parsed.svgPath != nil, !parsed.soak {
            return .failure(.usage("--svg needs --soak"))
        }
        return .success(parsed)
    }
}

/// Why the benchmark stopped.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): "\(message)\n\(BenchArguments.usage)"
        case .failed(let message): "mpv-bench: \(message)"
        }
    }
}
