/// What a pool's `AVPlayerEngine`s do when the app goes to the background, the same for every engine of the pool.
///
/// The pool hands each engine it makes one `AVPlaybackSystem` (through its engine factory), and the system carries
/// the policy; see `AVPlaybackSystem` and <doc:TheSystemAndTheDecoderLimit>.
public enum BackgroundPolicy: Hashable, Sendable, CaseIterable {
    /// Every engine whose settings play is paused when the app enters the background, and reported as
    /// `PlaybackPhase.paused(.system)`; on return to the foreground it plays again, unless a system pause (an audio
    /// interruption that did not say to resume, a lost audio route) is still in force. The default.
    case pauseInBackground
    /// Sound goes on in the background: each engine detaches its `AVPlayerLayer` from its player when the app enters
    /// the background and reattaches it on return (Apple's Technical Q&A QA1668), so that a playing video keeps
    /// playing its audio. The app needs the `audio` background mode and a playback audio session for that; the engine
    /// sets up neither. A clip that is not playing does not start while the app is in the background.
    case keepAudioInBackground
}
