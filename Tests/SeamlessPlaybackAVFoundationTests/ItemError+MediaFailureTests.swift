import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ItemError: which item errors are the media's failures")
struct ItemErrorMediaFailureTests {
    typealias Kind = MediaFailure.Kind

    /// Every code the tables name, and codes they leave to the default, with the kind expected (`nil`: the player's
    /// own error, the engine's).
    static let table: [(ItemError.Domain, Int, Kind?)] = [
        // NSURLErrorDomain
        (.url, -1_100, .notFound),  // NSURLErrorFileDoesNotExist
        (.url, -1_008, .notFound),  // NSURLErrorResourceUnavailable
        (.url, -1_010, .notFound),  // NSURLErrorRedirectToNonExistentLocation
        (.url, -1_009, .network),  // NSURLErrorNotConnectedToInternet
        (.url, -1_005, .network),  // NSURLErrorNetworkConnectionLost
        (.url, -1_004, .network),  // NSURLErrorCannotConnectToHost
        (.url, -1_003, .network),  // NSURLErrorCannotFindHost
        (.url, -1_006, .network),  // NSURLErrorDNSLookupFailed
        (.url, -1_018, .network),  // NSURLErrorInternationalRoamingOff
        (.url, -1_019, .network),  // NSURLErrorCallIsActive
        (.url, -1_020, .network),  // NSURLErrorDataNotAllowed
        (.url, -1_001, .timedOut),  // NSURLErrorTimedOut
        (.url, -1_002, .unsupported),  // NSURLErrorUnsupportedURL
        (.url, -1_200, .other),  // NSURLErrorSecureConnectionFailed: TLS is not transient
        (.url, -1_202, .other),  // NSURLErrorServerCertificateUntrusted
        (.url, -1_206, .other),  // NSURLErrorClientCertificateRequired
        (.url, -1_011, .other),  // NSURLErrorBadServerResponse
        (.url, -1_013, .other),  // NSURLErrorUserAuthenticationRequired
        (.url, -999, .other),  // NSURLErrorCancelled
        (.url, -1, .other),  // NSURLErrorUnknown
        // NSCocoaErrorDomain
        (.cocoa, 4, .notFound),  // NSFileNoSuchFileError
        (.cocoa, 260, .notFound),  // NSFileReadNoSuchFileError
        (.cocoa, 257, .other),  // NSFileReadNoPermissionError
        // AVFoundationErrorDomain
        (.avFoundation, -11_828, .unsupported),  // AVErrorFileFormatNotRecognized
        (.avFoundation, -11_829, .unsupported),  // AVErrorFileFailedToParse
        (.avFoundation, -11_853, .unsupported),  // AVErrorFailedToParse
        (.avFoundation, -11_864, .unsupported),  // AVErrorFormatUnsupported
        (.avFoundation, -11_821, .unsupported),  // AVErrorDecodeFailed
        (.avFoundation, -11_833, .unsupported),  // AVErrorDecoderNotFound
        (.avFoundation, -11_855, .unsupported),  // AVErrorUndecodableMediaData
        (.avFoundation, -11_848, .unsupported),  // AVErrorIncompatibleAsset
        (.avFoundation, -11_822, .unsupported),  // AVErrorInvalidSourceMedia
        (.avFoundation, -11_850, .other),  // AVErrorServerIncorrectlyConfigured
        (.avFoundation, -11_863, .other),  // AVErrorContentIsUnavailable
        (.avFoundation, -11_835, .other),  // AVErrorContentIsNotAuthorized
        (.avFoundation, -11_831, .other),  // AVErrorContentIsProtected
        (.avFoundation, -11_849, .other),  // AVErrorFailedToLoadMediaData
        (.avFoundation, -11_867, .other),  // AVErrorNoLongerPlayable
        (.avFoundation, -11_800, .other),  // AVErrorUnknown
        (.avFoundation, -11_839, nil),  // AVErrorDecoderTemporarilyUnavailable: the decoder limit
        (.avFoundation, -11_801, nil),  // AVErrorOutOfMemory
        (.avFoundation, -11_819, nil),  // AVErrorMediaServicesWereReset
        (.avFoundation, -11_847, nil),  // AVErrorOperationInterrupted
        // Other domains: CoreMedia's HTTP codes are in no public header.
        (.other("CoreMediaErrorDomain"), -12_938, .other),
        (.other("NSOSStatusErrorDomain"), -12_938, .other),
        (.other("NSPOSIXErrorDomain"), 2, .other),
        (.other(""), 0, .other),  // no error given
    ]

    @Test("each code maps to its kind", arguments: table)
    func kindOfEachCode(domain: ItemError.Domain, code: Int, expected: Kind?) {
        let error = ItemError(domain: domain, code: code, description: "what it says")
        #expect(error.mediaFailureKind == expected)
        #expect(error.mediaFailure == expected.map { MediaFailure($0, reason: "what it says") })
    }

    @Test("an AVFoundation code outside the AVFoundation domain is not read as AVFoundation's")
    func domainMatters() {
        #expect(ItemError(domain: .url, code: -11_828, description: "").mediaFailureKind == .other)
        #expect(ItemError(domain: .url, code: -11_839, description: "").mediaFailureKind == .other)
        #expect(ItemError(domain: .avFoundation, code: -1_009, description: "").mediaFailureKind == .other)
    }

    @Test(
        "the error under it decides when its kind is known",
        arguments: [
            (ItemError.Domain.avFoundation, -11_800, ItemError.Domain.url, -1_009, Kind.network),
            (.avFoundation, -11_828, .url, -1_100, .notFound),
            (.avFoundation, -11_850, .url, -1_001, .timedOut),
            (.avFoundation, -11_800, .cocoa, 260, .notFound),
            (.url, -1_005, .avFoundation, -11_864, .unsupported),
        ])
    func underlyingDecides(domain: ItemError.Domain, code: Int, under: ItemError.Domain, underCode: Int, kind: Kind) {
        let error = ItemError(
            domain: domain, code: code, description: "wrapped", underlying: .init(domain: under, code: underCode))
        #expect(error.mediaFailure == MediaFailure(kind, reason: "wrapped"))
    }

    @Test(
        "an error under it of no known kind leaves the decision to the error itself",
        arguments: [
            (ItemError.Domain.avFoundation, -11_828, Kind.unsupported),
            (.url, -1_009, .network),
            (.avFoundation, -11_800, .other),
        ])
    func underlyingUnknown(domain: ItemError.Domain, code: Int, kind: Kind) {
        let under = ItemError.Underlying(domain: .other("NSOSStatusErrorDomain"), code: -12_938)
        #expect(ItemError(domain: domain, code: code, description: "", underlying: under).mediaFailureKind == kind)
        let unknownURL = ItemError.Underlying(domain: .url, code: -1_011)
        #expect(ItemError(domain: domain, code: code, description: "", underlying: unknownURL).mediaFailureKind == kind)
    }

    @Test(
        "the player's own error, at either level, is never the media's",
        arguments: [-11_839, -11_801, -11_819, -11_847])
    func playersOwnUnder(code: Int) {
        let wrapped = ItemError(
            domain: .avFoundation, code: -11_800, description: "", underlying: .init(domain: .avFoundation, code: code))
        #expect(wrapped.mediaFailure == nil)
        let wrapping = ItemError(
            domain: .avFoundation, code: code, description: "", underlying: .init(domain: .url, code: -1_009))
        #expect(wrapping.mediaFailure == nil)
    }

    @Test("transient kinds are the ones a retry may cure: network and timeouts, not TLS nor a missing file")
    func transience() {
        func failure(_ domain: ItemError.Domain, _ code: Int) -> MediaFailure? {
            ItemError(domain: domain, code: code, description: "").mediaFailure
        }
        #expect(failure(.url, -1_009)?.isTransient == true)
        #expect(failure(.url, -1_001)?.isTransient == true)
        #expect(failure(.url, -1_200)?.isTransient == false)
        #expect(failure(.url, -1_100)?.isTransient == false)
        #expect(failure(.avFoundation, -11_828)?.isTransient == false)
    }

    @Test("the constants agree with Foundation's own")
    func constantsAgreeWithFoundation() {
        typealias URLCode = ItemError.URLCode
        let pairs: [(Int, URLError.Code)] = [
            (URLCode.timedOut, .timedOut), (URLCode.unsupportedURL, .unsupportedURL),
            (URLCode.cannotFindHost, .cannotFindHost), (URLCode.cannotConnectToHost, .cannotConnectToHost),
            (URLCode.networkConnectionLost, .networkConnectionLost), (URLCode.dnsLookupFailed, .dnsLookupFailed),
            (URLCode.resourceUnavailable, .resourceUnavailable),
            (URLCode.notConnectedToInternet, .notConnectedToInternet),
            (URLCode.redirectToNonExistentLocation, .redirectToNonExistentLocation),
            (URLCode.internationalRoamingOff, .internationalRoamingOff), (URLCode.callIsActive, .callIsActive),
            (URLCode.dataNotAllowed, .dataNotAllowed), (URLCode.fileDoesNotExist, .fileDoesNotExist),
            (URLCode.secureConnectionFailed, .secureConnectionFailed), (URLCode.unknown, .unknown),
            (URLCode.cancelled, .cancelled), (URLCode.badServerResponse, .badServerResponse),
        ]
        for (ours, foundation) in pairs { #expect(ours == foundation.rawValue, "\(foundation)") }
        #expect(ItemError.CocoaCode.fileNoSuchFile == CocoaError.Code.fileNoSuchFile.rawValue)
        #expect(ItemError.CocoaCode.fileReadNoSuchFile == CocoaError.Code.fileReadNoSuchFile.rawValue)
    }

    @Test(
        "an OSStatus that is an NSURLError code reads as that URL error, at any level",
        arguments: [(-1_009, MediaFailure.Kind.network), (-1_001, .timedOut), (-1_008, .notFound), (-12_938, .other)])
    func osStatusInTheURLRange(code: Int, kind: MediaFailure.Kind) {
        let osStatus = ItemError.Domain.other(ItemError.osStatusDomain)
        #expect(ItemError(domain: osStatus, code: code, description: "x").mediaFailureKind == kind)
        let wrapped = ItemError(
            domain: .avFoundation, code: -11_800, description: "x", underlying: .init(domain: osStatus, code: code))
        #expect(wrapped.mediaFailureKind == kind)
    }

    @Test("the errors under the first are read too: AVFoundation over CoreMedia over the URL error")
    func deeperLevels() {
        let coreMedia = ItemError.Underlying(domain: .other("CoreMediaErrorDomain"), code: -12_938)
        let offline = ItemError(
            domain: .avFoundation, code: -11_800, description: "x", underlying: coreMedia,
            deeper: [.init(domain: .url, code: -1_020)])
        #expect(offline.mediaFailureKind == .network, "data not allowed, two levels down")
        let reset = ItemError(
            domain: .avFoundation, code: -11_800, description: "x", underlying: coreMedia,
            deeper: [.init(domain: .avFoundation, code: -11_819)])
        #expect(reset.mediaFailureKind == nil, "the player's own, two levels down")
    }
}
