import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("MPVEngine.Options")
struct MPVEngineOptionsTests {
    private func resolved(_ options: MPVEngine.Options) -> [String: String] {
        Dictionary(uniqueKeysWithValues: options.resolvedMPVOptions.map { ($0.name, $0.value) })
    }

    @Test("the default is headless, with short simulated audio buffers")
    func headless() {
        let options = resolved(MPVEngine.Options())
        #expect(options["vo"] == "null")
        #expect(options["ao"] == "null")
        #expect(options["config"] == "no")
        #expect(options["audio-buffer"] == "0.01")
        #expect(options["af"] == "scaletempo")
    }

    @Test("a real audio output keeps mpv's buffering; the caller's options win")
    func callerOptions() {
        let real = resolved(MPVEngine.Options(mpvOptions: ["ao": "pulse", "vo": "gpu"]))
        #expect(real["ao"] == "pulse")
        #expect(real["vo"] == "gpu")
        #expect(real["audio-buffer"] == nil)
        #expect(real["terminal"] == "no")
        let tuned = resolved(MPVEngine.Options(mpvOptions: ["audio-buffer": "0.05", "af": ""]))
        #expect(tuned["audio-buffer"] == "0.05")
        #expect(tuned["af"] == "")
    }

    @Test("a frame-rendering engine outputs to libmpv's render API, whatever vo says, and draws frames when due")
    func rendersFrames() {
        let rendering = resolved(MPVEngine.Options(mpvOptions: ["vo": "gpu"], rendersFrames: true))
        #expect(rendering["vo"] == "libmpv")
        #expect(rendering["video-timing-offset"] == "0")
        let tuned = resolved(MPVEngine.Options(mpvOptions: ["video-timing-offset": "0.05"], rendersFrames: true))
        #expect(tuned["video-timing-offset"] == "0.05")
        #expect(resolved(MPVEngine.Options())["video-timing-offset"] == nil)
    }

    /// Ten seconds (or as the options say) while it plays, one second (or as they say) while paused, through the cache
    /// and over HTTP directly.
    @Test("an apply bounds how far ahead mpv reads, playing and paused")
    func readAhead() {
        func readAhead(_ options: MPVEngine.Options, _ settings: PlaybackSettings, _ name: String) -> MPVValue? {
            let properties = options.properties(applying: settings)
            let names = properties.map(\.name)
            #expect(Array(names.prefix(settings.mpvProperties.count)) == settings.mpvProperties.map(\.name))
            return properties.last { $0.name == name }?.value
        }
        for name in ["demuxer-readahead-secs", "cache-secs"] {
            #expect(readAhead(.init(), PlaybackSettings(), name) == .double(10))
            #expect(readAhead(.init(), .idle, name) == .double(1))
            let shorter = MPVEngine.Options(readAheadWhilePlaying: .milliseconds(2_500))
            #expect(readAhead(shorter, PlaybackSettings(), name) == .double(2.5))
            let none = MPVEngine.Options(readAheadWhilePlaying: .zero)
            #expect(readAhead(none, PlaybackSettings(), name) == .double(1), "never below what it reads paused")
            let light = MPVEngine.Options(readAheadWhilePaused: .milliseconds(250))
            #expect(readAhead(light, .idle, name) == .double(0.25))
            #expect(readAhead(light, PlaybackSettings(), name) == .double(10))
            let negative = MPVEngine.Options(readAheadWhilePlaying: .zero, readAheadWhilePaused: .seconds(-1))
            #expect(readAhead(negative, .idle, name) == .double(0))
            #expect(readAhead(negative, PlaybackSettings(), name) == .double(0))
            let own = MPVEngine.Options(mpvOptions: [name: "30"])
            #expect(readAhead(own, PlaybackSettings(), name) == nil, "the app's own setting stays")
        }
        let own = MPVEngine.Options(mpvOptions: ["cache-secs": "30"])
        #expect(readAhead(own, .idle, "demuxer-readahead-secs") == .double(1), "each is the app's only if it set it")
    }

    /// A quarter of a second (or as the options say, never more than the standard) while paused at a lean depth;
    /// playing, the depth changes nothing.
    @Test("a lean depth reads less ahead while paused, and the same while playing")
    func leanReadAhead() {
        func readAhead(_ options: MPVEngine.Options, _ settings: PlaybackSettings, _ depth: PreloadDepth) -> MPVValue? {
            options.properties(applying: settings, depth: depth).last { $0.name == "demuxer-readahead-secs" }?.value
        }
        #expect(readAhead(.init(), .idle, .lean) == .double(0.25))
        #expect(readAhead(.init(), .idle, .standard) == .double(1))
        #expect(readAhead(.init(), PlaybackSettings(), .lean) == .double(10))
        let tight = MPVEngine.Options(readAheadWhilePaused: .milliseconds(100))
        #expect(readAhead(tight, .idle, .lean) == .double(0.1), "never more than the standard")
        let deeper = MPVEngine.Options(readAheadWhilePlaying: .zero, leanReadAheadWhilePaused: .milliseconds(500))
        #expect(readAhead(deeper, .idle, .lean) == .double(0.5))
        #expect(
            readAhead(deeper, PlaybackSettings(), .lean) == .double(1), "playing reads the standard paused at least")
        #expect(MPVEngine.Options().leanFetchWhilePaused == 64 * 1024)
        #expect(MPVEngine.Options(leastFetchWhilePaused: 32 * 1024).leanFetchWhilePaused == 32 * 1024)
        #expect(MPVEngine.Options(leanFetchWhilePaused: 0).leanFetchWhilePaused == 1)
    }

    @Test("options are set in a stable order")
    func order() {
        let names = MPVEngine.Options().resolvedMPVOptions.map(\.name)
        #expect(names == names.sorted())
    }
}
