import SeamlessPlayback

/// A colour of an ``RGBImage``: 8 bits each of red, green and blue.
public struct RGBColor: Hashable, Sendable {
    /// The red component.
    public var red: UInt8
    /// The green component.
    public var green: UInt8
    /// The blue component.
    public var blue: UInt8

    /// Creates a colour from its components.
    /// - Parameters:
    ///   - red: The red component.
    ///   - green: The green component.
    ///   - blue: The blue component.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey: the same value in every component.
    /// - Parameter value: The value of each component.
    public init(grey value: UInt8) {
        self.init(red: value, green: value, blue: value)
    }

    /// Black, the colour mpv draws where no video shows.
    public static let black = RGBColor(grey: 0)
    /// White.
    public static let white = RGBColor(grey: 255)
}

/// A picture held in memory: `width × height` pixels of 8-bit red, green and blue, row by row from the top,
/// with no padding between rows.
///
/// Drawing takes ``SeamlessPlayback/Rect``s in pixel units, the image's top-left corner at (0, 0). A pixel belongs
/// to a rect when its centre, (`x + 0.5`, `y + 0.5`), lies inside it (left and top edges in, right and bottom
/// out), so rects that share an edge never both cover a pixel, and a rect covers the pixels its area rounds to.
public struct RGBImage: Hashable, Sendable {
    /// The width, in pixels.
    public let width: Int
    /// The height, in pixels.
    public let height: Int
    /// `width × height × 3` bytes: red, green, blue, row by row from the top.
    public private(set) var rgb: [UInt8]

    /// An image of one colour.
    /// - Parameters:
    ///   - width: The width, in pixels; a negative one counts as 0.
    ///   - height: The height, in pixels; a negative one counts as 0.
    ///   - color: The colour of every pixel. Defaults to black.
    public init(width: Int, height: Int, color: RGBColor = .black) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let pixel = [color.red, color.green, color.blue]
        rgb = [UInt8](repeating: 0, count: self.width * self.height * 3)
        if color != .black {
            for index in stride(from: 0, to: rgb.count, by: 3) {
                rgb.replaceSubrange(index..<index + 3, with: pixel)
            }
        }
    }

    /// An image made of given bytes.
    /// - Parameters:
    ///   - width: The width, in pixels.
    ///   - height: The height, in pixels.
    ///   - rgb: `width × height × 3` bytes, as ``rgb`` holds them.
    /// - Returns: `nil` if `rgb` does not have exactly that many bytes, or a size is negative.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width >= 0, height >= 0, rgb.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The whole image as a rect: origin (0, 0), size `width × height`.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    }

    /// The colour of one pixel.
    ///
    /// Reading outside the image gives `nil`; writing outside it, or writing `nil`, changes nothing.
    /// - Parameters:
    ///   - x: The column, from the left.
    ///   - y: The row, from the top.
    public subscript(x: Int, y: Int) -> RGBColor? {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return nil }
            let offset = (y * width + x) * 3
            return RGBColor(red: rgb[offset], green: rgb[offset + 1], blue: rgb[offset + 2])
        }
        set {
            guard let newValue, x >= 0, y >= 0, x < width, y < height else { return }
            set(newValue, at: (y * width + x) * 3)
        }
    }

    /// The pixels whose centres lie inside a rect, clipped to the image.
    /// - Parameter rect: A rect in pixel units.
    /// - Returns: The columns and rows covered; empty ranges when none is.
    public func pixels(in rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        func covered(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
            guard low.isFinite, high.isFinite else { return 0..<0 }
            // Pixel i is covered when low <= i + 0.5 < high.
            let first = min(max(Int((low - 0.5).rounded(.up)), 0), limit)
            let end = min(max(Int((high - 0.5).rounded(.up)), first), limit)
            return first..<end
        }
        let standard = rect.standardized
        return (covered(standard.minX, standard.maxX, width), covered(standard.minY, standard.maxY, height))
    }

    /// Paints every pixel of a rect one colour.
    /// - Parameters:
    ///   - rect: The rect, in pixel units; the part outside the image is ignored.
    ///   - color: The colour.
    public mutating func fill(_ rect: Rect, with color: RGBColor) {
        let (columns, rows) = pixels(in: rect)
        for y in rows {
            for x in columns { set(color, at: (y * width + x) * 3) }
        }
    }

    /// Draws the outline of a rect, optionally with rounded corners, inside the rect's edge.
    /// - Parameters:
    ///   - rect: The rect, in pixel units.
    ///   - color: The colour of the line.
    ///   - lineWidth: The line's thickness, in pixels, measured inwards from the rect's edge. Defaults to 1.
    ///   - cornerRadius: The radius of the corners' outer curve; 0 (the default) gives square corners.
    public mutating func strokeOutline(
        of rect: Rect, color: RGBColor, lineWidth: Double = 1, cornerRadius: Double = 0
    ) {
        let outer = rect.standardized
        let inner = Rect(
            x: outer.minX + lineWidth, y: outer.minY + lineWidth,
            width: outer.width - 2 * lineWidth, height: outer.height - 2 * lineWidth)
        let innerRadius = max(cornerRadius - lineWidth, 0)
        let (columns, rows) = pixels(in: outer)
        for y in rows {
            for x in columns {
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard Self.roundedRect(outer, radius: cornerRadius, contains: centre) else { continue }
                let isInside =
                    inner.width > 0 && inner.height > 0
                    && Self.roundedRect(inner, radius: innerRadius, contains: centre)
                if !isInside { set(color, at: (y * width + x) * 3) }
            }
        }
    }

    /// The part of the image inside a rect, as an image of its own.
    /// - Parameter rect: The rect, in pixel units; clipped to the image.
    /// - Returns: The covered pixels; an empty image if the rect misses the image.
    public func cropped(to rect: Rect) -> RGBImage {
        let (columns, rows) = pixels(in: rect)
        var result = RGBImage(width: columns.count, height: rows.count)
        for (row, y) in rows.enumerated() {
            let source = (y * width + columns.lowerBound) * 3
            let target = row * result.width * 3
            result.rgb.replaceSubrange(
                target..<target + columns.count * 3, with: rgb[source..<source + columns.count * 3])
        }
        return result
    }

    /// Copies another image into this one, pixel for pixel, its top-left corner at (`x`, `y`).
    /// - Parameters:
    ///   - image: The image to copy; the part that falls outside this one is left out.
    ///   - x: The column of its left edge; may be negative.
    ///   - y: The row of its top edge; may be negative.
    public mutating func paste(_ image: RGBImage, atX x: Int, y: Int) {
        let left = max(x, 0)
        let right = min(x + image.width, width)
        let top = max(y, 0)
        let bottom = min(y + image.height, height)
        guard left < right, top < bottom else { return }
        let count = (right - left) * 3
        for targetRow in top..<bottom {
            let source = ((targetRow - y) * image.width + (left - x)) * 3
            let target = (targetRow * width + left) * 3
            rgb.replaceSubrange(target..<target + count, with: image.rgb[source..<source + count])
        }
    }

    /// Sets the three bytes of one pixel, its offset already checked.
    mutating func set(_ color: RGBColor, at offset: Int) {
        rgb[offset] = color.red
        rgb[offset + 1] = color.green
        rgb[offset + 2] = color.blue
    }

    /// Whether a point lies inside a rect whose corners are rounded with a radius (capped at half the shorter side).
    private static func roundedRect(_ rect: Rect, radius: Double, contains point: Point) -> Bool {
        guard point.x >= rect.minX, point.x < rect.maxX, point.y >= rect.minY, point.y < rect.maxY else {
            return false
        }
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return true }
        // Only the corner squares need the circle test: measure from the nearest corner circle's centre.
        let dx = max(rect.minX + r - point.x, point.x - (rect.maxX - r), 0)
        let dy = max(rect.minY + r - point.y, point.y - (rect.maxY - r), 0)
        return dx * dx + dy * dy <= r * r
    }
}
