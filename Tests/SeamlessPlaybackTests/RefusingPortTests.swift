import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("RefusingPort: a port that refuses every connection while it is held", .timeLimit(.minutes(1)))
struct RefusingPortTests {
    @Test func aConnectionIsRefusedWhileThePortIsHeld() async throws {
        let port = try RefusingPort()
        defer { port.close() }
        #expect(port.url(for: "/clip").absoluteString == "http://127.0.0.1:\(port.port)/clip")
        for _ in 0..<3 {
            await #expect(throws: ByteSourceError.unreachable) {
                try await HTTPByteSource().read(port.url(for: "/clip"), range: 0..<10)
            }
        }
    }

    @Test func noOriginStartedBesideItIsGivenItsPort() throws {
        let port = try RefusingPort()
        defer { port.close() }
        for _ in 0..<40 {
            let origin = try TestOrigin()
            #expect(origin.port != port.port)
            origin.stop()
        }
    }

    @Test func closingTwiceIsHarmless() throws {
        let port = try RefusingPort()
        port.close()
        port.close()
        #expect(port.port != 0)
    }
}
