// README.md's UIKit quick start, verbatim between the snippet lines (a test compares them), so that it is
// type-checked against the stand-ins. Never run.
// snippet README/uikit
import SeamlessPlayback
import SeamlessPlaybackAVFoundation
import SeamlessPlaybackUIKit
import UIKit

/// Made once, at launch.
@MainActor
final class AppPlayback {
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }
    let surfaces: PlayerSurfaces

    init() {
        surfaces = PlayerSurfaces(pool: pool)
        Task { [surfaces] in await surfaces.run() }  // moves each picture to the host of the page holding it
    }
}

/// A feed cell's player. `feed` is the feed's session: `makeSession(named: "feed", settings: .init(isMuted: true,
/// contentMode: .aspectFill))`.
@MainActor
final class FeedCellPlayer {
    let hostView = PlayerHostView(frame: .zero)  // in the cell's content view
    private let playback: AppPlayback
    private let feed: PageSession
    private var lease: PlayerLease?

    init(playback: AppPlayback, feed: PageSession) {
        self.playback = playback
        self.feed = feed
    }

    func play(_ clip: MediaItem) async throws {  // willDisplay
        let lease = try await feed.acquire(clip)
        self.lease = lease
        playback.surfaces.show(lease, in: hostView)
    }

    func detailURL() async throws -> URL? {  // tapped: push DetailViewController with this URL
        guard let lease else { return nil }
        return try await feed.lend(lease).appended(to: URL(string: "shop://detail")!)
    }

    func stop() async {  // didEndDisplaying
        guard let lease else { return }
        self.lease = nil
        try? await feed.giveBack(lease)
    }
}

/// The detail page: the feed's player goes on playing here, with sound, aspect-fit.
final class DetailViewController: UIViewController {
    private let playback: AppPlayback
    private let url: URL
    private let clip: MediaItem
    private let hostView = PlayerHostView(frame: .zero)
    private var page: PageSession?

    init(playback: AppPlayback, url: URL, clip: MediaItem) {
        self.playback = playback
        self.url = url
        self.clip = clip
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() { view = hostView }

    override func viewDidLoad() {
        super.viewDidLoad()
        Task {
            let page = try await playback.pool.makeSession(named: "detail")  // default settings: sound on, fit
            self.page = page
            let lease: PlayerLease
            if let borrowed = try await page.borrow(from: url) {
                lease = borrowed  // the same player: no reload, same position, this page's settings
            } else {
                lease = try await page.acquire(clip)  // opened without a token: a cold start
            }
            playback.surfaces.show(lease, in: hostView)
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        guard isMovingFromParent, let page else { return }
        Task { await page.close() }  // back: the feed's settings return to the engine, the picture to the cell
    }
}
// end snippet
