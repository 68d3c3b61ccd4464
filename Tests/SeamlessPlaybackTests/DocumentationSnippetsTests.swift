import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// Every Swift code block of the documentation is compiled: the blocks of the DocC catalogs and of README.md that run
// anywhere are compiled and run here, or in a sibling file DocumentationSnippets+<Article>Tests.swift; those that need
// UIKit, SwiftUI or AVFoundation (the README's quick starts, the SeamlessPlaybackAVFoundation and SeamlessPlaybackUIKit
// catalogs) are type-checked in Checks/AppleSDK/Sources/UsageCheck; README.md's Package.swift block is compiled by
// SwiftPM (DocumentationSnippets+READMETests.swift).
//
// A snippet is the code between `// snippet <Article>/<name>` and `// end snippet`, dedented. The article is the
// file name of the document without `.md`. `everyArticleSnippetIsCompiledHere` fails when a code block of a document
// is not, verbatim, a snippet of that document, or a snippet is in no document: change both together.

@Suite("Documentation: every code block of the articles compiles and runs")
struct DocumentationSnippetsTests {
    // MARK: GettingStarted.md

    @Test func gettingStartedFeedToDetailAndBack() async throws {
        let clipURL = URL(string: "https://example.com/clips/42.m3u8")!
        let feedCell = PlayerView()
        let detailPage = PlayerView()

        // snippet GettingStarted/make-pool
        let pool = PlayerPool(configuration: .init(capacity: 4)) {
            SimulatedEngine()  // in an app: await AVPlayerEngine(), try await MPVEngine(), or your own
        }
        // end snippet

        // snippet GettingStarted/feed-acquires
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
        let lease = try await feed.acquire(MediaItem(id: "clip-42", url: clipURL))
        feedCell.show(lease.engine)
        // end snippet

        // snippet GettingStarted/feed-reads-notices
        let watcher = Task { [notices = feed.notices] in  // the stream, not the page
            for await notice in notices {
                switch notice {
                case .returned(let lease): feedCell.show(lease.engine)  // the feed's settings are back on
                case .revoked, .failed: feedCell.showPoster()  // this lease can never play again
                }
            }
        }
        // end snippet

        // snippet GettingStarted/feed-lends
        let token = try await feed.lend(lease)
        let link = token.appended(to: URL(string: "shop://detail?item=42")!)
        // end snippet
        #expect(link.absoluteString.contains("\(HandoffToken.queryItemName)=\(token)"))

        // snippet GettingStarted/detail-borrows
        let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(rate: 1.25))
        let borrowed: PlayerLease
        if let handedOff = try await detail.borrow(from: link) {
            borrowed = handedOff  // the feed's player: no reload, same position, this page's settings
        } else {
            borrowed = try await detail.acquire(MediaItem(id: "clip-42", url: clipURL))  // a cold start
        }
        detailPage.show(borrowed.engine)
        // end snippet
        #expect(borrowed.engine === lease.engine)
        let engine = try #require(lease.engine as? SimulatedEngine)
        #expect(engine.lastApplied == PlaybackSettings(rate: 1.25))
        #expect(engine.record.loads.count == 1)

        // snippet GettingStarted/detail-gives-back
        try await detail.giveBack(borrowed)  // when this returns, the feed's settings are on the engine
        await detail.close()
        // end snippet
        #expect(engine.lastApplied == PlaybackSettings(isMuted: true, contentMode: .aspectFill))

        // snippet GettingStarted/shutdown
        await feed.close()
        await pool.shutdown()
        // end snippet
        await watcher.value
        #expect(feedCell.shown == 2)
        #expect(engine.record.shutdowns == 1)
    }

    // MARK: HandoffsReclaimsAndNotices.md

    @Test func handoffsThreeDeepThenAReclaim() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let feed = try await pool.makeSession(named: "feed")
        let detail = try await pool.makeSession(named: "detail")
        let mini = try await pool.makeSession(named: "mini-player")
        let clip = MediaItem(id: "clip-42")

        // snippet HandoffsReclaimsAndNotices/stack
        let owned = try await feed.acquire(clip)  // stack: feed
        let detailToken = try await feed.lend(owned)
        let onDetail = try await detail.borrow(detailToken)  // stack: feed, detail
        let miniToken = try await detail.lend(onDetail)
        let onMini = try await mini.borrow(miniToken)  // stack: feed, detail, mini-player
        try await feed.reclaim(owned)  // stack: feed; detail and mini-player are told .revoked
        // end snippet
        #expect(await pool.snapshot().map(\.holders) == [["feed"]])

        let miniView = PlayerView()
        // snippet HandoffsReclaimsAndNotices/revoked-lease
        do {
            try await mini.giveBack(onMini)
        } catch {
            miniView.showPoster()  // PlayerPoolError.leaseRevoked: nothing this lease asks reaches the engine now
        }
        // end snippet
        #expect(miniView.posters == 1)
        await #expect(throws: PlayerPoolError.leaseRevoked) { try await detail.giveBack(onDetail) }
        var notices = mini.notices.makeAsyncIterator()
        #expect(await notices.next() == .revoked(onMini))
        var detailNotices = detail.notices.makeAsyncIterator()
        #expect(await detailNotices.next() == .revoked(onDetail))
        await pool.shutdown()
    }

    @Test func handoffsTokensAreSingleUseAndEndWithTheLendersRun() async throws {
        let pool = PlayerPool { SimulatedEngine() }
        let feed = try await pool.makeSession(named: "feed")
        let detail = try await pool.makeSession(named: "detail")
        let other = try await pool.makeSession(named: "other")
        let lease = try await feed.acquire(MediaItem(id: "clip-42"))
        let token = try await feed.lend(lease)
        let spare = try await feed.lend(lease)
        let borrowed = try await detail.borrow(token)
        await #expect(throws: PlayerPoolError.tokenAlreadyUsed) { try await other.borrow(token) }
        await #expect(throws: PlayerPoolError.tokenExpired) { try await other.borrow(spare) }
        try await detail.giveBack(borrowed)
        await pool.shutdown()
    }

    /// The table of HandoffsReclaimsAndNotices.md: a page below the top that gives back leaves the stack, and the
    /// active holder stays (and hears nothing).
    @Test func handoffsAGiveBackFromBelowTheTopKeepsTheActiveHolder() async throws {
        let engine = SimulatedEngine()
        let pool = PlayerPool(configuration: .init(capacity: 1)) { engine }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(rate: 2))
        let mini = try await pool.makeSession(named: "mini-player", settings: PlaybackSettings(volume: 0.5))
        let owned = try await feed.acquire(MediaItem(id: "clip-42"))
        let onDetail = try await detail.borrow(feed.lend(owned))
        let onMini = try await mini.borrow(detail.lend(onDetail))
        try await detail.giveBack(onDetail)
        #expect(await pool.snapshot().map(\.holders) == [["feed", "mini-player"]])
        #expect(pool.activeHolders.activeLease(of: owned.player) == onMini)
        #expect(engine.lastApplied == PlaybackSettings(volume: 0.5))
        try await mini.giveBack(onMini)
        var notices = feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(owned))
        #expect(engine.lastApplied == PlaybackSettings(isMuted: true))
        await pool.shutdown()
    }

    // MARK: WritingAnEngine.md

    @Test func writingAnEngineTheCallbackEngineServesAPool() async throws {
        let players = Locked<[FakeCallbackPlayer]>([])
        let pool = PlayerPool {
            let player = FakeCallbackPlayer()
            players.withLock { $0.append(player) }
            return CallbackEngine(player: player)
        }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let lease = try await feed.acquire(MediaItem(id: "clip-42", url: URL(string: "https://example.com/42")))
        let player = try #require(players.value.first)
        #expect(player.opened == [URL(string: "https://example.com/42")!])
        #expect(player.muted == true)
        await #expect(throws: PlayerPoolError.engineFailed("no URL for clip-43")) {
            try await feed.acquire(MediaItem(id: "clip-43"))
        }
        player.onError?("the stream broke")
        var notices = feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .failed(lease, reason: "the stream broke"))
        #expect(await pool.metrics.failures == 1)
        await pool.shutdown()
        // Not checked here: when the failed engine's `shutdown()` has run.
    }

    // MARK: TestingYourApp.md

    @Test func testingYourAppATimeoutOnTheManualClock() async throws {
        // snippet TestingYourApp/manual-clock
        let clock = ManualClock()
        let pool = PlayerPool(
            configuration: .init(capacity: 1, loadTimeout: nil, applyTimeout: nil), clock: clock
        ) {
            SimulatedEngine(clock: clock)
        }
        let feed = try await pool.makeSession(named: "feed")
        let other = try await pool.makeSession(named: "other")
        _ = try await feed.acquire(MediaItem(id: "clip-1"))  // the only player is held

        let waiting = Task { try await other.acquire(MediaItem(id: "clip-2"), timeout: .seconds(2)) }
        await clock.waitForSleepers(count: 1)  // the acquire is queued, its timer armed
        clock.advance(by: .seconds(2))
        await #expect(throws: PlayerPoolError.timedOut) { try await waiting.value }
        // end snippet
        await pool.shutdown()
    }

    @Test func testingYourAppACancelledBorrowHeldAtAGate() async throws {
        // snippet TestingYourApp/gate
        let engine = SimulatedEngine()
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil)) { engine }
        let feedSettings = PlaybackSettings(isMuted: true)
        let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await pool.makeSession(named: "detail")
        let lease = try await feed.acquire(MediaItem(id: "clip-1"))
        let token = try await feed.lend(lease)

        let gate = engine.hangNextApply()  // the borrow's apply will wait here
        let borrowing = Task { try await detail.borrow(token) }
        await gate.waitForArrivals(1)  // the detail page's settings are on their way to the engine
        #expect(pool.activeHolders.activeLease(of: lease.player) == lease)  // the feed is still shown

        borrowing.cancel()  // the user went back before the detail page was ready
        gate.open()
        await #expect(throws: PlayerPoolError.cancelled) { try await borrowing.value }
        #expect(engine.lastApplied == feedSettings)  // the feed's settings are back: nothing leaked
        #expect(!engine.record.sawOverlap)
        // end snippet
        await pool.shutdown()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func testingYourAppASeededRandomWalk(seed: UInt64) async throws {
        // snippet TestingYourApp/seeded
        var random = SplitMix64(seed: seed)
        let engine = SimulatedEngine()
        let pool = PlayerPool { engine }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(rate: 2))
        let owned = try await feed.acquire(MediaItem(id: "clip-1"))
        var borrowed: PlayerLease?
        for step in 0..<100 {
            if let lease = borrowed, random.chance(0.5) {
                try await detail.giveBack(lease)
                borrowed = nil
            } else if borrowed == nil {
                borrowed = try await detail.borrow(feed.lend(owned))
            }
            let active = borrowed == nil ? feed : detail
            let expected = await active.settings
            #expect(engine.lastApplied == expected, "seed \(seed), step \(step)")
        }
        // end snippet
        await pool.shutdown()
    }

    // MARK: SeamlessPlaybackTesting.md (the landing page of the SeamlessPlaybackTesting catalog)

    @Test func seamlessPlaybackTestingAPoolOnTheTestsTime() async throws {
        // snippet SeamlessPlaybackTesting/pool
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, applyLatency: .milliseconds(20))
        }
        // end snippet
        let feed = try await pool.makeSession(named: "feed")
        let acquiring = Task { try await feed.acquire(MediaItem(id: "clip-1")) }
        await clock.waitForSleepers(count: 1)  // the first apply waits out its latency
        clock.advance(by: .milliseconds(20))
        let lease = try await acquiring.value
        #expect(await lease.engine.currentPosition() == .zero)
        await pool.shutdown()
    }

    // MARK: Keeping the articles and this file in sync

    /// The package's root folder, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folders whose Swift files hold snippets: this file's (its siblings DocumentationSnippets+….swift), and the
    /// Apple type-check's usage files, each with the prefix of the files that count.
    static let snippetFolders = [
        ("Tests/SeamlessPlaybackTests", "DocumentationSnippets"), ("Checks/AppleSDK/Sources/UsageCheck", ""),
    ]

    /// The documents whose Swift blocks must be snippets: the DocC catalogs' articles, and the READMEs.
    static let documentFolders = [
        "Sources/SeamlessPlayback/SeamlessPlayback.docc", "Sources/SeamlessPlayback/SeamlessPlayback.docc/Extensions",
        "Sources/SeamlessPlaybackTesting/SeamlessPlaybackTesting.docc",
        "Sources/SeamlessPlaybackAVFoundation/SeamlessPlaybackAVFoundation.docc",
        "Sources/SeamlessPlaybackUIKit/SeamlessPlaybackUIKit.docc", ".", "Engines/MPV", "Checks", "Stress",
    ]

    @Test func everyArticleSnippetIsCompiledHere() throws {
        let root = Self.packageRoot
        let files = FileManager.default
        let snippets = try Self.snippetFolders.flatMap { folder, prefix in
            let url = root.appendingPathComponent(folder)
            return try files.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".swift") }.sorted()
                .flatMap { Self.snippets(in: try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)) }
        }
        var used = Set<String>()
        var documents = 0
        for folder in Self.documentFolders {
            let url = root.appendingPathComponent(folder)
            for file in try files.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".md") {
                documents += 1
                let article = String(file.dropLast(3))
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                for block in Self.swiftBlocks(in: text) where !DocumentationSnippetsREADMETests.isManifest(block) {
                    let match = snippets.first { $0.article == article && $0.code == block }
                    #expect(match != nil, "a code block of \(folder)/\(file) is not a snippet of \(article):\n\(block)")
                    if let match { used.insert(match.name) }
                }
            }
        }
        for snippet in snippets where !used.contains(snippet.name) {
            Issue.record("snippet \(snippet.name) is in no document")
        }
        #expect(snippets.count >= 20)
        #expect(documents >= 20)
    }

    /// The snippets of this file: name, article, dedented code.
    static func snippets(in source: String) -> [(name: String, article: String, code: String)] {
        var result: [(String, String, String)] = []
        var current: (name: String, lines: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// snippet ") {
                current = (String(trimmed.dropFirst("// snippet ".count)), [])
            } else if trimmed == "// end snippet", let snippet = current {
                let article = String(snippet.name.prefix { $0 != "/" })
                result.append((snippet.name, article, dedent(snippet.lines)))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return result
    }

    /// The ```swift blocks of an article, dedented.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(dedent(current!))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func dedent(_ lines: [Substring]) -> String {
        let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
    }
}

/// A stand-in for an app's player view: counts what it was asked to show. Shared with the sibling files.
final class PlayerView: Sendable {
    private let counts = Locked((shown: 0, posters: 0))
    var shown: Int { counts.value.shown }
    var posters: Int { counts.value.posters }
    func show(_ engine: any PlaybackEngine) { counts.withLock { $0.shown += 1 } }
    func showPoster() { counts.withLock { $0.posters += 1 } }
}

// snippet WritingAnEngine/sdk
/// A player SDK with a callback API. A stand-in, so that the example compiles: yours has its own names.
protocol CallbackPlayer: AnyObject, Sendable {
    func open(_ url: URL, completion: @escaping @Sendable ((any Error)?) -> Void)
    func configure(
        muted: Bool, gain: Double, speed: Double, paused: Bool, fill: Bool,
        completion: @escaping @Sendable () -> Void)
    var position: Duration { get }
    var onError: (@Sendable (String) -> Void)? { get set }
    func close()
}
// end snippet

// snippet WritingAnEngine/engine
struct NoURL: Error, CustomStringConvertible {
    let mediaID: String
    var description: String { "no URL for \(mediaID)" }
}

final class CallbackEngine: PlaybackEngine {
    private let player: any CallbackPlayer

    init(player: any CallbackPlayer) { self.player = player }

    func load(_ item: MediaItem) async throws {
        guard let url = item.url else { throw NoURL(mediaID: item.id) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            player.open(url) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func apply(_ settings: PlaybackSettings) async {
        // No cancellation handler, on purpose: the pool counts the settings as on the engine once this
        // returns, so it must wait for the player even when its task is cancelled.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            player.configure(
                muted: settings.isMuted, gain: settings.volume, speed: settings.rate,
                paused: settings.isPaused, fill: settings.contentMode == .aspectFill
            ) {
                continuation.resume()
            }
        }
    }

    func currentPosition() async -> Duration { player.position }

    func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        player.onError = report  // the pool calls this once, before the first load
    }

    func shutdown() async { player.close() }
}
// end snippet

/// The SDK of the engine example, answering at once.
private final class FakeCallbackPlayer: CallbackPlayer {
    private struct State {
        var opened: [URL] = []
        var muted: Bool?
        var closed = 0
        var onError: (@Sendable (String) -> Void)?
    }

    private let state = Locked(State())
    var opened: [URL] { state.value.opened }
    var muted: Bool? { state.value.muted }
    var closed: Int { state.value.closed }

    func open(_ url: URL, completion: @escaping @Sendable ((any Error)?) -> Void) {
        state.withLock { $0.opened.append(url) }
        completion(nil)
    }

    func configure(
        muted: Bool, gain: Double, speed: Double, paused: Bool, fill: Bool,
        completion: @escaping @Sendable () -> Void
    ) {
        state.withLock { $0.muted = muted }
        completion()
    }

    var position: Duration { .zero }

    var onError: (@Sendable (String) -> Void)? {
        get { state.value.onError }
        set { state.withLock { $0.onError = newValue } }
    }

    func close() { state.withLock { $0.closed += 1 } }
}
