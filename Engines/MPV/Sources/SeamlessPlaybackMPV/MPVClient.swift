import CMPV
import Foundation

/// One libmpv handle, the thread that drains its events, and the calls waiting on them.
///
/// Every mpv call that could wait is sent asynchronously (`mpv_command_async`,
/// `mpv_set_property_async`, `mpv_get_property_async`); its reply is read by the event thread,
/// which resumes the caller. So no caller's executor, and none of the pool's actors, ever blocks
/// on mpv. ``EngineStateMachine`` decides which event finishes which call.
final class MPVClient: Sendable {
    typealias Outcome = EngineStateMachine.Outcome

    /// The property formats a read may ask for.
    enum Format: Sendable {
        case flag, int, double, string
    }

    private struct Shared {
        var machine = EngineStateMachine()
        var continuations: [EngineStateMachine.WaiterID: CheckedContinuation<Outcome, Never>] = [:]
        var stopWaiters: [CheckedContinuation<Void, Never>] = []

        mutating func take(
            _ completions: [EngineStateMachine.Completion]
        ) -> [(CheckedContinuation<Outcome, Never>, Outcome)] {
            completions.compactMap { completion in
                continuations.removeValue(forKey: completion.waiter).map { ($0, completion.outcome) }
            }
        }
    }

    /// The handle. libmpv's client API is thread-safe, so the pointer is shared freely; what needs
    /// care is its end. Only the event thread destroys it, after leaving `mpv_wait_event` and after
    /// marking the lifecycle `destroying` under `shared`'s lock; every other thread calls mpv only
    /// while holding that lock and only while the lifecycle allows it. So no call can reach a
    /// destroyed handle.
    private nonisolated(unsafe) let handle: OpaquePointer
    private let shared = Protected(Shared())

    /// Creates and initialises mpv with the options, in order, and starts the event thread.
    /// - Throws: ``MPVError/creationFailed``, ``MPVError/optionRejected(name:value:reason:)`` or
    ///   ``MPVError/initializationFailed(_:)``; no handle is left behind.
    init(options: [(name: String, value: String)]) throws(MPVError) {
        guard let handle = mpv_create() else { throw .creationFailed }
        for option in options {
            let code = mpv_set_option_string(handle, option.name, option.value)
            if code < 0 {
                mpv_terminate_destroy(handle)
                throw .optionRejected(name: option.name, value: option.value, reason: MPVEvent.errorText(code))
            }
        }
        let code = mpv_initialize(handle)
        if code < 0 {
            mpv_terminate_destroy(handle)
            throw .initializationFailed(MPVEvent.errorText(code))
        }
        self.handle = handle
        let thread = Thread { [self] in runEventLoop() }
        thread.name = "mpv-events"
        thread.start()
    }

    /// `MPV_EVENT_FILE_LOADED` events seen so far.
    var fileLoadedCount: Int { shared.withLock { $0.machine.fileLoadedCount } }

    /// Where the handle is in its life.
    var lifecycle: EngineStateMachine.Lifecycle { shared.withLock { $0.machine.lifecycle } }

    // MARK: Calls

    /// Replaces the playlist with `source` and returns when its first frame is out.
    /// - Throws: ``MPVError`` when mpv refuses the command, playback ends first, the timeout passes,
    ///   the task is cancelled or the engine shuts down.
    func loadFile(_ source: String, timeout: Duration) async throws(MPVError) {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await withTaskCancellationHandler {
            await perform(waiter) { machine in
                machine.startLoad(waiter, source: source, deadline: .now + timeout, timeout: timeout)
            } send: { handle, requests in
                // The event thread may be asleep without a deadline; wake it so it learns this one.
                defer { mpv_wakeup(handle) }
                return requests.map { request in
                    (request, withCStrings(["loadfile", source, "replace"]) { mpv_command_async(handle, request, $0) })
                }
            }
        } onCancel: {
            resume(shared.withLock { shared in
                let completion = shared.machine.cancel(waiter)
                return shared.take(completion.map { [$0] } ?? [])
            })
        }
        if case .failed(let error) = outcome { throw error }
    }

    /// Sets the properties in order, as one batch, and returns when mpv has replied to every one.
    /// - Returns: The first property mpv refused, if any; the others are still set.
    func setProperties(_ properties: [(name: String, value: MPVValue)]) async -> MPVError? {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter) { machine in
            machine.startApply(waiter, properties: properties.map(\.name))
        } send: { handle, requests in
            zip(requests, properties).map { request, property in
                (request, Self.setPropertyAsync(handle, request, property.name, property.value))
            }
        }
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// Reads one property.
    /// - Returns: Its value, or `nil` when mpv has none now.
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` or ``MPVError/shutDown``.
    func property(_ name: String, as format: Format) async throws(MPVError) -> MPVValue? {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter) { machine in
            machine.startRead(waiter, property: name)
        } send: { handle, requests in
            requests.map { request in (request, mpv_get_property_async(handle, request, name, format.mpvFormat)) }
        }
        switch outcome {
        case .failed(let error): throw error
        case .value(let value): return value
        case .finished: return nil
        }
    }

    // MARK: Lifecycle

    /// Asks the event thread to destroy the handle, without waiting. Safe to call any number of times.
    func requestStop() {
        shared.withLock { shared in
            if shared.machine.stop() { mpv_wakeup(handle) }
        }
    }

    /// Destroys the handle and returns when it is gone. Safe to call any number of times, concurrently.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDestroyed = shared.withLock { shared in
                guard shared.machine.lifecycle != .destroyed else { return true }
                shared.stopWaiters.append(continuation)
                if shared.machine.stop() { mpv_wakeup(handle) }
                return false
            }
            if isDestroyed { continuation.resume() }
        }
    }

    // MARK: Internals

    /// Registers the waiter's continuation, starts its call and sends its requests, all under the
    /// lock, so no reply can be handled before the waiter is known and no request can reach a
    /// handle being destroyed.
    private func perform(
        _ waiter: EngineStateMachine.WaiterID,
        start: (inout EngineStateMachine) -> EngineStateMachine.Start,
        send: (OpaquePointer, [EngineStateMachine.RequestID]) -> [(EngineStateMachine.RequestID, Int32)]
    ) async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = shared.withLock { shared in
                shared.continuations[waiter] = continuation
                var completions: [EngineStateMachine.Completion] = []
                switch start(&shared.machine) {
                case .complete(let completion):
                    completions.append(completion)
                case .send(let requests):
                    for (request, code) in send(handle, requests) where code < 0 {
                        completions += shared.machine.requestNotSent(request, reason: MPVEvent.errorText(code))
                    }
                }
                return shared.take(completions)
            }
            resume(ready)
        }
    }

    private func resume(_ ready: [(CheckedContinuation<Outcome, Never>, Outcome)]) {
        for (continuation, outcome) in ready { continuation.resume(returning: outcome) }
    }

    /// The event thread: drains mpv's queue until the handle stops, then destroys it.
    private func runEventLoop() {
        while let timeout = shared.withLock({ Self.waitTimeout(for: $0.machine) }) {
            guard let raw = mpv_wait_event(handle, timeout) else { continue }
            let event = MPVEvent(raw.pointee)
            resume(shared.withLock { shared in
                var completions = shared.machine.handle(event)
                if shared.machine.nextDeadline != nil {
                    completions += shared.machine.deadlinesPassed(now: .now)
                }
                return shared.take(completions)
            })
        }
        resume(shared.withLock { shared in
            let failed = shared.machine.beginDestroying()
            return shared.take(failed)
        })
        mpv_terminate_destroy(handle)
        let stopWaiters = shared.withLock { shared in
            shared.machine.destroyed()
            defer { shared.stopWaiters = [] }
            return shared.stopWaiters
        }
        for waiter in stopWaiters { waiter.resume() }
    }

    /// How long `mpv_wait_event` may sleep: until the next load deadline, forever (-1) when there is
    /// none, and `nil` when the loop must end.
    private static func waitTimeout(for machine: EngineStateMachine) -> Double? {
        guard machine.lifecycle == .running else { return nil }
        guard let deadline = machine.nextDeadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        return max(0, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18)
    }

    private static func setPropertyAsync(
        _ handle: OpaquePointer, _ request: UInt64, _ name: String, _ value: MPVValue
    ) -> Int32 {
        switch value {
        case .flag(let flag):
            var data: Int32 = flag ? 1 : 0
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_FLAG, &data)
        case .int(let int):
            var data = int
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_INT64, &data)
        case .double(let double):
            var data = double
            return mpv_set_property_async(handle, request, name, MPV_FORMAT_DOUBLE, &data)
        case .string(let string):
            return withCStrings([string]) { strings in
                var data = strings[0]
                return mpv_set_property_async(handle, request, name, MPV_FORMAT_STRING, &data)
            }
        }
    }
}

extension MPVClient.Format {
    var mpvFormat: mpv_format {
        switch self {
        case .flag: MPV_FORMAT_FLAG
        case .int: MPV_FORMAT_INT64
        case .double: MPV_FORMAT_DOUBLE
        case .string: MPV_FORMAT_STRING
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings, valid only during the call (mpv copies them).
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeMutableBufferPointer { buffer in
        // A non-empty array's buffer always has a base address.
        body(buffer.baseAddress.unsafelyUnwrapped)
    }
}
