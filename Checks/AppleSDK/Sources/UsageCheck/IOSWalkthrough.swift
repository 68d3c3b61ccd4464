import SeamlessPlayback
import SeamlessPlaybackAVFoundation
import SeamlessPlaybackUIKit
import UIKit

/// The iOS walkthrough of the UIKit catalog's *Feed to Detail in UIKit* (feed cell, tap, detail page, back), verbatim
/// between the snippet lines (a test compares them), so that it is type-checked against the stand-ins. The views and frames are parameters here; in an app they are the feed cell's and the
/// detail page's. Never run.
@MainActor
func walkthrough(cellView: PlayerHostView, pageView: PlayerHostView, cellFrame: CGRect, pageFrame: CGRect,
                 clipURL: URL, detailURL: URL, videoSize: CGSize) async throws {
    // snippet FeedToDetailInUIKit/walkthrough
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }  // app start
    let surfaces = PlayerSurfaces(pool: pool)
    Task { await surfaces.run() }
    // Feed cell: play the clip, muted, in the cell's PlayerHostView.
    let feed = try await pool.makeSession(named: "feed", settings: .init(isMuted: true, contentMode: .aspectFill))
    let lease = try await feed.acquire(MediaItem(id: "clip-42", url: clipURL))
    surfaces.show(lease, in: cellView)
    // Tap: lend the player through the detail page's link.
    let link = try await feed.lend(lease).appended(to: detailURL)
    // Detail page (viewDidLoad): borrow, show (attached to the page, then taken out of the cell), animate.
    let detail = try await pool.makeSession(named: "detail", settings: .init(isMuted: false, contentMode: .aspectFit))
    guard let borrowed = try await detail.borrow(from: link) else { return }
    surfaces.show(borrowed, in: pageView)
    let plan = try TransitionPlan(from: cellFrame, mode: .aspectFill, to: pageFrame, mode: .aspectFit,
                                  videoSize: videoSize)
    let animator = PlayerTransitionAnimator(view: pageView, plan: plan) { direction in
        // Back, once the exit has run: the cell shows the picture again at once (attached there, then taken
        // out of the page), and closing hands the player and the feed's settings down.
        guard direction == .exit else { return }
        surfaces.returnPicture(from: borrowed)
        Task { await detail.close() }
    }
    animator.enter()
    surfaces.hide(lease, from: cellView)  // the feed's late viewWillDisappear: refused, the feed lent the player
    // Back: the exit animation runs, then the page closes.
    animator.exit()
    // end snippet
}
