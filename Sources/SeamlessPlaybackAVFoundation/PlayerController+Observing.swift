#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import CoreMedia
import Foundation

extension PlayerController {
    // MARK: The load's item and the layer

    /// Watches the item's status, duration, `isPlaybackLikelyToKeepUp` and `loadedTimeRanges`, the layer's
    /// readiness, and the item's end and failure notifications.
    /// Each callback only schedules a main-actor read of the current value, stamped with the load's ID.
    func observe(_ item: AVPlayerItem, for id: Machine.LoadID) -> LoadObservation {
        let status = item.observe(\.status, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readStatus(of: id) }
        }
        let duration = item.observe(\.duration, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readDuration(of: id) }
        }
        let keepUp = item.observe(\.isPlaybackLikelyToKeepUp, options: [.new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readLikelyToKeepUp(of: id) }
        }
        let loaded = item.observe(\.loadedTimeRanges, options: [.new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readLoadedRanges(of: id) }
        }
        let display = layer.observe(\.isReadyForDisplay, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readDisplay(for: id) }
        }
        let center = NotificationCenter.default
        let playedToEnd = center.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: item, queue: nil
        ) { @Sendable [weak self] _ in
            let controller = self
            Task { @MainActor in controller?.observed(.playedToEnd, for: id) }
        }
        let failedToEnd = center.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: item, queue: nil
        ) { @Sendable [weak self] notification in
            let error = Self.itemError(notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? any Error)
            let controller = self
            Task { @MainActor in controller?.failedToPlayToEnd(error, for: id) }
        }
        let errorLog = center.addObserver(
            forName: AVPlayerItem.newErrorLogEntryNotification, object: item, queue: nil
        ) { @Sendable [weak self] _ in
            let controller = self
            Task { @MainActor in controller?.readErrorLog(for: id) }
        }
        return LoadObservation(
            item: item, keyValue: [status, duration, keepUp, loaded, display],
            notifications: [playedToEnd, failedToEnd, errorLog])
    }

    /// An error as the machine tells errors apart: its domain and code, those of the errors under it
    /// (`userInfo[NSUnderlyingErrorKey]`, down to ``ItemError/deepestLevel`` levels), its description.
    nonisolated static func itemError(_ error: (any Error)?) -> ItemError {
        guard let error else { return .other("no error given") }
        let nsError = error as NSError
        var chain: [ItemError.Underlying] = []
        var next = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        while let level = next, chain.count < ItemError.deepestLevel {
            chain.append(ItemError.Underlying(domain: domain(level.domain), code: level.code))
            next = level.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return ItemError(
            domain: domain(nsError.domain), code: nsError.code, description: nsError.localizedDescription,
            underlying: chain.first, deeper: Array(chain.dropFirst()))
    }

    /// The item's error with the origin's last failure the loader kept for the load's media, if it read it.
    private func withOrigin(_ error: ItemError, for id: Machine.LoadID) -> ItemError {
        var error = error
        error.originFailure = loaderOrigins[id].flatMap { loader?.lastOriginFailure(for: $0) }
        return error
    }

    private func failedToPlayToEnd(_ error: ItemError, for id: Machine.LoadID) {
        observed(.failedToPlayToEnd(withOrigin(error, for: id)), for: id)
    }

    /// The domain, compared with the SDK's constants.
    private nonisolated static func domain(_ name: String) -> ItemError.Domain {
        switch name {
        case AVFoundationErrorDomain: .avFoundation
        case NSURLErrorDomain: .url
        case NSCocoaErrorDomain: .cocoa
        default: .other(name)
        }
    }

    private func observed(_ observation: Machine.Observation, for id: Machine.LoadID) {
        perform(machine.observed(observation, for: id))
    }

    private func readStatus(of id: Machine.LoadID) {
        guard let item = observations[id]?.item else { return }
        let status: Machine.ItemStatus
        switch item.status {
        case .readyToPlay:
            let capabilities = Machine.RateCapabilities(
                canPlayFastForward: item.canPlayFastForward, canPlaySlowForward: item.canPlaySlowForward)
            observed(.rateCapabilities(capabilities), for: id)
            status = .readyToPlay
        case .failed: status = .failed(withOrigin(Self.itemError(item.error), for: id))
        case .unknown: status = .unknown
        @unknown default: status = .unknown
        }
        observed(.itemStatus(status), for: id)
    }

    private func readDuration(of id: Machine.LoadID) {
        guard let item = observations[id]?.item else { return }
        observed(.duration(seconds: CMTimeGetSeconds(item.duration)), for: id)
    }

    private func readLikelyToKeepUp(of id: Machine.LoadID) {
        guard let item = observations[id]?.item else { return }
        observed(.likelyToKeepUp(item.isPlaybackLikelyToKeepUp), for: id)
    }

    private func readLoadedRanges(of id: Machine.LoadID) {
        guard let item = observations[id]?.item else { return }
        let ranges = item.loadedTimeRanges.map { value in
            let range = value.timeRangeValue
            return (start: CMTimeGetSeconds(range.start), duration: CMTimeGetSeconds(range.duration))
        }
        observed(
            .loadedRanges(Machine.LoadedRanges(ranges: ranges, position: CMTimeGetSeconds(player.currentTime()))),
            for: id)
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

    // MARK: The player

    /// Watches the player's `rate`, `timeControlStatus` and `reasonForWaitingToPlay` for the engine's life; each
    /// change schedules one main-actor reading of all three. Also `isExternalPlaybackActive` (AirPlay video), read on
    /// its own.
    func observePlayer() -> [NSKeyValueObservation] {
        let rate = player.observe(\.rate, options: [.new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readPlayer() }
        }
        let timeControl = player.observe(\.timeControlStatus, options: [.new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readPlayer() }
        }
        let waiting = player.observe(\.reasonForWaitingToPlay, options: [.new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readPlayer() }
        }
        #if os(visionOS)
        return [rate, timeControl, waiting]  // no external playback there
        #else
        let external = player.observe(\.isExternalPlaybackActive, options: [.initial, .new]) {
            @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readExternalPlayback() }
        }
        return [rate, timeControl, waiting, external]
        #endif
    }

    #if !os(visionOS)
    private func readExternalPlayback() {
        perform(machine.externalPlaybackChanged(isActive: player.isExternalPlaybackActive))
    }
    #endif

    /// Watches the player's `status` for the engine's life: `.failed` means it can never play again.
    func observePlayerStatus() -> NSKeyValueObservation {
        player.observe(\.status, options: [.initial, .new]) { @Sendable [weak self] _, _ in
            let controller = self
            Task { @MainActor in controller?.readPlayerStatus() }
        }
    }

    private func readPlayerStatus() {
        switch player.status {
        case .failed: perform(machine.playerFailed("the AVPlayer failed: \(Self.itemError(player.error).description)"))
        case .unknown, .readyToPlay: break
        @unknown default: break
        }
    }

    /// Watches `AVPlayer.rateDidChangeNotification` for the engine's life: its reason (read where it is posted, as
    /// a `Sendable` value) tells the player's own pauses for an interruption or the background from anyone else's.
    func observeRateChanges() -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(
            forName: AVPlayer.rateDidChangeNotification, object: player, queue: nil
        ) { @Sendable [weak self] notification in
            let reason = Self.rateChangeReason(notification.userInfo?[AVPlayer.rateDidChangeReasonKey] as? String)
            let controller = self
            Task { @MainActor in controller?.rateChanged(reason) }
        }
    }

    /// The machine's name for a reason's string: the SDK's constants compared by value.
    nonisolated static func rateChangeReason(_ value: String?) -> Machine.RateChangeReason {
        switch value.map(AVPlayer.RateDidChangeReason.init(rawValue:)) {
        case AVPlayer.RateDidChangeReason.setRateCalled?: .setRateCalled
        case AVPlayer.RateDidChangeReason.setRateFailed?: .setRateFailed
        case AVPlayer.RateDidChangeReason.audioSessionInterrupted?: .audioSessionInterrupted
        case AVPlayer.RateDidChangeReason.appBackgrounded?: .appBackgrounded
        default: .other
        }
    }

    private func rateChanged(_ reason: Machine.RateChangeReason) {
        perform(machine.rateChanged(to: player.rate, reason: reason))
    }

    private func readPlayer() {
        let timeControl: PlayerReading.TimeControl
        switch player.timeControlStatus {
        case .paused: timeControl = .paused
        case .playing: timeControl = .playing
        case .waitingToPlayAtSpecifiedRate: timeControl = .waiting(waitingReason())
        @unknown default: timeControl = .unknown
        }
        let reading = PlayerReading(
            rate: player.rate, timeControl: timeControl, position: CMTimeGetSeconds(player.currentTime()))
        perform(machine.playerRead(reading))
    }

    private func waitingReason() -> PlayerReading.WaitingReason {
        switch player.reasonForWaitingToPlay {
        case AVPlayer.WaitingReason.toMinimizeStalls?: .toMinimizeStalls
        case AVPlayer.WaitingReason.evaluatingBufferingRate?: .evaluatingBufferingRate
        case AVPlayer.WaitingReason.noItemToPlay?: .noItemToPlay
        default: .other
        }
    }
}
#endif
