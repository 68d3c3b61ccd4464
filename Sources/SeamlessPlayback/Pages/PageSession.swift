import Foundation
import Synchronization

/// One page's handle on the pool: its own isolated settings, and the players it holds.
///
/// A page acquires a player as its owner, lends it to another page with a ``HandoffToken``, borrows
/// players other pages lend it, gives them back, and can take back what it lent at any time. Every
/// move re-applies the settings of the player's new active holder before the call returns, so each
/// page's mute, volume, rate, pause and content mode stay its own.
///
/// Leases it loses are announced on ``notices``. Close the page with ``close()``; a page dropped
/// without closing is closed for you, shortly after, also while loops over its ``notices`` or
/// ``status(of:)`` run (their streams do not keep it alive; the loops end then).
///
/// The calls that only ask the pool (acquire, lend, borrow, give back, reclaim) go to the pool's actor straight
/// from the caller, without a hop to the page's own; ``update(_:)`` and ``close()`` run on the page.
public actor PageSession {
    /// The page's name, as given to ``PlayerPool/makeSession(named:settings:)``.
    public nonisolated let name: String
    /// What happens to this page's leases: `.revoked` when a page below takes a player back,
    /// `.returned` when the page above gives one back (sent once this page's settings are on the engine),
    /// `.failed` when the player's engine broke. Finishes when the page or the pool closes.
    ///
    /// Each access gives a new stream, for one reader. Cancelling the reader's task ends that stream only (it stays
    /// finished): the notices it did not read stay with the page, and the next reader (a new access, as a SwiftUI
    /// `.task` makes each time its view appears) hears them. Read from one task at a time (if several read at once,
    /// each notice goes to one of them).
    ///
    /// A stream does not keep its page alive: a page dropped without ``close()`` is closed all the same, and its
    /// streams finish then. A task that reads them should therefore capture the stream, not the page
    /// (`Task { [notices = page.notices] in for await notice in notices { … } }`): a task that captures the page
    /// keeps it alive while the loop runs, and the loop runs until the page closes, so only ``close()`` would ever
    /// close it.
    ///
    /// A `.revoked` or `.failed` notice is about a lease the page no longer holds, so it counts toward the
    /// bound below: a page that does not read its notices while more than 16 of its leases end that way
    /// keeps only the latest 16 of those notices.
    ///
    /// Unread notices are kept per lease: only the latest notice of each lease, and at most 16 about leases
    /// the page no longer holds. The latest notice of a lease the page still holds is never dropped, so a
    /// page that never reads its notices costs a bounded amount of memory.
    public nonisolated var notices: AsyncStream<LeaseNotice> { mailbox.stream() }

    let id: SessionID
    let pool: PlayerPool
    /// The page's notices, which the pool posts to; it holds neither the page nor the pool.
    let mailbox: NoticeMailbox
    private var current: PlaybackSettings
    private var currentVersion: UInt64 = 0
    /// Set by ``close()``; read without a hop to the page, so that a call that only asks the pool goes to it
    /// straight from the caller.
    private let closed = Atomic<Bool>(false)
    private nonisolated var isClosed: Bool { closed.load(ordering: .acquiring) }
    private var closing: Task<Void, Never>?

    init(
        name: String, id: SessionID, pool: PlayerPool, mailbox: NoticeMailbox, settings: PlaybackSettings
    ) {
        self.name = name
        self.id = id
        self.pool = pool
        self.mailbox = mailbox
        self.current = settings
    }

    deinit {
        guard !isClosed else { return }
        Task { [pool, id] in await pool.closeSession(id) }
    }

    /// The page's settings, as of the last ``update(_:)`` that returned.
    public var settings: PlaybackSettings { current }

    /// Changes the page's settings.
    ///
    /// When this returns, the new settings are on every engine where this page is the active holder;
    /// where it is an inactive holder they are applied when it becomes active again. An engine that fails while
    /// taking them (its apply throws a failure or outlasts ``PlayerPool/Configuration/applyTimeout``) is no longer
    /// the page's: the update still returns, and the page hears of the lost lease as a ``LeaseNotice/failed(_:reason:)``
    /// in its ``notices``.
    /// - Parameter change: Edits the settings; it runs once, atomically with other updates of this page.
    /// - Throws: ``PlayerPoolError/invalidSettings(_:)`` (nothing changes), ``PlayerPoolError/sessionClosed``,
    ///   ``PlayerPoolError/poolShutDown``.
    public func update(_ change: @Sendable (inout PlaybackSettings) -> Void) async throws(PlayerPoolError) {
        guard !isClosed else { throw .sessionClosed }
        let (settings, version) = try await pool.update(session: id, change)
        if version > currentVersion {
            current = settings
            currentVersion = version
        }
    }

    /// Becomes the owner and active holder of a player with `item`.
    ///
    /// When this returns, the media is loaded and this page's settings are on the engine. The player
    /// is an idle one that has the media (no load), a new engine within capacity, or the least
    /// recently used idle one (reloaded); otherwise the call waits, first come first served.
    /// - Parameters:
    ///   - item: The media.
    ///   - timeout: The longest the whole call may take, on the pool's clock: the wait for a free player and the
    ///     engine's creation, load and apply. Zero or less only refuses to wait for a player (one free now is
    ///     granted, however long its load takes); `nil` waits indefinitely. A load the call started is cut short when
    ///     it times out or is cancelled and nobody else wants the media.
    /// - Returns: The lease of the player.
    /// - Throws: ``PlayerPoolError/timedOut``, ``PlayerPoolError/cancelled``, ``PlayerPoolError/mediaFailed(_:)`` (the
    ///   media could not be played; the engine stays in the pool), ``PlayerPoolError/engineFailed(_:)``,
    ///   ``PlayerPoolError/sessionClosed``, ``PlayerPoolError/poolShutDown``. On any throw the page holds nothing new.
    public nonisolated func acquire(_ item: MediaItem, timeout: Duration? = nil) async throws(PlayerPoolError)
        -> PlayerLease
    {
        guard !isClosed else { throw .sessionClosed }
        return try await pool.acquire(item, timeout: timeout, session: id)
    }

    /// Issues a single-use token with which another page can borrow the player.
    ///
    /// The page keeps its lease; it becomes inactive while the borrower holds the player.
    /// - Parameter lease: A lease this page holds as the active holder.
    /// - Returns: The token; put it in the destination's URL with ``HandoffToken/appended(to:)``.
    /// - Throws: ``PlayerPoolError/notHolder``, ``PlayerPoolError/leaseRevoked``, ``PlayerPoolError/engineFailed(_:)``,
    ///   ``PlayerPoolError/sessionClosed``, ``PlayerPoolError/poolShutDown``.
    public nonisolated func lend(_ lease: PlayerLease) async throws(PlayerPoolError) -> HandoffToken {
        guard !isClosed else { throw .sessionClosed }
        return try await pool.lend(lease, session: id)
    }

    /// Borrows the player a token stands for, with no reload.
    ///
    /// When this returns, this page is the active holder and its settings are on the engine. A token is
    /// good only while its lender has stayed the active holder since it was issued: once another borrow
    /// of that player completes, or the lender reclaims, gives it back or loses it, the lender's other
    /// tokens answer ``PlayerPoolError/tokenExpired`` for good.
    ///
    /// If the borrow ends before it completes (its task is cancelled, the lender reclaims, the page
    /// closes), it throws once the active holder's settings are back on the engine: at most the applies
    /// already in flight on that engine. Its token can then be redeemed again, within its lifetime.
    /// - Parameter token: The token from the lender's link.
    /// - Returns: The lease of the borrowed player.
    /// - Throws: ``PlayerPoolError/tokenUnknown``, ``PlayerPoolError/tokenAlreadyUsed``,
    ///   ``PlayerPoolError/tokenExpired``, ``PlayerPoolError/alreadyHolding``, ``PlayerPoolError/engineFailed(_:)``
    ///   (the player's engine failed), ``PlayerPoolError/leaseRevoked``
    ///   (the lender took it back meanwhile), ``PlayerPoolError/cancelled``. On any throw the page holds nothing new.
    public nonisolated func borrow(_ token: HandoffToken) async throws(PlayerPoolError) -> PlayerLease {
        guard !isClosed else { throw .sessionClosed }
        return try await pool.borrow(token, session: id)
    }

    /// Borrows the player whose token the URL carries, if it carries one.
    /// - Returns: The lease, or `nil` when the URL has no token (a cold start).
    /// - Parameter url: The URL the page was opened with.
    /// - Throws: ``PlayerPoolError/tokenMalformed`` and everything ``borrow(_:)`` throws.
    public nonisolated func borrow(from url: URL) async throws(PlayerPoolError) -> PlayerLease? {
        guard let token = try HandoffToken(url: url) else { return nil }
        return try await borrow(token)
    }

    /// Moves the player's position, for a scrubber or a replay.
    ///
    /// Only the player's active holder may seek. The seek waits its turn on the engine, after the loads and applies
    /// already decided, and reaches the engine only if this lease is still the active holder when its turn comes.
    /// It returns when the engine's seek returns: the picture at the new position is out. A position past the end is
    /// the engine's to clamp.
    /// - Parameters:
    ///   - lease: A lease this page holds as the player's active holder.
    ///   - position: The new position, not negative.
    /// - Throws: ``PlayerPoolError/notActiveHolder`` (this page lent the player, also when that happened before the
    ///   seek's turn), ``PlayerPoolError/seekFailed(_:)`` (a negative position, or the engine could not seek; the
    ///   player stays in service), ``PlayerPoolError/leaseRevoked``, ``PlayerPoolError/notHolder``,
    ///   ``PlayerPoolError/engineFailed(_:)``, ``PlayerPoolError/cancelled``, ``PlayerPoolError/sessionClosed``,
    ///   ``PlayerPoolError/poolShutDown``.
    public nonisolated func seek(_ lease: PlayerLease, to position: Duration) async throws(PlayerPoolError) {
        guard !isClosed else { throw .sessionClosed }
        try await pool.seek(lease, to: position, session: id)
    }

    /// The player's status as this page may see it: what a spinner, an end card or a progress bar follows.
    ///
    /// The stream yields the engine's latest status (if it reported any) while this lease is the active holder,
    /// then each status the engine reports while it stays so. While another page holds the player above it, the
    /// stream is silent; when the player comes back (the borrower gave it back), the latest status comes first.
    /// A slow reader gets only the newest status. The stream finishes when the lease ends (given back, revoked,
    /// its engine failed, the page closed, the pool shut down), and at once for a lease the page does not hold.
    ///
    /// Each call gives a new stream, for one reader: cancelling its task ends that stream only, and a later call
    /// starts again with the latest status. A stream does not keep its page alive: a page dropped without
    /// ``close()`` is closed all the same, which ends the lease and the stream. A task that reads it should capture
    /// the stream, not the page (`Task { [statuses = page.status(of: lease)] in … }`): a task that captures the page
    /// keeps it alive while the loop runs, and the loop runs until the lease ends.
    ///
    /// A pause the page did not ask for (``PauseReason/interrupted``, ``PauseReason/outputLost``,
    /// ``PauseReason/system``) is not undone by the pool: the page decides, with ``update(_:)``.
    /// - Parameter lease: A lease this page holds.
    /// - Returns: The stream of statuses.
    public nonisolated func status(of lease: PlayerLease) -> AsyncStream<PlaybackStatus> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlaybackStatus.self, bufferingPolicy: .bufferingNewest(1))
        guard !isClosed else {
            continuation.finish()
            return stream
        }
        let pool = self.pool
        let session = id
        Task { await pool.subscribeStatus(lease, session: session, continuation: continuation) }
        return stream
    }

    /// Leaves the player's holder stack.
    ///
    /// If this page was the active holder, the page below becomes active and its settings are on the
    /// engine when this returns; it is told `.returned` at that moment. If the stack empties the player turns idle,
    /// media and position kept: its engine carries the pool's ``PlayerPool/Configuration/idleSettings`` (by default
    /// paused and muted) when this returns, and a page that acquires it next resumes where it stood
    /// (``seek(_:to:)`` to `.zero` starts again). Afterwards the lease answers ``PlayerPoolError/notHolder``.
    /// - Parameter lease: A lease this page holds.
    /// - Throws: ``PlayerPoolError/notHolder``, ``PlayerPoolError/leaseRevoked``, ``PlayerPoolError/sessionClosed``,
    ///   ``PlayerPoolError/engineFailed(_:)`` (its engine failed; the page no longer holds it).
    public nonisolated func giveBack(_ lease: PlayerLease) async throws(PlayerPoolError) {
        guard !isClosed else { throw .sessionClosed }
        try await pool.giveBack(lease, session: id)
    }

    /// Takes the player back from every page above this one, without their cooperation.
    ///
    /// Each removed page gets `.revoked` once and can never act with that lease again, and every token
    /// this page issued before the reclaim expires (a link still open elsewhere cannot take the player
    /// away again). When this
    /// returns this page is the active holder with its settings on the engine, also when it was on top
    /// already (a give-back above it may still have been applying them).
    /// - Parameter lease: A lease this page holds.
    /// - Throws: ``PlayerPoolError/notHolder``, ``PlayerPoolError/leaseRevoked``, ``PlayerPoolError/engineFailed(_:)``
    ///   (the engine failed before or while the reclaim waited), ``PlayerPoolError/cancelled``
    ///   (only when cancelled before the call), ``PlayerPoolError/sessionClosed`` (also when the page is
    ///   closed while the reclaim waits).
    public nonisolated func reclaim(_ lease: PlayerLease) async throws(PlayerPoolError) {
        guard !isClosed else { throw .sessionClosed }
        try await pool.reclaim(lease, session: id)
    }

    /// Gives back everything the page holds, ends its waits, and finishes ``notices``.
    ///
    /// When this returns, the pages below this one carry their settings again, and a player no page holds any more
    /// carries the pool's ``PlayerPool/Configuration/idleSettings`` (by default paused and muted). Later calls throw
    /// ``PlayerPoolError/sessionClosed``; calling it again waits for the first close to finish.
    public func close() async {
        if let closing {
            await closing.value
            return
        }
        closed.store(true, ordering: .releasing)
        let closing = Task { [pool, id] in await pool.closeSession(id) }
        self.closing = closing
        await closing.value
    }
}
