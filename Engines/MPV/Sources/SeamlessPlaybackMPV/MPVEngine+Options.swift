import SeamlessPlayback

extension MPVEngine {
    /// How an ``MPVEngine`` is set up.
    public struct Options: Hashable, Sendable {
        /// The mpv options every engine starts from: a headless player that reads no configuration,
        /// no terminal and no input, and idles instead of quitting when nothing is loaded.
        ///
        /// At the end of a file the player keeps its last frame (`keep-open`) without pausing
        /// (`keep-open-pause=no`, so mpv's `pause` stays what the page asked for).
        ///
        /// `vo=null` and `ao=null` still decode and keep time, and `mute`, `volume`, `speed`,
        /// `pause` and `panscan` behave as with real outputs.
        ///
        /// A speed other than 1 keeps the pitch with mpv's older `scaletempo` filter (`af=scaletempo`), not the
        /// `scaletempo2` mpv inserts by itself: on libmpv 0.35.1, `scaletempo2` corrupted the process's heap when the
        /// speed jumped between far rates without passing 1 (0.5 to 2, 4 to 1.25), which a page at one rate handing
        /// its player to a page at another does; the package's README says what was measured. Pass another `af` in
        /// ``mpvOptions`` to choose (`""` for mpv's own).
        public static let headlessDefaults: [String: String] = [
            "af": "scaletempo",
            "vo": "null",
            "ao": "null",
            "terminal": "no",
            "config": "no",
            "input-default-bindings": "no",
            "input-vo-keyboard": "no",
            "load-scripts": "no",
            "idle": "yes",
            "audio-display": "no",
            "keep-open": "yes",
            "keep-open-pause": "no",
        ]

        /// Added to the options when the audio output is `null` (the default): the simulated output
        /// buffers 10 ms instead of mpv's 200 ms.
        ///
        /// The playback clock follows the audio written to the output, so with mpv's default buffer a
        /// new `speed` reaches the clock only after up to 200 ms of audio at the old speed has played,
        /// and `time-pos` drifts by up to `0.2 × Δspeed` seconds before catching up. With 10 ms the
        /// clock follows a speed change within a frame. Real outputs keep mpv's buffering.
        public static let nullAudioDefaults: [String: String] = [
            "audio-buffer": "0.01",
            "ao-null-buffer": "0.01",
        ]

        /// mpv options set before initialisation, over ``headlessDefaults``: pass real outputs here,
        /// e.g. `["vo": "gpu", "ao": "pulse", "wid": "…"]`. Defaults to none.
        public var mpvOptions: [String: String]
        /// How long ``MPVEngine/load(_:)`` waits for the first frame before it throws a
        /// ``SeamlessPlayback/MediaFailure`` of kind ``SeamlessPlayback/MediaFailure/Kind/timedOut``. Defaults to
        /// 10 seconds.
        public var loadTimeout: Duration
        /// How long ``MPVEngine/seek(to:)`` waits for the first frame at the new position. Defaults to 3 seconds,
        /// below the pool's default apply timeout (5 s, which also bounds a seek), so that a seek mpv never carries
        /// out fails as a seek and the engine stays in service.
        public var seekTimeout: Duration
        /// Whether the engine draws its pictures, with mpv's software renderer (`vo=libmpv`, whatever
        /// ``mpvOptions`` says of `vo`), into the ``FrameHost`` that shows it. Defaults to `false`: `vo=null`.
        ///
        /// The render context is made right after mpv is initialised and freed before its handle is destroyed; the
        /// drawing happens on a thread of the engine's. Drawing is done on the CPU: pictures of up to 480×360 kept up
        /// with 30 frames a second on a 2-core Linux machine; larger ones cost more (not measured). Each host's layout
        /// is its own (``FrameHost``), so the engine's `panscan` only lays out the pictures drawn before mpv has told
        /// the video's size.
        ///
        /// The engine sets `video-timing-offset=0` unless ``mpvOptions`` sets it: a render then returns at once, and
        /// the renderer times frames by when it draws them, which is what a move at a frame boundary judges by. With
        /// another offset mpv's renders wait for each frame's moment, and moves are made later than measured here.
        public var rendersFrames: Bool
        /// How far ahead of the position mpv reads while the engine plays (mpv's `demuxer-readahead-secs`, and its
        /// `cache-secs` for media it reads over HTTP directly). Defaults to 10 seconds.
        ///
        /// The clip on screen comes first. While the engine plays, mpv reads this far ahead: through a
        /// ``SeamlessPlayback/MediaCache`` mpv treats the stream as local and would read one second ahead, which a
        /// network that slows for a moment runs dry. While it is paused (a preload, standing on its first frame for
        /// the feed) it reads ``readAheadWhilePaused`` ahead, one second by default, so that a paused preload takes
        /// little link time from the clip that plays: through the cache that lies inside the first origin fetch; over
        /// HTTP directly it bounds mpv's network cache, which would otherwise read the whole clip while paused (mpv's
        /// `cache-secs` is 1,000 hours). Whichever of `demuxer-readahead-secs` and `cache-secs` ``mpvOptions`` sets
        /// stays the app's.
        public var readAheadWhilePlaying: Duration
        /// How far ahead of the position mpv reads while the engine is paused — a preload standing on its first frame
        /// for the feed, a page's pause — as `demuxer-readahead-secs` and `cache-secs`. Defaults to 1 second, mpv's own
        /// `demuxer-readahead-secs`: a preload then holds a second of its clip when a page takes it. Through a cache
        /// that second lies inside the first origin fetch (``leastFetchWhilePaused``), so less saves nothing unless
        /// that least is smaller too; on a phone's shared link a quarter second with a 64 KiB least let more flings
        /// start from disk at 4 Mbit/s, and made the clip on screen stall more at 1.5 (`BENCHMARKS.md`, "A phone's
        /// swipes"), which is why a pool that measured a fast link tells the engine to read
        /// ``leanReadAheadWhilePaused`` instead (``SeamlessPlayback/PreloadDepth``). Values below zero count as zero.
        /// Whichever of the two ``mpvOptions`` sets stays the app's.
        public var readAheadWhilePaused: Duration
        /// The least an origin fetch asks for while the engine is paused, in bytes, for media read through a
        /// ``SeamlessPlayback/MediaCache`` (``MPVEngine/init(options:cache:byteSource:)``). Defaults to
        /// ``defaultLeastFetchWhilePaused``, a playing engine's least; values below 1 count as 1.
        ///
        /// Each origin fetch pays the origin's delay to its first byte, so a playing engine asks for at least 256 KiB,
        /// and by default so does a paused one: a preload standing on its first frame reads one such fetch, with its
        /// first frame and ``readAheadWhilePaused`` inside it. A smaller least lets a preload read about what those
        /// need (a fetch is never narrower than the read mpv makes, 128 KiB for its first on mpv 0.35), which leaves
        /// the link to the clip on screen and the byte tier, and leaves less in hand when a page takes the player. On
        /// a phone's link that every connection shares it helped at 4 Mbit/s and cost the clip on screen stalls at 1.5
        /// (`BENCHMARKS.md`, "A phone's swipes"), so the default stays, and a pool that measured a fast link tells the
        /// engine to use ``leanFetchWhilePaused`` instead (``SeamlessPlayback/PreloadDepth``). The engine goes by its
        /// last ``MPVEngine/apply(_:)``: a fetch under way when it starts playing runs on, and the next is a playing
        /// one's.
        public var leastFetchWhilePaused: Int64

        /// How far ahead mpv reads while the engine is paused and the pool has told it
        /// ``SeamlessPlayback/PreloadDepth/lean`` (``MPVEngine/setPreloadDepth(_:)``): the link brings the clip on
        /// screen at least twice what it plays. Defaults to a quarter of a second; never more than
        /// ``readAheadWhilePaused``, and values below zero count as zero.
        public var leanReadAheadWhilePaused: Duration
        /// The least an origin fetch through the cache asks for while the engine is paused and lean. Defaults to 64
        /// KiB; never more than ``leastFetchWhilePaused``, and values below 1 count as 1. A fetch is never narrower
        /// than the read mpv makes: a lean preload reads about its first frame and ``leanReadAheadWhilePaused``.
        public var leanFetchWhilePaused: Int64

        /// The default ``leastFetchWhilePaused``: 256 KiB, a playing engine's least.
        public static let defaultLeastFetchWhilePaused: Int64 = 256 * 1024

        /// Creates options; every argument has the documented default.
        /// - Parameters:
        ///   - mpvOptions: mpv options over ``headlessDefaults``.
        ///   - loadTimeout: How long a load waits for the first frame.
        ///   - seekTimeout: How long a seek waits for the first frame at the new position.
        ///   - rendersFrames: Whether the engine draws its pictures into ``FrameHost``s.
        ///   - readAheadWhilePlaying: How far ahead mpv reads through the cache while the engine plays.
        ///   - readAheadWhilePaused: How far ahead mpv reads while the engine is paused.
        ///   - leastFetchWhilePaused: The least an origin fetch through the cache asks for while the engine is
        ///     paused, in bytes.
        ///   - leanReadAheadWhilePaused: How far ahead mpv reads while the engine is paused and lean.
        ///   - leanFetchWhilePaused: The least an origin fetch through the cache asks for while the engine is paused
        ///     and lean, in bytes.
        public init(
            mpvOptions: [String: String] = [:], loadTimeout: Duration = .seconds(10),
            seekTimeout: Duration = .seconds(3), rendersFrames: Bool = false,
            readAheadWhilePlaying: Duration = .seconds(10), readAheadWhilePaused: Duration = .seconds(1),
            leastFetchWhilePaused: Int64 = defaultLeastFetchWhilePaused,
            leanReadAheadWhilePaused: Duration = .milliseconds(250), leanFetchWhilePaused: Int64 = 64 * 1024
        ) {
            self.mpvOptions = mpvOptions
            self.loadTimeout = loadTimeout
            self.seekTimeout = seekTimeout
            self.rendersFrames = rendersFrames
            self.readAheadWhilePlaying = readAheadWhilePlaying
            self.readAheadWhilePaused = readAheadWhilePaused
            self.leastFetchWhilePaused = leastFetchWhilePaused
            self.leanReadAheadWhilePaused = leanReadAheadWhilePaused
            self.leanFetchWhilePaused = min(max(1, leastFetchWhilePaused), max(1, leanFetchWhilePaused))
        }

        /// The properties an apply of `settings` sets: the settings' own (``SeamlessPlayback/PlaybackSettings``'s
        /// `mpvProperties`), then how far ahead mpv reads — ``readAheadWhilePlaying`` when they play (never less than
        /// while paused), ``readAheadWhilePaused`` when they pause (``leanReadAheadWhilePaused`` at a lean `depth`,
        /// never more) — as `demuxer-readahead-secs` and `cache-secs`, each unless ``mpvOptions`` sets it itself.
        func properties(
            applying settings: PlaybackSettings, depth: PreloadDepth = .standard
        ) -> [(name: String, value: MPVValue)] {
            let standard = max(0, readAheadWhilePaused.inSeconds)
            let paused = depth == .lean ? min(standard, max(0, leanReadAheadWhilePaused.inSeconds)) : standard
            let playing = max(standard, readAheadWhilePlaying.inSeconds)
            let ahead = MPVValue.double(settings.isPaused ? paused : playing)
            let bounds = ["demuxer-readahead-secs", "cache-secs"].filter { mpvOptions[$0] == nil }
            return settings.mpvProperties + bounds.map { ($0, ahead) }
        }

        /// The defaults with the caller's options over them, sorted by name so every run sets them alike.
        var resolvedMPVOptions: [(name: String, value: String)] {
            var options = Self.headlessDefaults.merging(mpvOptions) { _, caller in caller }
            if options["ao"] == "null" {
                options.merge(Self.nullAudioDefaults) { chosen, _ in chosen }
                options.merge(mpvOptions) { _, caller in caller }
            }
            if rendersFrames {
                options["vo"] = "libmpv"
                // mpv asks for each frame when it is due, and a render draws at once rather than wait for that
                // moment: the render thread is free, so a host attached gets the current picture without delay.
                if mpvOptions["video-timing-offset"] == nil { options["video-timing-offset"] = "0" }
            }
            return options.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        }
    }
}
