import Foundation

/// Tests only: parking the event thread, so that mpv's replies pile up unread in its queue.
extension MPVClient {
    /// Parks the event thread for a test, so that mpv's replies pile up unread in its queue.
    final class EventHold: Sendable {
        /// Signalled by the event thread once it is parked.
        let parked = DispatchSemaphore(value: 0)
        /// What the parked event thread waits for.
        let released = DispatchSemaphore(value: 0)

        /// Lets the event thread go on.
        func release() { released.signal() }
    }

    /// Tests only: parks the event thread before its next event and returns once it is parked.
    /// Until ``EventHold/release()``, no reply is read, so mpv's reply queue fills as it would behind a
    /// slow consumer.
    func holdEvents() async -> EventHold {
        let hold = EventHold()
        // A stopped engine's thread reads no more events: nothing to park.
        guard arm(hold) else { return hold }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                hold.parked.wait()
                continuation.resume()
            }.start()
        }
        return hold
    }
}
