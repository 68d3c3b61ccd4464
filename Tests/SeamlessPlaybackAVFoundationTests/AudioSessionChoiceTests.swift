import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AudioSessionChoice: ambient for muted players, playback for sound")
struct AudioSessionChoiceTests {
    typealias Choice = AudioSessionChoice<String>
    static let mutedFeed = PlaybackSettings(isMuted: true, contentMode: .aspectFill)
    static let detailWithSound = PlaybackSettings(isMuted: false, contentMode: .aspectFit)

    @Test("a muted feed clip is ambient: the user's music goes on")
    func mutedFeed() {
        var choice = Choice()
        #expect(choice.applied(Self.mutedFeed, by: "cell") == .ambient)
        #expect(choice.applied(Self.mutedFeed, by: "cell 2") == nil, "set once")
    }

    @Test("a detail page with sound needs playback before it plays; going back to the muted feed, ambient again")
    func feedToDetailAndBack() {
        var choice = Choice()
        _ = choice.applied(Self.mutedFeed, by: "p1")
        #expect(choice.applied(Self.detailWithSound, by: "p1") == .playback)
        #expect(choice.applied(Self.mutedFeed, by: "p1") == .ambient)
    }

    @Test("after a media-services reset the same category is set again on the next apply: a muted feed stays ambient")
    func mediaServicesReset() {
        var choice = Choice()
        #expect(choice.applied(Self.mutedFeed, by: "old engine") == .ambient)
        choice.mediaServicesReset()
        #expect(choice.removed("old engine") == .ambient, "the dead engine's removal sets it again")
        #expect(choice.applied(Self.mutedFeed, by: "new engine") == nil, "once")
        choice.mediaServicesReset()
        #expect(choice.applied(Self.mutedFeed, by: "new engine") == .ambient)
    }

    @Test("paused, silent or muted settings play no sound; a shut-down engine's settings no longer count")
    func noSound() {
        #expect(!Choice.playSound(PlaybackSettings(isPaused: true)))
        #expect(!Choice.playSound(PlaybackSettings(volume: 0)))
        #expect(!Choice.playSound(PlaybackSettings(isMuted: true)))
        var choice = Choice()
        _ = choice.applied(Self.mutedFeed, by: "p1")
        #expect(choice.applied(Self.detailWithSound, by: "p2") == .playback)
        #expect(choice.removed("p2") == .ambient)
        #expect(choice.removed("p2") == nil)
    }
}
