/// One picture that a frame-rendering ``MPVEngine`` drew into a ``FrameHost``: mpv's software renderer's output at the
/// host's size, in `rgb0` (red, green, blue and one unused byte per pixel, rows top to bottom).
///
/// The video is laid out in the frame as the host's page's ``SeamlessPlayback/ContentMode`` says: aspect fit leaves
/// black bars where the frame's shape differs from the video's, aspect fill crops. (mpv draws the video's own shape;
/// the host's frame is cut or framed from it. Before mpv has told the video's size, mpv lays out the first pictures
/// itself, with the engine's `panscan`.)
public struct VideoFrame: Sendable {
    /// Why the picture was drawn.
    public enum Kind: Hashable, Sendable {
        /// mpv had a new video frame.
        case newFrame
        /// The current video frame drawn again: the host was just attached (so it never shows nothing), or resized.
        case redraw
    }

    /// The width, in pixels.
    public let width: Int
    /// The height, in pixels.
    public let height: Int
    /// Bytes from one row to the next: at least `width × 4`.
    public let stride: Int
    /// `stride × height` bytes: `rgb0`, row by row from the top.
    public let pixels: [UInt8]
    /// Why it was drawn.
    public let kind: Kind
    /// The picture's number in its host, from 1.
    public let sequence: UInt64
    /// When the renderer finished drawing it.
    public let renderedAt: ContinuousClock.Instant

    /// A frame, as the renderer makes one (tests and tools make their own, too).
    /// - Parameters:
    ///   - width: The width, in pixels.
    ///   - height: The height, in pixels.
    ///   - stride: Bytes from one row to the next, at least `width × 4`.
    ///   - pixels: `stride × height` bytes of `rgb0`.
    ///   - kind: Why it was drawn.
    ///   - sequence: Its number in its host.
    ///   - renderedAt: When it was drawn.
    public init(
        width: Int, height: Int, stride: Int, pixels: [UInt8], kind: Kind, sequence: UInt64,
        renderedAt: ContinuousClock.Instant
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.kind = kind
        self.sequence = sequence
        self.renderedAt = renderedAt
    }

    /// The red, green and blue of the pixel at (`x`, `y`), or `nil` outside the frame (or its bytes).
    /// - Parameters:
    ///   - x: The column, from the left.
    ///   - y: The row, from the top.
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = y * stride + x * 4
        guard offset + 2 < pixels.count else { return nil }
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
