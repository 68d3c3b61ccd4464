// AutoplayingAFeed.md's SwiftUI example, verbatim between the snippet lines (a test compares them), so that it is
// type-checked against the stand-ins. Never run.
// snippet AutoplayingAFeed/swiftui
import SeamlessPlayback
import SeamlessPlaybackUIKit
import SwiftUI

/// A feed cell: shows the player while autoplay plays it, and reports its frame.
@available(iOS 18.0, *)
struct AutoplayCell: View {
    let index: Int
    let surfaces: PlayerSurfaces
    let tracker: FeedAutoplayTracker  // FeedAutoplayTracker(autoplay: autoplay), kept by the feed's screen
    let lease: PlayerLease?  // from autoplay.changes

    var body: some View {
        PlayerSurfaceView(surfaces: surfaces, lease: lease)
            .feedAutoplayCell(index, in: tracker)
    }
}
// And on the scroll view: ScrollView { LazyVStack { … AutoplayCell … } }.feedAutoplay(tracker)
// end snippet
