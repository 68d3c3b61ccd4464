import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// The real pictures: frames the MPV software renderer draws into the demo's two hosts while the story plays.
///
/// ## TO WIRE once `FrameHost` and `MPVEngine.Options(rendersFrames:)` are merged
///
/// This is the one part of the demo that needs them; it throws ``DemoError/rendererNotMerged`` until then, and the
/// demo never substitutes other pictures for it. The body to write, in this order:
///
/// 1. `let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine(options: .init(rendersFrames:
///    true)) }` and `let surfaces = PlayerSurfaces(pool: pool)` (run its `run()` in a task).
/// 2. One `FrameHost` per ``DemoHost``, sized by ``DemoScript/frame(of:)``: `FrameHost(width: 358, height: 358)`
///    for the cell, `FrameHost(width: 390, height: 693)` for the page.
/// 3. The feed session (`isMuted: true, contentMode: .aspectFill, endAction: .loop`) acquires
///    `MediaItem(id: clip.path, url: clip)`; `surfaces.show(lease, in: cellHost)`.
/// 4. Walk ``DemoScript/shot(at:)`` in real time from the first frame: at each shot's time take its host's
///    `latestFrame` (or collect them with `onFrame`, keyed by `renderedAt`). At the entry's start, lend the lease,
///    borrow it in a detail session (`isMuted: false, contentMode: .aspectFit`), `surfaces.show(borrowed, in:
///    pageHost)`, then `surfaces.hide(lease, from: cellHost)`; at the exit's end, `await detail.close()`, after
///    which the surfaces move the player back to the cell.
/// 5. `await pool.shutdown()`.
///
/// The pictures returned are what each host showed: a shot whose host had no picture yet is an error, not a blank.
enum RendererPictures {
    /// The source's name in file names and in the listing.
    static let sourceName = "mpv-renderer"

    /// The picture each shot needs, drawn by the MPV renderer while the story plays.
    /// - Parameters:
    ///   - shots: The shots, in time order.
    ///   - clip: The clip the feed plays.
    /// - Returns: One frame per shot, in the shots' order.
    /// - Throws: ``DemoError/rendererNotMerged``, for now.
    static func pictures(for shots: [DemoShot], clip: URL) async throws -> [VideoFrame] {
        throw DemoError.rendererNotMerged
    }
}
