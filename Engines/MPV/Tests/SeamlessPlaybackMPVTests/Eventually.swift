/// Waits until `condition` holds, checking every 10 ms; `false` if it still does not after `limit`.
/// The limit only guards against a hang: tests assert on the condition, not on the time.
func eventually(within limit: Duration = .seconds(5), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
