import Foundation
import SeamlessPlayback
import SeamlessPlaybackUIKit
import SwiftUI

// The UIKit catalog's SwiftUI detail page, verbatim between the snippet lines (a test compares them), so that it is
// type-checked against the stand-ins. Never run.
// snippet FeedToDetailInUIKit/swiftui
struct DetailPlayer: View {
    let surfaces: PlayerSurfaces
    let detail: PageSession
    let link: URL  // the detail page's URL, with the feed's token
    @State private var lease: PlayerLease? = nil

    var body: some View {
        PlayerSurfaceView(surfaces: surfaces, lease: lease)
            .task { lease = try? await detail.borrow(from: link) }
            .onDisappear { Task { await detail.close() } }  // the feed gets its player and its settings back
    }
}
// end snippet
