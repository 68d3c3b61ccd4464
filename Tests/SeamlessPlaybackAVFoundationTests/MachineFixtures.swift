import SeamlessPlayback

@testable import SeamlessPlaybackAVFoundation

/// Machines in the states the tests start from, and the actions and readings they compare, by name.
enum Fixture {
    typealias Machine = AVPlayerEngineStateMachine

    /// A machine whose load 1 finished (ready to play, first frame on the layer), with a duration of `duration`
    /// and no apply yet.
    static func loaded(
        policy: BackgroundPolicy = .pauseInBackground, duration: Duration? = .seconds(10),
        source: Machine.LoadSource = .direct
    ) -> Machine {
        var machine = Machine(backgroundPolicy: policy)
        _ = machine.loadRequested(source: source)
        machine.itemReplaced(1)
        if let duration {
            _ = machine.observed(.duration(seconds: AVPlayerEngineStateMachine.seconds(duration)), for: 1)
        }
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        _ = machine.observed(.layerReadyForDisplay(true), for: 1)
        return machine
    }

    /// A loaded machine whose applied `settings` the player follows: playing (the player said so) or paused.
    static func following(
        _ settings: PlaybackSettings, policy: BackgroundPolicy = .pauseInBackground, duration: Duration? = .seconds(10),
        source: Machine.LoadSource = .direct
    ) -> Machine {
        var machine = loaded(policy: policy, duration: duration, source: source)
        _ = machine.applyRequested(settings)
        if !settings.isPaused { _ = machine.playerRead(playing(at: 1)) }
        return machine
    }

    /// A loaded machine that plays the default settings.
    static func playing(policy: BackgroundPolicy = .pauseInBackground) -> Machine {
        following(PlaybackSettings(), policy: policy)
    }

    /// A loaded machine whose page paused it.
    static func pausedByPage(policy: BackgroundPolicy = .pauseInBackground) -> Machine {
        following(PlaybackSettings(isPaused: true), policy: policy)
    }

    // MARK: Readings

    /// The player plays at rate 1, at `seconds`.
    static func playing(at seconds: Double) -> PlayerReading {
        PlayerReading(rate: 1, timeControl: .playing, position: seconds)
    }

    /// The player stands still (rate 0), at `seconds`.
    static func stopped(at seconds: Double) -> PlayerReading {
        PlayerReading(rate: 0, timeControl: .paused, position: seconds)
    }

    /// The player waits for data at rate 1.
    static func waiting(_ reason: PlayerReading.WaitingReason, at seconds: Double = 1) -> PlayerReading {
        PlayerReading(rate: 1, timeControl: .waiting(reason), position: seconds)
    }

    // MARK: Actions

    /// A status report of `phase`, with the fixtures' ten-second duration unless told otherwise.
    static func report(_ phase: PlaybackPhase, duration: Duration? = .seconds(10)) -> Machine.Action {
        .report(.init(phase: phase, duration: duration))
    }

    /// The commands of an apply of `settings`, ending with `last` instead of its own play or pause.
    static func applying(_ settings: PlaybackSettings, last: PlayerCommand) -> [PlayerCommand] {
        PlayerCommand.applying(settings).dropLast() + [last]
    }

    /// The commands of an apply of `settings` that moves the item's forward buffer to `buffer` seconds (set before
    /// the last command), ending with `last`, or with its own play or pause.
    static func applying(_ settings: PlaybackSettings, buffer: Double, last: PlayerCommand? = nil) -> [PlayerCommand] {
        let own = PlayerCommand.applying(settings)
        return own.dropLast() + [.setPreferredForwardBufferDuration(buffer)] + [last ?? own.last].compactMap { $0 }
    }

    /// The commands of a load while the layer is attached, at the standard depth.
    static let loadCommands: [PlayerCommand] = [
        .pause, .detachLayer, .setAllowsExternalPlayback(true), .setAutomaticallyWaitsToMinimizeStalling(true),
        .setPreferredForwardBufferDuration(1), .replaceCurrentItem, .attachLayer,
    ]
}
