#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import CoreMedia
import QuartzCore
import Foundation
import SeamlessPlayback

/// The main-actor half of an ``AVPlayerEngine``: it owns the `AVPlayer`, its `AVPlayerLayer` and every
/// observation, feeds what it observes to the ``AVPlayerEngineStateMachine`` and carries out the actions
/// the machine returns. It decides nothing itself.
///
/// Everything happens on the main actor, including `replaceCurrentItem(with:)` (nonisolated in the SDK,
/// but reported to crash off the main thread on iOS 18). Observation callbacks may arrive on any thread:
/// they are `@Sendable`, capture only the load's ID and a reference to this main-actor object, and hop to
/// the main actor, where the value is read afresh, so callbacks that arrive late or out of order still
/// report the item's current state.
@MainActor
final class PlayerController {
    typealias Machine = AVPlayerEngineStateMachine

    let player: AVPlayer
    let layer: AVPlayerLayer
    private var machine: Machine
    private let failures: FailureReporter
    private var waiters: [Machine.LoadID: CheckedContinuation<Void, any Error>] = [:]
    private var observations: [Machine.LoadID: LoadObservation] = [:]
    /// The item of the load being started, between its creation and the `.replaceCurrentItem` command.
    private var incomingItem: AVPlayerItem?

    init(errorLogLimit: Int, failures: FailureReporter) {
        player = AVPlayer()
        layer = AVPlayerLayer(player: player)
        machine = Machine(errorLogLimit: errorLogLimit)
        self.failures = failures
    }

    /// Starts a load and waits for the machine to finish it.
    func load(_ url: URL) async throws {
        if Task.isCancelled { throw AVPlayerEngineError.cancelled }
        let item = AVPlayerItem(url: url)
        let (id, actions) = machine.loadRequested()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters[id] = continuation
                incomingItem = item
                perform(actions)
                incomingItem = nil
                machine.itemReplaced(id)
            }
        } onCancel: { [weak self] in
            let controller = self
            Task { @MainActor in controller?.cancelLoad(id) }
        }
    }

    private func cancelLoad(_ id: Machine.LoadID) {
        perform(machine.loadCancelled(id))
    }

    func apply(_ settings: PlaybackSettings) {
        perform(machine.applyRequested(settings))
    }

    func position() -> Duration {
        Machine.position(seconds: CMTimeGetSeconds(player.currentTime()))
    }

    func shutdown() {
        perform(machine.shutdownRequested())
    }

    // MARK: Carrying out the machine's actions

    private func perform(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case .send(let commands):
                commands.forEach(send)
            case .startObserving(let id):
                if let item = incomingItem { observations[id] = observe(item, for: id) }
            case .stopObserving(let id):
                observations.removeValue(forKey: id)?.stop()
            case .finishLoad(let id, .ready):
                waiters.removeValue(forKey: id)?.resume()
            case .finishLoad(let id, .failed(let error)):
                waiters.removeValue(forKey: id)?.resume(throwing: error)
            case .reportFailure(let reason):
                failures.report(reason)
            }
        }
    }

    private func send(_ command: PlayerCommand) {
        switch command {
        case .setMuted(let isMuted): player.isMuted = isMuted
        case .setVolume(let volume): player.volume = volume
        case .setVideoGravity(let gravity):
            // `videoGravity` is animatable: a handoff must not animate the picture from fill to fit.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.videoGravity = gravity == .resizeAspect ? .resizeAspect : .resizeAspectFill
            CATransaction.commit()
        case .setDefaultRate(let rate): player.defaultRate = rate
        case .play: player.play()
        case .pause: player.pause()
        case .replaceCurrentItem: player.replaceCurrentItem(with: incomingItem)
        case .removeCurrentItem: player.replaceCurrentItem(with: nil)
        case .detachLayer: layer.player = nil
        case .attachLayer: layer.player = player
        }
    }

    // MARK: Observing

    /// Watches the item's status, the layer's readiness and the item's two failure notifications. Each
    /// callback only schedules a main-actor read of the current value, stamped with the load's ID.
    private func observe(_ item: AVPlayerItem, for id: Machine.LoadID) -> LoadObservation {
        let status = item.observe(\.status, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readStatus(of: id) }
        }
        let display = layer.observe(\.isReadyForDisplay, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readDisplay(for: id) }
        }
        let center = NotificationCenter.default
        let failedToEnd = center.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: item, queue: nil
        ) { @Sendable [weak self] notification in
            let error = notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? any Error
            let reason = error?.localizedDescription ?? "no error given"
            let controller = self
            Task { @MainActor in controller?.observed(.failedToPlayToEnd(reason: reason), for: id) }
        }
        let errorLog = center.addObserver(
            forName: AVPlayerItem.newErrorLogEntryNotification, object: item, queue: nil
        ) { @Sendable [weak self] _ in
            let controller = self
            Task { @MainActor in controller?.readErrorLog(for: id) }
        }
        return LoadObservation(item: item, keyValue: [status, display], notifications: [failedToEnd, errorLog])
    }

    private func observed(_ observation: Machine.Observation, for id: Machine.LoadID) {
        perform(machine.observed(observation, for: id))
    }

    private func readStatus(of id: Machine.LoadID) {
        guard let item = observations[id]?.item else { return }
        let status: Machine.ItemStatus
        if item.status == .readyToPlay {
            status = .readyToPlay
        } else if item.status == .failed {
            status = .failed(reason: item.error?.localizedDescription ?? "no error given")
        } else {
            status = .unknown
        }
        observed(.itemStatus(status), for: id)
    }

    private func readDisplay(for id: Machine.LoadID) {
        guard observations[id] != nil else { return }
        observed(.layerReadyForDisplay(layer.isReadyForDisplay), for: id)
    }

    /// Feeds each error-log entry the machine has not seen yet, oldest first.
    private func readErrorLog(for id: Machine.LoadID) {
        guard let observation = observations[id], let events = observation.item.errorLog()?.events else { return }
        observations[id]?.errorLogEntriesRead = events.count
        for event in events.dropFirst(observation.errorLogEntriesRead) where observations[id] != nil {
            let entry = Machine.ErrorLogEntry(
                domain: event.errorDomain, code: event.errorStatusCode, comment: event.errorComment
            )
            observed(.errorLogEntry(entry), for: id)
        }
    }
}
#endif
