/// Something the iOS system did to every player of the app, as the shell heard it from the audio session's and the
/// application's notifications.
///
/// The shell reads only the raw numbers of a notification's `userInfo`; turning them into an event (which values
/// mean what, what a missing key means) is done here, with the values of the iOS 18 SDK's `AVAudioSessionTypes.h`.
enum SystemEvent: Hashable, Sendable {
    /// `AVAudioSession.interruptionNotification` of type `.began`: the system took the audio session away.
    case interruptionBegan(InterruptionReason)
    /// `AVAudioSession.interruptionNotification` of type `.ended`; `shouldResume` when its options hold
    /// `.shouldResume`.
    case interruptionEnded(shouldResume: Bool)
    /// `AVAudioSession.routeChangeNotification` whose reason is `.oldDeviceUnavailable`: the headphones (or another
    /// output) went away.
    case outputLost
    /// `UIApplication.didEnterBackgroundNotification`.
    case enteredBackground
    /// `UIApplication.willEnterForegroundNotification`.
    case willEnterForeground
    /// `AVAudioSession.mediaServicesWereResetNotification`: the media server restarted, and every player made before
    /// is dead (Technical Q&A QA1749).
    case mediaServicesReset

    /// `AVAudioSession.InterruptionReason`, as far as the engine tells reasons apart.
    enum InterruptionReason: Hashable, Sendable {
        /// `.default` (another session was activated), `.builtInMicMuted`, a reason the SDK added later, or none
        /// given (the key is absent before iOS 14.5 and on tvOS).
        case other
        /// `.routeDisconnected` (iOS 17): a Now Playing session interrupted because its audio route went away, which
        /// the audio session also announces as a route change.
        case routeDisconnected
    }

    /// `AVAudioSessionInterruptionType.began` in `AVAudioSessionTypes.h`.
    static let interruptionTypeBegan: UInt = 1
    /// `AVAudioSessionInterruptionType.ended`.
    static let interruptionTypeEnded: UInt = 0
    /// `AVAudioSessionInterruptionOptionShouldResume`, a bit of the options.
    static let interruptionOptionShouldResume: UInt = 1
    /// `AVAudioSessionInterruptionReasonRouteDisconnected` (iOS 17).
    static let interruptionReasonRouteDisconnected: UInt = 4
    /// `AVAudioSessionRouteChangeReasonOldDeviceUnavailable`.
    static let routeChangeReasonOldDeviceUnavailable: UInt = 2

    /// The event an interruption notification stands for, from the numbers under `AVAudioSessionInterruptionTypeKey`,
    /// `AVAudioSessionInterruptionOptionKey` and `AVAudioSessionInterruptionReasonKey`.
    /// - Parameters:
    ///   - type: The interruption's type; `nil` when the key is missing.
    ///   - options: The options of an ended interruption; `nil` (no options) when the key is missing.
    ///   - reason: The reason of a begun interruption; `nil` when the key is missing.
    /// - Returns: `nil` for a notification without a type, or with a type the SDK does not declare: it is ignored.
    static func interruption(type: UInt?, options: UInt?, reason: UInt?) -> SystemEvent? {
        switch type {
        case interruptionTypeBegan?:
            return .interruptionBegan(reason == interruptionReasonRouteDisconnected ? .routeDisconnected : .other)
        case interruptionTypeEnded?:
            return .interruptionEnded(shouldResume: (options ?? 0) & interruptionOptionShouldResume != 0)
        default:
            return nil
        }
    }

    /// The event a route-change notification stands for, from the number under `AVAudioSessionRouteChangeReasonKey`.
    /// - Parameter reason: The change's reason; `nil` when the key is missing.
    /// - Returns: ``outputLost`` for `.oldDeviceUnavailable`; `nil` for every other reason (a new device, a category
    ///   change, an override…), which changes nothing for a player.
    static func routeChange(reason: UInt?) -> SystemEvent? {
        reason == routeChangeReasonOldDeviceUnavailable ? .outputLost : nil
    }

    /// Whether the app is in the background after this event.
    /// - Parameter wasInBackground: Whether it was before.
    /// - Returns: `true` after ``enteredBackground``, `false` after ``willEnterForeground``, and `wasInBackground`
    ///   after the audio session's events.
    func isInBackground(after wasInBackground: Bool) -> Bool {
        switch self {
        case .enteredBackground: true
        case .willEnterForeground: false
        case .interruptionBegan, .interruptionEnded, .outputLost, .mediaServicesReset: wasInBackground
        }
    }
}
