import Foundation

/// The shell of a page's notices: a ``NoticeBuffer`` behind a lock, read by the page's
/// `AsyncStream` one notice at a time. The pool posts; one reader takes.
final class NoticeMailbox: @unchecked Sendable {
    // `@unchecked`: `buffer`, `reader` and `isFinished` are only touched with `lock` held, and the
    // reader's continuation is resumed exactly once, outside the lock, after being taken out of it.
    private let lock = NSLock()
    private var buffer = NoticeBuffer()
    private var reader: CheckedContinuation<LeaseNotice?, Never>?
    private var isFinished = false

    /// A stream that reads this mailbox. Cancelling the reading task ends the stream.
    func stream() -> AsyncStream<LeaseNotice> {
        AsyncStream(unfolding: { await self.next() }, onCancel: { self.finish() })
    }

    /// Hands `notice` to the waiting reader, or keeps it by the buffer's policy.
    func post(_ notice: LeaseNotice, heldEpochs: () -> Set<UInt64>) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        if let reader {
            self.reader = nil
            lock.unlock()
            reader.resume(returning: notice)
            return
        }
        buffer.post(notice, heldEpochs: heldEpochs)
        lock.unlock()
    }

    /// Ends the stream once the notices already kept have been read.
    func finish() {
        lock.lock()
        isFinished = true
        let waiting = buffer.count == 0 ? reader : nil
        if waiting != nil { reader = nil }
        lock.unlock()
        waiting?.resume(returning: nil)
    }

    /// Notices kept and not yet read.
    var unread: Int {
        lock.lock()
        defer { lock.unlock() }
        return buffer.count
    }

    private func next() async -> LeaseNotice? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let notice = buffer.next() {
                lock.unlock()
                continuation.resume(returning: notice)
            } else if isFinished {
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                reader = continuation
                lock.unlock()
            }
        }
    }
}
