// expect: capture of 'loadingRequest' with non-Sendable type 'AVAssetResourceLoadingRequest' in a '@Sendable' closure
//
// `AVAssetResourceLoadingRequest` has no `NS_SWIFT_SENDABLE` (AVAssetResourceLoader.h, iOS 18 SDK): a delegate that
// answers a request later must keep it on its own queue and name it by ID elsewhere, never capture it in a closure
// that runs on another thread, such as a fetch's completion. (A stand-in declared `Sendable` would accept this.)
import AVFoundation
import Dispatch

func answerLater(_ loadingRequest: AVAssetResourceLoadingRequest, on queue: DispatchQueue) {
    let finish: @Sendable () -> Void = { loadingRequest.finishLoading() }
    queue.async(execute: finish)
}
