import Testing

@testable import SeamlessPlayback

@Suite("CellVisibility from frames, and ScrollPhase from a scroll view's flags")
struct CellVisibilityGeometryTests {
    static let viewport = Rect(x: 0, y: 1_000, width: 400, height: 800)

    @Test(arguments: [
        (Rect(x: 0, y: 1_000, width: 400, height: 800), 1.0, 0.0),  // fills the viewport
        (Rect(x: 0, y: 1_600, width: 400, height: 400), 0.5, 400.0),  // half below the bottom edge
        (Rect(x: 0, y: 600, width: 400, height: 400), 0.0, 600.0),  // just above the top edge
        (Rect(x: 0, y: 1_200, width: 400, height: 0), 0.0, 200.0),  // no area
    ])
    func aFrameIsMeasuredAgainstTheViewport(frame: Rect, share: Double, distance: Double) {
        let cell = CellVisibility(index: 7, frame: frame, viewport: Self.viewport)
        #expect(cell == CellVisibility(index: 7, visibleFraction: share, distanceFromCenter: distance))
    }

    @Test(arguments: [
        (false, false, ScrollPhase.idle), (true, false, .dragging), (false, true, .decelerating),
        (true, true, .dragging),
    ])
    func aScrollViewsFlagsGiveItsPhase(isDragging: Bool, isDecelerating: Bool, phase: ScrollPhase) {
        #expect(ScrollPhase(isDragging: isDragging, isDecelerating: isDecelerating) == phase)
    }
}
