import SeamlessPlayback

// Which item errors are the media's failures, and of which kind.
//
// The codes are the SDK's. `AVError.h` was read in the iOS 18.0 SDK (`iPhoneOS18.0.sdk`, collection
// `xiangfeidexiaohuo/iOS-SDKs`). The iOS 18 copies of `NSURLError.h` and `FoundationErrors.h` were in neither stored
// collection: their values were read from published copies of those headers, and the tests compare each with the
// constant of the Foundation they are built against (swift-corelibs-foundation on Linux, Apple's on Darwin).
//
// An HTTP status reaches an item's error only as a CoreMedia code (`CoreMediaErrorDomain` or `NSOSStatusErrorDomain`,
// −12938 and its neighbours, as apps report them). No public header of the iOS 18 SDK declares those codes, so they
// are not read: an item failing with one is the media's `.other`, unless an error under it says more. An
// `NSOSStatusErrorDomain` code that is an `NSURLError` code (AVFoundation passes URL loading's status through as an
// OSStatus) reads as that URL error.

extension ItemError {
    /// Codes of `NSURLErrorDomain`, from `Foundation.framework/Headers/NSURLError.h`.
    enum URLCode {
        /// `NSURLErrorUnknown`.
        static let unknown = -1
        /// `NSURLErrorCancelled`.
        static let cancelled = -999
        /// `NSURLErrorTimedOut`.
        static let timedOut = -1_001
        /// `NSURLErrorUnsupportedURL`: a scheme the loader cannot load.
        static let unsupportedURL = -1_002
        /// `NSURLErrorCannotFindHost`.
        static let cannotFindHost = -1_003
        /// `NSURLErrorCannotConnectToHost`.
        static let cannotConnectToHost = -1_004
        /// `NSURLErrorNetworkConnectionLost`.
        static let networkConnectionLost = -1_005
        /// `NSURLErrorDNSLookupFailed`.
        static let dnsLookupFailed = -1_006
        /// `NSURLErrorResourceUnavailable`.
        static let resourceUnavailable = -1_008
        /// `NSURLErrorNotConnectedToInternet`.
        static let notConnectedToInternet = -1_009
        /// `NSURLErrorRedirectToNonExistentLocation`.
        static let redirectToNonExistentLocation = -1_010
        /// `NSURLErrorBadServerResponse`: what the cache's resource loader finishes with for an origin's answer it
        /// cannot use (`ResourceLoadingFailure`).
        static let badServerResponse = -1_011
        /// `NSURLErrorInternationalRoamingOff`.
        static let internationalRoamingOff = -1_018
        /// `NSURLErrorCallIsActive`: a call holds the cellular link.
        static let callIsActive = -1_019
        /// `NSURLErrorDataNotAllowed`: cellular data is off for now.
        static let dataNotAllowed = -1_020
        /// `NSURLErrorFileDoesNotExist`.
        static let fileDoesNotExist = -1_100
        /// `NSURLErrorSecureConnectionFailed`, first of the TLS errors (−1200 … −1206): not transient, since the same
        /// certificate or TLS setup meets a retry.
        static let secureConnectionFailed = -1_200
    }

    /// Codes of `NSCocoaErrorDomain`, from `Foundation.framework/Headers/FoundationErrors.h`.
    enum CocoaCode {
        /// `NSFileNoSuchFileError`.
        static let fileNoSuchFile = 4
        /// `NSFileReadNoSuchFileError`.
        static let fileReadNoSuchFile = 260
    }

    /// Codes of `AVFoundationErrorDomain`, from `AVFoundation.framework/Headers/AVError.h` (iOS 18.0 SDK).
    enum AVCode {
        /// `AVErrorOutOfMemory`: the device's, not the media's.
        static let outOfMemory = -11_801
        /// `AVErrorMediaServicesWereReset`: the system's media services, not the media.
        static let mediaServicesWereReset = -11_819
        /// `AVErrorDecodeFailed`.
        static let decodeFailed = -11_821
        /// `AVErrorInvalidSourceMedia`.
        static let invalidSourceMedia = -11_822
        /// `AVErrorFileFormatNotRecognized`.
        static let fileFormatNotRecognized = -11_828
        /// `AVErrorFileFailedToParse`.
        static let fileFailedToParse = -11_829
        /// `AVErrorDecoderNotFound`.
        static let decoderNotFound = -11_833
        /// `AVErrorDecoderTemporarilyUnavailable`: the decoder limit, the engine's (``ItemError/isDecoderLimit``).
        static let decoderTemporarilyUnavailable = ItemError.decoderTemporarilyUnavailable
        /// `AVErrorOperationInterrupted`: the system interrupted the player's reading (the app left the foreground).
        static let operationInterrupted = -11_847
        /// `AVErrorIncompatibleAsset`: the device cannot play the content.
        static let incompatibleAsset = -11_848
        /// `AVErrorServerIncorrectlyConfigured`: the HTTP server is not set up as the player needs; a retry meets
        /// the same server, and the format is not at fault, so it is `.other`.
        static let serverIncorrectlyConfigured = -11_850
        /// `AVErrorFailedToParse`.
        static let failedToParse = -11_853
        /// `AVErrorUndecodableMediaData`.
        static let undecodableMediaData = -11_855
        /// `AVErrorContentIsUnavailable`: Apple's documentation says only "the content is unavailable", so `.other`.
        static let contentIsUnavailable = -11_863
        /// `AVErrorFormatUnsupported`.
        static let formatUnsupported = -11_864
    }

    /// The media failure this error is, or `nil` when the player itself failed (the engine's error).
    ///
    /// The player's own errors are the decoder limit, `AVErrorOutOfMemory`, `AVErrorMediaServicesWereReset` and
    /// `AVErrorOperationInterrupted`, at any level. Otherwise the errors under this one decide, outermost first, when
    /// one's kind is known (it says why: AVFoundation wraps the `NSURLError` that stopped it), then this error's own
    /// code, and an item failure none knows is the media's ``SeamlessPlayback/MediaFailure/Kind/other``.
    /// The reason is the error's description.
    var mediaFailure: MediaFailure? {
        mediaFailureKind.map { MediaFailure($0, reason: description) }
    }

    /// The kind of ``mediaFailure``; `nil` for the player's own errors.
    ///
    /// For an item the cache's resource loader read, the origin's last failure (``originFailure``) decides instead,
    /// unless the codes say the format is at fault: the loader's `NSError` cannot carry a 5xx's transience.
    var mediaFailureKind: MediaFailure.Kind? {
        if Self.isPlayersOwn(domain, code) { return nil }
        let levels = (underlying.map { [$0] } ?? []) + deeper
        if levels.contains(where: { Self.isPlayersOwn($0.domain, $0.code) }) { return nil }
        let told = levels.lazy.compactMap { Self.kind($0.domain, $0.code) }.first ?? Self.kind(domain, code)
        if let originFailure, told != .unsupported { return ResourceLoadingFailure.kind(of: originFailure) }
        return told ?? .other
    }

    /// `NSOSStatusErrorDomain`, whose codes are `OSStatus` values (`MacErrors.h`); URL loading's failures come through
    /// it with their `NSURLError` code.
    static let osStatusDomain = "NSOSStatusErrorDomain"

    /// Whether the code is a failure of the player or the system rather than of the media.
    static func isPlayersOwn(_ domain: Domain, _ code: Int) -> Bool {
        guard domain == .avFoundation else { return false }
        return [
            AVCode.outOfMemory, AVCode.mediaServicesWereReset, AVCode.decoderTemporarilyUnavailable,
            AVCode.operationInterrupted,
        ].contains(code)
    }

    /// The kind a domain's code says, or `nil` when the tables do not name it.
    static func kind(_ domain: Domain, _ code: Int) -> MediaFailure.Kind? {
        switch domain {
        case .url: urlKind(code)
        case .cocoa: cocoaKind(code)
        case .avFoundation: avFoundationKind(code)
        case .other(osStatusDomain): urlKind(code)
        case .other: nil
        }
    }

    private static func urlKind(_ code: Int) -> MediaFailure.Kind? {
        switch code {
        case URLCode.fileDoesNotExist, URLCode.resourceUnavailable, URLCode.redirectToNonExistentLocation:
            .notFound
        case URLCode.notConnectedToInternet, URLCode.networkConnectionLost, URLCode.cannotConnectToHost,
            URLCode.cannotFindHost, URLCode.dnsLookupFailed, URLCode.internationalRoamingOff, URLCode.callIsActive,
            URLCode.dataNotAllowed:
            .network
        case URLCode.timedOut: .timedOut
        case URLCode.unsupportedURL: .unsupported
        default: nil
        }
    }

    private static func cocoaKind(_ code: Int) -> MediaFailure.Kind? {
        switch code {
        case CocoaCode.fileNoSuchFile, CocoaCode.fileReadNoSuchFile: .notFound
        default: nil
        }
    }

    private static func avFoundationKind(_ code: Int) -> MediaFailure.Kind? {
        switch code {
        case AVCode.fileFormatNotRecognized, AVCode.fileFailedToParse, AVCode.failedToParse, AVCode.formatUnsupported,
            AVCode.decodeFailed, AVCode.decoderNotFound, AVCode.undecodableMediaData, AVCode.incompatibleAsset,
            AVCode.invalidSourceMedia:
            .unsupported
        default: nil
        }
    }
}
