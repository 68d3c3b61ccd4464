import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// Synthetic media that needs no file and no network: libavfilter's test pattern and a sine tone.
enum TestMedia {
    /// Video 640×360 at 30 fps with a 440 Hz audio track, from one lavfi graph (`out0` video, `out1` audio).
    static let clip = MediaItem(
        id: "av://lavfi:testsrc=size=640x360:rate=30[out0];sine=frequency=440:sample_rate=48000[out1]"
    )
    /// One frame at 30 fps.
    static let frame = Duration.milliseconds(1000) / 30
    /// A path that does not exist.
    static let missing = MediaItem(id: "/nonexistent/seamless-playback-\(UUID().uuidString).mp4")
}
