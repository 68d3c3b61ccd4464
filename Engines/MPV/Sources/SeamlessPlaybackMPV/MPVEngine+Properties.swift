import SeamlessPlayback

extension MPVEngine {
    /// Reads a numeric mpv property, such as `time-pos`, `volume` or `speed`.
    /// - Returns: Its value, or `nil` when mpv has none now (e.g. `time-pos` with nothing playing).
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` or ``MPVError/shutDown``.
    public func doubleProperty(_ name: String) async throws(MPVError) -> Double? {
        try await property(name, as: .double)?.doubleValue
    }

    /// Reads a yes/no mpv property, such as `mute` or `pause`.
    /// - Returns: Its value, or `nil` when mpv has none now.
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` or ``MPVError/shutDown``.
    public func flagProperty(_ name: String) async throws(MPVError) -> Bool? {
        try await property(name, as: .flag)?.flagValue
    }

    /// Reads an mpv property as text, such as `path` or `media-title`.
    /// - Returns: Its value, or `nil` when mpv has none now.
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` or ``MPVError/shutDown``.
    public func stringProperty(_ name: String) async throws(MPVError) -> String? {
        guard case .string(let text)? = try await property(name, as: .string) else { return nil }
        return text
    }

    /// The settings mpv carries now, read back from `mute`, `volume`, `speed`, `pause`, `panscan` and `loop-file`.
    ///
    /// `volume` and `panscan` are single precision inside mpv, so compare volumes with a tolerance
    /// (see ``SeamlessPlayback/PlaybackSettings/isClose(to:)``).
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` when one is unavailable, or ``MPVError/shutDown``.
    public func liveSettings() async throws(MPVError) -> PlaybackSettings {
        func required<Value>(
            _ name: String, _ read: (String) async throws(MPVError) -> Value?
        ) async throws(MPVError) -> Value {
            guard let value = try await read(name) else { throw .propertyFailed(name: name, reason: "no value") }
            return value
        }
        return try await PlaybackSettings(
            mute: required("mute", flagProperty), volume: required("volume", doubleProperty),
            speed: required("speed", doubleProperty), pause: required("pause", flagProperty),
            panscan: required("panscan", doubleProperty), loopFile: required("loop-file", stringProperty)
        )
    }
}

extension PlaybackSettings {
    /// Whether the settings are equal, numbers within `tolerance` (mpv keeps some in single precision).
    /// - Parameters:
    ///   - other: Settings to compare, e.g. read back with ``MPVEngine/liveSettings()``.
    ///   - tolerance: The largest difference of `volume` and `rate` that still counts as equal.
    /// - Returns: `true` when every setting matches.
    public func isClose(to other: PlaybackSettings, tolerance: Double = 1e-4) -> Bool {
        isMuted == other.isMuted && isPaused == other.isPaused && contentMode == other.contentMode
            && endAction == other.endAction && abs(volume - other.volume) <= tolerance
            && abs(rate - other.rate) <= tolerance
    }
}
