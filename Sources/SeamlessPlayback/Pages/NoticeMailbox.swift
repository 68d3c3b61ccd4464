import Foundation

/// The shell of a page's notices: a ``NoticeBuffer`` behind a lock, read by the page's
/// `AsyncStream` one notice at a time. The pool posts; readers take, first come first served (a page
/// should read from one task; if several do, each notice goes to one of them, and none waits forever).
final class NoticeMailbox: @unchecked Sendable {
    // `@unchecked`: `buffer`, `readers` and `isFinished` are only touched with `lock` held, and each
    // reader's continuation is resumed exactly once, outside the lock, after being taken out of it.
    private let lock = NSLock()
    private var buffer = NoticeBuffer()
    private var readers: [CheckedContinuation<LeaseNotice?, Never>] = []
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
        if !readers.isEmpty {
            let reader = readers.removeFirst()
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
        // Readers wait only while the buffer is empty.
        let waiting = readers
        readers = []
        lock.unlock()
        for reader in waiting { reader.resume(returning: nil) }
    }

    /// Readers waiting for a notice.
    var waitingReaders: Int {
        lock.lock()
        defer { lock.unlock() }
        return readers.count
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
                readers.append(continuation)
                lock.unlock()
            }
        }
    }
}
