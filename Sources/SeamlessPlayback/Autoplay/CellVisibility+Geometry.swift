extension CellVisibility {
    /// Measures a cell against the viewport, both in the same coordinates (a scroll view's content coordinates: its
    /// `bounds` is the viewport). The shells of UIKit and SwiftUI call this; the arithmetic lives here, tested.
    /// - Parameters:
    ///   - index: The cell's index in the feed.
    ///   - frame: The cell's frame.
    ///   - viewport: The visible part of the list.
    public init(index: Int, frame: Rect, viewport: Rect) {
        let width = min(frame.maxX, viewport.maxX) - max(frame.minX, viewport.minX)
        let height = min(frame.maxY, viewport.maxY) - max(frame.minY, viewport.minY)
        let area = frame.size.width * frame.size.height
        let shown = width > 0 && height > 0 && area > 0 ? width * height / abs(area) : 0
        let dx = frame.midX - viewport.midX
        let dy = frame.midY - viewport.midY
        self.init(index: index, visibleFraction: shown, distanceFromCenter: (dx * dx + dy * dy).squareRoot())
    }
}

extension ScrollPhase {
    /// The phase of a scroll view that reports whether the finger moves it and whether it moves on after the finger
    /// left (UIKit's `isDragging` and `isDecelerating`).
    /// - Parameters:
    ///   - isDragging: Whether the user's finger moves the list.
    ///   - isDecelerating: Whether the list moves on after the finger has left it.
    public init(isDragging: Bool, isDecelerating: Bool) {
        self = isDragging ? .dragging : isDecelerating ? .decelerating : .idle
    }
}
