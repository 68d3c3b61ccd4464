/// The shell of a page's notices: a ``NoticeBuffer`` behind a lock, read by the page's
/// `AsyncStream` one notice at a time. The pool posts; readers take, first come first served (a page
/// should read from one task; if several do, each notice goes to one of them, and none waits forever).
final class NoticeMailbox: Sendable {
    // Each reader's continuation is resumed exactly once, outside the lock, after being taken out of it.
    private let state = Protected(State())

    private struct State {
        var buffer = NoticeBuffer()
        var readers: [CheckedContinuation<LeaseNotice?, Never>] = []
        var isFinished = false
    }

    /// A stream that reads this mailbox. Cancelling the reading task ends the stream.
    func stream() -> AsyncStream<LeaseNotice> {
        AsyncStream(unfolding: { await self.next() }, onCancel: { self.finish() })
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
            if !state.readers.isEmpty { return state.readers.removeFirst() }
            if let kept = unsent.take() { state.buffer.post(kept, epoch: epoch, heldEpochs: heldEpochs) }
            return nil
        }
        if let reader, let notice = unsent.take() { reader.resume(returning: notice) }
    }

    /// Ends the stream once the notices already kept have been read.
    func finish() {
        // Readers wait only while the buffer is empty.
        let waiting = state.withLock { state in
            state.isFinished = true
            defer { state.readers = [] }
            return state.readers
        }
        for reader in waiting { reader.resume(returning: nil) }
    }

    /// Readers waiting for a notice.
    var waitingReaders: Int {
        state.withLock { $0.readers.count }
    }

    /// Notices kept and not yet read.
    var unread: Int {
        state.withLock { $0.buffer.count }
    }

    private func next() async -> LeaseNotice? {
        await withCheckedContinuation { continuation in
            let ready: LeaseNotice?? = state.withLock { state in
                if let notice = state.buffer.next() { return .some(notice) }
                if state.isFinished { return .some(nil) }
                state.readers.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
