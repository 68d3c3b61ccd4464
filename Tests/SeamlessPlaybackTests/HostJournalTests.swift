import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@MainActor
@Suite("HostJournal: what the recording hosts were told", .timeLimit(.minutes(1)))
struct HostJournalTests {
    let engine = SimulatedEngine()

    func lease(_ epoch: UInt64, player: UInt32 = 1) -> PlayerLease {
        PlayerLease(
            player: PlayerID(pool: 1, number: player), media: clip, session: "page \(epoch)",
            engine: engine, epoch: epoch, sessionID: epoch)
    }

    @Test func hostsShowingAPlayerAreThoseAttachedAndNotDetachedSince() {
        let journal = HostJournal()
        let cell = RecordingHost("cell", journal: journal)
        let page = RecordingHost("page", journal: journal)
        let other = RecordingHost("other", journal: journal)
        cell.attach(lease(1))
        page.attach(lease(2))
        other.attach(lease(3, player: 2))
        #expect(journal.hosts(showing: lease(1).player) == ["cell", "page"])
        cell.detach(lease(1))
        #expect(journal.hosts(showing: lease(1).player) == ["page"])
        #expect(journal.hosts(showing: lease(3, player: 2).player) == ["other"])
        #expect(
            journal.calls.map(\.description)
                == ["attach cell (page 1)", "attach page (page 2)", "attach other (page 3)", "detach cell (page 1)"])
    }

    @Test func waitingForCallsReturnsOnceThereAreThatMany() async {
        let journal = HostJournal()
        let host = RecordingHost("cell", journal: journal)
        await journal.waitForCalls(0)
        let waiter = Task { await journal.waitForCalls(2) }
        host.attach(lease(1))
        host.detach(lease(1))
        await waiter.value
        #expect(
            journal.calls == [
                HostCall(.attach, host: "cell", lease: lease(1)),
                HostCall(.detach, host: "cell", lease: lease(1)),
            ])
    }
}
