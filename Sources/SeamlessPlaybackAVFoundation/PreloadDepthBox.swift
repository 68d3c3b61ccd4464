import Foundation
import SeamlessPlayback

/// The depth the pool told an `AVPlayerEngine` last (``SeamlessPlayback/PlaybackEngine/setPreloadDepth(_:)``), written
/// from the pool's executor and read on the main actor before each load and apply.
final class PreloadDepthBox: @unchecked Sendable {
    // `@unchecked`: `value` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var value = PreloadDepth.standard

    /// The depth told last; ``SeamlessPlayback/PreloadDepth/standard`` until one was.
    var depth: PreloadDepth {
        lock.withLock { value }
    }

    /// Keeps `depth` as the one told last.
    /// - Parameter depth: The depth the pool told.
    func set(_ depth: PreloadDepth) {
        lock.withLock { value = depth }
    }
}
