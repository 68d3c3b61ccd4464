import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineError")
struct AVPlayerEngineErrorTests {
    @Test(
        "each error describes itself in one line",
        arguments: [
            (AVPlayerEngineError.noURL(mediaID: "clip-1"), "media 'clip-1' has no URL for an AVPlayerItem"),
            (.itemFailed(reason: "bad codec"), "the AVPlayerItem failed: bad codec"),
            (.playbackFailed(reason: "stalled"), "playback failed: stalled"),
            (
                .decoderLimit(reason: "Cannot Decode"),
                "no video decoder is free (AVFoundation error -11839, decoder temporarily unavailable): too many players "
                    + "hold a decoder; a smaller pool capacity leaves decoders free (Cannot Decode)"
            ),
            (.seekInterrupted, "the seek was interrupted before it finished"),
            (.seekFailed(reason: "nothing is loaded"), "cannot seek: nothing is loaded"),
            (.cancelled, "the load was cancelled"),
            (.superseded, "another load replaced this one"),
            (.shutDown, "the engine is shut down"),
        ])
    func description(error: AVPlayerEngineError, expected: String) {
        #expect(error.description == expected)
        #expect(!expected.contains("\n"))
    }
}
