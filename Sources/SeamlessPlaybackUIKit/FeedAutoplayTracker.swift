#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import SeamlessPlayback
import SwiftUI

/// Feeds a ``SeamlessPlayback/FeedAutoplay`` from a SwiftUI `ScrollView`: mark the scroll view with
/// `feedAutoplay(_:)` and each cell with `feedAutoplayCell(_:in:)`.
///
/// A thin shell: each cell's frame in the scroll view's visible area comes from `onGeometryChange`, the visible
/// size from `onScrollGeometryChange`, the phase from `onScrollPhaseChange`; the shares are measured by
/// ``SeamlessPlayback/CellVisibility/init(index:frame:viewport:)`` and every decision is the coordinator's. Updates
/// reach it in order, on one task; one not yet delivered when a newer one comes is dropped.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
@MainActor
public final class FeedAutoplayTracker {
    private var frames: [Int: CGRect] = [:]
    private var containerSize = CGSize.zero
    private var phase = SeamlessPlayback.ScrollPhase.idle
    private let updates: AsyncStream<(cells: [CellVisibility], phase: SeamlessPlayback.ScrollPhase)>.Continuation
    private let delivery: Task<Void, Never>

    /// Creates a tracker that feeds `autoplay`.
    /// - Parameter autoplay: The feed's coordinator.
    public init(autoplay: FeedAutoplay) {
        let (stream, updates) = AsyncStream.makeStream(
            of: (cells: [CellVisibility], phase: SeamlessPlayback.ScrollPhase).self,
            bufferingPolicy: .bufferingNewest(1))
        self.updates = updates
        delivery = Task {
            for await update in stream { await autoplay.visibilityChanged(update.cells, phase: update.phase) }
        }
    }

    deinit {
        updates.finish()
        delivery.cancel()
    }

    func cell(_ index: Int, movedTo frame: CGRect?) {
        frames[index] = frame
        send()
    }

    func containerSizeChanged(_ size: CGSize) {
        containerSize = size
        send()
    }

    func phaseChanged(_ newPhase: SwiftUI.ScrollPhase) {
        phase = newPhase == .interacting ? .dragging : newPhase.isScrolling ? .decelerating : .idle
        send()
    }

    private func send() {
        let viewport = SeamlessPlayback.Rect(CGRect(origin: .zero, size: containerSize))
        let cells = frames.map {
            CellVisibility(index: $0.key, frame: SeamlessPlayback.Rect($0.value), viewport: viewport)
        }
        updates.yield((cells, phase))
    }
}

@available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
extension View {
    /// Feeds the tracker this scroll view's visible size and scroll phase.
    /// - Parameter tracker: The feed's tracker.
    /// - Returns: The scroll view, observed.
    public func feedAutoplay(_ tracker: FeedAutoplayTracker) -> some View {
        onScrollGeometryChange(for: CGSize.self, of: { $0.containerSize }) { _, size in
            tracker.containerSizeChanged(size)
        }
        .onScrollPhaseChange { _, phase in tracker.phaseChanged(phase) }
    }

    /// Feeds the tracker this cell's frame in the enclosing scroll view, and its leaving.
    /// - Parameters:
    ///   - index: The cell's index in the feed.
    ///   - tracker: The feed's tracker.
    /// - Returns: The cell, observed.
    public func feedAutoplayCell(_ index: Int, in tracker: FeedAutoplayTracker) -> some View {
        onGeometryChange(for: CGRect.self, of: { $0.frame(in: .scrollView) }) { frame in
            tracker.cell(index, movedTo: frame)
        }
        .onDisappear { tracker.cell(index, movedTo: nil) }
    }
}
#endif
