import SeamlessPlayback

/// The feed page drawn behind the player: a light page with grey cell placeholders and the tapped cell.
///
/// This is the only picture the demo invents; everything over it is the player's own pixels placed by a
/// ``SeamlessPlayback/TransitionPlan``.
public struct FeedBackground: Hashable, Sendable {
    /// The screen's size, in pixels.
    public var screen: Size
    /// The cell the user taps, whose player the transition carries: the plan's source.
    public var tappedCell: Rect
    /// The other cells of the feed, drawn as grey placeholders.
    public var otherCells: [Rect]
    /// The cells' corner radius, in pixels. Defaults to 12.
    public var cornerRadius = 12.0

    /// The page's colour.
    public static let pageColor = RGBColor(grey: 242)
    /// The colour of a cell that shows no player.
    public static let cellColor = RGBColor(grey: 200)
    /// The tapped cell's colour where no picture covers it, and its outline.
    public static let tappedCellColor = RGBColor(grey: 90)

    /// A feed of any cells.
    /// - Parameters:
    ///   - screen: The screen's size, in pixels.
    ///   - tappedCell: The cell the user taps.
    ///   - otherCells: The other cells.
    public init(screen: Size, tappedCell: Rect, otherCells: [Rect]) {
        self.screen = screen
        self.tappedCell = tappedCell
        self.otherCells = otherCells
    }

    /// A one-column feed: the tapped cell, and cells of its size above and below it, `spacing` apart, as far as
    /// the screen reaches.
    /// - Parameters:
    ///   - screen: The screen's size, in pixels.
    ///   - tappedCell: The cell the user taps.
    ///   - spacing: The gap between cells, in pixels. Defaults to 16.
    /// - Returns: The feed.
    public static func column(screen: Size, tappedCell: Rect, spacing: Double = 16) -> FeedBackground {
        var others: [Rect] = []
        let step = tappedCell.height + spacing
        if step > 0 {
            var above = tappedCell.origin.y - step
            while above + tappedCell.height > 0 {
                others.append(Rect(origin: Point(x: tappedCell.minX, y: above), size: tappedCell.size))
                above -= step
            }
            var below = tappedCell.maxY + spacing
            while below < screen.height {
                others.append(Rect(origin: Point(x: tappedCell.minX, y: below), size: tappedCell.size))
                below += step
            }
        }
        return FeedBackground(screen: screen, tappedCell: tappedCell, otherCells: others)
    }

    /// Draws the feed.
    /// - Returns: An image of the screen's size (rounded to whole pixels).
    public func render() -> RGBImage {
        var image = RGBImage(
            width: Int(screen.width.rounded()), height: Int(screen.height.rounded()), color: Self.pageColor)
        for cell in otherCells {
            image.fillRounded(cell, radius: cornerRadius, color: Self.cellColor)
        }
        image.fillRounded(tappedCell, radius: cornerRadius, color: Self.tappedCellColor)
        return image
    }
}

extension RGBImage {
    /// Fills a rounded rect by stroking it with a line as thick as half its shorter side.
    fileprivate mutating func fillRounded(_ rect: Rect, radius: Double, color: RGBColor) {
        strokeOutline(of: rect, color: color, lineWidth: min(rect.width, rect.height) / 2 + 1, cornerRadius: radius)
    }
}
