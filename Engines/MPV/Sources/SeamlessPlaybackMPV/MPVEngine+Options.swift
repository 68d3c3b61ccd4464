extension MPVEngine {
    /// How an ``MPVEngine`` is set up.
    public struct Options: Hashable, Sendable {
        /// The mpv options every engine starts from: a headless player that reads no configuration,
        /// no terminal and no input, and idles instead of quitting when nothing is loaded.
        ///
        /// `vo=null` and `ao=null` still decode and keep time, and `mute`, `volume`, `speed`,
        /// `pause` and `panscan` behave as with real outputs.
        public static let headlessDefaults: [String: String] = [
            "vo": "null",
            "ao": "null",
            "terminal": "no",
            "config": "no",
            "input-default-bindings": "no",
            "input-vo-keyboard": "no",
            "load-scripts": "no",
            "idle": "yes",
            "audio-display": "no",
        ]

        /// mpv options set before initialisation, over ``headlessDefaults``: pass real outputs here,
        /// e.g. `["vo": "gpu", "ao": "pulse", "wid": "…"]`. Defaults to none.
        public var mpvOptions: [String: String]
        /// How long ``MPVEngine/load(_:)`` waits for the first frame. Defaults to 10 seconds.
        public var loadTimeout: Duration

        /// Creates options; every argument has the documented default.
        /// - Parameters:
        ///   - mpvOptions: mpv options over ``headlessDefaults``.
        ///   - loadTimeout: How long a load waits for the first frame.
        public init(mpvOptions: [String: String] = [:], loadTimeout: Duration = .seconds(10)) {
            self.mpvOptions = mpvOptions
            self.loadTimeout = loadTimeout
        }

        /// The defaults with the caller's options over them, sorted by name so every run sets them alike.
        var resolvedMPVOptions: [(name: String, value: String)] {
            Self.headlessDefaults.merging(mpvOptions) { _, caller in caller }
                .sorted { $0.key < $1.key }
                .map { (name: $0.key, value: $0.value) }
        }
    }
}
