// expect: switch covers known cases, but 'AVPlayer.Status' (aka 'AVPlayerStatus') may have additional unknown values
//
// `AVPlayer.Status` is an `NS_ENUM` (AVPlayer.h), imported as a non-frozen enum: the engine reads it to learn that
// its player failed, and a `switch` that lists its three cases still needs `@unknown default` (on iOS a warning, an
// error under `-warnings-as-errors`).
import AVFoundation

@MainActor
func hasFailed(_ player: AVPlayer) -> Bool {
    switch player.status {
    case .unknown: false
    case .readyToPlay: false
    case .failed: true
    }
}
