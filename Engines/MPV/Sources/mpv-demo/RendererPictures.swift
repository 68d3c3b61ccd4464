import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// The pictures: frames the MPV software renderer draws into the demo's two hosts while the story plays, in real time.
///
/// A pool of one frame-rendering ``SeamlessPlaybackMPV/MPVEngine``; the feed (muted, aspect-fill, looping) plays the
/// clip in the cell's ``SeamlessPlaybackMPV/FrameHost``; when the entry starts the detail page (sound on, aspect-fit)
/// borrows the player and the surfaces move the picture to the page's host; when the exit ends the page closes and
/// the surfaces move it back to the cell, where the feed's settings are back on the engine. Each shot takes the
/// latest picture of its host at its moment of the story: a picture the renderer drew, never one made up.
enum RendererPictures {
    /// The source's name in file names and in the listing.
    static let sourceName = "mpv-renderer"

    /// The picture each shot needs, drawn by the MPV renderer while the story plays once, and each page's playback
    /// quality.
    /// - Parameters:
    ///   - shots: The shots, in any order.
    ///   - clip: The clip the feed plays.
    /// - Returns: One frame per shot, in the shots' order; each page's quality for its lease when its part ended.
    /// - Throws: ``DemoError/failed(_:)`` when a host has no picture at a shot's moment, or what the pool throws.
    @MainActor
    static func pictures(for shots: [DemoShot], clip: URL) async throws -> (
        pictures: [VideoFrame], qualities: [QualityLine]
    ) {
        // Sound to mpv's file writer (thrown away): with it playback keeps the wall clock's pace, which the
        // simulated `ao=null` output does only to within about a tenth (measured: 2.7 s of clip in 3 s).
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(
                options: .init(mpvOptions: ["ao": "pcm", "ao-pcm-file": "/dev/null"], rendersFrames: true))
        }
        do {
            let pictures = try await play(shots, clip: clip, on: pool)
            await pool.shutdown()
            return pictures
        } catch {
            await pool.shutdown()
            throw error
        }
    }

    @MainActor
    private static func play(_ shots: [DemoShot], clip: URL, on pool: PlayerPool) async throws -> (
        pictures: [VideoFrame], qualities: [QualityLine]
    ) {
        let surfaces = PlayerSurfaces(pool: pool)
        let hosts = Dictionary(
            uniqueKeysWithValues: DemoHost.allCases.map { host in
                let frame = DemoScript.frame(of: host)
                return (host, FrameHost(width: Int(frame.width), height: Int(frame.height)))
            })
        guard let cell = hosts[.cell], let page = hosts[.page] else { throw DemoError.failed("no hosts") }
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop))
        let detail = try await pool.makeSession(
            named: "detail", settings: PlaybackSettings(isMuted: false, contentMode: .aspectFit))
        let lease = try await feed.acquire(MediaItem(id: clip.path, url: clip))
        surfaces.show(lease, in: cell)
        try await firstPicture(in: cell)

        let entryStart = DemoScript.bounds[1]
        let exitEnd = DemoScript.bounds[4]
        var borrowed: PlayerLease?
        var closed = false
        var pictures: [Int: VideoFrame] = [:]
        var qualities: [QualityLine] = []
        let start = ContinuousClock.now
        for (index, shot) in shots.enumerated().sorted(by: { $0.element.time < $1.element.time }) {
            try await Task.sleep(until: start + .seconds(shot.time), clock: .continuous)
            if borrowed == nil, shot.time >= entryStart {
                let token = try await feed.lend(lease)
                let lent = try await detail.borrow(token)
                surfaces.show(lent, in: page)
                surfaces.hide(lease, from: cell)
                borrowed = lent
                try await firstPicture(in: page)
            }
            if !closed, shot.time >= exitEnd {
                await detail.close()
                if let borrowed {
                    qualities.append(QualityLine(page: "detail", quality: await detail.quality(of: borrowed)))
                }
                surfaces.refresh(lease.player)
                closed = true
                try await nextPicture(in: cell)
            }
            guard let picture = hosts[shot.host]?.latestFrame else {
                throw DemoError.failed("the \(shot.host) host had no picture at \(shot.time) s")
            }
            pictures[index] = picture
        }
        qualities.append(QualityLine(page: "feed", quality: await feed.quality(of: lease)))
        let ordered = try shots.indices.map { index in
            guard let picture = pictures[index] else { throw DemoError.failed("shot \(index) has no picture") }
            return picture
        }
        return (ordered, qualities)
    }

    /// Waits until the host has a picture: it was just attached, and the renderer draws it the current one at once.
    @MainActor
    private static func firstPicture(in host: FrameHost) async throws {
        try await nextPicture(in: host, after: 0)
    }

    /// Waits until the host has a picture newer than its present one.
    @MainActor
    private static func nextPicture(in host: FrameHost, after count: UInt64? = nil) async throws {
        let seen = count ?? host.frameCount
        let deadline = ContinuousClock.now + .seconds(5)
        while host.frameCount <= seen {
            guard ContinuousClock.now < deadline else { throw DemoError.failed("the renderer drew nothing for 5 s") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
