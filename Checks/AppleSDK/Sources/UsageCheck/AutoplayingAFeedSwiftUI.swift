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
    let autoplay: FeedAutoplay
    @State private var lease: PlayerLease? = nil

    var body: some View {
        PlayerSurfaceView(surfaces: surfaces, lease: lease)
            .feedAutoplayCell(index, in: tracker)
            .task(id: index) {
                for await change in autoplay.changes {
                    switch change {
                    case .playing(let playing, let lease): self.lease = playing == index ? lease : nil
                    case .stopped(let stopped): if stopped == index { self.lease = nil }
                    }
                }
            }
    }
}
// And on the scroll view: ScrollView { LazyVStack { … AutoplayCell … } }.feedAutoplay(tracker)
// When the items change: await autoplay.itemsChanged(items), then let the list show them.
// end snippet
