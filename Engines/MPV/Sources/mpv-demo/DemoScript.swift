import SeamlessPlayback

/// Which host's picture a shot shows: the two ``FrameHost``s the demo will attach the player to.
enum DemoHost: Hashable, Sendable, CaseIterable {
    /// The feed's square cell: aspect fill, the video cropped.
    case cell
    /// The detail page, full screen: aspect fit, black bars.
    case page
}

/// One composed screen of the demo: where the picture goes, whose picture it is, and when in the story.
struct DemoShot: Hashable, Sendable {
    /// How the screen is laid out.
    enum Layout: Hashable, Sendable {
        /// No transition: the picture fills a host's frame.
        case inHost(DemoHost)
        /// A transition under way: the page host's picture placed by a plan at a progress.
        case transition(TransitionPlan, progress: Double)
    }

    /// How the screen is laid out.
    let layout: Layout
    /// Seconds from the story's start, which is also the clip's position (the clip loops).
    let time: Double
    /// A caption for the listing.
    let caption: String

    /// The host whose picture the shot needs: during a transition the player is already in the page's host.
    var host: DemoHost {
        switch layout {
        case .inHost(let host): host
        case .transition: .page
        }
    }
}

/// The demo's story, as geometry and a timeline: the feed cell plays, the user taps, the player carries over to the
/// detail page (aspect fill in a square cell to aspect fit full screen), plays there, and goes back.
///
/// The geometry is the root demo's (`DemoStory`: a 358-point cell at (16, 180) on a 390-point-wide phone, a
/// full-screen page), one point to a pixel, the page's 693.3 points rounded down to 693 pixels.
struct DemoScript: Sendable {
    /// The screen, in pixels.
    static let screen = Size(width: 390, height: 693)
    /// The feed cell that is tapped.
    static let cell = Rect(x: 16, y: 180, width: 358, height: 358)
    /// The detail page's player view.
    static let page = Rect(x: 0, y: 0, width: 390, height: 693)
    /// The clip's natural size.
    static let videoSize = Size(width: 320, height: 180)

    /// The seconds each part of the story lasts: feed, entry animation, detail page, exit animation, feed again.
    static let phases: [Double] = [1.5, 0.5, 1.5, 0.5, 1.0]
    /// The story's length, in seconds.
    static var duration: Double { phases.reduce(0, +) }
    /// When each phase starts, and the end: `bounds[1]` is the entry's start, `bounds[4]` the exit's end.
    static let bounds = phases.reduce(into: [0.0]) { bounds, phase in bounds.append((bounds.last ?? 0) + phase) }

    /// The entry's plan; the exit runs it ``SeamlessPlayback/TransitionPlan/reversed()``.
    let plan: TransitionPlan

    /// The story of the fixed geometry.
    /// - Throws: ``SeamlessPlayback/TransitionError`` if the geometry were empty (it is not).
    init() throws(TransitionError) {
        plan = try TransitionPlan(
            from: Self.cell, mode: .aspectFill, to: Self.page, mode: .aspectFit, videoSize: Self.videoSize)
    }

    /// A host's frame on the screen.
    static func frame(of host: DemoHost) -> Rect {
        switch host {
        case .cell: cell
        case .page: page
        }
    }

    /// The screen at a moment of the story; progress moves linearly with time, as the plan interpolates.
    /// - Parameter time: Seconds from the start; clamped to the story.
    func shot(at time: Double) -> DemoShot {
        let bounds = Self.bounds
        let t = min(max(time, 0), Self.duration)
        func progress(_ phase: Int) -> Double { (t - bounds[phase]) / Self.phases[phase] }
        if t < bounds[1] { return DemoShot(layout: .inHost(.cell), time: t, caption: "feed cell playing") }
        if t < bounds[2] {
            return DemoShot(layout: .transition(plan, progress: progress(1)), time: t, caption: "entry")
        }
        if t < bounds[3] { return DemoShot(layout: .inHost(.page), time: t, caption: "detail page playing") }
        if t < bounds[4] {
            return DemoShot(layout: .transition(plan.reversed(), progress: progress(3)), time: t, caption: "exit")
        }
        return DemoShot(layout: .inHost(.cell), time: t, caption: "back in the cell after the exit")
    }

    /// The filmstrip's eight stages: the feed cell playing, the entry at progress 0, 0.25, 0.5, 0.75 and 1, the
    /// detail page playing, and back in the cell after the exit. The progress-1 stage is the entry's end, drawn
    /// with the plan at 1 rather than sampled from time (where the story has already moved on to the page).
    func stages() -> [DemoShot] {
        let entry = Self.phases[0]
        let entries = [0, 0.25, 0.5, 0.75, 1].map { p in
            DemoShot(
                layout: .transition(plan, progress: p), time: entry + p * Self.phases[1],
                caption: "entry, progress \(p)")
        }
        return [shot(at: entry / 2)] + entries + [
            shot(at: entry + Self.phases[1] + Self.phases[2] / 2),
            shot(at: Self.duration - Self.phases[4] / 2),
        ]
    }

    /// `count` shots evenly spaced over the story, for the video: frame `i` at `i × duration / count` seconds.
    /// - Parameter count: How many; at least 1.
    func timeline(frames count: Int) -> [DemoShot] {
        let count = max(count, 1)
        return (0..<count).map { shot(at: Double($0) * Self.duration / Double(count)) }
    }
}
