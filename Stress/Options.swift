/// The command line of `stress`, parsed and checked.
struct Options: Sendable {
    /// Pages of the main workload, each a task of random navigation.
    var pages = 1_000
    /// The main pool's capacity.
    var players = 16
    /// Distinct media the pages ask for.
    var media = 64
    /// How long the workload runs, when ``operations`` is not given.
    var seconds = 30.0
    /// Stop the workload after this many operations instead of after ``seconds``.
    var operations: Int?
    /// Seeds every page's generator: the same seed gives the same workload.
    var seed: UInt64 = 1
    /// The share of acquires, borrows, reclaims and give-backs whose task the page cancels mid-flight.
    var cancelRate = 0.05
    /// How long each simulated apply and load suspends; zero yields once instead.
    var applyLatencyMicroseconds = 0
    /// Where to write the JSON report.
    var jsonPath: String?
    /// Where to write the SVG latency histogram.
    var svgPath: String?
    /// The largest session count of the scale benchmark.
    var scaleSessions = 100_000
    /// Skip the benchmarks (useful under sanitizers, where timings mean nothing).
    var skipBenchmarks = false
    /// Only make this many handoff round trips, nothing else: a steady loop for a profiler.
    var profileRoundTrips: Int?
    /// Make the profiled round trips on a ``NoopEngine`` that takes no settings at once (a task per apply).
    var profileAwaitingEngine = false
    /// Only make this many acquire and owner give-back cycles of one page, nothing else: for a profiler.
    var profileFeedGiveBacks: Int?
    /// With ``profileFeedGiveBacks``: the pool's idle settings are the feed's own, so no idle apply is made.
    var idleAsFeed = false
    /// Share of engine creations, loads and seeks that throw.
    var failRate = 0.0
    /// Share of page operations after which a random engine the page holds reports a failure.
    var crashRate = 0.0
    /// Share of applies and seeks that hang past the pool's apply timeout and return later.
    var hangRate = 0.0
    /// Share of page operations after which the page seeks with one of its leases (mostly the active one).
    var seekRate = 0.0
    /// Share of page operations after which a random engine the page holds pauses by itself.
    var systemPauseRate = 0.0
    /// Run the feed simulation instead of the torture test.
    var feed = false
    /// With ``feed``: the scroll simulation (autoplay against the naive rule) instead of the swipe one.
    var scroll = false
    /// Gestures (a drag or a fling, then a rest) of the scroll simulation.
    var scrollGestures = 500
    /// Swipes of the feed simulation.
    var feedSwipes = 1_000
    /// Capacity of the feed simulation's pool.
    var feedPlayers = 4
    /// The preload window of the feed simulation.
    var feedAhead = 2
    var feedBehind = 1
    /// Where to write the SVG of first-frame times with and without the policy.
    var feedSVGPath: String?

    static let usage = """
        usage: stress [options]

        Torture test and benchmark of SeamlessPlayback. Pages race over a small pool with random
        navigation and cancellations; quiescent checkpoints check the oracle; a side pool is checked
        for linearizability; then the benchmarks run. Exits non-zero on any violation.

          --pages N             pages of the workload, each a task (default 1000)
          --players P           capacity of the pool (default 16)
          --media M             distinct media asked for (default 64)
          --seconds S           how long the workload runs (default 30)
          --ops N               stop the workload after N operations instead of after --seconds
          --seed X              seed of the workload; the same seed gives the same workload (default 1)
          --cancel-rate F       share of acquires, borrows, reclaims and give-backs cancelled mid-flight, 0...1 (default 0.05)
          --apply-latency-us U  each simulated apply and load suspends U µs; 0 yields once (default 0)
          --fail-rate F         share of engine creations, loads and seeks that throw (default 0)
          --crash-rate F        share of operations after which a random held engine reports a failure (default 0)
          --hang-rate F         share of applies and seeks that hang past the apply timeout (30 ms with faults
                                on), then return (default 0)
          --seek-rate F         share of operations after which the page seeks with one of its leases: mostly the
                                active one, on purpose sometimes a lent, given-back or revoked one, or a negative
                                position; engines check that only the active holder's seeks reach them (default 0)
          --system-pause-rate F share of operations after which a random held engine pauses by itself (interrupted,
                                output lost, system) and reports it; checkpoints check that the pool stops counting
                                its settings as live and re-applies them on the next update (default 0)
          --feed                instead: a user swipes through a feed on the simulated engine (250 ms cold
                                start) and a virtual clock, with and without the preload policy
          --feed-swipes N       swipes of the feed run (default 1000)
          --feed-players P      capacity of the feed run's pool (default 4)
          --feed-ahead N, --feed-behind N
                                the preload window (default 2 ahead, 1 behind)
          --feed-svg PATH       write the first-frame times with and without the policy as an SVG
          --scroll              with --feed: a user scrolls a feed of mixed heights (drags, flings across 5–20
                                cells, rests, taps on pause and play, items appended and inserted above the
                                playing cell); FeedAutoplay against the naive rule
          --scroll-gestures N   gestures of the scroll run (default 500)
          --json PATH           write the report as JSON
          --svg PATH            write a log-scale histogram of the handoff round trip beside the floor
          --scale-sessions N    largest session count of the scale benchmark (default 100000)
          --no-bench            skip the benchmarks (for sanitizer builds)
          --profile-round-trips N
                                only make N handoff round trips and exit, for a profiler:
                                valgrind --tool=callgrind .build/release/stress --profile-round-trips 20000
          --awaiting-engine     with --profile-round-trips: on a no-op engine that takes no settings at once
                                (each apply runs on a task of its own)
          --profile-feed-give-backs N
                                only make N cycles of a feed's acquire and give-back of a warm clip (each leaves the
                                player idle: the idle settings are applied) and exit, for a profiler
          --idle-as-feed        with --profile-feed-give-backs: idle settings equal to the feed's, so nothing is
                                applied when the player goes idle (the baseline)
          --help                show this text
        """

    /// Why the command line could not be read.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// What the command line asks for.
    enum Parsed {
        case run(Options)
        case help
    }

    /// Parses the arguments after the program's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var options = Options()
        var sawSeconds = false
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { return .help }
            if flag == "--feed" {
                options.feed = true
                continue
            }
            if flag == "--scroll" {
                options.scroll = true
                continue
            }
            if flag == "--awaiting-engine" {
                options.profileAwaitingEngine = true
                continue
            }
            if flag == "--idle-as-feed" {
                options.idleAsFeed = true
                continue
            }
            if flag == "--no-bench" {
                options.skipBenchmarks = true
                continue
            }
            guard let value = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            switch flag {
            case "--pages": options.pages = try integer(value, flag, atLeast: 2, atMost: PageTag.maximumPages)
            case "--players": options.players = try integer(value, flag, atLeast: 1, atMost: 10_000)
            case "--media": options.media = try integer(value, flag, atLeast: 1, atMost: 1_000_000)
            case "--seconds":
                options.seconds = try number(value, flag, in: 0.01...86_400)
                sawSeconds = true
            case "--ops": options.operations = try integer(value, flag, atLeast: 1, atMost: Int.max)
            case "--seed":
                guard let seed = UInt64(value) else {
                    throw UsageError(description: "--seed needs an unsigned integer")
                }
                options.seed = seed
            case "--cancel-rate": options.cancelRate = try number(value, flag, in: 0...1)
            case "--apply-latency-us":
                options.applyLatencyMicroseconds = try integer(value, flag, atLeast: 0, atMost: 10_000_000)
            case "--fail-rate": options.failRate = try number(value, flag, in: 0...1)
            case "--crash-rate": options.crashRate = try number(value, flag, in: 0...1)
            case "--hang-rate": options.hangRate = try number(value, flag, in: 0...1)
            case "--seek-rate": options.seekRate = try number(value, flag, in: 0...1)
            case "--system-pause-rate": options.systemPauseRate = try number(value, flag, in: 0...1)
            case "--feed-swipes": options.feedSwipes = try integer(value, flag, atLeast: 1, atMost: 10_000_000)
            case "--feed-players": options.feedPlayers = try integer(value, flag, atLeast: 1, atMost: 10_000)
            case "--feed-ahead": options.feedAhead = try integer(value, flag, atLeast: 0, atMost: 1_000)
            case "--feed-behind": options.feedBehind = try integer(value, flag, atLeast: 0, atMost: 1_000)
            case "--feed-svg": options.feedSVGPath = value
            case "--scroll-gestures": options.scrollGestures = try integer(value, flag, atLeast: 1, atMost: 1_000_000)
            case "--json": options.jsonPath = value
            case "--svg": options.svgPath = value
            case "--profile-round-trips":
                options.profileRoundTrips = try integer(value, flag, atLeast: 1, atMost: Int.max)
            case "--profile-feed-give-backs":
                options.profileFeedGiveBacks = try integer(value, flag, atLeast: 1, atMost: Int.max)
            case "--scale-sessions": options.scaleSessions = try integer(value, flag, atLeast: 100, atMost: 10_000_000)
            default: throw UsageError(description: "unknown option \(flag)")
            }
        }
        if options.profileAwaitingEngine, options.profileRoundTrips == nil {
            throw UsageError(description: "--awaiting-engine goes with --profile-round-trips")
        }
        if options.scroll, !options.feed { throw UsageError(description: "--scroll goes with --feed") }
        if options.idleAsFeed, options.profileFeedGiveBacks == nil {
            throw UsageError(description: "--idle-as-feed goes with --profile-feed-give-backs")
        }
        if sawSeconds, options.operations != nil {
            throw UsageError(description: "give --seconds or --ops, not both")
        }
        return .run(options)
    }

    private static func integer(_ text: String, _ flag: String, atLeast low: Int, atMost high: Int) throws(UsageError)
        -> Int
    {
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value >= low, value <= high else {
            throw UsageError(description: "\(flag) needs an integer in \(low)...\(high)")
        }
        return value
    }

    private static func number(_ text: String, _ flag: String, in range: ClosedRange<Double>) throws(UsageError)
        -> Double
    {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError(description: "\(flag) needs a number in \(range)")
        }
        return value
    }
}
