/// Decides which host shows each player's picture: pure and synchronous, no actor, no host objects.
///
/// Its inputs are the requests of pages (``showRequested(_:in:active:)``, ``hideRequested(_:from:active:)``)
/// and the pool's record of the active holder (``activeChanged(player:to:)``); each returns the host calls
/// to make, in order. Every input carries the player's active lease as the pool records it at that moment
/// (``ActiveHolders/activeLease(of:)``), so the machine never acts on an active holder older than the input.
///
/// The rules:
/// 1. **Fenced requests.** A `show` or `hide` whose lease is not the player's active lease changes nothing:
///    a page that has lent the player, given it back, been reclaimed or closed cannot move the picture.
/// 2. **The picture follows the holder.** When the active lease becomes one that registered a host (by an
///    accepted `show`), the picture moves there; registrations of leases above it are forgotten, since those
///    grants have ended. When the active lease has no registered host (a borrower that has not shown yet),
///    the picture stays where it is. When no page holds the player, the picture is detached.
/// 3. **Attach before detach.** A move is `attach` to the new host, then `detach` from the old one.
/// 4. **One host at most**, and never none while the active lease has a registered host.
/// 5. **One player per host.** An accepted `show` in a host takes every other player out of it: their
///    registrations there end and a picture shown there is detached first (a feed cell reused for another
///    clip while its first player is lent must never get that player back on top of the new one).
///
/// A host is named by a value (`Host`); the shell maps it to the object.
struct SurfaceStateMachine<Host: Hashable & Sendable>: Sendable {
    typealias Action = SurfaceAction<Host>

    /// A lease's registered host, or where the picture is attached and for which lease.
    struct Placement: Hashable, Sendable {
        var lease: PlayerLease
        var host: Host
    }

    /// One player's surfaces.
    ///
    /// Absent (no entry) while no page holds the player. Present: `active` is the last active lease the
    /// machine was told; `registrations` holds one host per lease that showed while active, oldest grant
    /// first, so the active holder's registration, if any, is the last; `shown` is where the picture is.
    struct PlayerSurface: Hashable, Sendable {
        var active: PlayerLease
        var registrations: [Placement] = []
        var shown: Placement?
    }

    private(set) var players: [PlayerID: PlayerSurface] = [:]

    /// A page asks to show its player in its host.
    ///
    /// Accepted only when `lease` is `active`: the host is registered for the lease (replacing any earlier
    /// one) and the picture moves there.
    /// - Parameters:
    ///   - lease: The page's lease.
    ///   - host: The page's host.
    ///   - active: The player's active lease now.
    /// - Returns: The host calls, in order.
    mutating func showRequested(_ lease: PlayerLease, in host: Host, active: PlayerLease?) -> [Action] {
        var actions = activeChanged(player: lease.player, to: active)
        guard lease == active, var surface = players[lease.player] else { return actions }
        actions += evictOthers(from: host, keeping: lease.player)
        surface.registrations.removeAll { $0.lease == lease }
        let placement = Placement(lease: lease, host: host)
        surface.registrations.append(placement)
        actions += Self.move(&surface, to: placement)
        players[lease.player] = surface
        return actions
    }

    /// A page asks to stop showing its player in its host.
    ///
    /// Accepted only when `lease` is `active` and `host` is the host it registered: the registration ends
    /// and, if the picture is there, it is detached (the page no longer wants it shown anywhere).
    /// - Parameters:
    ///   - lease: The page's lease.
    ///   - host: The host the page is taking down.
    ///   - active: The player's active lease now.
    /// - Returns: The host calls, in order.
    mutating func hideRequested(_ lease: PlayerLease, from host: Host, active: PlayerLease?) -> [Action] {
        var actions = activeChanged(player: lease.player, to: active)
        guard lease == active, var surface = players[lease.player],
            let index = surface.registrations.firstIndex(where: { $0.lease == lease && $0.host == host })
        else { return actions }
        surface.registrations.remove(at: index)
        if let shown = surface.shown, shown.host == host {
            actions.append(.detach(shown.lease, from: host))
            surface.shown = nil
        }
        players[lease.player] = surface
        return actions
    }

    /// The active page is leaving (its exit transition has completed) and will close: the picture goes back at once
    /// to the host of the holder below it, attached there for that holder's lease ahead of its settings, rather than
    /// wait for the close to land (until then the lower page's view would stand empty). The leaving page's
    /// registration ends, so nothing moves the picture back to it; the close that follows moves nothing.
    ///
    /// Accepted only when `lease` is `active` and a lower holder registered a host: otherwise nothing changes.
    /// - Parameters:
    ///   - lease: The leaving page's lease.
    ///   - active: The player's active lease now.
    /// - Returns: The host calls, in order.
    mutating func returnRequested(from lease: PlayerLease, active: PlayerLease?) -> [Action] {
        var actions = activeChanged(player: lease.player, to: active)
        guard lease == active, var surface = players[lease.player],
            let below = surface.registrations.last(where: { $0.lease != lease })
        else { return actions }
        surface.registrations.removeAll { $0.lease == lease }
        actions += Self.move(&surface, to: below)
        players[lease.player] = surface
        return actions
    }

    /// The pool's record of the player's active lease, read now.
    /// - Parameters:
    ///   - player: The player.
    ///   - active: Its active lease, or `nil` when no page holds it.
    /// - Returns: The host calls, in order; none when nothing needs to move.
    mutating func activeChanged(player: PlayerID, to active: PlayerLease?) -> [Action] {
        guard let active else {
            let shown = players.removeValue(forKey: player)?.shown
            return shown.map { [.detach($0.lease, from: $0.host)] } ?? []
        }
        var surface = players[player] ?? PlayerSurface(active: active)
        surface.active = active
        var actions: [Action] = []
        if let index = surface.registrations.firstIndex(where: { $0.lease == active }) {
            // Only grants above the active one can have registered after it, and they have all ended.
            surface.registrations.removeSubrange((index + 1)...)
            actions = Self.move(&surface, to: surface.registrations[index])
        }
        players[player] = surface
        return actions
    }

    /// The host showing the player's picture, if any.
    func host(showing player: PlayerID) -> Host? {
        players[player]?.shown?.host
    }

    /// Every host the machine may still name in a action: registered or showing a picture.
    var hostsInUse: Set<Host> {
        var hosts = Set<Host>()
        for surface in players.values {
            hosts.formUnion(surface.registrations.map(\.host))
            if let shown = surface.shown { hosts.insert(shown.host) }
        }
        return hosts
    }

    /// Rule 4 and the shape of the state; empty when they hold. Tests call it after every step.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        for (player, surface) in players {
            let placements = surface.registrations + (surface.shown.map { [$0] } ?? [])
            if placements.contains(where: { $0.lease.player != player }) || surface.active.player != player {
                violations.append("\(player): a lease of another player")
            }
            if Set(surface.registrations.map(\.lease)).count != surface.registrations.count {
                violations.append("\(player): a lease registered twice")
            }
            if let registered = surface.registrations.last(where: { $0.lease == surface.active }),
                surface.shown?.host != registered.host
            {
                violations.append("\(player): the active holder's host \(registered.host) does not show it")
            }
        }
        let shownHosts = players.values.compactMap(\.shown?.host)
        if Set(shownHosts).count != shownHosts.count { violations.append("a host shows two players") }
        return violations
    }

    /// Rule 5: the host gives up every other player: their registrations there end, and a picture of theirs
    /// shown there is detached.
    private mutating func evictOthers(from host: Host, keeping player: PlayerID) -> [Action] {
        var actions: [Action] = []
        for other in players.keys.sorted(by: { $0.number < $1.number }) where other != player {
            guard var surface = players[other] else { continue }
            surface.registrations.removeAll { $0.host == host }
            if let shown = surface.shown, shown.host == host {
                actions.append(.detach(shown.lease, from: host))
                surface.shown = nil
            }
            players[other] = surface
        }
        return actions
    }

    /// Attach to the target first, then detach from where the picture was.
    private static func move(_ surface: inout PlayerSurface, to target: Placement) -> [Action] {
        defer { surface.shown = target }
        guard let shown = surface.shown else { return [.attach(target.lease, to: target.host)] }
        // Already in that host (possibly attached for a lower grant of the same page's host): leave it.
        if shown.host == target.host { return [] }
        return [.attach(target.lease, to: target.host), .detach(shown.lease, from: shown.host)]
    }
}
