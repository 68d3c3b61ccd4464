#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import Foundation
import SeamlessPlayback

#if canImport(UIKit)
import AVFoundation
#endif

/// The iOS system side shared by a pool's ``AVPlayerEngine``s: the pool-wide ``BackgroundPolicy``, the audio
/// session's category (``AudioSessionPolicy``: ambient while every player is muted, playback for sound), and one set of
/// observers of the audio session's interruptions and route changes and of the app's moves between background and
/// foreground, whose events it hands to every engine alive.
///
/// Make one per pool and hand it to every engine through the pool's factory, or use ``shared`` (the default, with
/// ``BackgroundPolicy/pauseInBackground``):
///
/// ```swift
/// let system = AVPlaybackSystem(backgroundPolicy: .keepAudioInBackground)
/// let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine(system: system) }
/// ```
///
/// What each engine does with the events is decided by `AVPlayerEngineStateMachine` and tested on every platform.
/// The system takes the app to be in the foreground when it is made, unless told otherwise (a launch in the
/// background); an engine made later starts out in the background if the app is there. An interruption that began before an engine was made is not that engine's:
/// its end does not resume it. Where UIKit is missing (macOS) nothing is observed: the engines see no system events.
@MainActor
public final class AVPlaybackSystem {
    /// The system engines use unless they are given another: ``BackgroundPolicy/pauseInBackground``.
    public static let shared = AVPlaybackSystem()

    /// What every engine of the pool does when the app goes to the background.
    public let backgroundPolicy: BackgroundPolicy
    /// Who sets the audio session's category.
    public let audioSessionPolicy: AudioSessionPolicy
    /// The category the engines' settings need (``AudioSessionPolicy/followsSound``).
    private var audioSession = AudioSessionChoice<ObjectIdentifier>()
    /// Whether the app is in the background now, as the notifications said.
    private(set) var isInBackground = false
    private var engines: [WeakController] = []
    /// The notification observers, removed when the system goes.
    private var observers: SystemNotifications?

    private struct WeakController {
        weak var controller: PlayerController?
    }

    /// Creates a system and starts observing the audio session and the application.
    /// - Parameters:
    ///   - backgroundPolicy: What every engine given this system does in the background. Defaults to
    ///     ``BackgroundPolicy/pauseInBackground``.
    ///   - isInBackground: Whether the app is in the background now: pass
    ///     `UIApplication.shared.applicationState == .background` when the app may be launched in the background (a
    ///     background fetch, a silent push), since no `didEnterBackground` comes for a launch that starts there. The
    ///     system does not read the application object itself (it is unavailable in app extensions). Defaults to
    ///     `false`.
    ///   - audioSession: Who sets the audio session's category. Defaults to ``AudioSessionPolicy/followsSound``.
    public init(
        backgroundPolicy: BackgroundPolicy = .pauseInBackground, isInBackground: Bool = false,
        audioSession: AudioSessionPolicy = .followsSound
    ) {
        self.backgroundPolicy = backgroundPolicy
        audioSessionPolicy = audioSession
        self.isInBackground = isInBackground
        observers = SystemNotifications.observe { [weak self] event in
            let system = self
            Task { @MainActor in system?.received(event) }
        }
    }

    /// An engine's controller starts hearing the system's events.
    func register(_ controller: PlayerController) {
        engines.removeAll { $0.controller == nil }
        engines.append(WeakController(controller: controller))
    }

    /// An engine's controller stops hearing them (it shut down).
    func unregister(_ controller: PlayerController) {
        engines.removeAll { $0.controller == nil || $0.controller === controller }
        setCategory(audioSession.removed(ObjectIdentifier(controller)))
    }

    /// An engine is about to put `settings` on its player: the audio session gets the category they need first.
    func settingsApplied(_ settings: PlaybackSettings, by controller: PlayerController) {
        setCategory(audioSession.applied(settings, by: ObjectIdentifier(controller)))
    }

    private func setCategory(_ category: AudioSessionChoice<ObjectIdentifier>.Category?) {
        guard audioSessionPolicy == .followsSound, let category else { return }
        #if canImport(UIKit)
        let session = AVAudioSession.sharedInstance()
        // A failure leaves the category as it was: the players still play, as under the app's category.
        switch category {
        case .ambient: try? session.setCategory(.ambient, mode: .default, options: [])
        case .playback: try? session.setCategory(.playback, mode: .moviePlayback, options: [])
        }
        #endif
    }

    /// One event, in the order the main actor received them: every engine alive hears it.
    private func received(_ event: SystemEvent) {
        isInBackground = event.isInBackground(after: isInBackground)
        if event == .mediaServicesReset { audioSession.mediaServicesReset() }
        for engine in engines {
            engine.controller?.systemEvent(event)
        }
    }
}
#endif
