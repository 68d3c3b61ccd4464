// expect: main actor-isolated property 'isReady' can not be mutated from a Sendable closure
//
// A key-value observation's change handler is `@Sendable` in the iOS 18 SDK and runs on the thread that made the
// change: written in a main-actor method, it is still not main-actor isolated, so it must not touch main-actor state.
// (With the handler declared without `@Sendable`, as the stand-in once was, this compiled: the closure was inferred
// main-actor isolated, and would have trapped when AVFoundation called it from another thread.)
import AVFoundation

@MainActor
final class ItemWatcher {
    var isReady = false
    var observation: NSKeyValueObservation?

    func watch(_ item: AVPlayerItem) {
        observation = item.observe(\.status, options: [.new]) { [weak self] item, _ in
            self?.isReady = item.status == .readyToPlay
        }
    }
}
