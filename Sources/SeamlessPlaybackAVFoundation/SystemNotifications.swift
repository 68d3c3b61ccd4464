#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import Foundation

#if canImport(UIKit)
import AVFoundation
import UIKit
#endif

/// The notification observers of an ``AVPlaybackSystem``: the audio session's interruptions, route changes and
/// resets of the media services, and
/// the application's moves to the background and back. Each notification's `userInfo` is read where it is posted
/// (the route change on a secondary thread, per Apple's documentation), turned into a ``SystemEvent`` by the pure
/// parsers, and handed on; the observers are removed when this object goes.
final class SystemNotifications {
    private let tokens: [any NSObjectProtocol]

    private init(tokens: [any NSObjectProtocol]) {
        self.tokens = tokens
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }

    /// Starts observing; `deliver` gets each event, on the thread that posted it.
    /// - Parameter deliver: Hands an event to the system; it must only schedule work on the main actor.
    /// - Returns: The observers, or `nil` where UIKit (and with it the audio session and the app's lifecycle) is
    ///   missing.
    static func observe(_ deliver: @escaping @Sendable (SystemEvent) -> Void) -> SystemNotifications? {
        #if canImport(UIKit)
        let center = NotificationCenter.default
        let session = AVAudioSession.sharedInstance()
        let interruption = center.addObserver(
            forName: AVAudioSession.interruptionNotification, object: session, queue: nil
        ) { @Sendable notification in
            let info = notification.userInfo
            let type = (info?[AVAudioSessionInterruptionTypeKey] as? NSNumber)?.uintValue
            let options = (info?[AVAudioSessionInterruptionOptionKey] as? NSNumber)?.uintValue
            #if os(tvOS)
            let reason: UInt? = nil  // the reason key is unavailable on tvOS
            #else
            let reason = (info?[AVAudioSessionInterruptionReasonKey] as? NSNumber)?.uintValue
            #endif
            if let event = SystemEvent.interruption(type: type, options: options, reason: reason) { deliver(event) }
        }
        let routeChange = center.addObserver(
            forName: AVAudioSession.routeChangeNotification, object: session, queue: nil
        ) { @Sendable notification in
            let reason = (notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? NSNumber)?.uintValue
            if let event = SystemEvent.routeChange(reason: reason) { deliver(event) }
        }
        let reset = center.addObserver(
            forName: AVAudioSession.mediaServicesWereResetNotification, object: session, queue: nil
        ) { @Sendable _ in
            deliver(.mediaServicesReset)
        }
        let background = center.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { @Sendable _ in
            deliver(.enteredBackground)
        }
        let foreground = center.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
        ) { @Sendable _ in
            deliver(.willEnterForeground)
        }
        return SystemNotifications(tokens: [interruption, routeChange, reset, background, foreground])
        #else
        return nil
        #endif
    }
}
#endif
