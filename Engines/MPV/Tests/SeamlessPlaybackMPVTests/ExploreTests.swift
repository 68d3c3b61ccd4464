import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

@Test func explore() async throws {
    let clock = ContinuousClock()
    let t = clock.now
    let engine = try MPVEngine()
    try await engine.load(TestMedia.clip)
    print("cold", t.duration(to: clock.now))
    var tries = 0
    while (try? await engine.doubleProperty("audio-pts")) == nil { tries += 1; if tries > 100000 { break } }
    print("tries", tries, t.duration(to: clock.now))
    let start = clock.now
    let p0 = Duration.seconds(try await engine.doubleProperty("audio-pts") ?? 0)
    var last = p0
    var n = 0
    var maxErr = Duration.zero
    var minErr = Duration.zero
    while start.duration(to: clock.now) < .milliseconds(500) {
        let w = start.duration(to: clock.now)
        let p = Duration.seconds(try await engine.doubleProperty("audio-pts") ?? 0)
        let w2 = start.duration(to: clock.now)
        n += 1
        if p < last { print("BACK", p, last) }
        last = p
        let err = (p - p0) - w
        maxErr = max(maxErr, err); minErr = min(minErr, (p - p0) - w2)
    }
    print("reads", n, "p0", p0, "last", last, "maxErr", maxErr, "minErr", minErr)
    for s in [PlaybackSettings(isMuted: true, volume: 0.3, rate: 1.5, isPaused: false, contentMode: .aspectFill), PlaybackSettings()] {
        let a = clock.now
        await engine.apply(s)
        print("apply", a.duration(to: clock.now))
        print(try await engine.liveSettings(), engine.lastApplyError as Any)
    }
    let s = clock.now
    for _ in 0..<100 { await engine.apply(PlaybackSettings(volume: 0.5)) }
    print("apply avg", s.duration(to: clock.now) / 100)
    await engine.shutdown()
}
