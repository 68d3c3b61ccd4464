// expect: switch covers known cases, but 'AVPlayerItem.Status' (aka 'AVPlayerItemStatus') may have additional unknown values
//
// `AVPlayerItem.Status` is an `NS_ENUM`, imported as a non-frozen enum: a `switch` that lists its three cases still
// needs `@unknown default` (on iOS a warning, an error under `-warnings-as-errors`). A stand-in declared as a frozen
// Swift enum, as it once was, accepted this.
import AVFoundation

@MainActor
func describe(_ item: AVPlayerItem) -> String {
    switch item.status {
    case .unknown: "unknown"
    case .readyToPlay: "ready"
    case .failed: "failed"
    }
}
