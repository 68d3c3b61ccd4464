import SeamlessPlayback

/// How the engine's one `AVPlayerLayer` scales the picture in the host that shows it: the host's page's
/// ``SeamlessPlayback/ContentMode``, set in the same Core Animation transaction as the layer's move into the host,
/// never the content mode of a page whose host does not show the layer. Pure and synchronous; time comes in with
/// each input, and the shell (the engine's controller) sets `videoGravity` as it says.
///
/// Why: a borrow returns once the borrower's settings are on the engine, and the borrower's page shows the player
/// afterwards. Were the gravity part of the settings, the borrower's mode would land while the layer still sits in
/// the lender's host (a feed cell letterboxed before the move), and going back the feed's mode would land inside the
/// page's exit. Core Animation draws a property change and a move together only within one transaction, so the
/// gravity goes with the move: the rule of `FrameHost` on Linux.
///
/// The rules:
/// - **A host takes the mode on the engine when it is attached for the active holder** (the surfaces attach a page's
///   host once its settings have landed).
/// - **A host attached ahead of its page's settings** (for a lease that is not the active one yet: the cell a page
///   gives the picture back to as its exit completes, before its close lands) keeps the mode it last laid out. A mode
///   applied while it shows the layer is its own only as any change is: when its lease is the active holder at the
///   grace's end. The page still active may apply once more before its close lands (a detail page that pauses as it
///   disappears), and its aspect-fit must not reach the cell.
/// - **A change of the mode while a host shows the layer is its page's own only when that page is still the active
///   holder** after ``grace``: the pool records a new active holder right after its settings land, so a handoff's
///   change is known as one within it. An attach, or a page no longer active at the grace's end, drops it: the old
///   host keeps its layout until the layer has left it.
struct LayerLayout<Host: Hashable>: Sendable where Host: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// Where the layer is shown.
    struct Shown: Hashable, Sendable {
        /// The host.
        let host: Host
        /// The mode the layer has there.
        var mode: ContentMode
        /// Whether it was attached ahead of its page's settings.
        var isAhead: Bool
    }

    /// A change of the mode on the engine the shown host has not taken (yet).
    struct ModeChange: Hashable, Sendable {
        /// The mode now on the engine.
        let mode: ContentMode
        /// When it was applied.
        let at: Instant
    }

    /// What the shell does after an apply.
    enum Action: Hashable, Sendable {
        /// Nothing.
        case none
        /// Set the layer's gravity for this mode now.
        case set(ContentMode)
        /// Call ``graceEnded(at:shownIsActive:)`` at this instant.
        case checkAt(Instant)
    }

    /// How long a change of the mode waits before the shown host takes it as its own page's.
    static var grace: Duration { .milliseconds(100) }

    /// The content mode of the settings on the engine, as last applied.
    private(set) var appliedMode: ContentMode
    /// Where the layer is, if in a host.
    private(set) var shown: Shown?
    /// A change of the mode the shown host has not taken.
    private(set) var modeChange: ModeChange?

    /// A layout with no host, for an engine whose settings lay the picture out in `appliedMode` (the layer's
    /// gravity when it is made).
    init(appliedMode: ContentMode = .aspectFit) {
        self.appliedMode = appliedMode
    }

    /// The engine's settings now lay the picture out in `mode`.
    /// - Returns: What to do: nothing (the shown host has that mode), or check again at the grace's end (the shown
    ///   host's page may have changed its own mode, or its settings may be landing on a host attached ahead).
    mutating func applied(_ mode: ContentMode, at now: Instant) -> Action {
        appliedMode = mode
        guard let current = shown else { return .none }
        guard current.mode != mode else {
            modeChange = nil
            return .none
        }
        let change = ModeChange(mode: mode, at: now)
        modeChange = change
        return .checkAt(now + Self.grace)
    }

    /// The layer moves into `host`, attached for a lease that is the active one (`isActive`) or not yet.
    /// - Parameters:
    ///   - host: The host.
    ///   - lastMode: The mode the host laid the picture out in last, if it ever showed it.
    ///   - isActive: Whether the lease it is attached for is the player's active lease now (`true` when unknown).
    /// - Returns: The mode to set in the move's transaction.
    mutating func attached(_ host: Host, lastMode: ContentMode?, isActive: Bool) -> ContentMode {
        modeChange = nil
        let mode = isActive ? appliedMode : lastMode ?? appliedMode
        shown = Shown(host: host, mode: mode, isAhead: !isActive)
        return mode
    }

    /// `host` lets the layer go; nothing changes when the layer has already moved to another host.
    mutating func detached(_ host: Host) {
        guard shown?.host == host else { return }
        shown = nil
        modeChange = nil
    }

    /// The grace of a change has ended (or a later one's has not: then nothing happens).
    /// - Parameters:
    ///   - now: The time.
    ///   - shownIsActive: Whether the shown host's lease is the player's active lease now (`true` when unknown).
    /// - Returns: The mode to set now, if the change is the shown host's page's own.
    mutating func graceEnded(at now: Instant, shownIsActive: Bool) -> ContentMode? {
        guard let change = modeChange, var current = shown, now >= change.at + Self.grace else { return nil }
        modeChange = nil
        guard shownIsActive else { return nil }
        current.mode = change.mode
        current.isAhead = false
        shown = current
        return change.mode
    }
}
