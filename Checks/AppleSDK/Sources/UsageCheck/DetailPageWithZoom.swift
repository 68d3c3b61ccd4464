import SeamlessPlayback
import SeamlessPlaybackUIKit
import UIKit

// The UIKit catalog's detail page for iOS 18's zoom transition, verbatim between the snippet lines (a test compares
// them), so that it is type-checked: the page zooms from the feed cell, shows the borrowed player in its own host in
// `viewDidLoad` (before the zoom starts, so the zoom scales live video), and closes its session once it has been
// popped, when the surfaces move the picture back to the cell. Never run.
// snippet FeedToDetailInUIKit/zoom
@available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
@MainActor
final class DetailPageWithZoom: UIViewController {
    private let surfaces: PlayerSurfaces
    private let session: PageSession
    private let borrowed: PlayerLease
    private let hostView = PlayerHostView(frame: .zero)

    init(surfaces: PlayerSurfaces, session: PageSession, borrowed: PlayerLease, cellView: UIView) {
        self.surfaces = surfaces
        self.session = session
        self.borrowed = borrowed
        super.init(nibName: nil, bundle: nil)
        preferredTransition = .zoom(sourceViewProvider: { [weak cellView] _ in cellView })
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() { view = hostView }

    override func viewDidLoad() {
        super.viewDidLoad()
        surfaces.show(borrowed, in: hostView)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        guard isMovingFromParent else { return }  // popped, not covered by another page
        surfaces.returnPicture(from: borrowed)  // the cell shows the picture now, not once the close lands
        let session = session
        Task { await session.close() }
    }
}
// end snippet
