/// Who sets the app's audio session category for a pool's `AVPlayerEngine`s.
public enum AudioSessionPolicy: Hashable, Sendable, CaseIterable {
    /// The engines' system sets it from their settings: `.ambient` while every player is muted, silent or paused (a
    /// muted feed leaves the user's music playing), `.playback` with mode `.moviePlayback` before a player plays sound
    /// (plays with the silent switch on, and in the background with ``BackgroundPolicy/keepAudioInBackground`` and the
    /// `audio` background mode). The default.
    case followsSound
    /// The app sets the category itself; the engines never touch the audio session.
    case appManaged
}
