// expect: call to main actor-isolated initializer 'init(system:cachedReading:)' in a synchronous nonisolated context
//
// An engine that reads through a cache is made on the main actor, as every `AVPlayerEngine` is: its player, its layer
// and the resource loader's asset are set up there (`AVPlayerLayer` is main-actor isolated in the iOS 18 SDK). A pool's
// engine factory that builds one from a nonisolated function must hop to the main actor first (`MustCompile.swift`
// does it in a `@MainActor` function). With the initializer not isolated, this compiled.
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

func makeEngine(reading: CachedReading) -> AVPlayerEngine {
    AVPlayerEngine(cachedReading: reading)
}
