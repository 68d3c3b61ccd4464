/// An error AVFoundation gave for an item (its `error` when its status became `.failed`, or the one a
/// failed-to-play-to-end notification carried), as the shell read it: enough to tell the decoder limit from the rest.
struct ItemError: Hashable, Sendable {
    /// Whether the error's domain is `AVFoundationErrorDomain`.
    let isAVFoundation: Bool
    /// The error's code.
    let code: Int
    /// The error's `localizedDescription`.
    let description: String

    /// `AVErrorDecoderTemporarilyUnavailable` in the iOS 18 SDK's `AVError.h`: no video decoder was free. Apps report
    /// it once about 16 players hold decoders at once.
    static let decoderTemporarilyUnavailable = -11_839

    /// Whether this is AVFoundation's decoder-temporarily-unavailable error.
    var isDecoderLimit: Bool { isAVFoundation && code == Self.decoderTemporarilyUnavailable }

    /// An error outside AVFoundation's domain that says only `description` (no error given, a network error…).
    /// - Parameter description: What it says.
    /// - Returns: An error that is never the decoder limit.
    static func other(_ description: String) -> ItemError {
        ItemError(isAVFoundation: false, code: 0, description: description)
    }
}
