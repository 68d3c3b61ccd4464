/// What a page's ``PageSession/notices`` keep until the page reads them.
///
/// The policy: one notice per lease, the latest (a newer notice about a lease replaces the older one and
/// moves to the end); and at most ``limit`` notices about leases the page no longer holds, the oldest of
/// those dropped first. The latest notice of a lease the page still holds is never dropped, so a page
/// that never reads its notices keeps at most one per player it holds plus ``limit``.
struct NoticeBuffer: Sendable {
    /// The most notices kept about leases the page no longer holds.
    let limit: Int
    private var notices: [LeaseNotice] = []
    /// The grant epoch of each notice's lease, index for index: read without copying the notice.
    private var epochs: [UInt64] = []
    private var head = 0

    init(limit: Int = 16) {
        self.limit = max(0, limit)
    }

    /// Notices waiting to be read.
    var count: Int { notices.count - head }

    /// Keeps `notice`, replacing an unread one about the same lease.
    /// - Parameters:
    ///   - notice: The new notice.
    ///   - epoch: The grant epoch of the notice's lease (the pool knows it without reading the lease).
    ///   - heldEpochs: The grant epochs of the leases the page still holds; asked only when more than
    ///     ``limit`` notices are kept.
    mutating func post(_ notice: consuming LeaseNotice, epoch: UInt64, heldEpochs: () -> Set<UInt64>) {
        if head < epochs.count, epochs[epochs.count - 1] == epoch {
            // Usually the newest unread notice is about the same lease (a page lends one player, again and
            // again): replaced in place, it stays at the end. The leases held may have changed meanwhile, so the
            // rest is trimmed as after any post.
            notices[notices.count - 1] = notice
        } else {
            if let index = epochs[head...].firstIndex(of: epoch) {
                notices.remove(at: index)
                epochs.remove(at: index)
            }
            notices.append(notice)
            epochs.append(epoch)
        }
        guard count > limit else { return }
        let held = heldEpochs()
        var released = epochs[head...].reduce(0) { $0 + (held.contains($1) ? 0 : 1) }
        var index = head
        while released > limit, index < epochs.count {
            if held.contains(epochs[index]) {
                index += 1
            } else {
                notices.remove(at: index)
                epochs.remove(at: index)
                released -= 1
            }
        }
    }

    /// The oldest unread notice, removed.
    mutating func next() -> LeaseNotice? {
        guard head < notices.count else { return nil }
        let notice = notices[head]
        head += 1
        if head > 32, head * 2 > notices.count {
            notices = Array(notices[head...])
            epochs = Array(epochs[head...])
            head = 0
        }
        return notice
    }
}
