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

    init(collectionView: UICollectionView, autoplay: FeedAutoplay) {
        observer = FeedAutoplayScrollObserver(autoplay: autoplay, collectionView: collectionView)
    }

    // From the collection view's delegate (a UIScrollViewDelegate), and after a reload:
    func scrollViewDidScroll(_ scrollView: UIScrollView) { observer.update() }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { observer.update() }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { observer.update() }
}
// end snippet
