import SeamlessPlaybackMPV

/// What the hosts of a run received, read, and what it says about each handoff of the picture between them.
///
/// A run plays an ``IndexedClip`` and moves its picture from host to host; every picture a host receives is read
/// with ``FrameCode`` into a ``ShownFrame``, and every move is a ``Move``. A move is **made** when the new host gets
/// its first frame at or after the move was asked for (before the next was): the renderer makes a move asked for
/// late in a frame right after that frame, which the old host still shows. Time is split into **stints**: the first
/// stint runs until the first move is made and belongs to that move's `from` host; each move starts a stint of its
/// `to` host, when it is made, that runs until the next is made (or for ever). A move whose new host never gets a
/// frame counts as made when it was asked for.
///
/// Each move is a **handoff** (``SeamlessReport/Handoff``), measured from:
/// - the old host's frames in the stint the move ends (at or after its start, before the move is made);
/// - the new host's frames in the stint the move starts (from the move made, before the next is);
/// - the **last new frame**: the old host's last `.newFrame` frame that read an index;
/// - the **attach redraw**: the new host's first frame, when it is a `.redraw` (and reads an index);
/// - the **first new frame**: the new host's first `.newFrame` frame that read an index.
///
/// The pictures the viewer saw across the handoff are those three indices in order (the redraw left out when there is
/// none or it read no index). Then:
/// - **skipped** = how many indices between the last new frame's and the highest one shown are not among them: 0 when
///   the first new frame follows the last by one, `n − 1` when it jumps by `n`, and a redraw of a frame the old host
///   never showed fills its own place;
/// - **repeated** = how many of the pictures after the last new frame show an index no higher than one shown before,
///   except the attach redraw showing exactly the last new frame (which is what a redraw is for): 1 when the first new
///   frame shows the same index as the last, 1 when the redraw shows an older frame, and so on;
/// - **video gap** = the time from the old host's last frame of any kind to the new host's first frame of any kind.
///
/// A handoff is **measured** when it has both a last and a first new frame; skipped and repeated are `nil` otherwise,
/// and the gap is `nil` when either host has no frame. Indices are taken as they are, without unwrapping
/// ``FrameCode/indexModulus``: a run must be shorter than 4096 frames.
///
/// The **cadence** counts the same way over each step between two consecutive new frames of one stint, in its own
/// host (no move between them), when both read an index (a black or unreadable new frame breaks the chain, so a frame
/// shown but not read is not counted as skipped): a step skips `max(0, b − a − 1)` and repeats 1 when `b ≤ a`. That is
/// what mpv itself dropped or repeated, so that a handoff's skip can be told from the source's cadence. Without moves,
/// each host's frames are one stint. Frames of a host outside its stints (the old host drawing after the move) are
/// counted per handoff as late and are in no cadence step. Black and unreadable frames count wherever they are.
package struct SeamlessAnalysis: Hashable, Sendable {
    /// One picture a host received, as read.
    package struct ShownFrame: Hashable, Sendable {
        /// The host's number.
        package let host: Int
        /// What its picture showed.
        package let reading: FrameReading
        /// Why it was drawn.
        package let kind: VideoFrame.Kind
        /// When it was drawn.
        package let at: ContinuousClock.Instant

        /// A frame a host received.
        /// - Parameters:
        ///   - host: The host's number.
        ///   - reading: What ``FrameCode/decode(_:videoSize:mode:)`` read from it.
        ///   - kind: Why it was drawn.
        ///   - at: When it was drawn (``SeamlessPlaybackMPV/VideoFrame/renderedAt``).
        package init(host: Int, reading: FrameReading, kind: VideoFrame.Kind, at: ContinuousClock.Instant) {
            self.host = host
            self.reading = reading
            self.kind = kind
            self.at = at
        }
    }

    /// The picture moving from one host to another.
    package struct Move: Hashable, Sendable {
        /// The host it left.
        package let from: Int
        /// The host it went to.
        package let to: Int
        /// When it was attached to the new host.
        package let at: ContinuousClock.Instant

        /// A move.
        /// - Parameters:
        ///   - from: The host the picture left.
        ///   - to: The host it went to.
        ///   - at: When it was attached to `to`.
        package init(from: Int, to: Int, at: ContinuousClock.Instant) {
            self.from = from
            self.to = to
            self.at = at
        }
    }

    /// The frames, in the order the hosts received them.
    package let frames: [ShownFrame]
    /// The moves, in order of time.
    package let moves: [Move]
    /// When each move was made: its new host's first frame at or after the move, before the next move.
    private(set) var madeAt: [ContinuousClock.Instant]

    /// An analysis of a run.
    /// - Parameters:
    ///   - frames: Every frame every host received, in order.
    ///   - moves: Every move of the picture; sorted by time here.
    package init(frames: [ShownFrame], moves: [Move]) {
        self.frames = frames
        let moves = moves.sorted { $0.at < $1.at }
        self.moves = moves
        madeAt = moves.map(\.at)
        madeAt = moves.indices.map { index in
            let move = moves[index]
            let next = index + 1 < moves.count ? moves[index + 1].at : nil
            return self.frames(of: move.to, from: move.at, to: next).first?.at ?? move.at
        }
    }

    /// The report, as the type's documentation defines its numbers.
    package var report: SeamlessReport {
        let handoffs = moves.indices.map(handoff)
        let measured = handoffs.filter { $0.framesSkipped != nil }
        let gaps = handoffs.compactMap(\.videoGapMilliseconds)
        let cadence = cadenceSteps()
        return SeamlessReport(
            handoffs: moves.count,
            handoffsMeasured: measured.count,
            frames: frames.count,
            blackFrames: frames.filter { $0.reading == .black }.count,
            unreadableFrames: frames.filter { $0.reading == .unreadable }.count,
            framesSkippedMax: measured.compactMap(\.framesSkipped).max() ?? 0,
            framesRepeatedMax: measured.compactMap(\.framesRepeated).max() ?? 0,
            framesSkippedTotal: measured.compactMap(\.framesSkipped).reduce(0, +),
            framesRepeatedTotal: measured.compactMap(\.framesRepeated).reduce(0, +),
            videoGapMillisecondsP50: SeamlessReport.percentile(50, of: gaps),
            videoGapMillisecondsMax: gaps.max(),
            cadenceSteps: cadence.count,
            cadenceFramesSkippedMax: cadence.map(\.skipped).max() ?? 0,
            cadenceFramesSkippedTotal: cadence.map(\.skipped).reduce(0, +),
            cadenceFramesRepeatedTotal: cadence.map(\.repeated).reduce(0, +),
            perHandoff: handoffs)
    }

    /// Stint `stint`'s host and time: from the move made before it (or the start) to the move made that ends it (or
    /// the end).
    func stint(_ stint: Int) -> (host: Int, start: ContinuousClock.Instant?, end: ContinuousClock.Instant?)? {
        guard !moves.isEmpty else { return nil }
        return (
            stint == 0 ? moves[0].from : moves[stint - 1].to,
            stint == 0 ? nil : madeAt[stint - 1],
            stint == moves.count ? nil : madeAt[stint]
        )
    }

    /// The frames of `host` at or after `start` and before `end`.
    func frames(of host: Int, from start: ContinuousClock.Instant?, to end: ContinuousClock.Instant?) -> [ShownFrame] {
        frames.filter { frame in
            frame.host == host && start.map { frame.at >= $0 } ?? true && end.map { frame.at < $0 } ?? true
        }
    }
}

extension FrameReading {
    /// The index read, or `nil` for black and unreadable frames.
    var index: Int? {
        if case .index(let index) = self { return index }
        return nil
    }
}
