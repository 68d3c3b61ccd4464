/// What a pool's `AVPlayerEngine`s do when the app goes to the background, the same for every engine of the pool.
///
/// The pool hands each engine it makes one `AVPlaybackSystem` (through its engine factory), and the system carries
/// the policy; see `AVPlaybackSystem` and <doc:TheSystemAndTheDecoderLimit>.
public enum BackgroundPolicy: Hashable, Sendable, CaseIterable {
    /// Every engine whose settings play is paused when the app enters the background (its player's
    /// `audiovisualBackgroundPlaybackPolicy` is `.pauses`), and reported as
    /// `PlaybackPhase.paused(.system)`; on return to the foreground it plays again, unless a system pause (an audio
    /// interruption that did not say to resume, a lost audio route) is still in force. The default.
    case pauseInBackground
    /// Sound goes on in the background: each player's `audiovisualBackgroundPlaybackPolicy` is `.continuesIfPossible`
    /// (iOS 15), so the system does not pause a playing video on the way out; each engine also detaches its
    /// `AVPlayerLayer` when the app enters the background and reattaches it on return (Apple's Technical Q&A QA1668).
    /// Should the system pause it all the same, the return to the foreground plays it again. The app needs the `audio`
    /// background mode and a playback audio session for that (the engine sets up neither). A clip that is not playing
    /// does not start while the app is in the background.
    case keepAudioInBackground
}
