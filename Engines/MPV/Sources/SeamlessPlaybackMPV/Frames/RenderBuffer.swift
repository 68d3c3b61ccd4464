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

    /// Gives the memory back.
    mutating func free() {
        bytes?.deallocate()
        bytes = nil
        capacity = 0
    }
}
