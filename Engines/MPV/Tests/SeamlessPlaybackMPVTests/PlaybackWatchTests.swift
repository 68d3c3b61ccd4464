import Testing

@testable import SeamlessPlaybackMPV

@Suite("PlaybackWatch")
struct PlaybackWatchTests {
    /// A watch whose load of `clip` finished on entry 1, with a six-second duration.
    private func playing(at position: Double = 0) -> PlaybackWatch {
        var watch = PlaybackWatch()
        watch.loadStarted()
        watch.propertyChanged("duration", to: .double(6))
        watch.loadFinished(entry: 1, source: "clip")
        watch.propertyChanged("time-pos", to: .double(position))
        return watch
    }

    @Test("reaching the end at the duration is not a failure, and the position stays")
    func endIsNotFailure() {
        var watch = playing(at: 5.967)
        watch.propertyChanged("eof-reached", to: .flag(true))
        #expect(watch.failure == nil)
        #expect(watch.isAtEnd)
        #expect(watch.position == 5.967)
    }

    @Test("an end more than a second short of the duration is a cut stream")
    func earlyEndIsFailure() {
        var watch = playing(at: 2.08)
        watch.propertyChanged("eof-reached", to: .flag(true))
        #expect(watch.failure == "the stream of clip ended at 2.1 s of 6.0 s")
    }

    @Test("the origin failing the playing entry's stream is a failure at once, wherever the position stands")
    func originFailureOfThePlayingEntryIsFailure() {
        var paused = playing(at: 0)
        paused.originFailed(source: "clip", reason: "connection reset")
        #expect(paused.failure == "the origin failed the stream of clip: connection reset")

        // At the duration, where mpv puts the position when it takes the cut for the end: the same.
        var atDuration = playing(at: 6)
        atDuration.propertyChanged("eof-reached", to: .flag(true))
        atDuration.originFailed(source: "clip", reason: "refused")
        #expect(atDuration.failure == "the origin failed the stream of clip: refused")

        var other = playing(at: 2)
        other.originFailed(source: "film", reason: "reset")
        #expect(other.failure == nil, "another source's stream")
    }

    @Test("a load awaiting the engine's word: a failure before it is the load's to throw, never also the engine's")
    func aLoadAwaitingConfirmation() {
        func finished() -> PlaybackWatch {
            var watch = PlaybackWatch()
            watch.loadStarted()
            watch.propertyChanged("duration", to: .double(6))
            watch.loadFinished(entry: 1, source: "clip", confirmed: false)
            watch.propertyChanged("time-pos", to: .double(0))
            return watch
        }
        // The origin fails between the first frame and the engine's check: no failure is recorded, and the engine
        // hears that the load is not confirmed; it throws, and the watch forgets the entry.
        var cut = finished()
        cut.originFailed(source: "clip", reason: "unreachable")
        cut.propertyChanged("eof-reached", to: .flag(true))
        #expect(cut.failure == nil)
        let cutConfirmed = cut.loadConfirmed(source: "clip")
        #expect(!cutConfirmed)
        #expect(cut.playing == nil)
        cut.originFailed(source: "clip", reason: "unreachable")
        #expect(cut.failure == nil, "an abandoned load is nobody's playback")

        // Confirmed first: a later failure is the playback's at once.
        var confirmed = finished()
        let wasConfirmed = confirmed.loadConfirmed(source: "clip")
        #expect(wasConfirmed)
        #expect(confirmed.failure == nil, "not at an end: nothing to judge")
        confirmed.originFailed(source: "clip", reason: "reset")
        #expect(confirmed.failure == "the origin failed the stream of clip: reset")

        // An early end reached before the word is judged when it comes.
        var early = finished()
        early.propertyChanged("time-pos", to: .double(1))
        early.propertyChanged("eof-reached", to: .flag(true))
        #expect(early.failure == nil)
        let earlyConfirmed = early.loadConfirmed(source: "clip")
        #expect(earlyConfirmed)
        #expect(early.failure == "the stream of clip ended at 1.0 s of 6.0 s")

        // The engine abandons a load it found failed by the stream's own record.
        var abandoned = finished()
        abandoned.loadAbandoned(source: "clip")
        #expect(abandoned.playing == nil)
        let abandonedConfirmed = abandoned.loadConfirmed(source: "clip")
        #expect(abandonedConfirmed, "nothing left to confirm")
    }

    @Test("a failure during the load counts at the entry's end, unless a later read of the stream succeeded")
    func originFailureDuringTheLoad() {
        func loading() -> PlaybackWatch {
            var watch = PlaybackWatch()
            watch.loadStarted()
            watch.propertyChanged("duration", to: .double(6))
            return watch
        }
        var failed = loading()
        failed.originFailed(source: "clip", reason: "reset")
        failed.loadFinished(entry: 1, source: "clip")
        #expect(failed.failure == nil, "the load survived it")
        failed.propertyChanged("time-pos", to: .double(6))
        failed.propertyChanged("eof-reached", to: .flag(true))
        #expect(failed.failure == "the origin failed the stream of clip: reset")

        var endFile = loading()
        endFile.originFailed(source: "clip", reason: "reset")
        endFile.loadFinished(entry: 1, source: "clip")
        endFile.propertyChanged("time-pos", to: .double(6))
        endFile.fileEnded(entry: 1, reason: .endOfFile, error: nil)
        #expect(endFile.failure == "the origin failed the stream of clip: reset")

        var recovered = loading()
        recovered.originFailed(source: "clip", reason: "reset")
        recovered.originFailed(source: "clip", reason: nil)
        recovered.loadFinished(entry: 1, source: "clip")
        recovered.propertyChanged("time-pos", to: .double(6))
        recovered.propertyChanged("eof-reached", to: .flag(true))
        #expect(recovered.failure == nil)

        var reloaded = playing(at: 6)
        reloaded.loadStarted()
        reloaded.originFailed(source: "clip", reason: "reset")
        reloaded.loadStarted()
        reloaded.propertyChanged("duration", to: .double(6))
        reloaded.loadFinished(entry: 2, source: "clip")
        reloaded.propertyChanged("time-pos", to: .double(6))
        reloaded.propertyChanged("eof-reached", to: .flag(true))
        #expect(reloaded.failure == nil, "a failure before the load started is the last load's")
    }

    @Test("an end with an unknown duration cannot be told from a normal one")
    func unknownDurationIsNotFailure() {
        var watch = PlaybackWatch()
        watch.loadFinished(entry: 1, source: "live")
        watch.propertyChanged("time-pos", to: .double(2))
        watch.propertyChanged("eof-reached", to: .flag(true))
        #expect(watch.failure == nil)
    }

    @Test("end-file with an error on the playing entry is a failure; on another entry, or during a load, it is not")
    func endFileError() {
        var other = playing()
        other.fileEnded(entry: 7, reason: .error, error: "loading failed")
        #expect(other.failure == nil)

        var loading = playing()
        loading.loadStarted()
        loading.fileEnded(entry: 1, reason: .error, error: "loading failed")
        #expect(loading.failure == nil, "a load in progress throws instead")

        var watch = playing()
        watch.fileEnded(entry: 1, reason: .error, error: "error reading packet")
        #expect(watch.failure == "playback of clip failed: error reading packet")
        #expect(watch.playing == nil)
    }

    @Test(
        "end-file by EOF short of the duration is a cut; stop and redirect are not failures",
        arguments: [
            (MPVEvent.EndReason.endOfFile, 2.0, "the stream of clip ended at 2.0 s of 6.0 s"),
            (.endOfFile, 5.9, nil),
            (.stopped, 2.0, nil),
            (.redirect, 2.0, nil),
            (.quit, 2.0, nil),
        ] as [(MPVEvent.EndReason, Double, String?)])
    func endFileReasons(reason: MPVEvent.EndReason, position: Double, failure: String?) {
        var watch = playing(at: position)
        watch.fileEnded(entry: 1, reason: reason, error: nil)
        #expect(watch.failure == failure)
    }

    @Test("only the first failure is kept")
    func firstFailureWins() {
        var watch = playing(at: 1)
        watch.fileEnded(entry: 1, reason: .error, error: "first")
        watch.loadFinished(entry: 2, source: "clip")
        watch.coreShutDown()
        #expect(watch.failure == "playback of clip failed: first")
    }

    @Test("the core shutting down after a load is a failure, before any load it is not")
    func coreShutdown() {
        var idle = PlaybackWatch()
        idle.coreShutDown()
        #expect(idle.failure == nil)
        var watch = playing()
        watch.fileEnded(entry: 1, reason: .quit, error: nil)
        #expect(watch.failure == nil, "mpv ends the entry with quit before it shuts down")
        watch.coreShutDown()
        #expect(watch.failure == "mpv's core shut down")
    }

    @Test("a refused setting is a failure, and positions that are not finite are none")
    func refusalAndPositions() {
        var watch = PlaybackWatch()
        watch.settingRefused(.propertyFailed(name: "volume", reason: "event queue full"))
        #expect(watch.failure == "mpv did not take the settings: mpv property volume failed: event queue full")
        watch.propertyChanged("time-pos", to: .double(.nan))
        #expect(watch.position == nil)
        watch.propertyChanged("time-pos", to: .double(1.5))
        #expect(watch.position == 1.5)
        watch.propertyChanged("time-pos", to: nil)
        #expect(watch.position == nil, "nothing loaded")
    }
}
