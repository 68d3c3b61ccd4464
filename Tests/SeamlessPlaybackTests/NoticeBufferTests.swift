import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

extension NoticeBuffer {
    /// Posts `notice` with its lease's epoch, as the pool does.
    mutating func post(_ notice: LeaseNotice, heldEpochs: () -> Set<UInt64>) {
        post(notice, epoch: notice.lease.epoch, heldEpochs: heldEpochs)
    }
}

@Suite("NoticeBuffer: what an unread page keeps")
struct NoticeBufferTests {
    let engine = SimulatedEngine()

    func lease(_ epoch: UInt64) -> PlayerLease {
        PlayerLease(
            player: PlayerID(pool: 1, number: 1), media: clip, session: "page", engine: engine,
            epoch: epoch, sessionID: 1)
    }

    func drain(_ buffer: inout NoticeBuffer) -> [LeaseNotice] {
        var all: [LeaseNotice] = []
        while let notice = buffer.next() { all.append(notice) }
        return all
    }

    @Test func noticesOfDifferentLeasesAreDeliveredInOrder() {
        var buffer = NoticeBuffer(limit: 4)
        buffer.post(.returned(lease(1)), heldEpochs: { [1, 2] })
        buffer.post(.revoked(lease(2)), heldEpochs: { [1] })
        #expect(drain(&buffer) == [.returned(lease(1)), .revoked(lease(2))])
    }

    @Test func aNewerNoticeOfALeaseReplacesTheOlderAndMovesToTheEnd() {
        var buffer = NoticeBuffer(limit: 4)
        buffer.post(.returned(lease(1)), heldEpochs: { [1, 2] })
        buffer.post(.returned(lease(2)), heldEpochs: { [1, 2] })
        buffer.post(.revoked(lease(1)), heldEpochs: { [2] })
        #expect(buffer.count == 2)
        let all = drain(&buffer)
        #expect(all.map(\.lease.epoch) == [2, 1])
        #expect(all.last == .revoked(lease(1)))
    }

    @Test func aNoticeReplacingTheNewestInPlaceStillTrimsLeasesReleasedMeanwhile() {
        var buffer = NoticeBuffer(limit: 1)
        buffer.post(.returned(lease(1)), heldEpochs: { [1, 2] })
        buffer.post(.returned(lease(2)), heldEpochs: { [1, 2] })
        // Both leases are released now; the newest notice is about lease 2 and is replaced where it lies.
        buffer.post(.revoked(lease(2)), heldEpochs: { [] })
        #expect(drain(&buffer) == [.revoked(lease(2))])
    }

    @Test func releasedLeasesAreBoundedAndHeldLeasesAreNeverDropped() {
        var buffer = NoticeBuffer(limit: 3)
        buffer.post(.returned(lease(1)), heldEpochs: { [1] })
        for epoch in UInt64(100)..<200 { buffer.post(.revoked(lease(epoch)), heldEpochs: { [1] }) }
        buffer.post(.returned(lease(2)), heldEpochs: { [1, 2] })
        let all = drain(&buffer)
        // The held leases' latest notices, and the three newest about released leases.
        #expect(all.map(\.lease.epoch) == [1, 197, 198, 199, 2])
    }

    @Test func readingEmptiesTheBufferAndItCanBeReusedAfterwards() {
        var buffer = NoticeBuffer(limit: 0)
        for round in UInt64(0)..<100 {
            buffer.post(.returned(lease(round)), heldEpochs: { [round] })
            #expect(buffer.next() == .returned(lease(round)))
            #expect(buffer.next() == nil)
        }
        #expect(buffer.count == 0)
    }
}
