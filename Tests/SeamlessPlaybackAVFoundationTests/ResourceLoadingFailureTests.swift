import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingFailure: an origin's error, as the loader finishes with it and the engine reads it back")
struct ResourceLoadingFailureTests {
    static let table: [(ByteSourceError, Int, MediaFailure.Kind)] = [
        (.notFound(status: 404), -1_008, .notFound),
        (.notFound(status: 410), -1_008, .notFound),
        (.connectionLost, -1_005, .network),
        (.shortRead(expected: 10, received: 3), -1_005, .network),
        (.unreachable, -1_004, .network),
        (.timedOut, -1_001, .timedOut),
        (.serverError(status: 503), -1_011, .other),
        (.unexpectedStatus(403), -1_011, .other),
        (.badContentRange("bytes x"), -1_011, .other),
        (.badContentRange(nil), -1_011, .other),
        (.rangeNotSatisfiable(length: 5), -1_011, .other),
        (.cancelled, -999, .other),
        (.transport("boom"), -1, .other),
    ]

    @Test("each ByteSourceError finishes the request with its NSURLError code", arguments: table)
    func codes(error: ByteSourceError, code: Int, kind: MediaFailure.Kind) {
        let failure = ResourceLoadingFailure.origin(error)
        #expect(failure.code == code)
        #expect(failure.description.contains("\(error)"))
    }

    @Test("the engine classifies it as the media failure it is, under AVFoundation's error or alone", arguments: table)
    func mapsBackToTheMediaFailure(error: ByteSourceError, code: Int, kind: MediaFailure.Kind) {
        let failure = ResourceLoadingFailure.origin(error)
        // AVErrorUnknown (−11800) and AVErrorContentIsUnavailable (−11863) over the loader's error, as items report.
        for outer in [-11_800, -11_863] {
            let wrapped = ItemError(
                domain: .avFoundation, code: outer, description: "x",
                underlying: ItemError.Underlying(domain: .url, code: failure.code))
            #expect(wrapped.mediaFailureKind == kind, "under \(outer)")
        }
        #expect(ItemError(domain: .url, code: failure.code, description: "x").mediaFailureKind == kind)
    }

    @Test("the loader's own failures: an unknown type is unsupported, an unknown length the media's other")
    func ownFailures() {
        #expect(
            ItemError(domain: .url, code: ResourceLoadingFailure.unknownContentType.code, description: "")
                .mediaFailureKind == .unsupported)
        #expect(
            ItemError(domain: .url, code: ResourceLoadingFailure.unknownLength.code, description: "")
                .mediaFailureKind == .other)
    }

    @Test(
        "the origin's last failure keeps its kind through the loader: a 5xx is transient, as the libmpv engine reads it",
        arguments: [
            (ByteSourceError.serverError(status: 503), MediaFailure.Kind.network), (.notFound(status: 404), .notFound),
            (.unexpectedStatus(429), .network), (.unexpectedStatus(403), .other), (.timedOut, .timedOut),
            (.shortRead(expected: 9, received: 1), .network), (.transport("ATS"), .other),
        ])
    func originKindSurvives(error: ByteSourceError, kind: MediaFailure.Kind) {
        #expect(ResourceLoadingFailure.kind(of: error) == kind)
        // AVFoundation's unknown error over the loader's -1011: the kept failure decides.
        let item = ItemError(
            domain: .avFoundation, code: -11_800, description: "x",
            underlying: ItemError.Underlying(domain: .url, code: ResourceLoadingFailure.origin(error).code),
            originFailure: error)
        #expect(item.mediaFailureKind == kind)
        #expect(item.mediaFailure?.isTransient == (kind == .network || kind == .timedOut))
    }

    @Test("a format failure stays the format's, whatever the origin did before; the player's own stays the engine's")
    func originFailureDoesNotOverrule() {
        let format = ItemError(
            domain: .avFoundation, code: -11_828, description: "not a movie", originFailure: .connectionLost)
        #expect(format.mediaFailureKind == .unsupported)
        let reset = ItemError(
            domain: .avFoundation, code: -11_819, description: "reset", originFailure: .connectionLost)
        #expect(reset.mediaFailureKind == nil)
    }
}
