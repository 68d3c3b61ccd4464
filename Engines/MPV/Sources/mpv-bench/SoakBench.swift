import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting
import SoakCheck

/// `mpv-bench --soak`: real `MPVEngine`s reading through a small ``MediaCache`` with a ``MediaPrefetcher``, media
/// from a ``TestOrigin`` with a fault every few seconds, a feed scrolled by ``FeedAutoplay`` with seeded gestures,
/// detail pages, reclaims, dropped pages, trims, seeks and loops — sampled every few seconds and judged at the end.
struct SoakBench {
    /// The pool's engines.
    static let capacity = 4
    /// The cache's capacity: about a third of the feed's bytes, so that it evicts.
    static let cacheCapacity: Int64 = 1_536 << 10
    /// The byte tier's bytes per item: a part of each clip.
    static let bytesPerItem: Int64 = 64 << 10
    /// The time between samples.
    static let sampleEvery = Duration.seconds(3)
    /// The time between the starts of two faults.
    static let faultPeriod = 4_000
    /// The pool's idle settings (its default).
    static let idleSettings = PlaybackSettings.idle

    let duration: Duration
    let seed: UInt64

    func run() async throws(BenchError) -> SoakReport {
        let media = try await SoakMedia.prepare()
        defer { media.stop() }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-soak-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache: MediaCache
        do {
            cache = try MediaCache(directory: directory, capacity: Self.cacheCapacity)
        } catch {
            throw .failed("cannot open the cache: \(error)")
        }
        let bytes = SoakByteCheck(expected: media.bytesByKey)
        MPVDiagnostics.tapReads { key, offset, data in bytes.check(key: key, offset: offset, bytes: data) }
        defer { MPVDiagnostics.tapReads(nil) }
        let prefetcher = MediaPrefetcher(cache: cache, source: HTTPByteSource())
        let engines = SoakEngines()
        let pool = PlayerPool(
            configuration: .init(capacity: Self.capacity, idleSettings: Self.idleSettings, prefetcher: prefetcher)
        ) {
            let engine = try await MPVEngine(options: .init(loadTimeout: .seconds(8)), cache: cache)
            engines.add(engine)
            return engine
        }
        let ledger = SoakLedger()
        let items = media.urls.map { MediaItem(id: $0.lastPathComponent, url: $0) }
        let window = PreloadWindow(bytesPerItem: Self.bytesPerItem)
        let harness: SoakHarness
        do {
            harness = try await SoakHarness(pool: pool, items: items, window: window, ledger: ledger, seed: seed)
        } catch {
            await pool.shutdown()
            throw .failed("cannot open the feed: \(error)")
        }
        let handlesBefore = MPVDiagnostics.counts.handles
        let events = await pool.events()
        let listener = Task { await Self.listen(to: events, ledger) }
        await harness.start()
        let deadline = ContinuousClock.now + duration
        let faults = Task { await Self.injectFaults(media, harness, ledger, seed: seed, until: deadline) }
        let sampler = Task {
            await Self.sample(
                SoakObserver(
                    pool: pool, feed: harness.feed, ledger: ledger, engines: engines, bytes: bytes,
                    idleSettings: Self.idleSettings),
                ledger: ledger, engines: engines, pool: pool, cache: cache, directory: directory,
                prefetcher: prefetcher,
                origin: media.origin,
                until: deadline)
        }
        while ContinuousClock.now < deadline { await harness.step() }
        await faults.value
        var (samples, violations, judged) = await sampler.value
        await harness.finish()
        let recovery = await Self.checkRecovery(items, pool: pool, ledger: ledger)
        // Every page is gone now (the dropped ones long since): nothing may be held.
        let leftHeld = await pool.snapshot().filter { !$0.holders.isEmpty }
        for entry in leftHeld {
            violations.append("at the end, \(entry.player) is still held by \(entry.holders.joined(separator: ", "))")
        }
        let metrics = await pool.metrics
        await pool.shutdown()
        await listener.value
        let state = ledger.state.withLock { $0 }
        return SoakReport(
            seconds: ledger.seconds, seed: seed, mpvVersion: await mpvVersion(), samples: samples,
            violations: violations, judged: judged, recovery: recovery, metrics: metrics, state: state,
            bytes: bytes.totals,
            prefetch: prefetcher.stats, originRequests: media.origin.stats.requests, feedBytes: media.totalBytes,
            startHandles: handlesBefore)
    }

    /// Samples and observes every ``sampleEvery`` until `deadline`.
    /// - Returns: The samples, the violations found, and how often each invariant was judged.
    private static func sample(
        _ observer: SoakObserver, ledger: SoakLedger, engines: SoakEngines, pool: PlayerPool, cache: MediaCache,
        directory: URL,
        prefetcher: MediaPrefetcher,
        origin: TestOrigin, until deadline: ContinuousClock.Instant
    ) async -> ([SoakSample], [String], [String: Int]) {
        var observer = observer
        var invariants = SoakInvariants(idleSettings: idleSettings)
        var samples: [SoakSample] = []
        var violations: [String] = []
        var next = ContinuousClock.now
        while next < deadline {
            try? await Task.sleep(until: next)
            let started = ledger.seconds
            let observation = await observer.observe()
            // A look held up (a call into mpv or the pool that did not return) is noted; the next comes a full
            // interval later, not back to back.
            next = max(next + sampleEvery, .now + sampleEvery)
            for violation in invariants.observe(observation) {
                violations.append("\(Int(observation.seconds)) s: \(violation)")
            }
            let metrics = await pool.metrics
            let disk = SoakProcess.diskUsage(of: directory)
            let counts = MPVDiagnostics.counts
            let leases = await pool.snapshot().reduce(0) { $0 + $1.holders.count }
            samples.append(
                SoakSample(
                    seconds: observation.seconds, lookSeconds: observation.seconds - started,
                    residentMiB: Double(SoakProcess.residentBytes) / 1_048_576,
                    descriptors: SoakProcess.openDescriptors, threads: SoakProcess.threads, mpvHandles: counts.handles,
                    engineObjects: engines.unfreed,
                    openStreams: counts.openStreams, streamObjects: counts.streamObjects, cacheFiles: disk.files,
                    cacheKiB: Double(disk.bytes) / 1_024, cacheUsedKiB: Double(cache.usedBytes) / 1_024,
                    poolLive: metrics.live, poolIdle: metrics.idle, tokens: metrics.tokens, leases: leases,
                    loads: metrics.loads, handoffs: metrics.handoffs, prefetched: prefetcher.stats.fetchedBytes))
        }
        return (samples, violations, invariants.judged)
    }

    /// Notes why engines failed, and the media failures the pool met, from the pool's events.
    private static func listen(to events: AsyncStream<PoolEvent>, _ ledger: SoakLedger) async {
        for await event in events {
            switch event {
            case .engineFailed(let player, let reason):
                let seconds = Int(ledger.seconds)
                ledger.state.withLock { state in
                    state.engineFailures.append("\(seconds) s: \(player): \(reason)")
                    if reason.hasPrefix("the origin failed the stream of") { state.originCuts += 1 }
                }
            case .mediaFailed(_, let item, let failure, let willRetry):
                let seconds = Int(ledger.seconds)
                ledger.state.withLock { state in
                    let count = state.mediaFailureReasons.count { $0.hasPrefix("\(failure.kind)") }
                    if count < 3 {
                        state.mediaFailureReasons.append(
                            "\(failure.kind) at \(seconds) s, \(item.id)\(willRetry ? " (retried)" : ""): \(failure.reason)"
                        )
                    }
                }
            default: break
            }
        }
    }

    /// One fault every ``faultPeriod`` ms until `deadline`, on an item near the feed's cell (or on every item).
    private static func injectFaults(
        _ media: SoakMedia, _ harness: SoakHarness, _ ledger: SoakLedger, seed: UInt64,
        until deadline: ContinuousClock.Instant
    ) async {
        let origin = media.origin
        var script = SoakFaultScript(seed: seed &+ 1, period: faultPeriod)
        var next = ContinuousClock.now + .milliseconds(faultPeriod)
        while next < deadline {
            try? await Task.sleep(until: next)
            next += .milliseconds(script.period)
            let fault = script.next()
            let index = (await harness.cell + fault.distance) % media.paths.count
            let path = media.paths[index]
            // The log is drained at each fault, so that it stays small, and the window's requests are counted.
            _ = origin.takeRequests()
            // Media struck counts as faulted a while after the fault ends: the engine's retries and refill follow.
            let until = ledger.seconds + Double(fault.milliseconds) / 1_000 + 4
            ledger.state.withLock { state in
                state.faults[fault.kind, default: 0] += 1
                switch fault.kind {
                case .slowPieces, .deadServer: state.allFaultedUntil = until
                default:
                    state.faultedUntil[media.urls[index].lastPathComponent] = until
                    state.faultedItems.insert(index)
                }
            }
            switch fault.kind {
            case .resetMidBody: origin.setFault(.resetAfter(bytes: fault.bytesBeforeReset), for: path, times: 1)
            case .notFound: origin.setFault(.status(404), for: path)
            case .unavailable: origin.setFault(.status(503), for: path)
            case .stall: origin.setFault(.stall, for: path)
            case .slowPieces: origin.setPacing(.init(bytesPerSecond: 24_000))
            case .deadServer: origin.setFaultForEveryPath(.refuse)
            }
            try? await Task.sleep(for: .milliseconds(fault.milliseconds))
            let requests = origin.takeRequests().count { $0.path == path }
            ledger.state.withLock { state in
                if fault.kind == .notFound || fault.kind == .unavailable {
                    state.statusRequests[fault.kind, default: []].append(requests)
                }
            }
            switch fault.kind {
            case .resetMidBody, .notFound, .unavailable: origin.setFault(nil, for: path)
            case .stall:
                origin.setFault(nil, for: path)
                origin.releaseStalled()
            case .slowPieces: origin.setPacing(.init())
            case .deadServer: origin.setFaultForEveryPath(nil)
            }
        }
    }

    /// With the origin healthy again, each item a fault struck is played once more: it must load.
    private static func checkRecovery(_ items: [MediaItem], pool: PlayerPool, ledger: SoakLedger) async
        -> SoakReport
        .Recovery
    {
        var recovery = SoakReport.Recovery()
        let struck = ledger.state.withLock { $0.faultedItems }.sorted()
        guard let page = try? await pool.makeSession(named: "recovery", settings: .init(isMuted: true)) else {
            recovery.failures.append("cannot open the recovery page")
            return recovery
        }
        for index in struck {
            do {
                let lease = try await page.acquire(items[index], timeout: .seconds(20))
                try await page.giveBack(lease)
                recovery.recovered += 1
            } catch {
                recovery.failures.append("\(items[index].id): \(error)")
            }
        }
        await page.close()
        return recovery
    }
}
