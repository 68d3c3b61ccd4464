import SeamlessPlayback

/// Where a host's picture comes from: mpv draws the video at a size of the video's own shape, so that fit and fill
/// are the same to it, and the host's frame is cut from that drawing (aspect fill) or framed around it with black bars
/// (aspect fit). Pure: the renderer's shell only copies the rows it names.
///
/// Laying the picture out per host, rather than with mpv's one `panscan` for the engine, is what lets two hosts of a
/// handoff each show their own page's layout: the old host keeps its own until the picture has left it.
struct FrameLayout: Hashable {
    /// The size mpv draws at, in pixels: the video's shape, scaled as the content mode says.
    let renderWidth: Int
    let renderHeight: Int
    /// Where in the drawing the host's copy starts (aspect fill crops the centre).
    let sourceX: Int
    let sourceY: Int
    /// Where in the host's frame the copy goes (aspect fit centres it between bars).
    let destinationX: Int
    let destinationY: Int
    /// The size of the copy, in pixels.
    let copyWidth: Int
    let copyHeight: Int

    /// The longest side mpv is asked to draw: a video far from the host's shape, filled in, would otherwise ask for a
    /// drawing many times the host's size. Past it the drawing is scaled down as a whole, keeping the video's shape,
    /// so a filled picture is smaller than the host on its long axis.
    static let maximumSide = 4096

    /// The layout of a video of `video` pixels (its display size) in a `width × height` host; `nil` when the video's
    /// size is unknown or empty.
    /// - Parameters:
    ///   - video: The video's display width and height, in pixels.
    ///   - width: The host's width, in pixels, at least 1.
    ///   - height: The host's height, in pixels, at least 1.
    ///   - mode: How the picture is laid out in the host.
    init?(video: (width: Int, height: Int), width: Int, height: Int, mode: ContentMode) {
        guard video.width > 0, video.height > 0, width > 0, height > 0 else { return nil }
        var scale = mode.scale(
            for: Size(width: Double(video.width), height: Double(video.height)),
            in: Size(width: Double(width), height: Double(height)))
        // One factor for both sides, so the drawing keeps the video's shape when it is capped.
        let longest = Double(Swift.max(video.width, video.height)) * scale
        if longest > Double(Self.maximumSide) { scale *= Double(Self.maximumSide) / longest }
        let drawnWidth = Swift.min(Double(Self.maximumSide), (Double(video.width) * scale).rounded())
        let drawnHeight = Swift.min(Double(Self.maximumSide), (Double(video.height) * scale).rounded())
        renderWidth = Swift.max(1, Int(drawnWidth))
        renderHeight = Swift.max(1, Int(drawnHeight))
        copyWidth = Swift.min(width, renderWidth)
        copyHeight = Swift.min(height, renderHeight)
        sourceX = (renderWidth - copyWidth) / 2
        sourceY = (renderHeight - copyHeight) / 2
        destinationX = (width - copyWidth) / 2
        destinationY = (height - copyHeight) / 2
    }
}
