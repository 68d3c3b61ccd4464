import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// `swift run -c release mpv-bench [--repetitions N] [--json PATH] [--media URL]`: cold start against handoff, and
/// seeks, on real mpv.
func runBench() async throws(BenchError) {
    let arguments = try BenchArguments.parse(Array(CommandLine.arguments.dropFirst())).get()
    guard !arguments.showsHelp else {
        print(BenchArguments.usage)
        return
    }
    if arguments.soak {
        try await runSoak(
            duration: arguments.soakDuration, seed: arguments.seed, jsonPath: arguments.jsonPath,
            svgPath: arguments.svgPath)
        return
    }
    if arguments.feed, let delay = arguments.originDelay, let limit = arguments.originLimit {
        var settings = SlowFeedBench.Settings(
            bytesPerItem: arguments.bytesPerItem ?? PreloadWindow().bytesPerItem,
            maxConcurrentFetches: arguments.prefetchFetches ?? SlowFeedBench.Settings.defaultFetches)
        if let readAhead = arguments.playingReadAhead { settings.readAhead = readAhead }
        if let focusedBuffer = arguments.focusedBuffer { settings.focusedBuffer = focusedBuffer }
        if let paused = arguments.pausedReadAhead { settings.pausedReadAhead = paused }
        if let pausedFetch = arguments.pausedFetch { settings.pausedFetch = pausedFetch }
        settings.isLean = !arguments.noLean
        if let dwell = arguments.prefetchDwell { settings.prefetchDwell = dwell > .zero ? dwell : nil }
        try await runSlowFeedBench(
            originDelay: delay, originLimit: limit, settings: settings, plan: arguments.plan,
            repetitions: arguments.slowFeedRepetitions, jsonPath: arguments.jsonPath)
        return
    }
    if arguments.feed {
        try await runFeedBench(jsonPath: arguments.jsonPath)
        return
    }
    if arguments.readAhead {
        try await runReadAheadBench(repetitions: arguments.repetitions)
        return
    }
    if arguments.seamless {
        try await runSeamlessBench(handoffs: arguments.handoffs, jsonPath: arguments.jsonPath)
        return
    }
    let media = MediaItem(id: arguments.media)
    let cold = try await ColdStartBench.run(repetitions: arguments.repetitions, media: media)
    let handoff = try await HandoffBench(media: media).run(repetitions: arguments.repetitions)
    let applies = try await ApplyBench.run(repetitions: arguments.repetitions, media: media)
    // lavfi's generator cannot seek back: the synthetic source's seeks play the same graph rendered to a file.
    let rendered = arguments.media == BenchArguments.syntheticMedia ? try await SyntheticClip.render() : nil
    let seeks = try await SeekBench(media: rendered.map { MediaItem(id: $0) } ?? media)
        .run(repetitions: arguments.repetitions)
    if let rendered { try? FileManager.default.removeItem(atPath: rendered) }
    let report = BenchReport(
        repetitions: arguments.repetitions, mpvVersion: await mpvVersion(), media: arguments.media,
        creations: cold.creations, coldStarts: cold.coldStarts, handoff: handoff, applies: applies, seeks: seeks
    )
    print(report.table)
    try ReportFile.write(to: arguments.jsonPath, report.json)
}

/// `mpv-bench --feed`: the feed with and without the preload policy.
func runFeedBench(jsonPath: String?) async throws(BenchError) {
    let media = try await FeedMedia.prepare()
    defer { media.stop() }
    let (with, without) = try await FeedBench(media: media).run()
    let report = FeedBenchReport(mpvVersion: await mpvVersion(), withPolicy: with, withoutPolicy: without)
    print(report.table)
    try ReportFile.write(to: jsonPath, report.json)
}

/// `mpv-bench --feed --origin-delay MS (--origin-rate KBIT | --origin-link KBIT)`: the feed from a slow origin in three
/// configurations.
func runSlowFeedBench(
    originDelay: Duration, originLimit: OriginLimit, settings: SlowFeedBench.Settings, plan: SlowFeedPlan.Choice,
    repetitions: Int, jsonPath: String?
) async throws(BenchError) {
    let media = try await SlowFeedMedia.prepare(plan.shape)
    defer { media.stop() }
    let bench = SlowFeedBench(
        media: media, originDelay: originDelay, originLimit: originLimit, settings: settings, plan: plan)
    let runs = try await bench.run(repetitions: repetitions)
    let version = await mpvVersion()
    let reports = runs.map {
        SlowFeedReport(
            mpvVersion: version, originDelay: originDelay, originLimit: originLimit, settings: settings,
            plan: plan, shape: media.shape, lengths: media.lengths, results: $0)
    }
    for (number, report) in zip(1..., reports) {
        if reports.count > 1 { print("\(number == 1 ? "" : "\n")run \(number) of \(reports.count)\n") }
        print(report.table)
    }
    try ReportFile.write(to: jsonPath) { try SlowFeedReport.json(reports) }
}

/// `mpv-bench --seamless`: the picture handed between hosts, frame by frame; exits non-zero when a target is missed.
func runSeamlessBench(handoffs: Int, jsonPath: String?) async throws(BenchError) {
    let report = try await SeamlessBench(handoffs: handoffs, framesPerStep: 8).run()
    print(report.table)
    try ReportFile.write(to: jsonPath, report.json)
    if !report.meetsTargets { throw .failed("a seamless target was missed") }
}

/// `mpv-bench --soak`: hours (or a minute) of real playback under faults; exits non-zero when a series grows or an
/// invariant breaks.
func runSoak(duration: Duration, seed: UInt64, jsonPath: String?, svgPath: String?) async throws(BenchError) {
    let report = try await SoakBench(duration: duration, seed: seed).run()
    print(report.table)
    try ReportFile.write(to: jsonPath, report.json)
    try ReportFile.write(to: svgPath) { Data(report.svg().utf8) }
    if !report.problems.isEmpty { throw .failed("the soak found \(report.problems.count) problems") }
}

/// `mpv-bench --readahead`: what a paused, preloaded engine reads through the cache after its load.
func runReadAheadBench(repetitions: Int) async throws(BenchError) {
    let (clipBytes, rows) = try await ReadAheadBench.run(repetitions: repetitions)
    let header = ReadAheadBench.samples.map { "\($0)" }.joined(separator: " | ")
    print("\(await mpvVersion()); clip \(clipBytes) bytes; origin bytes after a paused load, median of \(repetitions)")
    print("| configuration | \(header) | requests |")
    for row in rows {
        print("| \(row.name) | \(row.bytes.map(String.init).joined(separator: " | ")) | \(row.requests) |")
    }
}

func mpvVersion() async -> String {
    guard let engine = try? await MPVEngine() else { return "mpv" }
    let version = (try? await engine.stringProperty("mpv-version")) ?? "mpv"
    await engine.shutdown()
    return version
}

do {
    try await runBench()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(error.isUsage ? 2 : 1)
}

extension BenchError {
    var isUsage: Bool {
        if case .usage = self { true } else { false }
    }
}
