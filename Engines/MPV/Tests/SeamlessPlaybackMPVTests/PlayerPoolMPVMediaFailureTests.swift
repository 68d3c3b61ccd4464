import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting
import Testing

/// Media failures on real playback: `MPVEngine` says what kind each is, and the pool keeps the engine.
///
/// One case at a time: nine servers and engines started at once would take the CPU from the suites that read
/// playback against the wall clock.
@Suite("PlayerPool with real mpv engines: media that fails", .serialized)
struct PlayerPoolMPVMediaFailureTests {
    /// One bad source and the kind it must fail with.
    enum BadMedia: String, CaseIterable, CustomTestStringConvertible {
        case http404, http410, http503, refused, unresolvable, missingFile, garbageFile, garbageOverHTTP

        var testDescription: String { rawValue }

        var kind: MediaFailure.Kind {
            switch self {
            case .http404, .http410, .missingFile: .notFound
            case .http503, .refused, .unresolvable: .network
            case .garbageFile, .garbageOverHTTP: .unsupported
            }
        }

        func item(_ server: MediaServer) async throws -> MediaItem {
            switch self {
            case .http404: server.status(404)
            case .http410: server.status(410)
            case .http503: server.status(503)
            case .refused: server.refused()
            // `.invalid` never resolves (RFC 6761): the lookup fails at once, on any network or none.
            case .unresolvable: MediaItem(id: "http://seamless-playback.invalid/clip.mp4")
            case .missingFile: TestMedia.missing
            case .garbageFile: try await LocalMedia.shared.item("garbage.mp4")
            case .garbageOverHTTP: server.file("garbage.mp4")
            }
        }
    }

    @Test(
        "each bad source fails with its kind; the engine stays, and the next good clip plays on it",
        arguments: BadMedia.allCases)
    func failureKeepsTheEngine(bad: BadMedia) async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let pool = PlayerPool(configuration: .init(capacity: 1, retryDelay: .milliseconds(50))) {
            try await MPVEngine()
        }
        let page = try await pool.makeSession(named: "feed")
        let first = try await page.acquire(server.file("clip.mp4"))
        let engine = try #require(first.engine as? MPVEngine)
        try await page.giveBack(first)

        let item = try await bad.item(server)
        var thrown: PlayerPoolError?
        do {
            let lease = try await page.acquire(item, timeout: .seconds(60))
            try await page.giveBack(lease)
        } catch {
            thrown = error
        }
        guard case .mediaFailed(let failure) = thrown else {
            Issue.record("\(item.id) threw \(thrown.map { "\($0)" } ?? "nothing")")
            await pool.shutdown()
            return
        }
        #expect(failure.kind == bad.kind, "\(failure)")
        let metrics = await pool.metrics
        // A transient failure is tried twice more (the pool's default), and each try counts.
        #expect(metrics.loadRetries == (failure.isTransient ? 2 : 0))
        #expect(metrics.mediaFailures == [bad.kind: 1 + metrics.loadRetries])

        let next = try await page.acquire(server.file("short.mp4"))
        #expect(next.engine === engine, "the next clip plays on the same engine")
        #expect(await pool.metrics.created == 1)
        #expect(await pool.metrics.failures == 0)
        #expect(!engine.isShutDown)
        try await page.giveBack(next)
        await pool.shutdown()
    }

    @Test("a server that answers 503 once and then serves: one retry, and the clip plays")
    func transientThenSuccess() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        let page = try await pool.makeSession(named: "feed")
        let lease = try await page.acquire(server.flaky("clip.mp4", key: "once"), timeout: .seconds(60))
        let metrics = await pool.metrics
        #expect(metrics.loadRetries == 1)
        #expect(metrics.mediaFailures == [.network: 1])
        #expect(metrics.created == 1)
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(engine.fileLoadedCount == 1)
        try await page.giveBack(lease)
        await pool.shutdown()
    }

    @Test("a server that refuses the first connection and listens before the retry: one retry, and the clip plays")
    func refusedThenServed() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        // The retry waits a second: the late port listens within milliseconds of the failure's event, long before.
        let pool = PlayerPool(configuration: .init(capacity: 1, retryDelay: .seconds(1))) { try await MPVEngine() }
        let events = await pool.events()
        let opener = Task { () async throws -> MediaFailure? in
            for await event in events {
                guard case .mediaFailed(_, _, let failure, willRetry: true) = event else { continue }
                try await server.listenOnLatePort()
                return failure
            }
            return nil
        }
        let page = try await pool.makeSession(named: "feed")
        let lease = try await page.acquire(server.late("clip.mp4"), timeout: .seconds(60))
        let failure = try await opener.value
        #expect(failure?.kind == .network, "\(failure.map { "\($0)" } ?? "no failure")")
        let metrics = await pool.metrics
        #expect(metrics.loadRetries == 1)
        #expect(metrics.mediaFailures == [.network: 1])
        #expect(metrics.created == 1)
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(engine.fileLoadedCount == 1)
        #expect(await page.quality(of: lease).loadRetries == 1)
        try await page.giveBack(lease)
        await pool.shutdown()
    }

    @Test(
        "a preload whose origin was killed is reported and is no warm hit: the acquire fails typed, or its player does",
        arguments: [16_384, 100_000])
    func aPreloadWhoseOriginDiedIsNotHandedOver(bytes: Int) async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        // The neighbour's bytes stop after `bytes` (before its first frame, or after it: a loaded preload); the
        // origin is then killed. No retries: a retried preload could play from the bytes cached so far, a player not
        // dead yet (it fails when it needs the origin's next byte), and nothing would be reported.
        fixture.origin.setFault(.stallAfter(bytes: bytes), for: "/clip.mp4")
        let items = [fixture.item("/short.mp4"), fixture.item("/clip.mp4")]
        let pool = PlayerPool(configuration: .init(capacity: 2, loadRetries: 0)) {
            try await MPVEngine(cache: fixture.cache)
        }
        let events = await pool.events()
        let page = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let first = try await page.acquire(items[0])
        await pool.focus(on: 0, in: items)
        await fixture.origin.wait { $0.stalled >= 1 }
        fixture.origin.stop()

        // The preload failed: its load (a media failure), or its engine, which found the cut after the load and said so.
        let reported = await firstResult(within: .seconds(60)) { () async -> PoolEvent? in
            for await event in events {
                switch event {
                case .engineFailed: return event
                case .mediaFailed(_, let media, _, willRetry: false) where media == items[1]: return event
                default: continue
                }
            }
            return nil
        }
        let report = try #require(reported, "the dead preload was never reported")
        print("a preload killed after \(bytes) bytes: \(report)")

        // Its clip is loaded again, for the page or by the focus again on another player, from a dead origin and the
        // bytes cached. Which comes first is a race (a first frame from the cache, or the origin's failure): the
        // acquire throws a typed error (the media's, or the engine's naming the origin), or it gets a player loaded
        // again (a failed load leaves its engine empty; a failed engine leaves the pool) that fails as soon as it needs
        // the origin's bytes.
        let acquired: Result<PlayerLease, any Error>
        do {
            acquired = .success(try await page.acquire(items[1], timeout: .seconds(30)))
        } catch {
            acquired = .failure(error)
        }
        switch acquired {
        case .success(let lease):
            let failed = await firstResult(within: .seconds(60)) { () async -> Bool? in
                for await event in events {
                    if case .engineFailed(let player, _) = event, player == lease.player { return true }
                }
                return nil
            }
            #expect(failed == true, "the player of a dead origin never failed")
        case .failure(let error):
            switch error as? PlayerPoolError {
            case .mediaFailed(let failure): #expect(failure.kind == .network)
            case .engineFailed(let reason): #expect(reason.contains("origin failed"), "\(reason)")
            default: Issue.record("unexpected error \(error)")
            }
        }
        try await page.giveBack(first)
        await pool.shutdown()
    }

    @Test(
        "a clip whose index and first media bytes are cached, its origin dead: the acquire fails .mediaFailed(.network)",
        arguments: [0, 2_048])
    func aDeadOriginUnderAPartlyCachedClipIsAMediaFailure(mediaBytes: Int) async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        let media = try await LocalMedia.shared.directory()
        let bytes = try Data(contentsOf: media.appendingPathComponent("clip.mp4"))
        // The clip's index (`moov`, first: faststart) and `mediaBytes` of its media, short of the first frame: mpv
        // must ask the origin for the rest, and the origin is dead.
        let mediaStart = try #require(Self.mediaDataStart(of: bytes))
        let key = fixture.key("/clip.mp4")
        try fixture.cache.write(bytes.prefix(mediaStart + mediaBytes), for: key, at: 0)
        try fixture.cache.setLength(Int64(bytes.count), for: key)
        fixture.origin.stop()
        let pool = PlayerPool(configuration: .init(capacity: 1, retryDelay: .milliseconds(50))) {
            try await MPVEngine(cache: fixture.cache)
        }
        let page = try await pool.makeSession(named: "feed")
        await #expect {
            try await page.acquire(fixture.item("/clip.mp4"), timeout: .seconds(30))
        } throws: { error in
            guard case PlayerPoolError.mediaFailed(let failure) = error else { return false }
            return failure.kind == .network
        }
        let metrics = await pool.metrics
        #expect(metrics.failures == 0, "the engine was retired for the origin's failure")
        #expect(metrics.loadRetries == 2)
        await pool.shutdown()
    }

    /// Where the body of an mp4's top-level `mdat` box starts, or `nil` when it has none.
    private static func mediaDataStart(of mp4: Data) -> Int? {
        let bytes = [UInt8](mp4)
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "mdat" { return offset + 8 }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }
}
