#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation) && !os(watchOS)
import SeamlessPlayback
import SwiftUI
import UIKit

/// A SwiftUI view that shows a page's player through the surfaces: a ``PlayerHostView`` registered with
/// ``SeamlessPlayback/PlayerSurfaces/show(_:in:)`` whenever SwiftUI updates it with a lease, and hidden when
/// SwiftUI takes it down. Both calls are fenced by the lease, so a page that has lent its player, or lost
/// it, cannot take the picture from the page showing it.
///
/// ```swift
/// PlayerSurfaceView(surfaces: surfaces, lease: lease)
///     .aspectRatio(1, contentMode: .fit)
/// ```
public struct PlayerSurfaceView: UIViewRepresentable {
    /// The app's surfaces.
    public let surfaces: PlayerSurfaces
    /// The page's lease; `nil` shows nothing.
    public let lease: PlayerLease?

    /// Creates the view.
    /// - Parameters:
    ///   - surfaces: The app's surfaces.
    ///   - lease: The page's lease; `nil` shows nothing.
    public init(surfaces: PlayerSurfaces, lease: PlayerLease?) {
        self.surfaces = surfaces
        self.lease = lease
    }

    /// Remembers what the view was last shown with, for the teardown.
    @MainActor
    public final class Coordinator {
        fileprivate let surfaces: PlayerSurfaces
        fileprivate var lease: PlayerLease?

        fileprivate init(surfaces: PlayerSurfaces) {
            self.surfaces = surfaces
        }
    }

    /// Creates the coordinator that remembers the lease shown.
    /// - Returns: A coordinator with no lease yet.
    public func makeCoordinator() -> Coordinator {
        Coordinator(surfaces: surfaces)
    }

    /// Creates the host view.
    /// - Parameter context: SwiftUI's context.
    /// - Returns: An empty ``PlayerHostView``.
    public func makeUIView(context: Context) -> PlayerHostView {
        PlayerHostView(frame: .zero)
    }

    /// Shows the lease in the host view (hiding the previous lease, if the page was given a new one).
    /// - Parameters:
    ///   - view: The host view.
    ///   - context: SwiftUI's context, with the coordinator.
    public func updateUIView(_ view: PlayerHostView, context: Context) {
        let coordinator = context.coordinator
        if let shown = coordinator.lease, shown != lease { surfaces.hide(shown, from: view) }
        coordinator.lease = lease
        if let lease { surfaces.show(lease, in: view) }
    }

    /// Gives the picture back to the page below, then hides the lease last shown: SwiftUI takes the view down when
    /// the page's exit transition has ended, so the page below (a feed cell the zoom returns to) shows the picture in
    /// that same frame, as UIKit's `viewDidDisappear` does with ``SeamlessPlayback/PlayerSurfaces/returnPicture(from:)``,
    /// not once the page's close lands. Both calls are fenced: the surfaces ignore them if the page is no longer the
    /// active holder, and a page with no page below (a feed cell scrolled away) gives nothing back.
    /// - Parameters:
    ///   - view: The host view being removed.
    ///   - coordinator: The coordinator.
    public static func dismantleUIView(_ view: PlayerHostView, coordinator: Coordinator) {
        if let lease = coordinator.lease {
            coordinator.surfaces.returnPicture(from: lease)
            coordinator.surfaces.hide(lease, from: view)
        }
        coordinator.lease = nil
    }
}
#endif
