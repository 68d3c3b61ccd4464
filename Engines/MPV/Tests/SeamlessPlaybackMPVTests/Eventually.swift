/// Waits until `condition` holds, checking every 10 ms; `false` if it still does not after `limit`.
/// The limit only guards against a hang: tests assert on the condition, not on the time.
func eventually(within limit: Duration = .seconds(30), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}

/// What `body` gives, or `nil` when it gives nothing within `limit` (it is cancelled then). The limit only guards
/// against a hang.
func firstResult<Value: Sendable>(
    within limit: Duration, _ body: @escaping @Sendable () async -> Value?
) async -> Value? {
    await withTaskGroup(of: Value?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
