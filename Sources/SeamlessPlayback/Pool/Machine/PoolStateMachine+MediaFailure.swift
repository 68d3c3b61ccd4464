/// How loads that failed with a transient media failure are tried again: `count` more times, the first after
/// `delay`, each later one after twice the wait before.
struct LoadRetries: Hashable, Sendable {
    var count = 2
    var delay: Duration = .milliseconds(250)

    init(count: Int = 2, delay: Duration = .milliseconds(250)) {
        self.count = max(0, count)
        self.delay = max(.zero, delay)
    }

    /// The wait before retry number `attempt` (1 for the first).
    func delay(before attempt: Int) -> Duration {
        delay * (1 << min(max(0, attempt - 1), 20))
    }
}

extension PoolStateMachine {
    // MARK: Media failures

    /// The player's load of `media` failed because of the media: the engine stays. A transient failure is tried again
    /// after its delay while anyone still wants the media and retries are left; otherwise the page waiting for it, and
    /// any app's prewarm of it, fail with ``PlayerPoolError/mediaFailed(_:)``, and the player is left idle, with no
    /// media.
    mutating func mediaLoadFailed(_ player: inout PlayerState, _ media: MediaItem, _ failure: MediaFailure) {
        let id = player.id
        player.loaded = nil
        counters.mediaFailures[failure.kind, default: 0] += 1
        let wanted = player.stack.last?.pending != nil || isWanted(media, on: player)
        let retry = failure.isTransient && wanted && player.media == media && player.retry.failures < retries.count
        if publishesEvents { out.append(.emit(.mediaFailed(id, media, failure, willRetry: retry))) }
        if retry {
            let failures = player.retry.failures + 1
            player.retry = .waiting(after: failures)
            counters.loadRetries += 1
            out.append(.retryLoad(id, media, after: retries.delay(before: failures)))
            return
        }
        player.retry = .none
        for request in player.watchers {
            if case .prewarm(_, let wanted) = requests[request], wanted == media {
                requests[request] = nil
                out.append(.fail(request, .mediaFailed(failure)))
            }
        }
        guard player.media == media else { return }
        player.media = nil
        if let top = player.stack.last, let request = top.pending {
            player.stack.removeLast()
            requests[request] = nil
            out.append(.fail(request, .mediaFailed(failure)))
            // Nobody holds the player now: it goes quiet, as after any stack that empties.
            player.version += 1
            player.emptiedAt = player.version
        }
    }

}
