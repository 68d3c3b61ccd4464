import SeamlessPlayback

/// An error AVFoundation gave for an item (its `error` when its status became `.failed`, or the one a
/// failed-to-play-to-end notification carried), as the shell read it: its domain and code, the domains and codes of
/// the errors under it (`NSUnderlyingErrorKey`, level after level), its description, and, for an item read through the
/// cache's resource loader, the origin's last failure the loader kept. Enough to tell the decoder limit from the
/// rest, and the media's failures from the player's (`ItemError+MediaFailure.swift`).
struct ItemError: Hashable, Sendable {
    /// An `NSError` domain, as the shell compared it with the SDK's constants.
    enum Domain: Hashable, Sendable {
        /// `AVFoundationErrorDomain` (`AVError.h`).
        case avFoundation
        /// `NSURLErrorDomain` (`NSURLError.h`).
        case url
        /// `NSCocoaErrorDomain` (`FoundationErrors.h`).
        case cocoa
        /// Any other domain, by name (`NSOSStatusErrorDomain`, `CoreMediaErrorDomain`, …); empty when no error was given.
        case other(String)
    }

    /// The error under this one (`userInfo[NSUnderlyingErrorKey]`): what AVFoundation wraps, often an `NSURLError`.
    struct Underlying: Hashable, Sendable {
        /// Its domain.
        let domain: Domain
        /// Its code.
        let code: Int
    }

    /// The error's domain.
    let domain: Domain
    /// The error's code.
    let code: Int
    /// The error's `localizedDescription`.
    let description: String
    /// The error under it, when its `userInfo` has one.
    let underlying: Underlying?
    /// The errors under ``underlying``, outermost first (AVFoundation's error may wrap a CoreMedia one that wraps
    /// the `NSURLError`).
    let deeper: [Underlying]
    /// The origin's last failure for the item's media, when the cache's resource loader read it and its last fetch
    /// failed: the kind the loader's `NSError` cannot carry (a 503 and a malformed answer share one code).
    var originFailure: ByteSourceError?

    /// How many levels under the error the shell reads.
    static let deepestLevel = 4

    /// An error as the shell read it.
    /// - Parameters:
    ///   - domain: Its domain.
    ///   - code: Its code.
    ///   - description: Its `localizedDescription`.
    ///   - underlying: The error under it, if any.
    ///   - deeper: The errors under that one, outermost first.
    ///   - originFailure: The origin's last failure the loader kept for the media, if any.
    init(
        domain: Domain, code: Int, description: String, underlying: Underlying? = nil, deeper: [Underlying] = [],
        originFailure: ByteSourceError? = nil
    ) {
        self.domain = domain
        self.code = code
        self.description = description
        self.underlying = underlying
        self.deeper = deeper
        self.originFailure = originFailure
    }

    /// Whether the error's domain is `AVFoundationErrorDomain`.
    var isAVFoundation: Bool { domain == .avFoundation }

    /// `AVErrorDecoderTemporarilyUnavailable` in the iOS 18 SDK's `AVError.h`: no video decoder was free. Apps report
    /// it once about 16 players hold decoders at once.
    static let decoderTemporarilyUnavailable = -11_839

    /// Whether this is AVFoundation's decoder-temporarily-unavailable error, or wraps it.
    var isDecoderLimit: Bool {
        (domain == .avFoundation && code == Self.decoderTemporarilyUnavailable)
            || underlying == Underlying(domain: .avFoundation, code: Self.decoderTemporarilyUnavailable)
    }

    /// An error of no known domain that says only `description` (no error given…).
    /// - Parameter description: What it says.
    /// - Returns: An error that is never the decoder limit.
    static func other(_ description: String) -> ItemError {
        ItemError(domain: .other(""), code: 0, description: description)
    }
}
