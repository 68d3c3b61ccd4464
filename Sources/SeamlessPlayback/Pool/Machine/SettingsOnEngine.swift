/// What the machine knows of the settings on a player's engine.
enum SettingsOnEngine: Hashable, Sendable {
    /// Nothing yet: no apply has landed on the engine.
    case unknown
    /// The settings the last apply that landed put on the engine, unchanged since as far as the engine reported.
    case known(PlaybackSettings)
    /// The engine reported a change its settings do not explain (a system pause, an outside unpause, an end while
    /// looping), or reports were lost, since the last apply began: nothing counts as live, also once that apply
    /// lands (which of the two came first is unknown), until the next apply begins.
    case changedOutside

    /// The settings known to be on the engine, if any.
    var settings: PlaybackSettings? {
        if case .known(let settings) = self { settings } else { nil }
    }
}
