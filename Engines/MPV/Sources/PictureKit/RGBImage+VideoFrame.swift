import SeamlessPlayback
import SeamlessPlaybackMPV

extension RGBImage {
    /// How a scaled picture picks its colours.
    public enum Sampling: Hashable, Sendable {
        /// Each pixel takes the colour of the source pixel under its centre: exact at a scale of 1.
        case nearest
        /// Each pixel blends the four source pixels around its centre by distance: smoother when scaled.
        case bilinear
    }

    /// Draws a whole video frame scaled to fill a rect, optionally clipped by another.
    ///
    /// The frame's full extent, black bars and all, maps onto `destination`: its pixel (`u`, `v`) covers
    /// `destination.minX + u × destination.width / frame.width` onwards, and likewise down. Only the pixels inside
    /// `destination`, `clip` and the image change. A frame whose `pixels` are shorter than `stride × height`
    /// promises, or whose stride is below `width × 4`, draws nothing.
    ///
    /// - Parameters:
    ///   - frame: The picture, `rgb0`; its unused fourth byte is ignored.
    ///   - destination: Where the frame's full extent lands, in pixel units.
    ///   - clip: Pixels outside this rect are left as they are; `nil` (the default) clips to `destination` alone.
    ///   - sampling: How scaled pixels are picked. Defaults to ``Sampling/nearest``.
    public mutating func draw(
        _ frame: VideoFrame, in destination: Rect, clippedTo clip: Rect? = nil, sampling: Sampling = .nearest
    ) {
        let target = destination.standardized
        guard frame.width > 0, frame.height > 0, frame.stride >= frame.width * 4,
            frame.pixels.count >= frame.stride * (frame.height - 1) + frame.width * 4,
            target.width > 0, target.height > 0
        else { return }
        var region = target
        if let clip {
            guard let overlap = target.intersection(clip) else { return }
            region = overlap
        }
        let (columns, rows) = pixels(in: region)
        let scaleX = Double(frame.width) / target.width
        let scaleY = Double(frame.height) / target.height
        for y in rows {
            // The pixel centre's position in the frame, in frame pixels.
            let v = (Double(y) + 0.5 - target.minY) * scaleY
            for x in columns {
                let u = (Double(x) + 0.5 - target.minX) * scaleX
                let color =
                    switch sampling {
                    case .nearest: Self.nearest(frame, u: u, v: v)
                    case .bilinear: Self.bilinear(frame, u: u, v: v)
                    }
                set(color, at: (y * width + x) * 3)
            }
        }
    }

    private static func nearest(_ frame: VideoFrame, u: Double, v: Double) -> RGBColor {
        let column = min(max(Int(u.rounded(.down)), 0), frame.width - 1)
        let row = min(max(Int(v.rounded(.down)), 0), frame.height - 1)
        let offset = row * frame.stride + column * 4
        return RGBColor(red: frame.pixels[offset], green: frame.pixels[offset + 1], blue: frame.pixels[offset + 2])
    }

    private static func bilinear(_ frame: VideoFrame, u: Double, v: Double) -> RGBColor {
        // Pixel centres sit at half-integers; clamp at the edges so the border pixels are not darkened.
        let fx = min(max(u - 0.5, 0), Double(frame.width - 1))
        let fy = min(max(v - 0.5, 0), Double(frame.height - 1))
        let x0 = Int(fx.rounded(.down))
        let y0 = Int(fy.rounded(.down))
        let x1 = min(x0 + 1, frame.width - 1)
        let y1 = min(y0 + 1, frame.height - 1)
        let tx = fx - Double(x0)
        let ty = fy - Double(y0)
        func channel(_ index: Int) -> UInt8 {
            func at(_ x: Int, _ y: Int) -> Double { Double(frame.pixels[y * frame.stride + x * 4 + index]) }
            let top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx
            let bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx
            return UInt8(min(max((top * (1 - ty) + bottom * ty).rounded(), 0), 255))
        }
        return RGBColor(red: channel(0), green: channel(1), blue: channel(2))
    }
}
