import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting

/// A seamless run on real frames: one frame-rendering ``MPVEngine`` playing an ``IndexedClip``, three pages handing it
/// on as a ``HandoffScript`` says, and ``PlayerSurfaces`` moving its picture between three ``FrameHost``s of different
/// sizes. Records what every host received, read by ``FrameCode``, and when each move was made.
package struct SeamlessRun: Sendable {
    /// A host of the run: its size and the settings of the page that owns it.
    package struct HostSpec: Sendable {
        /// The host's width, in pixels.
        package let width: Int
        /// The host's height, in pixels.
        package let height: Int
        /// The settings of the page whose host it is (its content mode lays the picture out there).
        package let settings: PlaybackSettings
    }

    /// The hosts, by page: the feed's cell (small, fill, muted), the detail page (large, fit), the overlay (wide, fill).
    package static let hosts: [HandoffScript.Page: HostSpec] = [
        .feed: HostSpec(width: 160, height: 160, settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill)),
        .detail: HostSpec(width: 480, height: 360, settings: PlaybackSettings(isMuted: false, contentMode: .aspectFit)),
        .overlay: HostSpec(
            width: 400, height: 180, settings: PlaybackSettings(isMuted: false, contentMode: .aspectFill)),
    ]

    /// What the run recorded.
    package struct Record: Sendable {
        /// Every picture the hosts received, in the order they arrived (host numbers are ``HandoffScript/Page`` raw values).
        package var frames: [SeamlessAnalysis.ShownFrame] = []
        /// Each move, in order.
        package var moves: [SeamlessAnalysis.Move] = []
        /// How many times mpv loaded a file (1: no reload).
        package var fileLoads = 0
        /// The frames that read neither an index nor black, with what they read as the other content mode.
        package var unreadable: [UnreadableFrame] = []
    }

    /// A frame that read neither an index nor black.
    package struct UnreadableFrame: Sendable, CustomStringConvertible {
        /// The host's number.
        package let host: Int
        /// Why it was drawn.
        package let kind: VideoFrame.Kind
        /// When.
        package let at: ContinuousClock.Instant
        /// What it reads as the other content mode: an index means mpv drew it with another page's layout.
        package let asOtherLayout: FrameReading

        package var description: String { "host \(host), \(kind), as the other layout \(asOtherLayout)" }
    }

    /// The clip to play.
    package let clip: MediaItem
    /// Its picture size.
    package let videoSize: Size
    /// The handoffs.
    package let script: HandoffScript
    /// New frames each host shows before the next handoff.
    package let framesPerStep: Int
    /// New frames the feed shows before the first handoff and after the last: mpv's file writer takes the first
    /// second or so of sound faster than it plays and the last unevenly as it shuts down, so the handoffs stay
    /// clear of both.
    package let framesAround: Int
    /// mpv options of the engine beyond rendering (e.g. `ao=pcm` and its file).
    package let mpvOptions: [String: String]
    /// The seed of the moments of the handoffs: each comes a random 0 to 33 ms after the host's last new frame, as a
    /// tap comes at any moment of a frame, not just after one.
    package let seed: UInt64

    /// A run; nothing starts before ``run()``.
    /// - Parameters:
    ///   - clip: The clip, an ``IndexedClip``.
    ///   - videoSize: Its picture size.
    ///   - script: The handoffs.
    ///   - framesPerStep: New frames each host shows before the next handoff.
    ///   - framesAround: New frames the feed shows before the first handoff and after the last.
    ///   - mpvOptions: mpv options of the engine beyond rendering.
    ///   - seed: The seed of the handoffs' moments within a frame.
    package init(
        clip: MediaItem, videoSize: Size, script: HandoffScript, framesPerStep: Int = 6,
        framesAround: Int = defaultFramesAround, mpvOptions: [String: String] = [:], seed: UInt64 = 1
    ) {
        self.seed = seed
        self.clip = clip
        self.videoSize = videoSize
        self.script = script
        self.framesPerStep = framesPerStep
        self.framesAround = framesAround
        self.mpvOptions = mpvOptions
    }

    /// New frames the feed shows before the first handoff and after the last, unless a run says otherwise.
    package static let defaultFramesAround = 45

    /// How long an ``IndexedClip`` must be for a run, in whole seconds at 30 frames a second, three times what the run
    /// counts: mpv plays the clip in real time whatever the run waits for, and on a busy machine the run's waits (for
    /// a host's frames, a handoff's calls) take longer than the frames they count, while mpv shows frames outside the
    /// run's counting; a clip that ended before the run would leave a host with no new frame. `nil` when that is
    /// beyond what ``FrameCode`` numbers (``FrameCode/indexModulus`` frames).
    /// - Parameters:
    ///   - script: The run's handoffs.
    ///   - framesPerStep: New frames each host shows before the next handoff.
    ///   - framesAround: New frames the feed shows before the first handoff and after the last.
    package static func clipSeconds(
        for script: HandoffScript, framesPerStep: Int, framesAround: Int = defaultFramesAround
    ) -> Int? {
        let frames = (script.steps.count * framesPerStep + 2 * framesAround) * 3 + 60
        guard frames < FrameCode.indexModulus else { return nil }
        return frames / 30 + 1
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
                let reading = FrameCode.decode(frame, videoSize: size, mode: mode)
                log.append(
                    SeamlessAnalysis.ShownFrame(host: number, reading: reading, kind: frame.kind, at: frame.renderedAt))
                if case .unreadable = reading {
                    // Read as the other layout too: a frame mpv drew with another page's content mode tells so.
                    let other: ContentMode = mode == .aspectFit ? .aspectFill : .aspectFit
                    log.noteUnreadable(
                        UnreadableFrame(
                            host: number, kind: frame.kind, at: frame.renderedAt,
                            asOtherLayout: FrameCode.decode(frame, videoSize: size, mode: other)))
                }
            }
            hosts[page] = host
        }
        guard let feed = sessions[.feed], let feedHost = hosts[.feed] else { throw SeamlessRunError.noFeed }
        let surfaces = PlayerSurfaces(pool: pool)
        let owner = try await feed.acquire(clip)
        surfaces.show(owner, in: feedHost)
        try await log.waitForNewFrames(framesAround, in: HandoffScript.Page.feed.rawValue)

        var record = Record()
        var leases: [HandoffScript.Page: PlayerLease] = [.feed: owner]
        var stack: [HandoffScript.Page] = [.feed]
        var random = SplitMix64(seed: seed)
        for step in script.steps {
            // The workload's own timing, not a synchronisation: the tap comes at any moment of a frame.
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<33_333, using: &random)))
            let next = step.applied(to: stack)
            guard let from = stack.last, let to = next.last else { throw SeamlessRunError.noFeed }
            switch step {
            case .lend(let lender, let borrower):
                guard let lease = leases[lender], let lending = sessions[lender], let session = sessions[borrower],
                    let host = hosts[borrower]
                else { throw SeamlessRunError.noFeed }
                let borrowed = try await session.borrow(try await lending.lend(lease))
                leases[borrower] = borrowed
                record.moves.append(SeamlessAnalysis.Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.show(borrowed, in: host)
            case .giveBack(let page):
                guard let lease = leases.removeValue(forKey: page) else { throw SeamlessRunError.noFeed }
                try await sessions[page]?.giveBack(lease)
                record.moves.append(SeamlessAnalysis.Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.refresh(owner.player)
            case .reclaim:
                try await feed.reclaim(owner)
                leases = [.feed: owner]
                record.moves.append(SeamlessAnalysis.Move(from: from.rawValue, to: to.rawValue, at: .now))
                surfaces.refresh(owner.player)
            }
            stack = next
            try await log.waitForNewFrames(framesPerStep, in: to.rawValue)
        }
        try await log.waitForNewFrames(framesAround, in: (stack.last ?? .feed).rawValue)
        record.frames = log.frames
        record.unreadable = log.unreadable
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
    /// A clip long enough for that many handoffs would have more frames than ``FrameCode`` numbers.
    case clipTooLong(handoffs: Int)

    package var description: String {
        switch self {
        case .noFeed: "the run's pages are incomplete"
        case .stalled(let host, let frames): "host \(host) stopped receiving new frames (after \(frames))"
        case .clipTooLong(let handoffs):
            "\(handoffs) handoffs need a clip longer than its frames can be numbered (\(FrameCode.indexModulus))"
        }
    }
}
