import SeamlessPlayback

// MARK: - Events

extension EngineStateMachine {
    /// Applies one mpv event and returns the calls it finishes; then makes the reads of its own that became due.
    mutating func handle(_ event: MPVEvent) -> [Completion] {
        let completions = apply(event)
        startDueProbes()
        return completions
    }

    /// Applies one event the event thread read at `now`, and judges the deadlines once mpv's queue is drained.
    ///
    /// A deadline is judged only on `none`, when no event is left to read: one still queued may be the answer (a
    /// seek's first frame, or the start of the entry that overtook it), and a thread that was descheduled past a
    /// deadline must read it before it fails a call for mpv's silence. Once a deadline has passed the thread waits
    /// no longer (``MPVClient``), so the queue drains within the reads of what it holds.
    mutating func handle(_ event: MPVEvent, readAt now: ContinuousClock.Instant) -> [Completion] {
        var completions = handle(event)
        if case .none = event, nextDeadline != nil { completions += deadlinesPassed(now: now) }
        return completions
    }

    /// The origin failed the stream mpv reads `source` through, `failure` saying how, or (`nil`) a later fetch of
    /// that stream ended well. The end of playback that follows a failure is the failure's (``PlaybackWatch``).
    mutating func originReported(source: String, failure: String?) {
        watch.originFailed(source: source, reason: failure)
    }

    /// The engine takes the load of `source` as done unless the origin failed it since (see
    /// ``PlaybackWatch/loadConfirmed(source:)``). - Returns: Whether it is confirmed.
    mutating func loadConfirmed(source: String) -> Bool {
        watch.loadConfirmed(source: source)
    }

    /// The engine failed the finished load of `source` and stopped it (see ``PlaybackWatch/loadAbandoned(source:)``).
    mutating func loadAbandoned(source: String) {
        watch.loadAbandoned(source: source)
    }

    private mutating func apply(_ event: MPVEvent) -> [Completion] {
        switch event {
        case .none:
            return loadsDrained()
        case .other, .queueOverflow:
            return []
        case .logMessage(let line):
            let waits = waiters.values.contains { waiter in
                if case .load(let load) = waiter { load.stopping == nil } else { false }
            }
            if waits {
                loadLog.append(line)
                if loadLog.count > Self.logLinesKept { loadLog.removeFirst() }
            }
            return []
        case .shutdown:
            if lifecycle == .running { watch.coreShutDown() }
            _ = stop()
            return []
        case .commandReply(let request, let error, let entry):
            return reply(to: request, error: error, entry: entry, value: nil)
        case .setPropertyReply(let request, let error):
            return reply(to: request, error: error, entry: nil, value: nil)
        case .getPropertyReply(let request, _, let value, let error):
            return reply(to: request, error: error, entry: nil, value: value)
        case .propertyChange(let name, let value):
            watch.propertyChanged(name, to: value)
            statusPropertyChanged(name, to: value)
            return []
        case .startFile(let entry):
            // Another entry: whatever a seek was to move is gone.
            let interrupted = seeksInterrupted("a new entry started before the seek's first frame")
            currentEntry = entry
            entries[entry] = .started
            for (id, waiter) in waiters {
                if case .load(var load) = waiter, load.isWaiting, load.takesNextStart {
                    load.takesNextStart = false
                    load.entry = entry
                    waiters[id] = .load(load)
                }
            }
            pruneEntries()
            return interrupted
        case .fileLoaded:
            fileLoadedCount += 1
            if let entry = currentEntry { entries[entry] = .loaded }
            return []
        case .playbackRestart:
            seeksRestarted()
            guard let entry = currentEntry, let phase = entries[entry], phase == .loaded || phase == .playing else {
                return []
            }
            entries[entry] = .playing
            return settleLoads(of: entry)
        case .endFile(let entry, let reason, let error, let inserted, let insertedEntries):
            watch.fileEnded(entry: entry, reason: reason, error: error)
            var interrupted: [Completion] = []
            if currentEntry == entry {
                currentEntry = nil
                interrupted = seeksInterrupted("playback of the entry ended (\(reason)) before the seek's first frame")
            }
            // A playlist is not the end of its load: the load plays the entry it redirects to. An empty
            // playlist redirects to nothing: its load ends at once.
            if reason == .redirect, error == nil, insertedEntries == 0 {
                let empty = MediaFailureClassifier.emptyPlaylist
                entries[entry] = .ended(empty, error: empty)
            } else {
                entries[entry] =
                    reason == .redirect && error == nil
                    ? .redirected(to: inserted)
                    : .ended(error ?? "playback ended (\(reason)) before it started", error: error)
            }
            return interrupted + settleLoads(of: entry)
        }
    }

    /// A reply to one request: it frees its slot, and may finish the call that sent it.
    mutating func reply(
        to request: RequestID, error: String?, entry: Int64?, value: MPVValue?
    ) -> [Completion] {
        if inFlight.remove(request) != nil {
            isBackedUp = false
        } else {
            // Only tests answer a request that was never handed out; it must not go out later.
            backlog.removeAll { $0.request == request }
        }
        settingAnswered(request, succeeded: error == nil)
        guard let pending = requests.removeValue(forKey: request), let waiter = waiters[pending.waiter] else {
            return []
        }
        let id = pending.waiter
        let outcome: Outcome
        switch waiter {
        case .load(var load):
            if let stopping = load.stopping {
                // The late `loadfile` reply of a failed load changes nothing; its `stop` reply ends it.
                guard request == stopping.request else { return [] }
                outcome = stopping.outcome
                break
            }
            if let error {
                outcome = .failed(.loadRejected(source: load.source, reason: error))
                break
            }
            load.request = nil
            load.entry = entry
            load.takesNextStart = entry == nil
            waiters[id] = .load(load)
            // The entry may have started playing, or failed, before this reply was read.
            return entry.map { settleLoads(of: $0) } ?? []
        case .apply(var pending, var firstError):
            let name = pending.removeValue(forKey: request) ?? "?"
            if let error, firstError == nil { firstError = .propertyFailed(name: name, reason: error) }
            guard pending.isEmpty else {
                waiters[id] = .apply(pending: pending, firstError: firstError)
                return []
            }
            if let firstError { watch.settingRefused(firstError) }
            outcome = firstError.map { .failed($0) } ?? .finished
        case .read(_, let name):
            outcome = error.map { .failed(.propertyFailed(name: name, reason: $0)) } ?? .value(value)
        case .command(_, let arguments):
            outcome = error.map { .failed(.commandFailed(arguments.joined(separator: " "), reason: $0)) } ?? .finished
        case .seek(let seek):
            return seekReplied(id, seek, request: request, error: error, value: value)
        case .probe(let probe):
            probeAnswered(id, probe, request: request, error: error, value: value)
            return []
        case .reserved, .cancelled:
            return []
        }
        return [finish(id, outcome)]
    }

    /// Finishes the loads waiting on `entry` if it is playing or has ended, and moves those waiting
    /// on a playlist to the entry it redirected to.
    private mutating func settleLoads(of entry: Int64) -> [Completion] {
        guard let phase = entries[entry] else { return [] }
        let waiting = waiters.compactMap { id, waiter -> (WaiterID, Load)? in
            if case .load(let load) = waiter, load.isWaiting, load.request == nil, load.entry == entry {
                (id, load)
            } else {
                nil
            }
        }
        if case .redirected(let next) = phase {
            for (id, var load) in waiting {
                load.entry = next
                load.takesNextStart = next == nil
                waiters[id] = .load(load)
            }
            guard let next, next != entry, !waiting.isEmpty else { return [] }
            return settleLoads(of: next)
        }
        return waiting.sorted { $0.0 < $1.0 }.compactMap { id, load in
            switch phase {
            case .playing:
                watch.loadFinished(entry: entry, source: load.source, confirmed: !load.awaitsConfirmation)
                // mpv may report the new file's duration after its first frame, or not at all when it equals the old.
                if watch.duration == nil { startProbe(.duration, property: "duration", as: .double) }
                return finish(id, .finished)
            case .ended(let reason, let error):
                var load = load
                load.ended = (reason, error)
                waiters[id] = .load(load)
                return nil
            case .started, .loaded, .redirected:
                return nil
            }
        }
    }

    /// mpv's queue is drained, so every log line written before an entry's end has been read: the loads whose entry
    /// ended fail, with a ``SeamlessPlayback/MediaFailure`` when ``MediaFailureClassifier`` finds the media at fault.
    /// (A `none` that an `mpv_wakeup` caused may come before the log is read; a missing file then reads as
    /// ``SeamlessPlayback/MediaFailure/Kind/other``, still the media's failure.)
    private mutating func loadsDrained() -> [Completion] {
        let ended = waiters.compactMap { id, waiter -> (WaiterID, Load)? in
            if case .load(let load) = waiter, load.stopping == nil, load.ended != nil { (id, load) } else { nil }
        }
        return ended.sorted { $0.0 < $1.0 }.map { id, load in
            let (reason, error) = load.ended ?? ("", nil)
            guard let kind = MediaFailureClassifier.kind(endError: error, log: loadLog) else {
                return finish(id, .failed(.playbackFailed(source: load.source, reason: reason)))
            }
            let said = loadLog.last(where: MediaFailureClassifier.isMissingFile)
            let detail = said.map { "\(reason) (\($0.prefix): \($0.text))" } ?? reason
            return finish(id, .mediaFailed(MediaFailure(kind, reason: "mpv could not play \(load.source): \(detail)")))
        }
    }

    /// Forgets the oldest entries no load waits on, so a long-lived engine keeps a bounded record.
    private mutating func pruneEntries() {
        guard entries.count > Self.entriesKept else { return }
        var kept = Set(
            waiters.values.compactMap { waiter -> Int64? in
                if case .load(let load) = waiter { load.entry } else { nil }
            })
        if let currentEntry { kept.insert(currentEntry) }
        for entry in entries.keys.sorted() where entries.count > Self.entriesKept && !kept.contains(entry) {
            entries[entry] = nil
        }
    }
}
