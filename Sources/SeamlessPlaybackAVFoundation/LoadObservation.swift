#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import Foundation

/// Everything observed for one load: its item, its key-value observations and its notification
/// observers. Owned by the main-actor ``PlayerController``; ``stop()`` ends all of it, so nothing is
/// left registered once a load is replaced, cancelled, failed or shut down.
struct LoadObservation {
    /// The load's item, read again on the main actor at each callback.
    let item: AVPlayerItem
    let keyValue: [NSKeyValueObservation]
    let notifications: [any NSObjectProtocol]
    /// How many entries of the item's error log were already fed to the machine.
    var errorLogEntriesRead = 0

    /// Invalidates the key-value observations and removes the notification observers.
    func stop() {
        for observation in keyValue { observation.invalidate() }
        for observer in notifications { NotificationCenter.default.removeObserver(observer) }
    }
}
#endif
