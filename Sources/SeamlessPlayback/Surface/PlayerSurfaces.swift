/// Shows each player's picture in the host of the page that holds it now, following the pool's handoffs.
///
/// A page calls ``show(_:in:)`` when its view can show the player (`viewDidLoad`, `viewWillAppear`) and
/// ``hide(_:from:)`` when it takes its view down. Both are fenced by the lease: a page that is no longer the
/// player's active holder (it lent the player and the borrower is showing it, or it gave it back, or was
/// reclaimed) changes nothing, so a late `viewWillDisappear` cannot take the picture from the page now
/// showing it. When a give-back, reclaim or close makes a lower page active again, the picture moves back
/// to that page's host by itself, attached there before it is detached from the old one.
///
/// Every decision is made by a pure state machine; this class only reads the pool's ``ActiveHolders`` and
/// calls the hosts, on the main actor. Call ``run()`` once, for as long as the pool lives, so that changes
/// the pages did not cause themselves (a close, a reclaim, an engine failure) move the picture too.
///
/// ```swift
/// let surfaces = PlayerSurfaces(pool: pool)
/// Task { await surfaces.run() }
/// surfaces.show(lease, in: cellHost)     // the feed cell
/// surfaces.show(borrowed, in: pageHost)  // the detail page: attached there, then detached from the cell
/// ```
@MainActor
public final class PlayerSurfaces {
    private let holders: ActiveHolders
    private let changes: AsyncStream<ActiveHolderChange>
    private var machine = SurfaceStateMachine<ObjectIdentifier>()
    /// The hosts the machine may still name, kept alive while it may.
    private var hosts: [ObjectIdentifier: any SurfaceHost] = [:]
    /// Whether ``run()`` has been called: the stream has one consumer.
    private var hasRun = false

    /// Creates the surfaces of a pool's players. Changes of holder are watched from now on.
    /// - Parameter pool: The pool whose players are shown.
    public convenience init(pool: PlayerPool) {
        self.init(holders: pool.activeHolders)
    }

    /// Creates the surfaces of the players recorded by `holders`. Changes are watched from now on.
    /// - Parameter holders: A pool's ``PlayerPool/activeHolders``.
    public init(holders: ActiveHolders) {
        self.holders = holders
        changes = holders.changes()
    }

    /// Shows the lease's player in `host`, if the lease is the player's active lease now; otherwise does
    /// nothing. The host stays registered for the lease until it is hidden or the grant ends, so the picture
    /// comes back to it when the page becomes the active holder again.
    /// - Parameters:
    ///   - lease: The page's lease.
    ///   - host: The page's host.
    public func show(_ lease: PlayerLease, in host: any SurfaceHost) {
        let id = ObjectIdentifier(host)
        hosts[id] = host
        perform(machine.showRequested(lease, in: id, active: holders.activeLease(of: lease.player)))
    }

    /// Takes the lease's player out of `host`, if the lease is the player's active lease now and `host` is
    /// the host it showed the player in; otherwise does nothing.
    /// - Parameters:
    ///   - lease: The page's lease.
    ///   - host: The host the page is taking down.
    public func hide(_ lease: PlayerLease, from host: any SurfaceHost) {
        perform(
            machine.hideRequested(
                lease, from: ObjectIdentifier(host), active: holders.activeLease(of: lease.player)))
    }

    /// Gives the picture back to the page below, now: call it when the lease's page has left the screen (its exit
    /// transition completed) and before it closes. The picture is attached at once to the host the page below
    /// registered, so that view never stands empty while the close lands; the close then moves nothing. Fenced like
    /// ``show(_:in:)``: nothing happens unless `lease` is the player's active lease and a page below it showed it.
    /// - Parameter lease: The leaving page's lease.
    public func returnPicture(from lease: PlayerLease) {
        perform(machine.returnRequested(from: lease, active: holders.activeLease(of: lease.player)))
    }

    /// Reads the player's active holder from the pool again and moves its picture if that holder's host
    /// does not show it. ``run()`` does this for every change; call it to act on a change at once.
    /// - Parameter player: The player.
    public func refresh(_ player: PlayerID) {
        perform(machine.activeChanged(player: player, to: holders.activeLease(of: player)))
    }

    /// The host showing the player's picture now, if any.
    /// - Parameter player: The player.
    /// - Returns: The host, or `nil` when no host shows it.
    public func host(showing player: PlayerID) -> (any SurfaceHost)? {
        machine.host(showing: player).flatMap { hosts[$0] }
    }

    /// Follows the pool's changes of holder until the pool shuts down (or the calling task is cancelled).
    /// Call it once; later calls return at once.
    public func run() async {
        guard !hasRun else { return }
        hasRun = true
        for await change in changes {
            // The element may be older than the record: refresh reads the record again.
            refresh(change.player)
        }
    }

    private func perform(_ actions: [SurfaceAction<ObjectIdentifier>]) {
        for action in actions {
            switch action {
            case .attach(let lease, let host): hosts[host]?.attach(lease, recordedIn: holders)
            case .detach(let lease, let host): hosts[host]?.detach(lease)
            }
        }
        let inUse = machine.hostsInUse
        hosts = hosts.filter { inUse.contains($0.key) }
    }
}
