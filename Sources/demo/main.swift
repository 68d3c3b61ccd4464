import DemoStory
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: swift run demo [--svg PATH]

        Plays the SeamlessPlayback story on the simulated engine and a virtual clock, prints its timeline
        and a summary (with the host showing the picture at every step, each page's playback quality, and every
        host call the surfaces made), then scrolls a short feed with the preload policy on (warm or cold per swipe), says which cell autoplay
        plays while a feed of mixed heights scrolls, and writes a filmstrip of the feed-to-detail transition as SVG, marking the host holding the picture
        (default: transition.svg in the current directory).
        """)
    exit(0)
}
var svgPath = "transition.svg"
if let index = arguments.firstIndex(of: "--svg") {
    guard arguments.indices.contains(index + 1) else {
        FileHandle.standardError.write(Data("demo: --svg needs a path\n".utf8))
        exit(2)
    }
    svgPath = arguments[index + 1]
}

do {
    let report = try await DemoStory.run()
    print("SeamlessPlayback demo — one player, handed from page to page (virtual clock)\n")
    print(report.timelineTable())
    print("\nSummary")
    print(report.summary())
    print("\nEach page's playback quality, for its lease when its part of the story ended (virtual clock):")
    print(report.qualityList())
    print("\nThe picture's hosts, called by the surfaces (attach before detach; refused hides call nothing):")
    print(report.hostCallList())
    if let plan = report.plan {
        print("\nTransition, feed cell (aspect-fill) → detail page (aspect-fit):")
        for progress in [0.0, 0.5, 1.0] {
            let frame = plan.frame(at: progress)
            let view = frame.viewTransform
            let mask = frame.maskTransform
            print(
                String(
                    format: "  progress %.1f  view scale %.4f move (%.1f, %.1f)   mask scale (%.4f, %.4f)",
                    progress, view.a, view.tx, view.ty, mask.a, mask.d))
        }
        try (report.filmstrip ?? TransitionFilmstrip(plan: plan)).svg()
            .write(toFile: svgPath, atomically: true, encoding: .utf8)
        print("  filmstrip written to \(svgPath)")
    }
    let scroll = try await FeedScrollStory.run()
    let warm = scroll.swipes.filter(\.isWarm).count
    print("\nA feed scrolled with the preload policy (4 players, 2 ahead / 1 behind, 250 ms cold start):")
    print(FeedScrollStory.table(scroll.swipes))
    print(
        "  \(warm) of \(scroll.swipes.count) swipes warm, \(scroll.metrics.loads) loads for \(Set(scroll.swipes.map(\.index)).count) clips"
    )
    print("\nWhich cell plays while the user scrolls a feed of mixed heights (FeedAutoplay, default policy):")
    print(FeedAutoplayStory.table(try await FeedAutoplayStory.run()))
} catch {
    FileHandle.standardError.write(Data("demo failed: \(error)\n".utf8))
    exit(1)
}
