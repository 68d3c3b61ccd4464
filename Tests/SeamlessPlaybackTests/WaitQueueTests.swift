import Testing

@testable import SeamlessPlayback

@Suite("WaitQueue: waiting acquires in order, dead entries skipped and compacted")
struct WaitQueueTests {
    static func id(_ raw: UInt64) -> RequestID { RequestID(raw: raw) }

    @Test func servesInOrderAndSkipsTheDeadAtTheHead() {
        var queue = WaitQueue()
        #expect(queue.isEmpty && queue.first == nil)
        for raw in 1...3 { queue.append(Self.id(UInt64(raw)), since: .seconds(raw)) }
        #expect(queue.count == 3 && queue.first?.request == Self.id(1) && queue.first?.since == .seconds(1))
        queue.stoppedWaiting()  // request 1 timed out: its entry stays, dead
        #expect(queue.count == 2 && queue.pending.count == 3)
        queue.removeFirstDead()
        #expect(queue.first?.request == Self.id(2))
        queue.removeFirstServed()
        #expect(queue.count == 1 && queue.first?.request == Self.id(3) && queue.pending.map(\.request) == [Self.id(3)])
        queue.removeFirstServed()
        #expect(queue.isEmpty && queue.first == nil && queue.pending.isEmpty)
    }

    @Test func nothingAtTheHeadWhileOnlyDeadEntriesRemain() {
        var queue = WaitQueue()
        queue.append(Self.id(1), since: .zero)
        queue.stoppedWaiting()
        #expect(queue.isEmpty && queue.first == nil, "no one waits, though an entry is left behind")
        #expect(queue.pending.count == 1)
    }

    @Test func compactsOnlyOnceServedAndDeadEntriesOutnumberTheWaitingAndPass64() {
        var queue = WaitQueue()
        for raw in 1...200 { queue.append(Self.id(UInt64(raw)), since: .zero) }
        for _ in 1...64 { queue.removeFirstServed() }
        #expect(!queue.needsCompacting, "64 served: not yet")
        queue.removeFirstServed()
        #expect(!queue.needsCompacting, "65 served against 135 waiting")
        // The last 70 stop waiting (131…200 time out): 65 served and 70 dead against 65 waiting.
        for _ in 1...70 { queue.stoppedWaiting() }
        #expect(queue.needsCompacting)
        queue.compact { $0.raw <= 130 }
        #expect(queue.pending.map(\.request) == (66...130).map { Self.id(UInt64($0)) }, "the waiting, in order")
        #expect(queue.count == 65 && !queue.needsCompacting)
    }

    @Test func removeAllForgetsEveryEntry() {
        var queue = WaitQueue()
        queue.append(Self.id(1), since: .zero)
        queue.append(Self.id(2), since: .zero)
        queue.stoppedWaiting()
        queue.removeAll()
        #expect(queue.isEmpty && queue.pending.isEmpty)
    }
}
