import SeamlessPlayback

extension PlaybackSettings {
    /// The mpv properties that carry these settings, in the order they are set.
    var mpvProperties: [(name: String, value: MPVValue)] {
        [
            ("mute", .flag(isMuted)),
            ("volume", .double(volume * 100)),
            ("speed", .double(rate)),
            ("pause", .flag(isPaused)),
            ("panscan", .double(contentMode == .aspectFill ? 1 : 0)),
        ]
    }

    /// Settings read back from mpv's properties; `panscan` above one half reads as fill.
    init(mute: Bool, volume: Double, speed: Double, pause: Bool, panscan: Double) {
        self.init(
            isMuted: mute, volume: volume / 100, rate: speed, isPaused: pause,
            contentMode: panscan > 0.5 ? .aspectFill : .aspectFit
        )
    }
}
