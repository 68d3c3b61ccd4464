/// What the pages' status streams (``PageSession/status(of:)``) are told: a pure, synchronous type the shell asks
/// after every input while a stream is open, and whose actions it carries out on the streams' continuations.
///
/// A stream hears the engine's latest status when its lease becomes the active holder (or when it opens while the
/// lease is), then each new report while the lease stays active; it finishes once its lease is no longer held.
struct StatusStreams {
    /// What the machine says of one stream's grant now (``PoolStateMachine/statusView(of:epoch:)``).
    struct View: Hashable {
        /// Whether the grant is in its player's stack, delivered.
        let isHeld: Bool
        /// Whether its settings are the ones the player shows.
        let isActive: Bool
        /// The engine's latest report, if it made one.
        let latest: ReportedStatus?
    }

    /// One stream's bookkeeping.
    struct Stream: Hashable {
        let player: PlayerID
        let epoch: UInt64
        /// Whether the lease was the active holder when the stream was last looked at.
        var wasActive = false
        /// The engine's report count (``ReportedStatus/count``) when the stream last heard a status.
        var heard: UInt64?
    }

    /// What the shell does to one stream.
    enum Action: Hashable {
        /// Yield the status to the stream.
        case yield(UInt64, PlaybackStatus)
        /// Finish the stream: its lease ended.
        case finish(UInt64)
    }

    private(set) var streams: [UInt64: Stream] = [:]
    private var nextKey: UInt64 = 1

    /// Whether no stream is open: then no input needs to look.
    var isEmpty: Bool { streams.isEmpty }

    /// Registers a stream of the grant `epoch` of `player`.
    /// - Returns: The stream's key.
    mutating func open(player: PlayerID, epoch: UInt64) -> UInt64 {
        let key = nextKey
        nextKey += 1
        streams[key] = Stream(player: player, epoch: epoch)
        return key
    }

    /// Forgets a stream: its reader stopped, or its continuation would take nothing more.
    mutating func close(_ key: UInt64) {
        streams[key] = nil
    }

    /// Forgets every stream (the pool shut down).
    mutating func removeAll() {
        streams = [:]
    }

    /// Looks at every stream: what is new for each, given what the machine says of its grant now.
    /// - Parameter view: The machine's view of a grant (``PoolStateMachine/statusView(of:epoch:)``).
    /// - Returns: The statuses to yield and the streams to finish, in the order the streams opened; a finished
    ///   stream is forgotten.
    mutating func refresh(_ view: (PlayerID, UInt64) -> View) -> [Action] {
        var actions: [Action] = []
        for key in streams.keys.sorted() {
            guard var stream = streams[key] else { continue }
            let now = view(stream.player, stream.epoch)
            guard now.isHeld else {
                actions.append(.finish(key))
                streams[key] = nil
                continue
            }
            if now.isActive, let latest = now.latest, !stream.wasActive || stream.heard != latest.count {
                actions.append(.yield(key, latest.status))
                stream.heard = latest.count
            }
            stream.wasActive = now.isActive
            streams[key] = stream
        }
        return actions
    }
}
