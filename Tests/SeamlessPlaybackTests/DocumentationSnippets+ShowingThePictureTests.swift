import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The code block of ShowingThePicture.md, compiled and run (see DocumentationSnippetsTests.swift for how the blocks
// and the snippets are kept the same).

@MainActor
@Suite("Documentation: Showing the Picture", .timeLimit(.minutes(1)))
struct DocumentationSnippetsShowingThePictureTests {
    @Test func thePictureGoesToTheDetailPageAndBackToTheCell() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let detail = try await pool.makeSession(named: "detail")
        let lease = try await feed.acquire(MediaItem(id: "clip-42"))
        let journal = HostJournal()
        let cellHost = RecordingHost("cell", journal: journal)
        let pageHost = RecordingHost("page", journal: journal)

        // snippet ShowingThePicture/surfaces
        let surfaces = PlayerSurfaces(pool: pool)
        let following = Task { await surfaces.run() }  // moves the picture whenever the active holder changes
        surfaces.show(lease, in: cellHost)  // the feed's cell shows its player
        let borrowed = try await detail.borrow(feed.lend(lease))
        surfaces.show(borrowed, in: pageHost)  // attached to the page, then detached from the cell
        surfaces.hide(lease, from: cellHost)  // the feed's late viewWillDisappear: refused, the feed lent the player
        try await detail.giveBack(borrowed)  // the surfaces attach it to the cell, then detach it from the page
        // end snippet

        await journal.waitForCalls(5)
        #expect(
            journal.calls == [
                HostCall(.attach, host: "cell", lease: lease), HostCall(.attach, host: "page", lease: borrowed),
                HostCall(.detach, host: "cell", lease: lease), HostCall(.attach, host: "cell", lease: lease),
                HostCall(.detach, host: "page", lease: borrowed),
            ])
        await pool.shutdown()
        await following.value
    }
}
