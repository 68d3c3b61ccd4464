import Foundation

/// A value behind a lock that a thread can wait on until another changes the value: `NSCondition` in a small wrapper.
final class Awaitable<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` under the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(&value)
    }

    /// Runs `body` under the lock, then waits (once) for a change when `shouldWait` says so of its result. The caller
    /// asks again after: a wait may end early.
    func withLock<Result>(waitingIf shouldWait: (Result) -> Bool, _ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        let result = body(&value)
        if shouldWait(result) { condition.wait() }
        return result
    }

    /// Wakes every thread waiting for a change: for a change made outside the value (the end of a fetch whose state
    /// was recorded without waking anyone).
    func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` under the lock and wakes every thread waiting for a change.
    @discardableResult
    func changing<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&value)
    }
}
