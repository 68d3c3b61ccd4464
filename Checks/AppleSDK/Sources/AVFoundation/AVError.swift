/// `AVF_EXPORT NSErrorDomain const AVFoundationErrorDomain API_AVAILABLE(macos(10.7), ios(4.0), tvos(9.0),
/// watchos(1.0), visionos(1.0));` (AVError.h, iPhoneOS18.0.sdk): the domain of `AVError`s, among them
/// `AVErrorDecoderTemporarilyUnavailable = -11839`, which the shell tells apart by domain and code. The stand-in's
/// value is a placeholder; only the declaration is checked.
/// https://developer.apple.com/documentation/avfoundation/avfoundationerrordomain
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public let AVFoundationErrorDomain: String = "AVFoundationErrorDomain"
