// AutoplayingAFeed.md's UIKit example, verbatim between the snippet lines (a test compares them), so that it is
// type-checked against the stand-ins. Never run.
// snippet AutoplayingAFeed/uikit
import SeamlessPlayback
import SeamlessPlaybackUIKit
import UIKit

/// The feed's screen: its collection view tells autoplay what is on screen.
@MainActor
final class FeedScreen {
    let observer: FeedAutoplayScrollObserver

    let autoplay: FeedAutoplay
    private var hosts: Task<Void, Never>?

    init(collectionView: UICollectionView, autoplay: FeedAutoplay) {
        observer = FeedAutoplayScrollObserver(autoplay: autoplay, collectionView: collectionView)
        self.autoplay = autoplay
    }

    // From the view controller's viewWillAppear(_:): a new stream, which hears the cell that has the player first.
    func startHearing(_ show: @escaping @MainActor (FeedAutoplay.Change) -> Void) {
        hosts?.cancel()
        hosts = Task { [changes = autoplay.changes] in
            for await change in changes { show(change) }
        }
    }

    // From viewDidDisappear(_:): ends this stream only.
    func stopHearing() { hosts?.cancel() }

    // When the data source takes new items: autoplay first, then the list.
    func itemsChanged(_ items: [MediaItem], apply: @escaping @MainActor () -> Void) {
        Task {
            await autoplay.itemsChanged(items)
            apply()  // e.g. dataSource.apply(snapshot)
            observer.update()
        }
    }

    // From the collection view's delegate (a UIScrollViewDelegate), and after a reload:
    func scrollViewDidScroll(_ scrollView: UIScrollView) { observer.update() }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { observer.update() }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { observer.update() }
}
// end snippet
