import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking  // URLRequest, which Darwin's Foundation holds itself
#endif

// Stand-ins for the resource loader's API, read against
// `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFoundation.framework/Headers/AVAssetResourceLoader.h`
// (xybp888/iOS-SDKs). None of these classes carries an actor annotation or `NS_SWIFT_SENDABLE`: they are plain,
// non-`Sendable` classes, used on the delegate's queue only (`Checks/MustNotCompile/LoadingRequestAcrossThreads.swift`).
// Each `AV_INIT_UNAVAILABLE`: only AVFoundation makes them, so the stand-ins have no public initializer.

/// `API_AVAILABLE(macos(10.9), ios(6.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos)
/// @interface AVAssetResourceLoader : NSObject`.
/// https://developer.apple.com/documentation/avfoundation/avassetresourceloader
@available(iOS 6.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class AVAssetResourceLoader: NSObject {
    override init() { super.init() }

    /// `- (void)setDelegate:(nullable id <AVAssetResourceLoaderDelegate>)delegate
    /// queue:(nullable dispatch_queue_t)delegateQueue;` The delegate is held weakly; every delegate method is invoked
    /// on `delegateQueue`.
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloader/setdelegate(_:queue:)
    open func setDelegate(_ delegate: (any AVAssetResourceLoaderDelegate)?, queue delegateQueue: DispatchQueue?) {}
}

/// `@protocol AVAssetResourceLoaderDelegate <NSObject>`, every method `@optional`. An Objective-C optional requirement
/// cannot be declared on Linux: the two the shell implements are requirements here with default implementations.
/// https://developer.apple.com/documentation/avfoundation/avassetresourceloaderdelegate
public protocol AVAssetResourceLoaderDelegate: NSObjectProtocol {
    /// `- (BOOL)resourceLoader:(AVAssetResourceLoader *)resourceLoader
    /// shouldWaitForLoadingOfRequestedResource:(AVAssetResourceLoadingRequest *)loadingRequest
    /// API_AVAILABLE(macos(10.9), ios(6.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloaderdelegate/resourceloader(_:shouldwaitforloadingofrequestedresource:)
    @available(iOS 6.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    func resourceLoader(
        _ resourceLoader: AVAssetResourceLoader,
        shouldWaitForLoadingOfRequestedResource loadingRequest: AVAssetResourceLoadingRequest
    ) -> Bool

    /// `- (void)resourceLoader:(AVAssetResourceLoader *)resourceLoader
    /// didCancelLoadingRequest:(AVAssetResourceLoadingRequest *)loadingRequest
    /// API_AVAILABLE(macos(10.9), ios(7.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloaderdelegate/resourceloader(_:didcancel:)
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    func resourceLoader(_ resourceLoader: AVAssetResourceLoader, didCancel loadingRequest: AVAssetResourceLoadingRequest)
}

extension AVAssetResourceLoaderDelegate {
    /// The `@optional` default: the resource is not loaded by the delegate.
    public func resourceLoader(
        _ resourceLoader: AVAssetResourceLoader,
        shouldWaitForLoadingOfRequestedResource loadingRequest: AVAssetResourceLoadingRequest
    ) -> Bool { false }

    /// The `@optional` default: nothing.
    public func resourceLoader(
        _ resourceLoader: AVAssetResourceLoader, didCancel loadingRequest: AVAssetResourceLoadingRequest
    ) {}
}

/// `API_AVAILABLE(macos(10.9), ios(6.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos)
/// @interface AVAssetResourceLoadingRequest : NSObject`.
/// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest
@available(iOS 6.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class AVAssetResourceLoadingRequest: NSObject {
    override init() { super.init() }

    /// `@property (nonatomic, readonly) NSURLRequest *request;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/request
    open var request: URLRequest { URLRequest(url: URL(fileURLWithPath: "/")) }

    /// `@property (nonatomic, readonly, getter=isFinished) BOOL finished;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/isfinished
    open var isFinished: Bool { false }

    /// `@property (nonatomic, readonly, getter=isCancelled) BOOL cancelled API_AVAILABLE(… ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/iscancelled
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    open var isCancelled: Bool { false }

    /// `@property (nonatomic, readonly, nullable) AVAssetResourceLoadingContentInformationRequest
    /// *contentInformationRequest API_AVAILABLE(… ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/contentinformationrequest
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    open var contentInformationRequest: AVAssetResourceLoadingContentInformationRequest? { nil }

    /// `@property (nonatomic, readonly, nullable) AVAssetResourceLoadingDataRequest *dataRequest
    /// API_AVAILABLE(… ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/datarequest
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    open var dataRequest: AVAssetResourceLoadingDataRequest? { nil }

    /// `- (void)finishLoading API_AVAILABLE(… ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/finishloading()
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    open func finishLoading() {}

    /// `- (void)finishLoadingWithError:(nullable NSError *)error;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingrequest/finishloading(with:)
    open func finishLoading(with error: (any Error)?) {}
}

/// `API_AVAILABLE(macos(10.9), ios(7.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos)
/// @interface AVAssetResourceLoadingContentInformationRequest : NSObject`.
/// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingcontentinformationrequest
@available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class AVAssetResourceLoadingContentInformationRequest: NSObject {
    override init() { super.init() }

    /// `@property (nonatomic, copy, nullable) NSString *contentType;`: a UTI.
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingcontentinformationrequest/contenttype
    open var contentType: String?

    /// `@property (nonatomic) long long contentLength;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingcontentinformationrequest/contentlength
    open var contentLength: Int64 = 0

    /// `@property (nonatomic, getter=isByteRangeAccessSupported) BOOL byteRangeAccessSupported;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingcontentinformationrequest/isbyterangeaccesssupported
    open var isByteRangeAccessSupported: Bool = false
}

/// `API_AVAILABLE(macos(10.9), ios(7.0), tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos)
/// @interface AVAssetResourceLoadingDataRequest : NSObject`.
/// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest
@available(iOS 7.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class AVAssetResourceLoadingDataRequest: NSObject {
    override init() { super.init() }

    /// `@property (nonatomic, readonly) long long requestedOffset;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest/requestedoffset
    open var requestedOffset: Int64 { 0 }

    /// `@property (nonatomic, readonly) NSInteger requestedLength;` (`NSIntegerMax` when all the data is asked for
    /// before the length is known).
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest/requestedlength
    open var requestedLength: Int { 0 }

    /// `@property (nonatomic, readonly) BOOL requestsAllDataToEndOfResource API_AVAILABLE(… ios(9.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest/requestsalldatatoendofresource
    @available(iOS 9.0, macOS 10.11, tvOS 9.0, visionOS 1.0, *)
    open var requestsAllDataToEndOfResource: Bool { false }

    /// `@property (nonatomic, readonly) long long currentOffset;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest/currentoffset
    open var currentOffset: Int64 { 0 }

    /// `- (void)respondWithData:(NSData *)data;`
    /// https://developer.apple.com/documentation/avfoundation/avassetresourceloadingdatarequest/respond(with:)
    open func respond(with data: Data) {}
}
