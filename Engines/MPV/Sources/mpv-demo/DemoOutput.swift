import Foundation
import MediaFixtures
import PictureKit
import SeamlessPlayback
import SeamlessPlaybackMPV

/// Composes the demo's shots into screens and writes them through ffmpeg: the filmstrip PNG and the mp4.
struct DemoOutput: Sendable {
    /// The compositor, over the drawn feed.
    let compositor = TransitionCompositor(
        background: FeedBackground.column(screen: DemoScript.screen, tappedCell: DemoScript.cell).render())

    /// One screen: the background and the shot's picture placed as the shot's layout says.
    /// - Parameters:
    ///   - shot: Where the picture goes.
    ///   - picture: The picture of the shot's host.
    func screen(_ shot: DemoShot, picture: VideoFrame) -> RGBImage {
        switch shot.layout {
        case .inHost(let host): compositor.compose(picture, in: DemoScript.frame(of: host))
        case .transition(let plan, let progress): compositor.compose(picture, plan: plan, progress: progress)
        }
    }

    /// Writes the filmstrip of the stages, four to a row.
    /// - Parameters:
    ///   - stages: The shots, in order.
    ///   - pictures: Their pictures, in the same order.
    ///   - url: The PNG file.
    /// - Throws: ``PictureKit/PNGWriterError`` when the file cannot be written.
    func writeFilmstrip(_ stages: [DemoShot], pictures: [VideoFrame], to url: URL) async throws {
        let screens = zip(stages, pictures).map { screen($0, picture: $1) }
        let strip = Filmstrip(columns: 4, separatorWidth: 6, separatorColor: RGBColor(grey: 40)).compose(screens)
        try await PNGWriter.write(strip, to: url)
    }

    /// Pipes the composed screens to ffmpeg as raw RGB frames and has it encode an H.264 mp4.
    /// - Parameters:
    ///   - shots: The video's shots, in order, evenly spaced over ``DemoScript/duration``.
    ///   - pictures: Their pictures.
    ///   - url: The mp4 file.
    /// - Throws: When ffmpeg fails.
    func writeVideo(_ shots: [DemoShot], pictures: [VideoFrame], to url: URL) async throws {
        let width = Int(DemoScript.screen.width)
        let height = Int(DemoScript.screen.height)
        let rate = "\(shots.count * 1000)/\(Int(DemoScript.duration * 1000))"
        try await onOwnThread {
            let pipe = try RawVideoPipe(
                ffmpeg: [
                    "-y", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24",
                    "-s", "\(width)x\(height)", "-framerate", rate, "-i", "-",
                    // yuv420p needs an even size; the padding row is black.
                    "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", url.path,
                ])
            for (shot, picture) in zip(shots, pictures) {
                try pipe.write(screen(shot, picture: picture).rgb)
            }
            try pipe.finish()
        }
    }

    /// Whether `ffmpeg` is on the `PATH`.
    static var hasFFmpeg: Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") }
    }
}
