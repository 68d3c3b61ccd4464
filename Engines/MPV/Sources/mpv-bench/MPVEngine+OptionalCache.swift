import SeamlessPlayback
import SeamlessPlaybackMPV

extension MPVEngine {
    /// An engine that reads through `cache` when there is one, and over HTTP directly when there is none: the benches
    /// that compare the two make their engines here.
    /// - Parameters:
    ///   - options: The engine's options.
    ///   - cache: The cache to read through, or `nil`.
    /// - Returns: The engine.
    /// - Throws: What the engine's initialiser throws.
    static func make(options: Options, readingThrough cache: MediaCache?) async throws(MPVError) -> MPVEngine {
        guard let cache else { return try await MPVEngine(options: options) }
        return try await MPVEngine(options: options, cache: cache)
    }
}
