/// The shell of a page's notices: a ``NoticeBuffer`` behind a lock, read one notice at a time by the streams of
/// ``PageSession/notices``. The pool posts; readers take, first come first served (a page should read from one task
/// at a time; if several do, each notice goes to one of them, and none waits forever).
///
/// Each stream is one reader's. Cancelling a reader's task ends its stream only: the notices it did not take stay
/// here for the next reader, and only ``finish()`` (the page or the pool closed) ends every stream. A stream holds
/// this mailbox, which holds neither the page nor the pool, so a loop over a page's notices never keeps the page
/// alive.
final class NoticeMailbox: Sendable {
    // Each reader's continuation is resumed exactly once, outside the lock, after being taken out of it.
    private let state = Protected(State())

    private struct State {
        var buffer = NoticeBuffer()
        /// Readers waiting for a notice, oldest first, each with the stream it reads for.
        var readers: [(stream: UInt64, continuation: CheckedContinuation<LeaseNotice?, Never>)] = []
        var isFinished = false
        var nextStream: UInt64 = 0
    }

    /// A new stream of this mailbox's notices, for one reader. Cancelling the reading task ends this stream, and
    /// no other.
    func stream() -> AsyncStream<LeaseNotice> {
        let stream = state.withLock { state in
            state.nextStream += 1
            return state.nextStream
        }
        return AsyncStream(unfolding: { await self.next(for: stream) }, onCancel: { self.cancel(stream) })
    }

    /// Hands `notice`, whose lease has grant epoch `epoch`, to the waiting reader, or keeps it by the buffer's
    /// policy.
    func post(_ notice: consuming LeaseNotice, epoch: UInt64, heldEpochs: () -> Set<UInt64>) {
        // Moved into the buffer or to the reader, not copied.
        var unsent: LeaseNotice? = consume notice
        // Usually nobody waits: kept under one lock, without touching a reader (see `handOver`).
        let kept = state.withLock { state in
            guard !state.isFinished, state.readers.isEmpty, let notice = unsent.take() else { return false }
            state.buffer.post(notice, epoch: epoch, heldEpochs: heldEpochs)
            return true
        }
        guard !kept, let notice = unsent.take() else { return }
        handOver(notice, epoch: epoch, heldEpochs: heldEpochs)
    }

    /// Hands the notice to the first waiting reader, or keeps it if none waits any more; drops it once finished.
    @inline(never)  // A reader's continuation has a layout known only at run time: its metadata is looked up here,
    // not on every post.
    private func handOver(_ notice: consuming LeaseNotice, epoch: UInt64, heldEpochs: () -> Set<UInt64>) {
        var unsent: LeaseNotice? = consume notice
        let reader = state.withLock { state -> CheckedContinuation<LeaseNotice?, Never>? in
            guard !state.isFinished else { return nil }
            if !state.readers.isEmpty { return state.readers.removeFirst().continuation }
            if let kept = unsent.take() { state.buffer.post(kept, epoch: epoch, heldEpochs: heldEpochs) }
            return nil
        }
        if let reader, let notice = unsent.take() { reader.resume(returning: notice) }
    }

    /// Ends every stream once the notices already kept have been read.
    func finish() {
        // Readers wait only while the buffer is empty.
        let waiting = state.withLock { state in
            state.isFinished = true
            defer { state.readers = [] }
            return state.readers
        }
        for reader in waiting { reader.continuation.resume(returning: nil) }
    }

    /// Readers waiting for a notice.
    var waitingReaders: Int {
        state.withLock { $0.readers.count }
    }

    /// Notices kept and not yet read.
    var unread: Int {
        state.withLock { $0.buffer.count }
    }

    /// The next notice for a reader of `stream`; `nil` once the mailbox is finished and empty, or the reader's task
    /// is cancelled.
    private func next(for stream: UInt64) async -> LeaseNotice? {
        await withCheckedContinuation { continuation in
            let ready: LeaseNotice?? = state.withLock { state in
                // Checked under the lock: a cancellation that comes after this finds the reader waiting (`cancel`);
                // one that came before is seen here, so a cancelled reader neither waits nor takes a notice.
                if Task.isCancelled { return .some(nil) }
                if let notice = state.buffer.next() { return .some(notice) }
                if state.isFinished { return .some(nil) }
                state.readers.append((stream, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the wait of the readers of `stream`, whose task was cancelled; the mailbox and its other streams go on.
    private func cancel(_ stream: UInt64) {
        let cancelled = state.withLock { state in
            let cancelled = state.readers.filter { $0.stream == stream }
            state.readers.removeAll { $0.stream == stream }
            return cancelled
        }
        for reader in cancelled { reader.continuation.resume(returning: nil) }
    }
}
