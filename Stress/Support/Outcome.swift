import SeamlessPlayback

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Runs a pool call and gives its outcome as a value.
func outcome<T>(_ body: () async throws(PlayerPoolError) -> T) async -> Result<T, PlayerPoolError> {
    do throws(PlayerPoolError) {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
