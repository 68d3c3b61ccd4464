import SeamlessPlayback

/// Which audio session category the app's players need, from the settings on every engine of an
/// ``AVPlaybackSystem``: pure, tested on every platform; the system sets the category it returns.
///
/// - **Every player muted, silent or paused: `.ambient`** (mode `.default`). Ambient audio mixes with other apps' and
///   never interrupts them, so a muted feed clip leaves the user's music playing. (The default category, solo
///   ambient, would stop that music as soon as a muted clip plays.)
/// - **A player plays with sound: `.playback`** (mode `.moviePlayback`), set before that player's `play()`: the
///   sound is the app's main audio, plays with the silent switch on, goes on in the background with the `audio`
///   background mode (``BackgroundPolicy/keepAudioInBackground``), and interrupts other apps' audio, as a video with
///   sound should.
///
/// A category is returned only when it changes, so the session is not set again for every apply; after a reset of the
/// media services (``mediaServicesReset()``) the next one is returned whatever it is.
struct AudioSessionChoice<Player: Hashable & Sendable>: Sendable {
    /// The two categories the engines choose between.
    enum Category: Hashable, Sendable {
        /// `AVAudioSession.Category.ambient`, mode `.default`.
        case ambient
        /// `AVAudioSession.Category.playback`, mode `.moviePlayback`.
        case playback
    }

    /// The category last returned; `nil` before the first.
    private(set) var current: Category?
    /// The settings on each engine, while it lives.
    private(set) var settings: [Player: PlaybackSettings] = [:]

    /// Whether `settings` play sound: not paused, not muted, not silent.
    static func playSound(_ settings: PlaybackSettings) -> Bool {
        !settings.isPaused && !settings.isMuted && settings.volume > 0
    }

    /// The category `settings` need together.
    static func category(for settings: some Sequence<PlaybackSettings>) -> Category {
        settings.contains(where: playSound) ? .playback : .ambient
    }

    /// An engine is about to put `applied` on its player.
    /// - Returns: The category to set first, when it changes.
    mutating func applied(_ applied: PlaybackSettings, by player: Player) -> Category? {
        settings[player] = applied
        return settle()
    }

    /// An engine shut down.
    /// - Returns: The category to set, when it changes.
    mutating func removed(_ player: Player) -> Category? {
        guard settings.removeValue(forKey: player) != nil else { return nil }
        return settle()
    }

    /// The media services were reset: the audio session lost its category (Technical Q&A QA1749: every audio object,
    /// the session's set-up included, must be made again). The category is forgotten, so that the next apply or
    /// removal returns the category needed, even if it is the one set before.
    mutating func mediaServicesReset() {
        current = nil
    }

    private mutating func settle() -> Category? {
        let needed = Self.category(for: settings.values)
        guard needed != current else { return nil }
        current = needed
        return needed
    }
}
