import SeamlessPlayback

/// What the system side of one engine knows: whether the app is in the background, whether an audio interruption is
/// under way, and which pause the system imposed on settings that play.
///
/// Pure data with its few rules; ``AVPlayerEngineStateMachine`` changes it as system events, applies and player
/// readings come in (`AVPlayerEngineStateMachine+System.swift`).
struct SystemHolds: Hashable, Sendable {
    /// A pause the system imposed on an engine whose settings play, strongest last.
    enum Hold: Int, Hashable, Sendable, Comparable {
        /// The app is in the background: with ``BackgroundPolicy/pauseInBackground`` every playing engine, and with
        /// either policy a clip that would start playing there. Ends on return to the foreground.
        case background
        /// An audio interruption (a call, an alarm, another app's audio). Ends when the interruption ends with
        /// `.shouldResume`.
        case interruption
        /// The audio route went away (headphones unplugged). Never ends by itself: Apple's guidance is not to resume.
        case outputLoss

        /// How the engine reports it.
        var reason: PauseReason {
            switch self {
            case .background: .system
            case .interruption: .interrupted
            case .outputLoss: .outputLost
            }
        }

        static func < (lhs: Hold, rhs: Hold) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The pool's background policy.
    let policy: BackgroundPolicy
    /// Whether the app is in the background (between `didEnterBackground` and `willEnterForeground`).
    var isInBackground: Bool
    /// An audio interruption began and has not ended (or the player has not been seen playing since: iOS does not
    /// promise an ended notification for every began one). `isRouteDisconnection` for iOS 17's interruption of a
    /// Now Playing session whose route went away.
    var interruption: Interruption?
    /// The system's pause in force, if any: it stands until the pool applies settings again (a page's decision), the
    /// engine resumes by itself (the interruption ended with `.shouldResume`, the app came back to the foreground),
    /// or the player is seen playing (someone else played it).
    var hold: Hold?

    /// An interruption under way.
    struct Interruption: Hashable, Sendable {
        /// Whether the audio session said the route went away (`AVAudioSession.InterruptionReason.routeDisconnected`).
        var isRouteDisconnection: Bool
    }

    /// Whether the layer is detached from the player now: only in the background with
    /// ``BackgroundPolicy/keepAudioInBackground`` (Technical Q&A QA1668).
    var isLayerDetached: Bool { isInBackground && policy == .keepAudioInBackground }

    /// Whether the output is known to be gone: a route change said so, or an interruption gave the lost route as
    /// its reason. A second notice of the same loss (iOS 17 sends both) changes nothing.
    var knowsOutputLost: Bool { hold == .outputLoss || interruption?.isRouteDisconnection == true }

    /// Why the player stands still although its settings play, as far as the system side knows: the hold in force,
    /// else an interruption under way, else a pause by someone the engine cannot name (a remote control, another
    /// client, a policy), reported as `.system`.
    var pauseReason: PauseReason {
        if let hold { return hold.reason }
        if let interruption { return interruption.isRouteDisconnection ? .outputLost : .interrupted }
        return .system
    }

    /// Imposes `hold` unless a stronger one is in force (a lost route outlasts an interruption, which outlasts the
    /// background).
    /// - Parameter hold: The system's new pause.
    /// - Returns: Whether the hold in force changed.
    mutating func impose(_ hold: Hold) -> Bool {
        if let current = self.hold, current >= hold { return false }
        self.hold = hold
        return true
    }
}
