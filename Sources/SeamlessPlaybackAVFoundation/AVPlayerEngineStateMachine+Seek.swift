// Seeks: a page's, which its caller waits for, and the loop's, which nobody waits for.

extension AVPlayerEngineStateMachine {
    /// The seeks sent to the player.
    struct Seeks: Hashable, Sendable {
        /// The last seek's ID (a page's or the loop's).
        var last: SeekID = 0
        /// The page's seek whose caller waits for the player's completion.
        var pending: SeekID?
    }

    /// A page seeks. Returns the seek's ID and what to do: an exact seek (zero tolerances) to the position, clamped
    /// to the item's duration when it is known; from the end of an item that stopped there, the player plays on
    /// from the new position if the applied settings play (as it would have, had it not reached the end).
    ///
    /// A seek needs a loaded item: before any load, after a cancelled or failed one, it fails at once.
    mutating func seekRequested(to position: Duration) -> (SeekID, [Action]) {
        seeks.last += 1
        let id = seeks.last
        switch state {
        case .ready:
            break
        case .shutDown:
            return (id, [.finishSeek(id, .failed(.shutDown))])
        case .failed:
            return (id, [.finishSeek(id, .failed(.seekFailed(reason: "the item failed")))])
        case .replacing, .waitingForReady, .waitingForFirstFrame:
            return (id, [.finishSeek(id, .failed(.seekFailed(reason: "a load is in progress")))])
        case .idle, .cancelled:
            return (id, [.finishSeek(id, .failed(.seekFailed(reason: "nothing is loaded")))])
        }
        let actions = interruptSeek()
        var target = max(position, .zero)
        if let duration = playback.duration { target = min(target, duration) }
        var commands: [PlayerCommand] = [.seek(to: target, id: id)]
        if playback.hasEnded {
            playback.hasEnded = false
            if isMeantToMove { commands.append(startCommand(isResume: false)) }
        }
        seeks.pending = id
        return (id, actions + [.send(commands)] + reportIfChanged())
    }

    /// The player called a seek's completion handler. `finished` is `false` when another seek or operation
    /// interrupted it (or no item was attached). The loop's seeks complete without anyone waiting.
    mutating func seekFinished(_ id: SeekID, finished: Bool) -> [Action] {
        guard seeks.pending == id else { return [] }
        seeks.pending = nil
        return [.finishSeek(id, finished ? .done : .failed(.seekInterrupted))]
    }

    /// A load replaces the item under a page's seek (the pool never does this: its calls never overlap).
    mutating func interruptSeek() -> [Action] {
        failSeek(with: .seekInterrupted)
    }

    /// Fails the page's seek that waits, if any.
    mutating func failSeek(with error: AVPlayerEngineError) -> [Action] {
        guard let id = seeks.pending else { return [] }
        seeks.pending = nil
        return [.finishSeek(id, .failed(error))]
    }
}
