import Foundation
import MediaFixtures
import SeamlessPlaybackTesting

/// The slow feed's media: clips made with ffmpeg, held in memory and served by a ``TestOrigin`` that waits before each
/// answer and caps each connection's rate, or shares one link's rate among all connections, as a slow network or a
/// phone's radio would.
///
/// The feed has ``Shape/clipCount`` items, each at a path of its own (so that nothing is shared between items: not a
/// cache key, not a connection's position), whose bytes are those of one of ``Shape/distinctClips`` clips in turn:
/// making forty clips with ffmpeg would take longer than the run. Each clip is ``Shape/clipSeconds`` s of H.264/AAC at
/// 640×360, 30 fps, its video held at ``Shape/videoKilobits`` kbit/s (noise added, or testsrc needs far less).
final class SlowFeedMedia: Sendable {
    /// How many items, of how many distinct clips, of what length and bit rate.
    struct Shape: Equatable, Sendable {
        var clipCount: Int
        var distinctClips: Int
        var clipSeconds: Int
        var videoKilobits: Int

        /// The built-in plan's: 40 items, clips of about 1.4 MB (1.1 Mbit/s with the sound), so that the byte tier's
        /// first MiB covers most, not all, of one, and a player reading a whole clip ahead at 4 Mbit/s takes about
        /// 2.8 s.
        static let builtIn = Shape(clipCount: 40, distinctClips: 8, clipSeconds: 10, videoKilobits: 1_000)
        /// The phone plans': 120 items, about 1.2 Mbit/s with the sound: forty visits drift some 90 items forward (2.3
        /// a gesture on average), so the swipes keep meeting new items rather than pile up at the feed's end.
        static let phone = Shape(clipCount: 120, distinctClips: 8, clipSeconds: 10, videoKilobits: 1_080)
    }

    /// The items' count, and their clips' length and bit rate.
    let shape: Shape
    /// The URLs of the items, in feed order.
    let urls: [String]
    /// Each item's length in bytes, in feed order.
    let lengths: [Int64]
    let origin: TestOrigin

    private init(shape: Shape, urls: [String], lengths: [Int64], origin: TestOrigin) {
        self.shape = shape
        self.urls = urls
        self.lengths = lengths
        self.origin = origin
    }

    /// Makes the clips and starts the origin, unpaced: the bench sets its pacing once the warm-up is done.
    /// - Throws: ``BenchError/failed(_:)`` when ffmpeg or the origin cannot run.
    static func prepare(_ shape: Shape) async throws(BenchError) -> SlowFeedMedia {
        do {
            let clips = try await makeClips(
                shape.distinctClips, folder: "seamless-slow-feed", recipe: { recipe(shape, for: $0) })
            var resources: [String: TestOrigin.Resource] = [:]
            var lengths: [Int64] = []
            for index in 0..<shape.clipCount {
                let clip = clips[index % shape.distinctClips]
                resources[path(of: index)] = .data(clip)
                lengths.append(Int64(clip.count))
            }
            let origin = try TestOrigin(resources: resources)
            let urls = (0..<shape.clipCount).map { origin.url(for: path(of: $0)).absoluteString }
            return SlowFeedMedia(shape: shape, urls: urls, lengths: lengths, origin: origin)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("cannot make the slow feed's media: \(error)")
        }
    }

    /// Stops the origin.
    func stop() {
        origin.stop()
    }

    private static func path(of index: Int) -> String { "/feed/item-\(index).mp4" }

    /// Distinct clip `index` of `shape`: its tone is its own.
    static func recipe(_ shape: Shape, for index: Int) -> ClipRecipe {
        ClipRecipe(
            seconds: shape.clipSeconds, width: 640, height: 360,
            // Noise, so that the picture needs the whole bit rate (testsrc alone makes clips of about 0.75 MB).
            noise: 12, preset: .veryfast, videoRate: .capped(kilobits: shape.videoKilobits),
            toneFrequency: 220 + 20 * index, audioKilobits: 64)
    }
}
