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
    }

    @Test("a real audio output keeps mpv's buffering; the caller's options win")
    func callerOptions() {
        let real = resolved(MPVEngine.Options(mpvOptions: ["ao": "pulse", "vo": "gpu"]))
        #expect(real["ao"] == "pulse")
        #expect(real["vo"] == "gpu")
        #expect(real["audio-buffer"] == nil)
        #expect(real["terminal"] == "no")
        let tuned = resolved(MPVEngine.Options(mpvOptions: ["audio-buffer": "0.05"]))
        #expect(tuned["audio-buffer"] == "0.05")
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

    @Test("an apply reads ahead ten seconds (or as the options say) while it plays, mpv's one second while paused")
    func readAhead() {
        func readAhead(_ options: MPVEngine.Options, _ settings: PlaybackSettings) -> MPVValue? {
            let properties = options.properties(applying: settings)
            let names = properties.map(\.name)
            #expect(Array(names.prefix(settings.mpvProperties.count)) == settings.mpvProperties.map(\.name))
            return properties.last { $0.name == "demuxer-readahead-secs" }?.value
        }
        #expect(readAhead(.init(), PlaybackSettings()) == .double(10))
        #expect(readAhead(.init(), .idle) == .double(1))
        #expect(readAhead(.init(readAheadWhilePlaying: .milliseconds(2_500)), PlaybackSettings()) == .double(2.5))
        let none = MPVEngine.Options(readAheadWhilePlaying: .zero)
        #expect(readAhead(none, PlaybackSettings()) == .double(1), "never below a second")
        let own = MPVEngine.Options(mpvOptions: ["demuxer-readahead-secs": "30"])
        #expect(readAhead(own, PlaybackSettings()) == nil, "the app's own setting stays")
    }

    @Test("options are set in a stable order")
    func order() {
        let names = MPVEngine.Options().resolvedMPVOptions.map(\.name)
        #expect(names == names.sorted())
    }
}
