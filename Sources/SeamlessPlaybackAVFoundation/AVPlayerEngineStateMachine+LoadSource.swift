// Where a load's bytes come from, and how the player is set up for it: AirPlay video and stall prediction.

extension AVPlayerEngineStateMachine {
    /// Where the bytes of a load's item come from, which decides two settings of the player sent before the item goes
    /// on it (``playerSetUp``).
    enum LoadSource: Hashable, Sendable {
        /// AVFoundation reads the media itself (HLS, files, media not read through a cache, or no cache).
        case direct
        /// The engine's resource loader serves every byte (`CachingResourceLoader`), from a URL of the engine's own
        /// scheme.
        case loader

        /// The player's set-up for this source, every value sent for every load so that no item keeps the previous
        /// one's:
        ///
        /// - `allowsExternalPlayback`: `false` for the loader. AirPlay video sends the item's URL to the receiver,
        ///   which cannot reach the app's resource loader (its scheme is the engine's own), so a loader-served item
        ///   would fail or never play there. The engine does not swap the item for the origin's URL while AirPlay
        ///   is active: that is a second load under the page's feet (a stall, the bytes fetched again, a race with the
        ///   pool's own loads). With it off, the video of a cached item stays on the device and its sound follows the
        ///   route the user picked; media read directly keep AirPlay video.
        /// - `automaticallyWaitsToMinimizeStalling`: `false` for the loader, as `AVPlayer.h` advises for a resource
        ///   loader that loads media data (its stall predictions do not hold for client-loaded data: poor start-up
        ///   and poor recovery from stalls). A player that stalls then pauses itself (rate 0); the machine takes that
        ///   pause for a stall and plays again when the item is likely to keep up (`+Playback`).
        var playerSetUp: [PlayerCommand] {
            switch self {
            case .direct: [.setAllowsExternalPlayback(true), .setAutomaticallyWaitsToMinimizeStalling(true)]
            case .loader: [.setAllowsExternalPlayback(false), .setAutomaticallyWaitsToMinimizeStalling(false)]
            }
        }
    }
}
