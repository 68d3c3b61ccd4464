// expect: cannot find 'CachingResourceLoader' in scope
//
// The caching resource loader is the engine's own: it is `@unchecked Sendable` because the engine alone calls it, and
// only on its queue, and its asset's URL scheme (`seamlesscache-https`) is one only it answers. An app that made one
// to set it as the delegate of an asset of its own (`resourceLoader.setDelegate(_:queue:)` on another queue) would
// break both; it gives a `CachedReading` to `AVPlayerEngine(cachedReading:)` instead. With the loader public, this
// compiled.
import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

func serve(_ asset: AVURLAsset, reading: CachedReading, on queue: DispatchQueue) {
    let loader = CachingResourceLoader(reading: reading, holdsInBackground: false)
    asset.resourceLoader.setDelegate(loader, queue: queue)
}
