import Foundation
import Testing

@testable import SeamlessPlayback

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ByteTransfers: how URLSession's errors read to a range read")
struct ByteTransfersTests {
    @Test(
        "a network that cannot be used now is unreachable (transient), as AVFoundation's own reads report it",
        arguments: [
            URLError.Code.notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive,
            .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        ])
    func unusableNetworkIsUnreachable(code: URLError.Code) {
        #expect(ByteTransfers.failure(URLError(code)) == .unreachable)
    }

    @Test("a lost connection, a timeout and a cancellation keep their kind; App Transport Security is another failure")
    func otherCodes() {
        #expect(ByteTransfers.failure(URLError(.networkConnectionLost)) == .connectionLost)
        #expect(ByteTransfers.failure(URLError(.timedOut)) == .timedOut)
        #expect(ByteTransfers.failure(URLError(.cancelled)) == .cancelled)
        let ats = ByteTransfers.failure(URLError(.appTransportSecurityRequiresSecureConnection))
        guard case .other = ats else {
            Issue.record("ATS read as \(ats)")
            return
        }
    }
}
