import Foundation
import SeamlessProof

/// `mpv-bench --seamless`'s figures and targets, as a table and as JSON.
struct SeamlessBenchReport: Encodable {
    /// The audio target: no interruption longer than this near a handoff with the sound on.
    static let audioGapTargetMilliseconds = 5.0

    /// What the frames show.
    let video: SeamlessReport
    /// What the sound shows.
    let sound: SeamlessSound
    /// Loads beyond the first.
    let reloads: Int
    /// New frames each host showed between two handoffs.
    let framesPerStep: Int
    /// The source's frame interval, in milliseconds: the video gap's target.
    let frameInterval: Double

    /// From each move (the old host's picture taken down, the new host attached) to the new host's first picture, in
    /// milliseconds: the part of the video gap the handoff itself takes.
    var moveToFirstPicture: [Double] { video.perHandoff.compactMap(\.moveToFirstFrameMilliseconds) }

    /// Every target of the seamless bench met (BENCHMARKS.md lists them).
    var meetsTargets: Bool {
        video.handoffs >= 100 && video.handoffsMeasured == video.handoffs && video.blackFrames == 0
            && video.unreadableFrames == 0 && video.framesSkippedMax == 0 && video.framesRepeatedMax == 0
            && (video.videoGapMillisecondsMax ?? .infinity) <= frameInterval
            && sound.isUnbroken(within: Self.audioGapTargetMilliseconds) && reloads == 0
    }

    private enum CodingKeys: String, CodingKey {
        case audioGapMillisecondsMax = "audio_gap_ms_max"
        case audioHandoffsWithSound = "audio_handoffs_with_sound"
        case audioDiscontinuities = "audio_discontinuities"
        case audioMutedStretches = "audio_muted_stretches"
        case audioSilencesFound = "audio_silences_found"
        case audioSeconds = "audio_seconds"
        case reloads
        case framesPerStep = "frames_per_step"
        case frameIntervalMilliseconds = "frame_interval_ms"
        case meetsTargets = "meets_targets"
        case moveToFirstPictureP50 = "move_to_first_picture_ms_p50"
        case moveToFirstPictureMax = "move_to_first_picture_ms_max"
    }

    /// The video's keys (``SeamlessProof/SeamlessReport``'s) and these, in one object.
    func encode(to encoder: any Encoder) throws {
        try video.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sound.gapMillisecondsMax, forKey: .audioGapMillisecondsMax)
        try container.encode(sound.handoffsWithSound, forKey: .audioHandoffsWithSound)
        try container.encode(sound.discontinuities, forKey: .audioDiscontinuities)
        try container.encode(sound.mutedStretches, forKey: .audioMutedStretches)
        try container.encode(sound.silencesFound, forKey: .audioSilencesFound)
        try container.encode(sound.seconds, forKey: .audioSeconds)
        try container.encode(reloads, forKey: .reloads)
        try container.encode(framesPerStep, forKey: .framesPerStep)
        try container.encode(frameInterval, forKey: .frameIntervalMilliseconds)
        try container.encode(meetsTargets, forKey: .meetsTargets)
        try container.encode(SeamlessReport.percentile(50, of: moveToFirstPicture), forKey: .moveToFirstPictureP50)
        try container.encode(moveToFirstPicture.max(), forKey: .moveToFirstPictureMax)
    }

    /// The figures as JSON.
    func json() throws -> Data {
        try ReportFile.json(encoding: self)
    }

    /// A plain-text table for the terminal.
    var table: String {
        func milliseconds(_ value: Double?) -> String { value.map { String(format: "%.2f ms", $0) } ?? "—" }
        func row(_ name: String, _ value: String, _ target: String) -> String {
            name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + value.padding(toLength: 22, withPad: " ", startingAt: 0) + target
        }
        let interval = String(format: "%.1f ms", frameInterval)
        return """
            mpv-bench --seamless — \(video.handoffs) handoffs between three hosts (160×160 fill, 480×360 fit, \
            400×180 fill), \(framesPerStep) new frames each

            \(row("figure", "measured", "target"))
            \(row("handoffs (measured)", "\(video.handoffs) (\(video.handoffsMeasured))", "≥ 100"))
            \(row("frames the hosts received", "\(video.frames)", ""))
            \(row("black or empty frames", "\(video.blackFrames)", "0"))
            \(row("frames that did not read", "\(video.unreadableFrames)", "0"))
            \(row("frames skipped at a handoff (max)", "\(video.framesSkippedMax)", "0"))
            \(row("frames shown twice at a handoff (max)", "\(video.framesRepeatedMax)", "0"))
            \(row("… mpv's own cadence: skipped (max, total)", "\(video.cadenceFramesSkippedMax), \(video.cadenceFramesSkippedTotal)", "explains"))
            \(row("video gap at a handoff (p50)", milliseconds(video.videoGapMillisecondsP50), "≤ \(interval)"))
            \(row("video gap at a handoff (max)", milliseconds(video.videoGapMillisecondsMax), "≤ \(interval)"))
            \(row("tap to the new host's first picture (p50)", milliseconds(SeamlessReport.percentile(50, of: moveToFirstPicture)), ""))
            \(row("… max (a late tap waits for the frame)", milliseconds(moveToFirstPicture.max()), ""))
            \(row("audio gap while the sound is on (max)", milliseconds(sound.gapMillisecondsMax), "≤ 5 ms"))
            \(row("… jumps of the tone while the sound is on", "\(sound.discontinuities)", "0"))
            \(row("… handoffs with the sound on both sides", "\(sound.handoffsWithSound)", ""))
            \(row("… muted stretches (the feed), silences found", "\(sound.mutedStretches), \(sound.silencesFound)", "found ≥ muted"))
            \(row("reloads", "\(reloads)", "0"))

            \(meetsTargets ? "every target met" : "NOT every target met")
            """
    }
}
