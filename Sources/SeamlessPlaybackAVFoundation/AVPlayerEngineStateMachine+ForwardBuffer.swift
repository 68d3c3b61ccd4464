import SeamlessPlayback

// How far ahead the player's item buffers: bounded while it stands paused, the player's own choice while it plays.

extension AVPlayerEngineStateMachine {
    /// Whether the player stands paused for its forward buffer: a load holds it, or the settings applied pause it (or
    /// none were applied: an idle preload). Settings that play count as playing even while the system or a stall holds
    /// the player: it is meant to move, and needs what the player buffers for that.
    var standsPaused: Bool {
        playback.isHeldByLoad || !playback.settingsPlay
    }

    /// The command that sets the item's forward buffer (``PausedBuffering/forwardBuffer(isPaused:depth:)``) when it
    /// is not what was last set on it; none without a live item (``isObserving``: a load being made, waiting or
    /// finished).
    mutating func forwardBufferCommands() -> [PlayerCommand] {
        guard isObserving else { return [] }
        let seconds = pausedBuffering.forwardBuffer(isPaused: standsPaused, depth: preloadDepth)
        guard seconds != forwardBufferSet else { return [] }
        forwardBufferSet = seconds
        return [.setPreferredForwardBufferDuration(seconds)]
    }

    /// Whether the resource loader should size its fetches for a lean preload (``fetchesLeanly``): the player stands
    /// paused at ``SeamlessPlayback/PreloadDepth/lean``. Returns the action that tells it, when that changed.
    mutating func leanFetchActions() -> [Action] {
        tellLoader(isLean: standsPaused && preloadDepth == .lean)
    }

    /// The action that tells the resource loader `isLean`, when it was last told otherwise.
    private mutating func tellLoader(isLean: Bool) -> [Action] {
        guard isLean != fetchesLeanly else { return [] }
        fetchesLeanly = isLean
        return [.fetchLeanly(isLean)]
    }

    /// A load is about to start, before its item exists: the machine takes the depth the pool told last, and the
    /// resource loader hears how to size the new item's fetches — a load holds the player paused, so leanly at
    /// ``SeamlessPlayback/PreloadDepth/lean`` — before the item's asset can ask it for a byte. The shell calls it
    /// right before it makes the asset, then ``loadRequested(source:)``. Nothing after the shutdown or a failure of
    /// the player, where the load fails at once.
    mutating func loadPrepared(depth: PreloadDepth) -> [Action] {
        guard state != .shutDown, playerFailure == nil else { return [] }
        preloadDepth = depth
        return tellLoader(isLean: depth == .lean)
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
