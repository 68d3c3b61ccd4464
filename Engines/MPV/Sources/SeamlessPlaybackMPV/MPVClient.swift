import CMPV
import Foundation
@_spi(EngineSupport) import SeamlessPlayback

/// One libmpv handle, the thread that creates it and then drains its events, and the calls waiting on them.
///
/// Every mpv call that could wait is sent asynchronously (`mpv_command_async`,
/// `mpv_set_property_async`, `mpv_get_property_async`); its reply is read by the event thread,
/// which resumes the caller. So no caller's executor, and none of the pool's actors, ever blocks
/// on mpv. ``EngineStateMachine`` decides which requests go out when and which event finishes which call.
final class MPVClient: Sendable {
    typealias Outcome = EngineStateMachine.Outcome
    typealias Format = MPVFormat

    private struct Shared {
        var machine = EngineStateMachine()
        var continuations: [EngineStateMachine.WaiterID: CheckedContinuation<Outcome, Never>] = [:]
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
        var reportFailure: (@Sendable (String) -> Void)?
        var isFailureReported = false
        var reportStatus: (@Sendable (PlaybackStatus) -> Void)?

        mutating func take(
            _ completions: [EngineStateMachine.Completion]
        ) -> [(CheckedContinuation<Outcome, Never>, Outcome)] {
            completions.compactMap { completion in
                continuations.removeValue(forKey: completion.waiter).map { ($0, completion.outcome) }
            }
        }

        /// The machine's failure with the callback to tell it to, the first time both exist.
        mutating func failureToReport() -> (report: @Sendable (String) -> Void, reason: String)? {
            guard !isFailureReported, let report = reportFailure, let reason = machine.watch.failure else { return nil }
            isFailureReported = true
            return (report, reason)
        }
    }

    /// The handle. libmpv's client API is thread-safe, so the pointer is shared freely; what needs
    /// care is its end. Only the event thread destroys it, after leaving `mpv_wait_event` and after
    /// marking the lifecycle `destroying` under `shared`'s lock; every other thread calls mpv only
    /// while holding that lock and only while the lifecycle allows it. So no call can reach a
    /// destroyed handle.
    private nonisolated(unsafe) let handle: OpaquePointer
    private let shared = Protected(Shared())
    /// Set by ``holdEvents()`` (tests only): the event thread parks before reading its next event.
    private let eventHold = Protected<EventHold?>(nil)

    /// The software renderer, for an engine that renders frames; its context is freed before the handle is destroyed.
    let renderer: FrameRenderer?
    /// The `seamlesscache://` protocol registered on the handle, kept here because mpv may call it until the handle
    /// is destroyed.
    let streams: CacheStreamProtocol?

    private init(handle: OpaquePointer, renderer: FrameRenderer?, streams: CacheStreamProtocol?) {
        self.handle = handle
        self.renderer = renderer
        self.streams = streams
    }

    /// Creates and initialises mpv with the options, in order, on a thread of its own, which then
    /// drains mpv's events until the handle stops. The caller's executor only waits.
    /// - Parameters:
    ///   - options: mpv's options, set before initialisation.
    ///   - rendersFrames: Whether to make a software render context (``FrameRenderer``) after initialisation.
    ///   - streams: A protocol to register on the handle before any load, for reading through a cache.
    /// - Throws: ``MPVError/creationFailed``, ``MPVError/optionRejected(name:value:reason:)`` or
    ///   ``MPVError/initializationFailed(_:)``; no handle is left behind.
    static func make(
        options: [(name: String, value: String)], rendersFrames: Bool = false, streams: CacheStreamProtocol? = nil
    ) async throws(MPVError) -> MPVClient {
        let created = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<MPVClient, MPVError>, Never>) in
            let thread = Thread {
                seamless_name_current_thread("mpv-events")
                let client: MPVClient
                do throws(MPVError) {
                    let handle = try createHandle(
                        options: options, observing: observedProperties + (rendersFrames ? renderedProperties : []),
                        streams: streams)
                    var renderer: FrameRenderer?
                    if rendersFrames {
                        do throws(MPVError) {
                            renderer = try FrameRenderer.make(for: handle)
                        } catch {
                            mpv_terminate_destroy(handle)
                            MPVDiagnostics.handleDestroyed()
                            throw error
                        }
                    }
                    client = MPVClient(handle: handle, renderer: renderer, streams: streams)
                    renderer?.start()
                } catch {
                    continuation.resume(returning: .failure(error))
                    return
                }
                continuation.resume(returning: .success(client))
                client.runEventLoop()
            }
            thread.start()
        }
        return try created.get()
    }

    /// `MPV_EVENT_FILE_LOADED` events seen so far.
    var fileLoadedCount: Int { shared.withLock { $0.machine.fileLoadedCount } }

    /// Where the handle is in its life.
    var lifecycle: EngineStateMachine.Lifecycle { shared.withLock { $0.machine.lifecycle } }

    /// The last `time-pos` mpv reported, in seconds; `nil` when it has none or the handle is stopping.
    var position: Double? {
        shared.withLock { $0.machine.lifecycle == .running ? $0.machine.watch.position : nil }
    }

    /// Whether playback stands at the end of the file (mpv's `eof-reached`).
    var isAtEnd: Bool { shared.withLock { $0.machine.watch.isAtEnd } }

    /// The last status reported (or due to be), if any.
    var status: PlaybackStatus? { shared.withLock { $0.machine.lastStatus } }

    /// Keeps `report` and calls it with every change of status from now on, and at once with the last one if there
    /// is one. Reports are made under the lock, so they keep the order of the changes: `report` must not call back.
    func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        shared.withLock { shared in
            shared.reportStatus = report
            _ = shared.machine.statusReport()
            shared.machine.lastStatus.map(report)
        }
    }

    /// The origin failed the stream mpv reads `source` through (or, with `failure` `nil`, a later fetch of it ended
    /// well): for the playback watch, which takes the end after a failure for the failure.
    func originReported(source: String, failure: ByteSourceError?) {
        update { shared in
            shared.machine.originReported(source: source, failure: failure.map { "\($0)" })
            return []
        }
    }

    /// The engine takes the finished load of `source` as done, unless the origin failed it since the load finished
    /// (then the load is abandoned): the watch counts an origin failure of it from then on.
    /// - Returns: Whether the load is confirmed.
    func confirmLoad(of source: String) -> Bool {
        var confirmed = true
        update { shared in
            confirmed = shared.machine.loadConfirmed(source: source)
            return []
        }
        return confirmed
    }

    /// The engine failed the finished load of `source` and stopped it: nothing of it is the playback's failure.
    func abandonLoad(of source: String) {
        update { shared in
            shared.machine.loadAbandoned(source: source)
            return []
        }
    }

    /// Keeps `report` and calls it with the first failure ``PlaybackWatch`` finds, now if one is known.
    func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        let failure = shared.withLock { shared in
            shared.reportFailure = report
            return shared.failureToReport()
        }
        failure.map { $0.report($0.reason) }
    }

    // MARK: Calls

    /// Replaces the playlist with `source` and returns when its first frame is out.
    /// An HTTP source that mpv failed to load with no more said is asked for again (``HTTPProbe``), to learn why.
    /// - Throws: A ``SeamlessPlayback/MediaFailure`` when the media is at fault or the timeout passes; an ``MPVError``
    ///   when mpv refuses the command, playback ends first for another reason, the task is cancelled or the engine
    ///   shuts down. After a timeout or a cancellation mpv is stopped.
    /// - Parameters:
    ///   - source: What mpv loads.
    ///   - timeout: The load's bound.
    ///   - awaitsConfirmation: Whether the caller confirms the finished load (``confirmLoad(of:)``) or abandons it
    ///     (``abandonLoad(of:)``); until then the playback watch counts no failure of it.
    func loadFile(_ source: String, timeout: Duration, awaitsConfirmation: Bool = false) async throws {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await withTaskCancellationHandler {
            // The event thread may be asleep without a deadline; wake it so it learns this one.
            await perform(waiter, wakesEventThread: true) { machine in
                machine.startLoad(
                    waiter, source: source, deadline: .now + timeout, timeout: timeout,
                    awaitsConfirmation: awaitsConfirmation)
            }
        } onCancel: {
            update { shared in shared.machine.cancel(waiter) + sendReady(&shared.machine) }
        }
        switch outcome {
        case .failed(let error): throw error
        case .mediaFailed(let failure):
            guard MediaFailureClassifier.needsProbe(failure, source: source) else { throw failure }
            // Bounded well below a load's timeout; a cancelled caller ends it at once.
            guard let answer = await HTTPProbe.ask(source, timeout: .seconds(2)) else {
                throw Task.isCancelled ? MPVError.cancelled : failure
            }
            throw MediaFailureClassifier.refined(failure, by: answer)
        case .finished, .value: return
        }
    }

    /// Sets the properties in order, as one batch, and returns when mpv has replied to every one.
    /// - Returns: The first property mpv refused, if any; the others are still set.
    func setProperties(_ properties: [(name: String, value: MPVValue)]) async -> MPVError? {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter) { machine in
            machine.startApply(waiter, properties: properties)
        }
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// Moves the position and returns when mpv has shown the first frame there.
    /// - Returns: The position of that frame, in seconds.
    /// - Throws: ``MPVError/seekRefused(position:reason:)``, ``MPVError/seekInterrupted(position:reason:)``,
    ///   ``MPVError/seekTimedOut(position:timeout:)`` or ``MPVError/shutDown``. Not cancellable: mpv has the seek.
    func seek(
        to position: Duration, precision: MPVEngine.SeekPrecision, timeout: Duration
    ) async throws(MPVError) -> Double {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter, wakesEventThread: true) { machine in
            machine.startSeek(waiter, to: position, precision: precision, deadline: .now + timeout, timeout: timeout)
        }
        switch outcome {
        case .failed(let error): throw error
        case .value(let value): return value?.doubleValue ?? 0
        case .finished, .mediaFailed: return 0
        }
    }

    /// Reads one property.
    /// - Returns: Its value, or `nil` when mpv has none now.
    /// - Throws: ``MPVError/propertyFailed(name:reason:)`` or ``MPVError/shutDown``.
    func property(_ name: String, as format: Format) async throws(MPVError) -> MPVValue? {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter) { machine in
            machine.startRead(waiter, property: name, as: format)
        }
        switch outcome {
        case .failed(let error): throw error
        case .value(let value): return value
        case .finished, .mediaFailed: return nil
        }
    }

    /// Runs an mpv command and returns at its reply.
    /// - Throws: ``MPVError/commandFailed(_:reason:)`` or ``MPVError/shutDown``.
    func command(_ arguments: [String]) async throws(MPVError) {
        let waiter = shared.withLock { $0.machine.reserveWaiter() }
        let outcome = await perform(waiter) { machine in
            machine.startCommand(waiter, arguments: arguments)
        }
        if case .failed(let error) = outcome { throw error }
    }

    /// Requests made and not answered yet: in flight or waiting in the backlog.
    var requestsPending: Int { shared.withLock { $0.machine.requestsInFlight + $0.machine.backlogCount } }

    /// Tests only: has the event thread park at `hold` before its next event (``holdEvents()``).
    /// - Returns: Whether it will: a stopped engine's thread reads no more events.
    func arm(_ hold: EventHold) -> Bool {
        shared.withLock { shared in
            guard shared.machine.lifecycle == .running else { return false }
            eventHold.withLock { $0 = hold }
            mpv_wakeup(handle)
            return true
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

    /// Registers the waiter's continuation, starts its call and sends what may go now, all under the
    /// lock, so no reply can be handled before the waiter is known and no request can reach a
    /// handle being destroyed.
    private func perform(
        _ waiter: EngineStateMachine.WaiterID,
        wakesEventThread: Bool = false,
        start: (inout EngineStateMachine) -> EngineStateMachine.Start
    ) async -> Outcome {
        await withCheckedContinuation { continuation in
            update { shared in
                shared.continuations[waiter] = continuation
                var completions: [EngineStateMachine.Completion] = []
                if case .complete(let completion) = start(&shared.machine) { completions.append(completion) }
                completions += sendReady(&shared.machine)
                if wakesEventThread, shared.machine.lifecycle == .running { mpv_wakeup(handle) }
                return completions
            }
        }
    }

    /// Runs `body` under the lock and reports a change of status there (so reports keep their order); then,
    /// outside it, reports the engine's first failure if this is when it became known, and resumes the calls it
    /// finished.
    private func update(_ body: (inout Shared) -> [EngineStateMachine.Completion]) {
        let (ready, failure) = shared.withLock { shared in
            let completions = body(&shared)
            if let status = shared.machine.statusReport() { shared.reportStatus?(status) }
            return (shared.take(completions), shared.failureToReport())
        }
        // The failure first: a call that returns must not look as if it had landed when mpv refused it.
        failure.map { $0.report($0.reason) }
        resume(ready)
    }

    /// Sends every request the machine lets go now, in order. Called under the lock.
    /// - Returns: The calls that mpv's refusals finished.
    private func sendReady(_ machine: inout EngineStateMachine) -> [EngineStateMachine.Completion] {
        var completions: [EngineStateMachine.Completion] = []
        while let next = machine.nextRequest() {
            let code = Self.send(next, to: handle)
            guard code < 0 else { continue }
            completions += machine.requestNotSent(
                next.request, reason: MPVEvent.errorText(code), queueFull: code == MPV_ERROR_EVENT_QUEUE_FULL.rawValue
            )
        }
        return completions
    }

    private func resume(_ ready: [(CheckedContinuation<Outcome, Never>, Outcome)]) {
        for (continuation, outcome) in ready { continuation.resume(returning: outcome) }
    }

    /// The event thread: drains mpv's queue until the handle stops, then destroys it.
    private func runEventLoop() {
        while let timeout = shared.withLock({ Self.waitTimeout(for: $0.machine) }) {
            if let hold = eventHold.withLock({ hold in
                defer { hold = nil }
                return hold
            }) {
                hold.parked.signal()
                hold.released.wait()
            }
            guard let raw = mpv_wait_event(handle, timeout) else { continue }
            let event = MPVEvent(raw.pointee)
            if let renderer, case .propertyChange(let name, let value) = event {
                renderer.propertyChanged(name, to: value)
            }
            update { shared in
                let completions = shared.machine.handle(event, readAt: .now)
                return completions + sendReady(&shared.machine)
            }
        }
        resume(
            shared.withLock { shared in
                let failed = shared.machine.beginDestroying()
                return shared.take(failed)
            })
        // The render context goes first: libmpv requires it freed before the handle is destroyed.
        renderer?.stop()
        mpv_terminate_destroy(handle)
        MPVDiagnostics.handleDestroyed()
        let stopWaiters = shared.withLock { shared in
            shared.machine.destroyed()
            defer { shared.stopWaiters = [] }
            return shared.stopWaiters
        }
        for waiter in stopWaiters { waiter.resume() }
    }

    /// How long `mpv_wait_event` may sleep: until the next load deadline, forever (-1) when there is
    /// none, not at all when a failed load waits for the queue to be drained, and `nil` when the loop must end.
    private static func waitTimeout(for machine: EngineStateMachine) -> Double? {
        guard machine.lifecycle == .running else { return nil }
        if machine.awaitsDrain { return 0 }
        guard let deadline = machine.nextDeadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        return max(0, remaining.inSeconds)
    }
}
