// README.md's SwiftUI quick start, verbatim between the snippet lines (a test compares them), so that it is
// type-checked against the stand-ins. Never run.
// snippet README/swiftui
import Foundation
import SeamlessPlayback
import SeamlessPlaybackUIKit
import SwiftUI

/// A feed cell: plays its clip muted (the feed's session), lends the player on tap.
struct FeedCell: View {
    let surfaces: PlayerSurfaces
    let feed: PageSession  // settings: .init(isMuted: true, contentMode: .aspectFill)
    let clip: MediaItem
    let openDetail: (URL) -> Void  // your navigation: show DetailPage(url:)
    @State private var lease: PlayerLease? = nil
    @State private var isLent = false

    var body: some View {
        PlayerSurfaceView(surfaces: surfaces, lease: lease)
            .task {
                if lease == nil { lease = try? await feed.acquire(clip) }
                isLent = false  // back from the detail page: the feed holds its player again
            }
            .onTapGesture {
                guard let lease else { return }
                isLent = true
                Task {
                    guard let token = try? await feed.lend(lease) else { return }
                    openDetail(token.appended(to: URL(string: "shop://detail?item=\(clip.id)")!))
                }
            }
            .onDisappear {
                guard let lease, !isLent else { return }  // scrolled away: let the pool reuse the player
                self.lease = nil
                Task { try? await feed.giveBack(lease) }
            }
    }
}

/// The detail page: borrows the feed's player from its URL, gives it back when it goes away.
struct DetailPage: View {
    let surfaces: PlayerSurfaces
    let detail: PageSession  // default settings: sound on, aspect-fit
    let url: URL
    let clip: MediaItem
    @State private var lease: PlayerLease? = nil

    var body: some View {
        PlayerSurfaceView(surfaces: surfaces, lease: lease)
            .task {
                if let borrowed = try? await detail.borrow(from: url) {
                    lease = borrowed  // the feed's player, live
                } else {
                    lease = try? await detail.acquire(clip)  // no token in the URL: a cold start
                }
            }
            .onDisappear { Task { await detail.close() } }  // the feed gets its player and its settings back
    }
}
// end snippet
