import SeamlessPlayback

// MARK: - Status

extension EngineStateMachine {
    /// Notes an own setting the status depends on, as it is sent: `pause` (against which mpv's reports of it are
    /// judged) and `loop-file` (with which the end of the file is no end).
    mutating func settingSent(_ name: String, _ value: MPVValue, request: RequestID) {
        switch (name, value) {
        case ("pause", .flag(let isPaused)): pause.setSent(isPaused, request: request)
        case ("loop-file", .string(let text)): status.loopSent(text != "no", request: request)
        default: break
        }
    }

    /// mpv answered a request; when it set `pause` or `loop-file`, the status learns whether mpv took the value.
    mutating func settingAnswered(_ request: RequestID, succeeded: Bool) {
        pause.setAnswered(request: request, succeeded: succeeded)
        status.loopAnswered(request: request, succeeded: succeeded)
    }

    /// mpv reported a new value of an observed property the status reads.
    mutating func statusPropertyChanged(_ name: String, to value: MPVValue?) {
        switch name {
        case "pause": value?.flagValue.map { pause.changed(to: $0) }
        case "paused-for-cache": status.bufferingChanged(to: value?.flagValue)
        case "demuxer-cache-duration": status.cachedAheadChanged(to: value?.doubleValue)
        default: break
        }
    }

    /// Makes a read of the machine's own; it goes out like any request and finishes no call.
    @discardableResult
    mutating func startProbe(_ probe: Probe, property name: String, as format: MPVFormat) -> RequestID {
        let id = makeID()
        waiters[id] = .probe(probe)
        return makeRequest(for: id, .getProperty(name, format))
    }

    /// Sends the reads of the machine's own that are due: `pause`, when a report of it needs checking and no own set
    /// of it is in flight.
    mutating func startDueProbes() {
        guard lifecycle == .running, pause.needsCheckNow else { return }
        pause.checkSent(request: startProbe(.pause, property: "pause", as: .flag))
    }

    /// One of the machine's own reads answered.
    mutating func probeAnswered(
        _ waiter: WaiterID, _ probe: Probe, request: RequestID, error: String?, value: MPVValue?
    ) {
        _ = finish(waiter, .finished)
        switch probe {
        case .duration:
            if error == nil { watch.durationRead(value) }
        case .pause:
            pause.checkAnswered(request: request, value: error == nil ? value?.flagValue : nil)
        }
    }

    /// The status to tell the pool now, if its phase or duration changed since the last report; `nil` otherwise, or
    /// when nothing plays. The shell asks after every input.
    mutating func statusReport() -> PlaybackStatus? {
        let isLoading = waiters.values.contains { waiter in
            if case .load(let load) = waiter { load.stopping == nil } else { false }
        }
        // An entry mpv closed at its end (no keep-open) ended all the same.
        let hasEnded = watch.endedAtEndOfFile
        return status.report(
            StatusWatch.Inputs(
                isLoading: isLoading, hasMedia: watch.playing != nil || hasEnded, isAtEnd: watch.isAtEnd || hasEnded,
                pause: pause.current, position: watch.position, duration: watch.duration))
    }

    /// The last status reported, if any.
    var lastStatus: PlaybackStatus? { status.lastReported }
}
