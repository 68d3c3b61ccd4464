import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// A seamless run on real frames: one frame-rendering ``MPVEngine`` playing an ``IndexedClip``, three pages handing it
/// on as a ``HandoffScript`` says, and ``PlayerSurfaces`` moving its picture between three ``FrameHost``s of different
/// sizes. Records what every host received, read by ``FrameCode``, and when each move was made.
package struct SeamlessRun: Sendable {
    /// A host of the run: its size and the content mode of the page that owns it.
    package struct HostSpec: Sendable {
        package let width: Int
        package let height: Int
        package let settings: PlaybackSettings
    }

    /// The hosts, by page: the feed's cell (small, fill, muted), the detail page (large, fit), the overlay (wide, fill).
    package static let hosts: [HandoffScript.Page: HostSpec] = [
        .feed: HostSpec(width: 160, height: 160, settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill)),
        .detail: HostSpec(width: 480, height: 360, settings: PlaybackSettings(isMuted: false, contentMode: .aspectFit)),
        .overlay: HostSpec(width: 400, height: 180, settings: PlaybackSettings(isMuted: false, contentMode: .aspectFill)),
    ]

    /// What the run recorded.
    package struct Record: Sendable {
        /// Every picture the hosts received, in the order they arrived (host numbers are ``HandoffScript/Page`` raw values).
        package var frames: [ShownFrame] = []
        /// Each move, in order.
        package var moves: [Move] = []
        /// Per move: whether the sound is on on both sides, and the playback position just before it.
        package var audioMarks: [(soundStaysOn: Bool, position: Duration)] = []
        /// How many times mpv loaded a file (1: no reload).
        package var fileLoads = 0
    }

    /// The clip to play.
    package let clip: MediaItem
    /// Its picture size.
    package let videoSize: Size
    /// The handoffs.
    package let script: HandoffScript
    /// New frames each host shows before the next handoff.
    package let framesPerStep: Int
    /// mpv options of the engine beyond rendering (e.g. `ao=pcm` and its file).
    package let mpvOptions: [String: String]

    /// A run; nothing starts before ``run()``.
    package init(
        clip: MediaItem, videoSize: Size, script: HandoffScript, framesPerStep: Int = 6, mpvOptions: [String: String] = [:]
    ) {
        self.clip = clip
        self.videoSize = videoSize
        self.script = script
        self.framesPerStep = framesPerStep
        self.mpvOptions = mpvOptions
    }

    /// Plays the script.
    /// - Throws: What the pool throws, or ``SeamlessRunError`` when a host stops receiving frames.
    @MainActor
    package func run() async throws -> Record {
        let options = mpvOptions
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(mpvOptions: options, rendersFrames: true))
        }
        do {
            let record = try await play(on: pool)
            await pool.shutdown()
            return record
        } catch {
            await pool.shutdown()
            throw error
        }
    }

    @MainActor
    private func play(on pool: PlayerPool) async throws -> Record {
        var sessions: [HandoffScript.Page: PageSession] = [:]
        var hosts: [HandoffScript.Page: FrameHost] = [:]
        let log = FrameLog()
        for page in HandoffScript.Page.allCases {
            guard let spec = Self.hosts[page] else { continue }
            sessions[page] = try await pool.makeSession(named: "\(page)", settings: spec.settings)
            let host = FrameHost(width: spec.width, height: spec.height)
            let (number, mode, size) = (page.rawValue, spec.settings.contentMode, videoSize)
            host.onFrame { frame in
                log.append(
                    ShownFrame(
                        host: number, reading: FrameCode.decode(frame, videoSize: size, mode: mode), kind: frame.kind,
                        at: frame.renderedAt))
            }
            hosts[page] = host
        }
        guard let feed = sessions[.feed], let feedHost = hosts[.feed] else { throw SeamlessRunError.noFeed }
        let surfaces = PlayerSurfaces(pool: pool)
        let owner = try await feed.acquire(clip)
        surfaces.show(owner, in: feedHost)
        try await log.waitForNewFrames(framesPerStep, in: HandoffScript.Page.feed.rawValue)

        var record = Record()
        var leases: [HandoffScript.Page: PlayerLease] = [.feed: owner]
        var stack: [HandoffScript.Page] = [.feed]
        for (step, soundStaysOn) in zip(script.steps, script.soundStaysOn) {
            let next = step.applied(to: stack)
            guard let from = stack.last, let to = next.last else { throw SeamlessRunError.noFeed }
            let position = await owner.engine.currentPosition()
            switch step {
            case .lend(let lender, let borrower):
                guard let lease = leases[lender], let lending = sessions[lender], let session = sessions[borrower],
                    let host = hosts[borrower]
                else { throw SeamlessRunError.noFeed }
                let borrowed = try await session.borrow(try await lending.lend(lease))
                leases[borrower] = borrowed
                record.moves.append(Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.show(borrowed, in: host)
            case .giveBack(let page):
                guard let lease = leases.removeValue(forKey: page) else { throw SeamlessRunError.noFeed }
                try await sessions[page]?.giveBack(lease)
                record.moves.append(Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.refresh(owner.player)
            case .reclaim:
                try await feed.reclaim(owner)
                leases = [.feed: owner]
                record.moves.append(Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.refresh(owner.player)
            }
            record.audioMarks.append((soundStaysOn, position))
            stack = next
            try await log.waitForNewFrames(framesPerStep, in: to.rawValue)
        }
        record.frames = log.frames
        record.fileLoads = (owner.engine as? MPVEngine)?.fileLoadedCount ?? 0
        return record
    }
}

/// Why a seamless run stopped.
package enum SeamlessRunError: Error, CustomStringConvertible {
    /// A page or host of the script is missing (a bug of the run).
    case noFeed
    /// A host received no new frames for too long.
    case stalled(host: Int, frames: Int)

    package var description: String {
        switch self {
        case .noFeed: "the run's pages are incomplete"
        case .stalled(let host, let frames): "host \(host) stopped receiving new frames (after \(frames))"
        }
    }
}
