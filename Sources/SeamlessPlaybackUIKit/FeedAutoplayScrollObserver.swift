#if canImport(UIKit) && !os(watchOS)
import SeamlessPlayback
import UIKit

/// Feeds a ``SeamlessPlayback/FeedAutoplay`` from a `UICollectionView` or `UIScrollView`: the visible cells' frames
/// against the scroll view's bounds, and its `isDragging` and `isDecelerating`.
///
/// A thin shell: the shares and distances are measured by
/// ``SeamlessPlayback/CellVisibility/init(index:frame:viewport:)``, the phase by
/// ``SeamlessPlayback/ScrollPhase/init(isDragging:isDecelerating:)``, and every decision is the coordinator's. Call
/// ``update()`` from the scroll view delegate's `scrollViewDidScroll(_:)`, `scrollViewDidEndDragging(_:willDecelerate:)`
/// and `scrollViewDidEndDecelerating(_:)`, and after a reload or layout change. The updates reach the coordinator in
/// order, on one task; an update not yet delivered when a newer one comes is dropped (the newer one says it all).
@MainActor
public final class FeedAutoplayScrollObserver {
    private let scrollView: UIScrollView
    private let cellFrames: @MainActor () -> [(index: Int, frame: CGRect)]
    private let updates: AsyncStream<(cells: [CellVisibility], phase: SeamlessPlayback.ScrollPhase)>.Continuation
    private let delivery: Task<Void, Never>

    /// Observes a scroll view whose cells the app measures.
    /// - Parameters:
    ///   - autoplay: The feed's coordinator.
    ///   - scrollView: The scroll view; its `bounds` is the viewport.
    ///   - cellFrames: The visible cells' feed indices and frames, in the scroll view's content coordinates.
    public init(
        autoplay: FeedAutoplay, scrollView: UIScrollView,
        cellFrames: @escaping @MainActor () -> [(index: Int, frame: CGRect)]
    ) {
        self.scrollView = scrollView
        self.cellFrames = cellFrames
        let (stream, updates) = AsyncStream.makeStream(
            of: (cells: [CellVisibility], phase: SeamlessPlayback.ScrollPhase).self,
            bufferingPolicy: .bufferingNewest(1))
        self.updates = updates
        delivery = Task {
            for await update in stream { await autoplay.visibilityChanged(update.cells, phase: update.phase) }
        }
    }

    /// Observes a single-section collection view: each visible item's index is its feed index.
    /// - Parameters:
    ///   - autoplay: The feed's coordinator.
    ///   - collectionView: The collection view.
    public convenience init(autoplay: FeedAutoplay, collectionView: UICollectionView) {
        self.init(autoplay: autoplay, scrollView: collectionView) { [unowned collectionView] in
            collectionView.indexPathsForVisibleItems.compactMap { path in
                collectionView.layoutAttributesForItem(at: path).map { (path.item, $0.frame) }
            }
        }
    }

    deinit {
        updates.finish()
        delivery.cancel()
    }

    /// Measures the visible cells and the phase now and sends them to the coordinator.
    public func update() {
        let viewport = SeamlessPlayback.Rect(scrollView.bounds)
        let cells = cellFrames().map {
            CellVisibility(index: $0.index, frame: SeamlessPlayback.Rect($0.frame), viewport: viewport)
        }
        let phase = SeamlessPlayback.ScrollPhase(
            isDragging: scrollView.isDragging, isDecelerating: scrollView.isDecelerating)
        updates.yield((cells, phase))
    }
}
#endif
