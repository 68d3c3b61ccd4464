/// The numbers of a run's ``SeamlessAnalysis``, as the bench writes them in JSON (keys in `snake_case`; a number
/// that could not be measured is ``Measured``: `null`, never left out). ``SeamlessAnalysis`` defines each exactly.
package struct SeamlessReport: Hashable, Sendable, Codable {
    /// One move of the picture, as measured.
    package struct Handoff: Hashable, Sendable, Codable {
        /// The host the picture left.
        package let from: Int
        /// The host it went to.
        package let to: Int
        /// The index of the old host's last new frame.
        @Measured package private(set) var lastNewIndex: Int?
        /// Whether the new host's first frame was a redraw.
        package let attachRedraw: Bool
        /// The index that redraw showed.
        @Measured package private(set) var attachRedrawIndex: Int?
        /// Whether the redraw showed the old host's last new frame (`nil` without a redraw).
        @Measured package private(set) var redrawMatches: Bool?
        /// The index of the new host's first new frame.
        @Measured package private(set) var firstNewIndex: Int?
        /// Pictures skipped across the handoff.
        @Measured package private(set) var framesSkipped: Int?
        /// Pictures shown again across the handoff.
        @Measured package private(set) var framesRepeated: Int?
        /// From the old host's last frame to the new host's first, in milliseconds.
        @Measured package private(set) var videoGapMilliseconds: Double?
        /// From the old host's last frame to the move asked for, in milliseconds: negative when the move waited for a
        /// frame the old host drew after it was asked for.
        @Measured package private(set) var oldLastFrameToMoveMilliseconds: Double?
        /// From the move asked for to the new host's first frame, in milliseconds: the time the picture took to move,
        /// waiting for a frame boundary included.
        @Measured package private(set) var moveToFirstFrameMilliseconds: Double?
        /// Frames the old host received after the move was made (and before the next).
        package let lateOldHostFrames: Int
        /// New frames the old host drew after the move was asked for and before it was made: the frame a move late
        /// in a frame waits for, and one already being drawn when the move was asked for.
        package let newFramesWhileMoveWaited: Int

        enum CodingKeys: String, CodingKey {
            case from, to
            case lastNewIndex = "last_new_index"
            case attachRedraw = "attach_redraw"
            case attachRedrawIndex = "attach_redraw_index"
            case redrawMatches = "redraw_matches"
            case firstNewIndex = "first_new_index"
            case framesSkipped = "frames_skipped"
            case framesRepeated = "frames_repeated"
            case videoGapMilliseconds = "video_gap_ms"
            case oldLastFrameToMoveMilliseconds = "old_last_frame_to_move_ms"
            case moveToFirstFrameMilliseconds = "move_to_first_frame_ms"
            case lateOldHostFrames = "late_old_host_frames"
            case newFramesWhileMoveWaited = "new_frames_while_move_waited"
        }
    }

    /// The number of moves.
    package let handoffs: Int
    /// The moves with both a last new frame in the old host and a first new frame in the new.
    package let handoffsMeasured: Int
    /// All frames received.
    package let frames: Int
    /// Frames that read black, in any host at any time.
    package let blackFrames: Int
    /// Frames that read neither an index nor black.
    package let unreadableFrames: Int
    /// The most pictures one measured handoff skipped (0 without any).
    package let framesSkippedMax: Int
    /// The most pictures one measured handoff repeated (0 without any).
    package let framesRepeatedMax: Int
    /// The pictures all measured handoffs skipped.
    package let framesSkippedTotal: Int
    /// The pictures all measured handoffs repeated.
    package let framesRepeatedTotal: Int
    /// The median video gap over the handoffs that have one (nearest rank), in milliseconds.
    @Measured package private(set) var videoGapMillisecondsP50: Double?
    /// The longest video gap, in milliseconds.
    @Measured package private(set) var videoGapMillisecondsMax: Double?
    /// The steps between consecutive new frames within a stint.
    package let cadenceSteps: Int
    /// The most pictures one cadence step skipped.
    package let cadenceFramesSkippedMax: Int
    /// The pictures all cadence steps skipped.
    package let cadenceFramesSkippedTotal: Int
    /// The cadence steps that showed no newer picture.
    package let cadenceFramesRepeatedTotal: Int
    /// Each move, in order.
    package let perHandoff: [Handoff]

    enum CodingKeys: String, CodingKey {
        case handoffs
        case handoffsMeasured = "handoffs_measured"
        case frames
        case blackFrames = "black_frames"
        case unreadableFrames = "unreadable_frames"
        case framesSkippedMax = "frames_skipped_max"
        case framesRepeatedMax = "frames_repeated_max"
        case framesSkippedTotal = "frames_skipped_total"
        case framesRepeatedTotal = "frames_repeated_total"
        case videoGapMillisecondsP50 = "video_gap_ms_p50"
        case videoGapMillisecondsMax = "video_gap_ms_max"
        case cadenceSteps = "cadence_steps"
        case cadenceFramesSkippedMax = "cadence_frames_skipped_max"
        case cadenceFramesSkippedTotal = "cadence_frames_skipped_total"
        case cadenceFramesRepeatedTotal = "cadence_frames_repeated_total"
        case perHandoff = "per_handoff"
    }

    /// The nearest-rank percentile: the smallest value that at least `percent` % of the values do not exceed.
    /// - Parameters:
    ///   - percent: The percentile, 0 to 100.
    ///   - values: The values, in any order.
    /// - Returns: The percentile, or `nil` without values.
    package static func percentile(_ percent: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
