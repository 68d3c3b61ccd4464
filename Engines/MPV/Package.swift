// swift-tools-version: 6.0
import PackageDescription

// A libmpv-backed engine for SeamlessPlayback. It lives in its own package so that the root
// package keeps zero dependencies; this one needs libmpv from the system (`ci.sh` installs it).
// On Linux the headers are in /usr/include/mpv and `link "mpv"` suffices; Debian's mpv.pc would
// only add cflags SwiftPM rejects with a warning (-D_REENTRANT). Elsewhere (Homebrew) pkg-config
// finds the prefix.
#if os(Linux)
let mpvPkgConfig: String? = nil
#else
let mpvPkgConfig: String? = "mpv"
#endif

let package = Package(
    name: "SeamlessPlaybackMPV",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SeamlessPlaybackMPV", targets: ["SeamlessPlaybackMPV"]),
        .executable(name: "mpv-bench", targets: ["mpv-bench"]),
        .executable(name: "mpv-demo", targets: ["mpv-demo"]),
    ],
    dependencies: [
        .package(name: "SeamlessPlayback", path: "../..")
    ],
    targets: [
        .systemLibrary(
            name: "CMPV",
            pkgConfig: mpvPkgConfig,
            providers: [.apt(["libmpv-dev"]), .brew(["mpv"])]
        ),
        .target(
            name: "SeamlessPlaybackMPV",
            dependencies: ["CMPV", .product(name: "SeamlessPlayback", package: "SeamlessPlayback")]
        ),
        // Media for the tests, the benches and the demo: the one ffmpeg recipe of their clips (ClipRecipe), and the
        // local HTTP server.
        .target(name: "MediaFixtures"),
        // The measurements that prove a handoff seamless: frame codes drawn into a clip and read back from
        // hosts, tone interruptions in mpv's audio, and the report over a run's frames and moves.
        .target(
            name: "SeamlessProof",
            dependencies: [
                "SeamlessPlaybackMPV", "MediaFixtures", .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
                .product(name: "SeamlessPlaybackTesting", package: "SeamlessPlayback"),
            ]
        ),
        // The soak's pure decisions (`mpv-bench --soak`): its seeded script of gestures, pages and origin faults, the
        // invariants it checks over each observation, and the test that a series holds level.
        .target(
            name: "SoakCheck",
            dependencies: [
                .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
                .product(name: "SeamlessPlaybackTesting", package: "SeamlessPlayback"),
            ]
        ),
        .executableTarget(
            name: "mpv-bench",
            dependencies: [
                "SeamlessPlaybackMPV", "MediaFixtures", "SeamlessProof", "SoakCheck",
                .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
                .product(name: "SeamlessPlaybackTesting", package: "SeamlessPlayback"),
            ]
        ),
        // Pictures without an image library: an RGB image, the transition's compositor, a filmstrip, and PNG files
        // written by ffmpeg.
        .target(
            name: "PictureKit",
            dependencies: [
                "SeamlessPlaybackMPV", "MediaFixtures", .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
            ]
        ),
        .executableTarget(
            name: "mpv-demo",
            dependencies: [
                "PictureKit", "SeamlessPlaybackMPV", "MediaFixtures",
                .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
            ]
        ),
        .testTarget(
            name: "SeamlessPlaybackMPVTests",
            dependencies: [
                "SeamlessPlaybackMPV", "MediaFixtures", "PictureKit", "SeamlessProof", "SoakCheck", "mpv-bench",
                .product(name: "SeamlessPlayback", package: "SeamlessPlayback"),
                .product(name: "SeamlessPlaybackTesting", package: "SeamlessPlayback"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
