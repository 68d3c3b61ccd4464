import Foundation
import MediaFixtures
import SeamlessPlayback
import SeamlessPlaybackMPV

/// Dev mode's pictures: the clip decoded by ffmpeg and laid out at each host's size as mpv lays out a frame in a
/// host (the cell's aspect fill crops, the page's aspect fit pads with black), in `rgb0`.
///
/// These are the clip's own frames, not pictures the MPV renderer drew: its scaler, colour conversion and timing are
/// ffmpeg's, and each shot gets the clip's frame at the shot's time rather than whatever the renderer had shown by
/// then. The demo names its outputs after the source so the two are never confused.
enum FFmpegPictures {
    /// The source's name in file names and in the listing.
    static let sourceName = "ffmpeg-frames"

    /// The picture each shot needs.
    /// - Parameters:
    ///   - shots: The shots, in any order.
    ///   - clip: The clip to decode.
    /// - Returns: One frame per shot, in the shots' order.
    /// - Throws: ``DemoError/failed(_:)`` when ffmpeg fails or ends before a wanted frame.
    static func pictures(for shots: [DemoShot], clip: URL) async throws -> [VideoFrame] {
        var byHost: [DemoHost: [Int: VideoFrame]] = [:]
        for host in DemoHost.allCases {
            let wanted = Set(shots.filter { $0.host == host }.map { frameIndex(at: $0.time) })
            guard !wanted.isEmpty else { continue }
            byHost[host] = try await decode(clip, for: host, frames: wanted)
        }
        return try shots.map { shot in
            guard let frame = byHost[shot.host]?[frameIndex(at: shot.time)] else {
                throw DemoError.failed("ffmpeg gave no frame at \(shot.time) s for the \(shot.host) host")
            }
            return frame
        }
    }

    /// The clip's frame shown at a time, looping.
    static func frameIndex(at time: Double) -> Int {
        let total = DemoClip.seconds * DemoClip.framesPerSecond
        return Int((time * Double(DemoClip.framesPerSecond)).rounded(.down)) % total
    }

    /// The ffmpeg filter that lays the clip out in a host as mpv would: scale, then crop (fill) or pad (fit).
    static func layoutFilter(for host: DemoHost) -> (filter: String, width: Int, height: Int) {
        let frame = DemoScript.frame(of: host)
        let width = Int(frame.width)
        let height = Int(frame.height)
        switch host {
        case .cell:
            return (
                "scale=\(width):\(height):force_original_aspect_ratio=increase,crop=\(width):\(height)", width,
                height
            )
        case .page:
            return (
                "scale=\(width):\(height):force_original_aspect_ratio=decrease,"
                    + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2:black", width, height
            )
        }
    }

    private static func decode(_ clip: URL, for host: DemoHost, frames wanted: Set<Int>) async throws -> [Int:
        VideoFrame]
    {
        let (filter, width, height) = layoutFilter(for: host)
        return try await onOwnThread {
            let pipe = try RawVideoPipe(
                ffmpeg: [
                    "-hide_banner", "-loglevel", "error", "-i", clip.path, "-vf", filter, "-f", "rawvideo",
                    "-pix_fmt", "rgb0", "-",
                ], writing: false)
            var frames: [Int: VideoFrame] = [:]
            var index = 0
            while let bytes = try pipe.read(byteCount: width * height * 4) {
                if wanted.contains(index) {
                    frames[index] = VideoFrame(
                        width: width, height: height, stride: width * 4, pixels: bytes, kind: .newFrame,
                        sequence: UInt64(index + 1), renderedAt: .now)
                }
                index += 1
            }
            try pipe.finish()
            return frames
        }
    }
}
