import Foundation
import MediaFixtures
import SeamlessPlaybackTesting

/// The soak's media: short clips made with ffmpeg, held in memory and served by a ``TestOrigin`` whose faults the
/// soak scripts, and the origin's bytes by cache key, to check what the cache streams hand mpv.
///
/// The feed has ``itemCount`` items at paths of their own, whose bytes are those of ``distinctClips`` clips in
/// turn. Each clip is ``clipSeconds`` s of H.264/AAC at 320×180, 24 fps, about 200 KB (noise added so that the
/// picture needs its bit rate): the feed's bytes are several times the cache's capacity, so the cache evicts.
final class SoakMedia: Sendable {
    static let itemCount = 24
    static let distinctClips = 6
    static let clipSeconds = 4

    /// The items' URLs, in feed order.
    let urls: [URL]
    /// Each item's path on the origin, in feed order.
    let paths: [String]
    let origin: TestOrigin
    /// The bytes the origin serves, by cache key (the URL's `absoluteString`).
    let bytesByKey: [String: Data]

    private init(urls: [URL], paths: [String], origin: TestOrigin, bytesByKey: [String: Data]) {
        self.urls = urls
        self.paths = paths
        self.origin = origin
        self.bytesByKey = bytesByKey
    }

    /// The feed's total bytes.
    var totalBytes: Int64 { bytesByKey.values.reduce(0) { $0 + Int64($1.count) } }

    /// Makes the clips and starts the origin.
    /// - Throws: ``BenchError/failed(_:)`` when ffmpeg or the origin cannot run.
    static func prepare() async throws(BenchError) -> SoakMedia {
        do {
            let clips = try await makeClips(
                distinctClips, folder: "seamless-soak-media", recipe: recipe(for:))
            let paths = (0..<itemCount).map { "/soak/item-\($0).mp4" }
            var resources: [String: TestOrigin.Resource] = [:]
            for (index, path) in paths.enumerated() { resources[path] = .data(clips[index % distinctClips]) }
            let origin = try TestOrigin(resources: resources)
            let urls = paths.map { origin.url(for: $0) }
            var bytesByKey: [String: Data] = [:]
            for (index, url) in urls.enumerated() { bytesByKey[url.absoluteString] = clips[index % distinctClips] }
            return SoakMedia(urls: urls, paths: paths, origin: origin, bytesByKey: bytesByKey)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("cannot make the soak's media: \(error)")
        }
    }

    /// Stops the origin.
    func stop() {
        origin.stop()
    }

    /// Distinct clip `index`: its tone is its own.
    static func recipe(for index: Int) -> ClipRecipe {
        ClipRecipe(
            seconds: clipSeconds, framesPerSecond: 24, noise: 10, preset: .veryfast, keyframeInterval: 24,
            videoRate: .capped(kilobits: 350), toneFrequency: 260 + 30 * index, audioKilobits: 48)
    }
}
