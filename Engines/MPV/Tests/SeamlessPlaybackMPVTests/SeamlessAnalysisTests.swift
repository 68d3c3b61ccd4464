import Foundation
import SeamlessPlaybackMPV
import SeamlessProof
import Testing

@Suite("SeamlessAnalysis")
struct SeamlessAnalysisTests {
    typealias Frame = SeamlessAnalysis.ShownFrame
    typealias Move = SeamlessAnalysis.Move

    static let start = ContinuousClock.now

    /// `milliseconds` after the run's start.
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// New frames `indices` in `host`, one every 33 ms from `from`.
    static func playing(_ indices: ClosedRange<Int>, in host: Int, from: Int) -> [Frame] {
        indices.enumerated().map { Frame(host: host, reading: .index($1), kind: .newFrame, at: at(from + 33 * $0)) }
    }

    /// Host 0 plays frames 0–9 (the last at 297 ms); the picture moves to host 1 at 300 ms, which draws `attach`
    /// at 305 ms, then new frames `next` from 320 ms.
    static func handoff(attach: FrameReading?, next: ClosedRange<Int>) -> SeamlessAnalysis {
        let attached = attach.map { [Frame(host: 1, reading: $0, kind: .redraw, at: at(305))] } ?? []
        return SeamlessAnalysis(
            frames: playing(0...9, in: 0, from: 0) + attached + playing(next, in: 1, from: 320),
            moves: [Move(from: 0, to: 1, at: at(300))])
    }

    @Test("a clean handoff: the redraw shows the last frame, the next new frame follows it")
    func clean() throws {
        let report = Self.handoff(attach: .index(9), next: 10...20).report
        #expect(report.handoffs == 1 && report.handoffsMeasured == 1)
        #expect(report.framesSkippedMax == 0 && report.framesRepeatedMax == 0)
        #expect(report.blackFrames == 0 && report.unreadableFrames == 0)
        #expect(report.videoGapMillisecondsP50 == 8 && report.videoGapMillisecondsMax == 8)
        let handoff = try #require(report.perHandoff.first)
        #expect(handoff.lastNewIndex == 9 && handoff.attachRedrawIndex == 9 && handoff.firstNewIndex == 10)
        #expect(handoff.redrawMatches == true && handoff.attachRedraw)
        #expect(handoff.oldLastFrameToMoveMilliseconds == 3 && handoff.moveToFirstFrameMilliseconds == 5)
        #expect(report.cadenceSteps == 9 + 10 && report.cadenceFramesSkippedMax == 0)
    }

    @Test("the first new frame jumps by three: two skipped")
    func skip() {
        let report = Self.handoff(attach: .index(9), next: 12...20).report
        #expect(report.framesSkippedMax == 2 && report.framesRepeatedMax == 0)
        #expect(report.cadenceFramesSkippedTotal == 0)
    }

    @Test("the first new frame shows the last again: one repeated")
    func repeatAfterRedraw() {
        let report = Self.handoff(attach: .index(9), next: 9...20).report
        #expect(report.framesSkippedMax == 0 && report.framesRepeatedMax == 1)
        #expect(report.perHandoff.first?.redrawMatches == true)
    }

    @Test("without a redraw, the last frame shown twice as new is one repeat; the gap runs to the first new frame")
    func repeatWithoutRedraw() {
        let report = Self.handoff(attach: nil, next: 9...20).report
        #expect(report.framesRepeatedMax == 1)
        #expect(report.perHandoff.first?.attachRedraw == false && report.perHandoff.first?.redrawMatches == nil)
        #expect(report.videoGapMillisecondsMax == 23)
    }

    @Test("a redraw of an older frame is a repeat; of a frame the old host never showed, it fills its place")
    func redrawMismatch() {
        let older = Self.handoff(attach: .index(8), next: 10...20).report
        #expect(older.framesRepeatedMax == 1 && older.framesSkippedMax == 0)
        #expect(older.perHandoff.first?.redrawMatches == false)
        let newer = Self.handoff(attach: .index(10), next: 11...20).report
        #expect(newer.framesRepeatedMax == 0 && newer.framesSkippedMax == 0)
        let ahead = Self.handoff(attach: .index(11), next: 12...20).report
        #expect(ahead.framesSkippedMax == 1 && ahead.framesRepeatedMax == 0)
    }

    @Test("a black redraw at attach is a black frame and no match; the handoff is still measured")
    func blackRedraw() {
        let report = Self.handoff(attach: .black, next: 10...20).report
        #expect(report.blackFrames == 1 && report.unreadableFrames == 0)
        #expect(report.perHandoff.first?.redrawMatches == false)
        #expect(report.framesSkippedMax == 0 && report.handoffsMeasured == 1)
    }

    @Test("black and unreadable frames are counted apart, anywhere in the run, and break the cadence")
    func counts() {
        var frames = Self.playing(0...9, in: 0, from: 0)
        frames[3] = Frame(host: 0, reading: .unreadable, kind: .newFrame, at: Self.at(99))
        frames[6] = Frame(host: 0, reading: .black, kind: .newFrame, at: Self.at(198))
        let report = SeamlessAnalysis(frames: frames, moves: []).report
        #expect(report.blackFrames == 1 && report.unreadableFrames == 1 && report.frames == 10)
        #expect(report.handoffs == 0 && report.videoGapMillisecondsP50 == nil)
        // Steps 0→1, 1→2, 4→5, 7→8 and 8→9: an unread frame is not taken for a skipped one.
        #expect(report.cadenceSteps == 5 && report.cadenceFramesSkippedTotal == 0)
    }

    @Test("mpv's own drops within a stint are cadence, not a handoff's skip")
    func cadence() {
        let frames =
            Self.playing(0...4, in: 0, from: 0) + Self.playing(6...9, in: 0, from: 165)
            + [Frame(host: 1, reading: .index(9), kind: .redraw, at: Self.at(305))]
            + Self.playing(10...12, in: 1, from: 320) + Self.playing(12...15, in: 1, from: 419)
        let report = SeamlessAnalysis(frames: frames, moves: [Move(from: 0, to: 1, at: Self.at(300))]).report
        #expect(report.framesSkippedMax == 0 && report.framesRepeatedMax == 0)
        #expect(report.cadenceFramesSkippedMax == 1 && report.cadenceFramesSkippedTotal == 1)
        #expect(report.cadenceFramesRepeatedTotal == 1)
    }

    @Test("gap percentiles are nearest rank over the moves; a frame in the old host after the move is late")
    func gaps() {
        // Host 0 → 1 → 0 → 1, with gaps of 10, 40 and 20 ms.
        var frames = Self.playing(0...2, in: 0, from: 0)  // last at 66
        frames += Self.playing(3...5, in: 1, from: 76)  // 76 … 142; move at 70
        frames += [Frame(host: 0, reading: .index(2), kind: .newFrame, at: Self.at(80))]  // late, in host 0
        frames += Self.playing(6...8, in: 0, from: 182)  // 182 … 248; move at 150
        frames += Self.playing(9...10, in: 1, from: 268)  // move at 260
        let moves = [
            Move(from: 0, to: 1, at: Self.at(70)), Move(from: 1, to: 0, at: Self.at(150)),
            Move(from: 0, to: 1, at: Self.at(260)),
        ]
        let report = SeamlessAnalysis(frames: frames, moves: moves).report
        #expect(report.perHandoff.map(\.videoGapMilliseconds) == [10, 40, 20])
        #expect(report.videoGapMillisecondsP50 == 20 && report.videoGapMillisecondsMax == 40)
        #expect(report.perHandoff.map(\.lateOldHostFrames) == [1, 0, 0])
        #expect(report.framesSkippedMax == 0 && report.handoffsMeasured == 3)
        #expect(SeamlessReport.percentile(50, of: [40, 10, 30, 20]) == 20)
        #expect(SeamlessReport.percentile(50, of: []) == nil)
    }

    @Test("a move is made at the new host's first frame: the old host's frame drawn before it is not late")
    func madeAtAFrameBoundary() throws {
        // Asked for at 320 ms, 23 ms after frame 9; the old host draws frame 10 at 330, the new host draws it again at
        // 333 and goes on from 363.
        let frames =
            Self.playing(0...10, in: 0, from: 0) + [
                Frame(host: 1, reading: .index(10), kind: .redraw, at: Self.at(333))
            ]
            + Self.playing(11...15, in: 1, from: 363)
        let report = SeamlessAnalysis(frames: frames, moves: [Move(from: 0, to: 1, at: Self.at(320))]).report
        let handoff = try #require(report.perHandoff.first)
        #expect(handoff.lastNewIndex == 10 && handoff.attachRedrawIndex == 10 && handoff.redrawMatches == true)
        #expect(handoff.lateOldHostFrames == 0 && handoff.framesSkipped == 0 && handoff.framesRepeated == 0)
        #expect(handoff.newFramesWhileMoveWaited == 1)
        #expect(handoff.videoGapMilliseconds == 3)
        #expect(handoff.oldLastFrameToMoveMilliseconds == -10 && handoff.moveToFirstFrameMilliseconds == 13)
        // Counted from the move asked for, frame 10 would have been late and the gap 36 ms.
        #expect(report.cadenceSteps == 10 + 4)
    }

    @Test("a new host that receives nothing leaves the handoff unmeasured")
    func unmeasured() {
        let report = SeamlessAnalysis(
            frames: Self.playing(0...9, in: 0, from: 0), moves: [Move(from: 0, to: 1, at: Self.at(300))]
        ).report
        #expect(report.handoffs == 1 && report.handoffsMeasured == 0)
        #expect(report.perHandoff.first?.framesSkipped == nil && report.videoGapMillisecondsMax == nil)
    }

    @Test("the JSON has the agreed keys, null for what was not measured")
    func json() throws {
        let report = SeamlessAnalysis(frames: Self.playing(0...3, in: 0, from: 0), moves: []).report
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        for key in [
            "handoffs", "black_frames", "frames_skipped_max", "frames_repeated_max", "video_gap_ms_p50",
            "video_gap_ms_max", "unreadable_frames", "cadence_frames_skipped_max", "per_handoff",
        ] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["video_gap_ms_p50"] is NSNull)
        let clean = Self.handoff(attach: .index(9), next: 10...12).report
        #expect(try JSONDecoder().decode(SeamlessReport.self, from: JSONEncoder().encode(clean)) == clean)
    }
}
