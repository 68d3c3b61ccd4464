import SeamlessPlayback

// How far ahead the player's item buffers: bounded while it stands paused, the player's own choice while it plays.

extension AVPlayerEngineStateMachine {
    /// Whether the player stands paused for its forward buffer: a load holds it, or the settings applied pause it (or
    /// none were applied: an idle preload). Settings that play count as playing even while the system or a stall holds
    /// the player: it is meant to move, and needs what the player buffers for that.
    var standsPaused: Bool {
        playback.isHeldByLoad || !playback.settingsPlay
    }

    /// Whether an item of the machine's is on the player: a load is being made, waits or finished.
    private var hasItem: Bool {
        switch state {
        case .replacing, .waitingForReady, .waitingForFirstFrame, .ready: true
        case .idle, .failed, .cancelled, .shutDown: false
        }
    }

    /// The command that sets the item's forward buffer (``PausedBuffering/forwardBuffer(isPaused:depth:)``) when it
    /// is not what was last set on it; none without an item.
    mutating func forwardBufferCommands() -> [PlayerCommand] {
        guard hasItem else { return [] }
        let seconds = pausedBuffering.forwardBuffer(isPaused: standsPaused, depth: preloadDepth)
        guard seconds != forwardBufferSet else { return [] }
        forwardBufferSet = seconds
        return [.setPreferredForwardBufferDuration(seconds)]
    }

    /// Whether the resource loader should size its fetches for a lean preload (``fetchesLeanly``): the player stands
    /// paused at ``SeamlessPlayback/PreloadDepth/lean``. Returns the action that tells it, when that changed.
    mutating func leanFetchActions() -> [Action] {
        let isLean = standsPaused && preloadDepth == .lean
        guard isLean != fetchesLeanly else { return [] }
        fetchesLeanly = isLean
        return [.fetchLeanly(isLean)]
    }

    /// The pool told the engine a depth (``SeamlessPlayback/PlaybackEngine/setPreloadDepth(_:)``): from now on a paused
    /// item buffers what it says, the current one at once, and the resource loader sizes its fetches for it.
    mutating func preloadDepthTold(_ depth: PreloadDepth) -> [Action] {
        guard state != .shutDown else { return [] }
        preloadDepth = depth
        let commands = forwardBufferCommands()
        return (commands.isEmpty ? [] : [.send(commands)]) + leanFetchActions()
    }
}
