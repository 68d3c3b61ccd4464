/// What the pages' status streams (``PageSession/status(of:)``) are told: a pure, synchronous type the shell asks
/// after every input while a stream is open, and whose actions it carries out on the streams' sinks.
///
/// A stream hears the engine's latest status when its lease becomes the active holder (or when it opens while the
/// lease is), then each new report while the lease stays active; it finishes once its lease is no longer held.
///
/// The one table of open streams: each keeps its `Sink` (in the pool, the stream's continuation) beside what it has
/// heard, so that nothing beside it must be kept in step.
struct StatusStreams<Sink> {
    /// What the machine says of one stream's grant now.
    typealias View = StatusView

    /// One open stream.
    struct Stream {
        let key: UInt64
        let player: PlayerID
        let epoch: UInt64
        /// Where its statuses go.
        let sink: Sink
        /// Whether the lease was the active holder when the stream was last looked at.
        var wasActive = false
        /// The engine's report count (``ReportedStatus/count``) when the stream last heard a status.
        var heard: UInt64?
    }

    /// What the shell does to one stream.
    enum Action {
        /// Yield the status to the stream's sink (its key, to close it should the sink take nothing more).
        case yield(UInt64, Sink, PlaybackStatus)
        /// Finish the sink: its lease ended, and the stream is forgotten.
        case finish(Sink)
    }

    /// The open streams, in the order they opened.
    private(set) var streams: [Stream] = []
    private var nextKey: UInt64 = 1

    /// Whether no stream is open: then no input needs to look.
    var isEmpty: Bool { streams.isEmpty }

    /// Registers a stream of the grant `epoch` of `player`, told through `sink`.
    /// - Returns: The stream's key.
    mutating func open(player: PlayerID, epoch: UInt64, sink: Sink) -> UInt64 {
        let key = nextKey
        nextKey += 1
        streams.append(Stream(key: key, player: player, epoch: epoch, sink: sink))
        return key
    }

    /// Forgets a stream: its reader stopped, or its sink would take nothing more.
    /// - Returns: Its sink, when it was open.
    @discardableResult
    mutating func close(_ key: UInt64) -> Sink? {
        guard let index = streams.firstIndex(where: { $0.key == key }) else { return nil }
        return streams.remove(at: index).sink
    }

    /// Forgets every stream (the pool shut down).
    /// - Returns: Their sinks, to finish.
    mutating func removeAll() -> [Sink] {
        defer { streams = [] }
        return streams.map(\.sink)
    }

    /// Looks at every stream: what is new for each, given what the machine says of its grant now.
    /// - Parameter view: The machine's view of a grant (``PoolStateMachine/statusView(of:epoch:)``).
    /// - Returns: The statuses to yield and the streams to finish, in the order the streams opened; a finished
    ///   stream is forgotten.
    mutating func refresh(_ view: (PlayerID, UInt64) -> View) -> [Action] {
        var actions: [Action] = []
        var kept = 0
        for index in streams.indices {
            var stream = streams[index]
            let now = view(stream.player, stream.epoch)
            guard now.isHeld else {
                actions.append(.finish(stream.sink))
                continue
            }
            if now.isActive, let latest = now.latest, !stream.wasActive || stream.heard != latest.count {
                actions.append(.yield(stream.key, stream.sink, latest.status))
                stream.heard = latest.count
            }
            stream.wasActive = now.isActive
            streams[kept] = stream
            kept += 1
        }
        streams.removeLast(streams.count - kept)
        return actions
    }

    /// Looks at every stream with what `machine` says of its grant now (``refresh(_:)``).
    mutating func refresh(reading machine: PoolStateMachine) -> [Action] {
        refresh { machine.statusView(of: $0, epoch: $1) }
    }
}

extension StatusStreams.Action: Equatable where Sink: Equatable {}

/// What the machine says of a grant for its status stream now (``PoolStateMachine/statusView(of:epoch:)``).
struct StatusView: Hashable {
    /// Whether the grant is in its player's stack, delivered.
    let isHeld: Bool
    /// Whether its settings are the ones the player shows.
    let isActive: Bool
    /// The engine's latest report, if it made one.
    let latest: ReportedStatus?
}

extension StatusStreams: Sendable where Sink: Sendable {}
extension StatusStreams.Stream: Sendable where Sink: Sendable {}
