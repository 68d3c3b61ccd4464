/// Who set mpv's `pause`: the engine, or something outside it (another client on the IPC socket, a script, a
/// media-key plugin).
///
/// Pure: ``EngineStateMachine`` tells it the engine's own sets of `pause` and their replies, and every change mpv
/// reports. mpv reports an observed property lazily: after the events already queued, with a value read on its
/// core thread some time after the change. Two consequences shape the rules:
///
/// - a change report that arrives while an own set waits for its reply may show the state before the set or its
///   effect: it is the engine's own when it shows either, and is checked after the replies when it shows neither;
/// - the first report after an own set's reply may still come from a read made before the set took effect (one
///   read per property is under way at a time): when it shows another value than the set, it is checked with a
///   read of `pause` sent after the reply, which sees the state after the set.
///
/// Every other report is judged at once: the engine's own when it shows the value the engine set last, outside when
/// it does not. An outside value stays outside until the engine sets `pause` again and mpv takes it.
struct PauseAttribution: Hashable, Sendable {
    /// mpv's `pause` as judged, and whether something outside the engine set it.
    struct Judged: Hashable, Sendable {
        let isPaused: Bool
        let isOutside: Bool
    }

    /// An own set of `pause` waiting for its reply.
    struct PendingSet: Hashable, Sendable {
        let request: UInt64
        let value: Bool
    }

    /// The last state judged; `nil` before mpv reported `pause`.
    private(set) var judged: Judged?
    /// The value of the engine's latest set of `pause` that mpv took; `nil` before the first.
    private(set) var own: Bool?
    /// The engine's sets not answered yet, oldest first.
    private(set) var pendingSets: [PendingSet] = []
    /// The next report may come from a read made before the engine's latest set took effect.
    private(set) var nextReportMayBeStale = false
    /// A report could not be judged: `pause` is to be read once no own set is in flight.
    private(set) var wantsCheck = false
    /// The read of `pause` under way, if any.
    private(set) var check: UInt64?

    /// The state to go by: the last judged, or before any report the engine's own value.
    var current: Judged? { judged ?? own.map { Judged(isPaused: $0, isOutside: false) } }

    /// Whether the machine should read `pause` now: a report needs checking and no own set is in flight.
    var needsCheckNow: Bool { wantsCheck && pendingSets.isEmpty && check == nil }

    /// The engine sent a set of `pause` to `value`.
    mutating func setSent(_ value: Bool, request: UInt64) {
        pendingSets.append(PendingSet(request: request, value: value))
        // A check sent before this set may read the state before it: it is sent again after the set's reply.
        if check != nil {
            check = nil
            wantsCheck = true
        }
    }

    /// mpv answered an own set; `succeeded` is `false` when it refused it (the value did not change).
    mutating func setAnswered(request: UInt64, succeeded: Bool) {
        guard let index = pendingSets.firstIndex(where: { $0.request == request }) else { return }
        let set = pendingSets.remove(at: index)
        guard succeeded else { return }
        own = set.value
        nextReportMayBeStale = true
        // mpv took the value: where `pause` already stood there, it is the engine's own pause (or play) from now on,
        // whoever set it first, and no report needs to come for it.
        if pendingSets.isEmpty, judged?.isPaused == set.value {
            judged = Judged(isPaused: set.value, isOutside: false)
        }
    }

    /// mpv reported a new value of `pause`.
    mutating func changed(to value: Bool) {
        defer { nextReportMayBeStale = false }
        if let latest = pendingSets.last {
            if value == latest.value || value == own {
                judged = Judged(isPaused: value, isOutside: false)
            } else {
                wantsCheck = true
            }
            return
        }
        guard let own, value != own else {
            judged = Judged(isPaused: value, isOutside: false)
            return
        }
        if nextReportMayBeStale {
            wantsCheck = true
        } else {
            judged = Judged(isPaused: value, isOutside: true)
        }
    }

    /// The machine sent the read of `pause` that ``needsCheckNow`` asked for.
    mutating func checkSent(request: UInt64) {
        wantsCheck = false
        check = request
    }

    /// The read of `pause` answered: its value was read after the engine's sets took effect, so it is judged at once.
    /// - Parameters:
    ///   - request: The read's request.
    ///   - value: `pause` as read; `nil` when mpv gave no value.
    mutating func checkAnswered(request: UInt64, value: Bool?) {
        guard check == request else { return }
        check = nil
        guard let value else { return }
        judged = Judged(isPaused: value, isOutside: own.map { $0 != value } ?? false)
    }
}
