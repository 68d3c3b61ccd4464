#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import CoreMedia

extension PlayerController {
    /// Makes the one AVFoundation call a command stands for, on the main actor.
    func send(_ command: PlayerCommand) {
        switch command {
        case .setMuted(let isMuted): player.isMuted = isMuted
        case .setVolume(let volume): player.volume = volume
        case .setDefaultRate(let rate): player.defaultRate = rate
        case .setActionAtItemEnd(let action): player.actionAtItemEnd = action == .pause ? .pause : .none
        case .setBackgroundPlayback(let policy):
            player.audiovisualBackgroundPlaybackPolicy = policy == .pauses ? .pauses : .continuesIfPossible
        case .setAllowsExternalPlayback(let allows):
            #if !os(visionOS)  // no external playback there
            player.allowsExternalPlayback = allows
            #endif
        case .setAutomaticallyWaitsToMinimizeStalling(let waits): player.automaticallyWaitsToMinimizeStalling = waits
        case .play: player.play()
        case .pause: player.pause()
        case .setPreferredForwardBufferDuration(let seconds):
            (incomingItem ?? itemOnPlayer)?.preferredForwardBufferDuration = seconds
        case .replaceCurrentItem:
            player.replaceCurrentItem(with: incomingItem)
            itemOnPlayer = incomingItem
        case .removeCurrentItem:
            player.replaceCurrentItem(with: nil)
            itemOnPlayer = nil
        case .detachLayer: layer.player = nil
        case .attachLayer: layer.player = player
        case .seek(let position, let id): seek(to: position, id: id)
        }
    }

    /// An exact seek (zero tolerances, a time of nanoseconds); its completion is handed back on the main actor.
    private func seek(to position: Duration, id: Machine.SeekID) {
        let time = CMTime(value: PlayerCommand.nanoseconds(position), timescale: 1_000_000_000)
        player.seek(to: time, toleranceBefore: .zero, toleranceAfter: .zero) { @Sendable [weak self] finished in
            let controller = self
            Task { @MainActor in controller?.seekFinished(id, finished: finished) }
        }
    }
}
#endif
