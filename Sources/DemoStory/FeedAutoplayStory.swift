import SeamlessPlayback
import SeamlessPlaybackTesting

/// The demo's third story: a user scrolls a short feed of cells of mixed heights, and `FeedAutoplay` says which cell
/// plays at each step: at rest the most visible one at once, none during a fling, the paused one left alone.
public enum FeedAutoplayStory {
    /// One step of the story and what played after it.
    public struct Step: Hashable, Sendable {
        /// The time of the step, on the virtual clock.
        public var time: Duration
        /// What the user did.
        public var action: String
        /// The list's offset, in points.
        public var offset: Double
        /// The list's phase.
        public var phase: ScrollPhase
        /// The cell that plays after the step, if any.
        public var playing: Int?
    }

    /// The cells' heights, in points, under an 800-point viewport.
    public static let heights: [Double] = [600, 300, 900, 500, 700, 400, 800, 600]
    static let viewport = 800.0

    /// What the user does: a short drag, a rest, a fling across five cells, a pause, a nudge, a tap on play.
    enum Move {
        case scroll(to: Double, phase: ScrollPhase, frames: Int, label: String)
        case wait(Duration, label: String)
        case pause
        case play(Int)
    }

    static let script: [Move] = [
        .wait(.zero, label: "the feed appears"),
        .scroll(to: 420, phase: .dragging, frames: 3, label: "drags down"),
        .scroll(to: 560, phase: .idle, frames: 1, label: "lets go: rest"),
        .scroll(to: 3_300, phase: .decelerating, frames: 8, label: "flings across five cells"),
        .scroll(to: 3_400, phase: .idle, frames: 1, label: "the fling stops: rest"),
        .pause,
        .scroll(to: 3_500, phase: .dragging, frames: 2, label: "nudges the list"),
        .scroll(to: 3_500, phase: .idle, frames: 1, label: "lets go"),
        .play(6),
    ]

    /// Runs the story on the simulated engine and a virtual clock, with the default policy (65 % to start, 50 % to
    /// stop, 150 ms to settle while the list moves).
    /// - Returns: Each step and the cell that plays after it.
    /// - Throws: A ``SeamlessPlayback/PlayerPoolError`` if the story cannot go on.
    public static func run() async throws -> [Step] {
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(capacity: 3, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock)
        }
        let items = heights.indices.map { MediaItem(id: "clip-\($0)") }
        let page = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let autoplay = FeedAutoplay(pool: pool, session: page, items: items, clock: clock)
        var offset = 0.0
        var phase = ScrollPhase.idle
        var steps: [Step] = []
        func settle() async {
            while true {
                let state = await autoplay.quiescence
                if !state.isCarryingOut, !state.isAcquiring { return }
                await Task.yield()
            }
        }
        func record(_ action: String) async {
            await settle()
            let playing = await autoplay.playing?.index
            steps.append(Step(time: clock.now.offset, action: action, offset: offset, phase: phase, playing: playing))
        }
        for move in script {
            switch move {
            case .wait(let duration, let label):
                clock.advance(by: duration)
                await autoplay.visibilityChanged(visible(at: offset), phase: phase)
                await record(label)
            case .scroll(let target, let newPhase, let frames, let label):
                let start = offset
                phase = newPhase
                for frame in 1...frames {
                    clock.advance(by: .milliseconds(50))
                    await settle()
                    offset = start + (target - start) * Double(frame) / Double(frames)
                    await autoplay.visibilityChanged(visible(at: offset), phase: phase)
                    await record(frames > 1 ? "\(label) (\(frame)/\(frames))" : label)
                }
            case .pause:
                if let playing = await autoplay.playing?.index {
                    await autoplay.userPaused(playing)
                    await record("taps pause on cell \(playing)")
                }
            case .play(let index):
                await autoplay.userPlayed(index)
                await record("taps play on cell \(index)")
            }
        }
        await autoplay.visibilityChanged([], phase: .idle)
        await settle()
        await pool.shutdown()
        return steps
    }

    /// The cells visible at `offset`.
    static func visible(at offset: Double) -> [CellVisibility] {
        var top = 0.0
        var cells: [CellVisibility] = []
        let viewport = Rect(x: 0, y: offset, width: 400, height: Self.viewport)
        for (index, height) in heights.enumerated() {
            let frame = Rect(x: 0, y: top, width: 400, height: height)
            let cell = CellVisibility(index: index, frame: frame, viewport: viewport)
            if cell.visibleFraction > 0 { cells.append(cell) }
            top += height
        }
        return cells
    }

    /// The steps as a table a person can read.
    /// - Parameter steps: The steps ``run()`` returned.
    /// - Returns: One line per step: time, offset, phase, visible shares, the cell that plays, and what the user did.
    public static func table(_ steps: [Step]) -> String {
        var lines = ["time     offset  phase         visible (share)                 plays    the user"]
        for step in steps {
            let shares = visible(at: step.offset).map { "\($0.index) \(Int(($0.visibleFraction * 100).rounded()))%" }
            let time = step.time.components.seconds * 1000 + step.time.components.attoseconds / 1_000_000_000_000_000
            lines.append(
                pad("\(time) ms", 9) + pad("\(Int(step.offset))", 8) + pad("\(step.phase)", 14)
                    + pad(shares.joined(separator: ", "), 32) + pad(step.playing.map { "cell \($0)" } ?? "—", 9)
                    + step.action)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
