import SeamlessPlayback
import SeamlessPlaybackMPV

extension FrameCode {
    /// Reads the frame index a host's picture shows.
    ///
    /// The video lies in the frame where mpv put it: `mode.rect(for: videoSize, in: frameRect)`. Each cell's
    /// centre half (a quarter of its side in from each edge) is mapped from picture to frame pixels and the mean
    /// grey of the frame pixels whose centres fall in it (at least the one under the cell's centre) is taken; a
    /// mean within ``levelTolerance`` of ``oneLevel`` reads 1, of ``zeroLevel`` reads 0, anything else makes the
    /// frame unreadable, as does a cell centre outside the frame. The codeword's check bits must agree.
    ///
    /// When no code is read, the frame is ``FrameReading/black`` if every byte of its buffer is zero or every
    /// pixel of the part of the video rect inside the frame has no channel brighter than ``blackLevel``;
    /// otherwise ``FrameReading/unreadable``.
    /// - Parameters:
    ///   - frame: The picture a host received.
    ///   - videoSize: The clip's size, in pixels (as the code was drawn for it).
    ///   - mode: How mpv laid the video out in the frame.
    /// - Returns: What the frame shows.
    package static func decode(_ frame: VideoFrame, videoSize: Size, mode: ContentMode) -> FrameReading {
        let box = Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        let video = mode.rect(for: videoSize, in: box)
        if video.isFinite, video.width > 0, let index = readCode(frame, videoSize: videoSize, video: video) {
            return .index(index)
        }
        return isBlack(frame, video: video.isFinite ? video.intersection(box) : nil) ? .black : .unreadable
    }

    /// The index the cells spell, or `nil` when a cell is unclear, cut off, or the check bits disagree.
    private static func readCode(_ frame: VideoFrame, videoSize: Size, video: Rect) -> Int? {
        let grid = grid(width: Int(videoSize.width.rounded()), height: Int(videoSize.height.rounded()))
        let scaleX = video.width / videoSize.width
        let scaleY = video.height / videoSize.height
        var codeword = 0
        for cell in 0..<columns * rows {
            let source = grid.rect(ofCell: cell)
            let patch = Rect(
                x: video.minX + (source.minX + source.width / 4) * scaleX,
                y: video.minY + (source.minY + source.height / 4) * scaleY,
                width: source.width / 2 * scaleX, height: source.height / 2 * scaleY)
            guard let grey = meanGrey(frame, in: patch) else { return nil }
            if abs(grey - Double(oneLevel)) <= Double(levelTolerance) {
                codeword = codeword << 1 | 1
            } else if abs(grey - Double(zeroLevel)) <= Double(levelTolerance) {
                codeword <<= 1
            } else {
                return nil
            }
        }
        return index(fromCodeword: codeword)
    }

    /// The mean of red, green and blue over the frame pixels whose centres lie in `patch` (or the pixel under its
    /// centre when none do); `nil` when the patch's centre is outside the frame or a pixel is missing.
    private static func meanGrey(_ frame: VideoFrame, in patch: Rect) -> Double? {
        let centre = patch.center
        guard centre.x >= 0, centre.y >= 0, centre.x < Double(frame.width), centre.y < Double(frame.height) else {
            return nil
        }
        var left = Int((patch.minX - 0.5).rounded(.up))
        var right = Int((patch.maxX - 0.5).rounded(.up))
        var top = Int((patch.minY - 0.5).rounded(.up))
        var bottom = Int((patch.maxY - 0.5).rounded(.up))
        if left >= right {
            left = Int(centre.x)
            right = left + 1
        }
        if top >= bottom {
            top = Int(centre.y)
            bottom = top + 1
        }
        var sum = 0
        for y in max(0, top)..<min(frame.height, bottom) {
            for x in max(0, left)..<min(frame.width, right) {
                guard let pixel = frame.rgb(x: x, y: y) else { return nil }
                sum += Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
            }
        }
        let count = (min(frame.height, bottom) - max(0, top)) * (min(frame.width, right) - max(0, left))
        guard count > 0 else { return nil }
        return Double(sum) / Double(count * 3)
    }

    /// Whether the buffer is all zeros or the visible video area is all near-black.
    private static func isBlack(_ frame: VideoFrame, video: Rect?) -> Bool {
        if frame.pixels.allSatisfy({ $0 == 0 }) { return true }
        guard let video, video.width >= 1, video.height >= 1 else { return false }
        let left = Int(video.minX.rounded(.down))
        let top = Int(video.minY.rounded(.down))
        let right = min(frame.width, Int(video.maxX.rounded(.up)))
        let bottom = min(frame.height, Int(video.maxY.rounded(.up)))
        for y in max(0, top)..<max(max(0, top), bottom) {
            for x in max(0, left)..<max(max(0, left), right) {
                guard let pixel = frame.rgb(x: x, y: y) else { return false }
                if Int(max(pixel.red, pixel.green, pixel.blue)) > blackLevel { return false }
            }
        }
        return true
    }
}
