import SeamlessPlayback

/// Tiles images into one, left to right and then row by row, with thin separators between them.
///
/// Every tile is as big as the largest image; a smaller image sits in its tile's top-left corner over the
/// separator colour.
public struct Filmstrip: Hashable, Sendable {
    /// How many tiles a row holds; `nil` puts them all in one row.
    public var columns: Int?
    /// The gap between tiles, in pixels.
    public var separatorWidth: Int
    /// The colour of the gaps.
    public var separatorColor: RGBColor

    /// A filmstrip layout.
    /// - Parameters:
    ///   - columns: Tiles a row; `nil` (the default) for one row. Values below 1 count as 1.
    ///   - separatorWidth: The gap between tiles, in pixels. Defaults to 4; negative counts as 0.
    ///   - separatorColor: The colour of the gaps. Defaults to white.
    public init(columns: Int? = nil, separatorWidth: Int = 4, separatorColor: RGBColor = .white) {
        self.columns = columns.map { max($0, 1) }
        self.separatorWidth = max(separatorWidth, 0)
        self.separatorColor = separatorColor
    }

    /// Where each of `count` tiles of a size goes.
    /// - Parameters:
    ///   - count: How many tiles.
    ///   - tile: Each tile's size, in pixels.
    /// - Returns: The whole strip's size and each tile's top-left corner, in order.
    public func layout(count: Int, tile: (width: Int, height: Int)) -> (
        width: Int, height: Int, origins: [(x: Int, y: Int)]
    ) {
        guard count > 0 else { return (0, 0, []) }
        let perRow = min(columns ?? count, count)
        let rows = (count + perRow - 1) / perRow
        let origins = (0..<count).map { index in
            (x: index % perRow * (tile.width + separatorWidth), y: index / perRow * (tile.height + separatorWidth))
        }
        return (
            perRow * tile.width + (perRow - 1) * separatorWidth, rows * tile.height + (rows - 1) * separatorWidth,
            origins
        )
    }

    /// The images tiled into one.
    /// - Parameter images: The tiles, in reading order.
    /// - Returns: The strip; an empty image when there are none.
    public func compose(_ images: [RGBImage]) -> RGBImage {
        let tile = (width: images.map(\.width).max() ?? 0, height: images.map(\.height).max() ?? 0)
        let layout = layout(count: images.count, tile: tile)
        var strip = RGBImage(width: layout.width, height: layout.height, color: separatorColor)
        for (image, origin) in zip(images, layout.origins) {
            strip.paste(image, atX: origin.x, y: origin.y)
        }
        return strip
    }
}
