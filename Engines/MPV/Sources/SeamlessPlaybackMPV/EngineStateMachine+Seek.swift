import Foundation

// MARK: - Seek

extension EngineStateMachine {
    /// A seek waiting for its first frame.
    ///
    /// Stages: `checkingSeekable` (mpv has not reported yet whether the file can seek, as right after a load: it is
    /// read first) → `checkingRanges` (the file cannot seek, so the cached ranges are read first) → `commanded` (the
    /// `seek` command awaits its reply) → `awaitingRestart` (mpv took it; the next `PLAYBACK_RESTART` is its first
    /// frame) → `readingPosition` (the position of that frame is read) → finished with that position. It fails when
    /// mpv refuses the command or no cached range holds the target, when its entry ends or another starts before its
    /// first frame (a newer load replaced the media), at its deadline, or when the handle stops.
    struct Seek: Hashable, Sendable {
        enum Stage: Hashable, Sendable {
            case checkingSeekable(RequestID)
            case checkingRanges(RequestID)
            case commanded(RequestID)
            case awaitingRestart
            case readingPosition(RequestID)
        }

        /// The position asked for, for the errors.
        let position: Duration
        /// Where mpv is sent, in seconds: the position, clamped to the duration when it is known.
        let target: Double
        let precision: MPVEngine.SeekPrecision
        let deadline: ContinuousClock.Instant
        let timeout: Duration
        var stage: Stage

        /// `seek <target> absolute+exact` (or `+keyframes`).
        var command: Command {
            .command(["seek", "\(target)", precision == .exact ? "absolute+exact" : "absolute+keyframes"])
        }
    }

    /// Starts a seek that finishes, with the position of its first frame, when mpv has shown that frame.
    ///
    /// A file that cannot seek (`seekable` is no: a stream served without ranges, a live stream) can still seek
    /// within what mpv has cached; the seek then first reads `demuxer-cache-state` and is refused, without reaching
    /// mpv, when no cached range holds the target (mpv would drop it with only a log message).
    mutating func startSeek(
        _ waiter: WaiterID, to position: Duration, precision: MPVEngine.SeekPrecision,
        deadline: ContinuousClock.Instant, timeout: Duration
    ) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        var target = max(0, position.inSeconds)
        if let duration = watch.duration { target = min(target, duration) }
        var seek = Seek(
            position: position, target: target, precision: precision, deadline: deadline, timeout: timeout,
            stage: .awaitingRestart)
        let request = sendFirst(&seek, for: waiter)
        waiters[waiter] = .seek(seek)
        return .queued([request])
    }

    /// Makes the request a seek starts with, or goes on with once `seekable` is known, and moves it to its stage.
    private mutating func sendFirst(_ seek: inout Seek, for waiter: WaiterID) -> RequestID {
        switch watch.isSeekable {
        case nil:
            let request = makeRequest(for: waiter, .getProperty("seekable", .flag))
            seek.stage = .checkingSeekable(request)
            return request
        case false?:
            let request = makeRequest(for: waiter, .getProperty("demuxer-cache-state", .string))
            seek.stage = .checkingRanges(request)
            return request
        case true?:
            let request = makeRequest(for: waiter, seek.command)
            seek.stage = .commanded(request)
            return request
        }
    }

    /// A reply to one of a seek's requests (its waiter and request already matched).
    mutating func seekReplied(
        _ waiter: WaiterID, _ seek: Seek, request: RequestID, error: String?, value: MPVValue?
    ) -> [Completion] {
        var seek = seek
        switch seek.stage {
        case .checkingSeekable(request):
            if error == nil { watch.seekableRead(value) }
            // Unknown still (mpv gave no value): let mpv itself answer the seek.
            if watch.isSeekable == nil {
                seek.stage = .commanded(makeRequest(for: waiter, seek.command))
            } else {
                _ = sendFirst(&seek, for: waiter)
            }
        case .checkingRanges(request):
            let ranges = error == nil ? SeekableRanges(cacheState: value) : SeekableRanges(ranges: [])
            guard ranges.contains(seek.target) else {
                let reason = "the stream cannot seek, and mpv has cached no range that holds \(seek.target) s"
                return [finish(waiter, .failed(.seekRefused(position: seek.position, reason: reason)))]
            }
            seek.stage = .commanded(makeRequest(for: waiter, seek.command))
        case .commanded(request):
            if let error { return [finish(waiter, .failed(.seekRefused(position: seek.position, reason: error)))] }
            seek.stage = .awaitingRestart
        case .readingPosition(request):
            let landed = value?.doubleValue ?? seek.target
            watch.seekLanded(at: landed, target: seek.target)
            return [finish(waiter, .value(.double(landed)))]
        default:
            return []
        }
        waiters[waiter] = .seek(seek)
        return []
    }

    /// mpv showed the first frame after a seek: each seek mpv took reads the position it landed on.
    mutating func seeksRestarted() {
        for (id, waiter) in waiters {
            guard case .seek(var seek) = waiter, seek.stage == .awaitingRestart else { continue }
            seek.stage = .readingPosition(makeRequest(for: id, .getProperty("time-pos", .double)))
            waiters[id] = .seek(seek)
        }
    }

    /// The media the seeks were to move is gone (its entry ended, or another started): they fail.
    mutating func seeksInterrupted(_ reason: String) -> [Completion] {
        let interrupted = waiters.compactMap { id, waiter -> (WaiterID, Seek)? in
            if case .seek(let seek) = waiter { (id, seek) } else { nil }
        }
        return interrupted.sorted { $0.0 < $1.0 }.map { id, seek in
            finish(id, .failed(.seekInterrupted(position: seek.position, reason: reason)))
        }
    }

    /// Fails every seek whose deadline is at or before `now`: mpv may have dropped it without a word.
    mutating func seekDeadlinesPassed(now: ContinuousClock.Instant) -> [Completion] {
        let expired = waiters.compactMap { id, waiter -> (WaiterID, Seek)? in
            if case .seek(let seek) = waiter, seek.deadline <= now { (id, seek) } else { nil }
        }
        return expired.sorted { $0.0 < $1.0 }.map { id, seek in
            finish(id, .failed(.seekTimedOut(position: seek.position, timeout: seek.timeout)))
        }
    }
}

/// The time ranges mpv can seek in without the stream's help: `seekable-ranges` of its `demuxer-cache-state`.
struct SeekableRanges: Hashable, Sendable {
    let ranges: [ClosedRange<Double>]

    init(ranges: [ClosedRange<Double>]) {
        self.ranges = ranges
    }

    /// Reads the ranges from `demuxer-cache-state` as mpv gives it as text (JSON); none when it gives nothing.
    init(cacheState: MPVValue?) {
        guard case .string(let text)? = cacheState,
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let list = object["seekable-ranges"] as? [[String: Any]]
        else {
            self.init(ranges: [])
            return
        }
        self.init(
            ranges: list.compactMap { range in
                guard let start = (range["start"] as? NSNumber)?.doubleValue,
                    let end = (range["end"] as? NSNumber)?.doubleValue, start <= end
                else { return nil }
                return start...end
            })
    }

    /// Whether a range holds `position`, within a frame (a range ends at its last packet, the duration a little later).
    func contains(_ position: Double) -> Bool {
        ranges.contains { range in
            range.lowerBound - PlaybackWatch.frameSlack <= position
                && position <= range.upperBound + PlaybackWatch.frameSlack
        }
    }
}
