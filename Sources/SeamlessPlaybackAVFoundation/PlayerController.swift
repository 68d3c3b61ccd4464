#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import CoreMedia
import Foundation
import QuartzCore
import SeamlessPlayback

/// The main-actor half of an ``AVPlayerEngine``: it owns the `AVPlayer`, its `AVPlayerLayer` and every
/// observation, feeds what it observes and what the system does to the ``AVPlayerEngineStateMachine``, and carries
/// out the actions the machine returns. It decides nothing itself.
///
/// Everything happens on the main actor, including `replaceCurrentItem(with:)` (nonisolated in the SDK,
/// but reported to crash off the main thread on iOS 18). Observation and completion callbacks may arrive on any
/// thread: they are `@Sendable`, capture only IDs and a weak reference to this main-actor object, and hop to the
/// main actor, where the value is read afresh, so callbacks that arrive late or out of order still report the
/// current state. Observing is in `PlayerController+Observing.swift`, the player calls in
/// `PlayerController+Commands.swift`.
@MainActor
final class PlayerController {
    typealias Machine = AVPlayerEngineStateMachine

    let player: AVPlayer
    let layer: AVPlayerLayer
    var machine: Machine
    let failures: FailureReporter
    let statuses: StatusReporter
    /// The resource loader that reads media through the cache, when the engine was given one; it serves every item
    /// of this player, and the assets hold it only weakly.
    let loader: CachingResourceLoader?
    /// The pool's system side, which forwards its events here until the engine shuts down.
    private weak var system: AVPlaybackSystem?
    private var loadWaiters: [Machine.LoadID: CheckedContinuation<Void, any Error>] = [:]
    private var seekWaiters: [Machine.SeekID: CheckedContinuation<Void, any Error>] = [:]
    var observations: [Machine.LoadID: LoadObservation] = [:]
    /// The media URL of each load read through the loader, for the origin's last failure when its item fails.
    var loaderOrigins: [Machine.LoadID: URL] = [:]
    /// The player's own key-value observations (`rate`, `timeControlStatus`, `reasonForWaitingToPlay`), for its life.
    private var playerObservations: [NSKeyValueObservation] = []
    /// The player's notification observers (`rateDidChangeNotification`), for its life.
    private var playerNotifications: [any NSObjectProtocol] = []
    /// The item of the load being started, between its creation and the `.replaceCurrentItem` command.
    var incomingItem: AVPlayerItem?
    /// The item the controller last put on the player, until it removes it.
    var itemOnPlayer: AVPlayerItem?
    /// The depth the pool told the engine last, written from any thread (``AVPlayerEngine/setPreloadDepth(_:)``).
    let depths: PreloadDepthBox
    /// How the layer scales the picture in the host that shows it (`PlayerController+Layout.swift`).
    var layout = LayerLayout<ObjectIdentifier>()
    /// The host showing the layer, if any.
    weak var shownHost: (any LayerHost)?
    /// Whether the lease the shown host was attached for is still the player's active lease.
    var shownIsActive: (@MainActor () -> Bool)?

    init(
        system: AVPlaybackSystem, failures: FailureReporter, statuses: StatusReporter, depths: PreloadDepthBox,
        cachedReading: CachedReading?, pausedBuffering: PausedBuffering
    ) {
        player = AVPlayer()
        layer = AVPlayerLayer(player: player)
        machine = Machine(
            backgroundPolicy: system.backgroundPolicy, isInBackground: system.isInBackground,
            pausedBuffering: pausedBuffering)
        self.failures = failures
        self.statuses = statuses
        self.depths = depths
        loader = cachedReading.map {
            CachingResourceLoader(reading: $0, holdsInBackground: system.backgroundPolicy == .pauseInBackground)
        }
        self.system = system
        layer.videoGravity = .resizeAspect  // LayerLayout's starting mode, whatever the SDK's default
        playerObservations = observePlayer() + [observePlayerStatus()]
        playerNotifications = [observeRateChanges()]
        system.register(self)
        if system.isInBackground { loader?.appMoved(toBackground: true) }
        perform(machine.initialActions)
    }

    /// Starts a load and waits for the machine to finish it.
    func load(_ url: URL) async throws {
        if Task.isCancelled { throw AVPlayerEngineError.cancelled }
        // The resource loader hears how to size the new item's fetches before the asset can ask it for a byte.
        perform(machine.loadPrepared(depth: depths.depth))
        let asset = loader?.asset(for: url)
        let item = asset.map { AVPlayerItem(asset: $0) } ?? AVPlayerItem(url: url)
        let (id, actions) = machine.loadRequested(source: asset == nil ? .direct : .loader)
        loaderOrigins = asset == nil ? [:] : [id: url]
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                loadWaiters[id] = continuation
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

    /// Starts a seek and waits for the player's completion handler. No cancellation handler: the pool runs a seek
    /// on its engine's lane, and the player answers every seek (with `false` when something interrupts it).
    func seek(to position: Duration) async throws {
        let (id, actions) = machine.seekRequested(to: position)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            seekWaiters[id] = continuation
            perform(actions)
        }
    }

    /// The player called the completion handler of seek `id`.
    func seekFinished(_ id: Machine.SeekID, finished: Bool) {
        perform(machine.seekFinished(id, finished: finished))
    }

    func apply(_ settings: PlaybackSettings) {
        system?.settingsApplied(settings, by: self)
        perform(machine.applyRequested(settings, depth: depths.depth))
        contentModeApplied(settings.contentMode)
    }

    func position() -> Duration {
        Machine.position(seconds: CMTimeGetSeconds(player.currentTime()))
    }

    /// Hands the machine the depth the pool told last, when the pool tells one (each load and apply reads it too).
    func preloadDepthTold() {
        perform(machine.preloadDepthTold(depths.depth))
    }

    private func stallCheckDue() {
        perform(machine.stallCheckDue())
    }

    /// The system did something to every player (forwarded by the ``AVPlaybackSystem``).
    func systemEvent(_ event: SystemEvent) {
        switch event {
        case .enteredBackground: loader?.appMoved(toBackground: true)
        case .willEnterForeground: loader?.appMoved(toBackground: false)
        case .interruptionBegan, .interruptionEnded, .outputLost, .mediaServicesReset: break
        }
        perform(machine.systemEvent(event))
    }

    func unload() {
        perform(machine.unloadRequested())
    }

    func shutdown() {
        perform(machine.shutdownRequested())
        for observation in playerObservations { observation.invalidate() }
        playerObservations = []
        for token in playerNotifications { NotificationCenter.default.removeObserver(token) }
        playerNotifications = []
        system?.unregister(self)
        loader?.shutdown()
    }

    // MARK: Carrying out the machine's actions

    func perform(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case .send(let commands):
                commands.forEach(send)
            case .startObserving(let id):
                if let item = incomingItem { observations[id] = observe(item, for: id) }
            case .stopObserving(let id):
                observations.removeValue(forKey: id)?.stop()
            case .finishLoad(let id, .ready):
                loadWaiters.removeValue(forKey: id)?.resume()
            case .finishLoad(let id, .failed(let error)):
                loadWaiters.removeValue(forKey: id)?.resume(throwing: error)
            case .finishLoad(let id, .mediaFailed(let failure)):
                loadWaiters.removeValue(forKey: id)?.resume(throwing: failure)
            case .finishSeek(let id, .done):
                seekWaiters.removeValue(forKey: id)?.resume()
            case .finishSeek(let id, .failed(let error)):
                seekWaiters.removeValue(forKey: id)?.resume(throwing: error)
            case .reportFailure(let reason):
                failures.report(reason)
            case .report(let report):
                statuses.report(
                    PlaybackStatus(
                        phase: report.phase, position: position(), duration: report.duration,
                        bufferedAhead: report.bufferedAhead))
            case .fetchLeanly(let isLean):
                loader?.fetchesLeanly(isLean)
            case .checkStall(let delay):
                // A timer: nothing structured waits for it, and a check that finds no stall does nothing.
                Task { @MainActor [weak self] in
                    try? await Task.sleep(for: delay)
                    self?.stallCheckDue()
                }
            }
        }
    }
}
#endif
