import Foundation
import SeamlessPlayback

extension PlaybackSettings {
    /// The mpv properties that carry these settings, in the order they are set.
    ///
    /// `volume` is a linear amplitude gain, as `AVPlayer.volume` is; mpv's `volume` is cubic (its gain
    /// is `(volume / 100)³`), so the engine sends the cube root, times 100: 0.5 becomes 79.37. The end action is
    /// `loop-file`: `inf` loops the file on the same player (a seek to its start, no reload), `no` stops on its last
    /// frame (the engine's `keep-open`).
    var mpvProperties: [(name: String, value: MPVValue)] {
        [
            ("mute", .flag(isMuted)),
            ("volume", .double(Self.mpvVolume(volume))),
            ("speed", .double(rate)),
            ("pause", .flag(isPaused)),
            ("panscan", .double(contentMode == .aspectFill ? 1 : 0)),
            ("loop-file", .string(endAction == .loop ? "inf" : "no")),
        ]
    }

    /// Settings read back from mpv's properties; `panscan` above one half reads as fill, and any `loop-file` but
    /// `no` as a loop.
    init(mute: Bool, volume: Double, speed: Double, pause: Bool, panscan: Double, loopFile: String) {
        self.init(
            isMuted: mute, volume: Self.linearVolume(mpv: volume), rate: speed, isPaused: pause,
            contentMode: panscan > 0.5 ? .aspectFill : .aspectFit, endAction: loopFile == "no" ? .pause : .loop
        )
    }

    /// mpv's `volume` (0…100, cubic) for a linear gain (0…1).
    static func mpvVolume(_ gain: Double) -> Double {
        cbrt(max(0, gain)) * 100
    }

    /// The linear gain (0…1) that mpv's `volume` (0…100, cubic) applies.
    static func linearVolume(mpv volume: Double) -> Double {
        let scaled = max(0, volume) / 100
        return scaled * scaled * scaled
    }
}
