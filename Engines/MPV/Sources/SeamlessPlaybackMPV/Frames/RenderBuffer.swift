/// The memory the render thread draws into: rows 64-byte aligned, as mpv's software renderer prefers, reused from
/// frame to frame and grown when a larger host comes.
struct RenderBuffer {
    private var bytes: UnsafeMutableRawPointer?
    private var capacity = 0
    /// Bytes from one row to the next, for the last ``prepare(width:height:)``.
    private(set) var stride = 0

    private static let alignment = 64

    /// Makes room for a `width × height` rgb0 picture and returns where to draw it.
    mutating func prepare(width: Int, height: Int) -> UnsafeMutableRawPointer {
        stride = (width * 4 + Self.alignment - 1) / Self.alignment * Self.alignment
        let needed = Swift.max(stride * height, Self.alignment)
        if let bytes, capacity >= needed { return bytes }
        bytes?.deallocate()
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: Self.alignment)
        fresh.initializeMemory(as: UInt8.self, repeating: 0, count: needed)
        bytes = fresh
        capacity = needed
        return fresh
    }

    /// The picture last drawn, copied out, `stride × height` bytes.
    func copy(height: Int) -> (pixels: [UInt8], stride: Int) {
        guard let bytes else { return ([], stride) }
        let count = Swift.min(stride * height, capacity)
        return (Array(UnsafeRawBufferPointer(start: bytes, count: count)), stride)
    }

    /// The host's frame cut or framed from the picture last drawn, as `layout` says: `width × 4` bytes a row, black
    /// where the drawing does not reach (aspect fit's bars).
    /// - Parameters:
    ///   - layout: Where the host's frame comes from; the drawing was made at its render size.
    ///   - width: The host's width.
    ///   - height: The host's height.
    func compose(_ layout: FrameLayout, width: Int, height: Int) -> (pixels: [UInt8], stride: Int) {
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        guard let bytes, stride * layout.renderHeight <= capacity else { return (pixels, rowBytes) }
        let copyBytes = layout.copyWidth * 4
        pixels.withUnsafeMutableBytes { destination in
            guard let base = destination.baseAddress else { return }
            for row in 0..<layout.copyHeight {
                let from = bytes + (layout.sourceY + row) * stride + layout.sourceX * 4
                let to = base + (layout.destinationY + row) * rowBytes + layout.destinationX * 4
                to.copyMemory(from: from, byteCount: copyBytes)
            }
        }
        return (pixels, rowBytes)
    }

    /// Gives the memory back.
    mutating func free() {
        bytes?.deallocate()
        bytes = nil
        capacity = 0
    }
}
