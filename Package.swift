// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SeamlessPlayback",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "SeamlessPlayback", targets: ["SeamlessPlayback"]),
        .library(name: "SeamlessPlaybackTesting", targets: ["SeamlessPlaybackTesting"]),
        .library(name: "SeamlessPlaybackAVFoundation", targets: ["SeamlessPlaybackAVFoundation"]),
        .library(name: "SeamlessPlaybackUIKit", targets: ["SeamlessPlaybackUIKit"]),
    ],
    targets: [
        .target(name: "SeamlessPlayback"),
        .target(name: "SeamlessPlaybackTesting", dependencies: ["SeamlessPlayback"]),
        // AVPlayer as a PlaybackEngine: the decisions compile everywhere; the AVFoundation shell only where
        // AVFoundation exists (type-checked on Linux by Checks/AppleSDK).
        .target(name: "SeamlessPlaybackAVFoundation", dependencies: ["SeamlessPlayback"]),
        // The picture's hosts and the seed's transition for UIKit and SwiftUI: the animator's decisions compile
        // everywhere; the UIKit and SwiftUI shells only where UIKit exists (type-checked by Checks/AppleSDK).
        .target(name: "SeamlessPlaybackUIKit", dependencies: ["SeamlessPlayback", "SeamlessPlaybackAVFoundation"]),
        // The demo's story, kept out of the executable so that a test can replay it.
        .target(name: "DemoStory", dependencies: ["SeamlessPlayback", "SeamlessPlaybackTesting"]),
        // The demo and the stress tool are tools, not products: an app never depends on them, and `swift run demo`
        // and `swift run -c release stress` run them from this package all the same.
        .executableTarget(name: "demo", dependencies: ["DemoStory"]),
        .executableTarget(
            name: "stress",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackTesting"],
            path: "Stress",
            exclude: ["README.md"]
        ),
        // The child process MediaCache's crash test kills mid-write: a harness, built with the tests.
        .executableTarget(
            name: "CacheCrashHarness",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackTesting"],
            path: "Tests/CacheCrashHarness"
        ),
        .testTarget(
            name: "SeamlessPlaybackTests",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackTesting", "DemoStory", "CacheCrashHarness"]
        ),
        .testTarget(
            name: "SeamlessPlaybackAVFoundationTests",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackAVFoundation", "SeamlessPlaybackTesting"]
        ),
        .testTarget(
            name: "SeamlessPlaybackUIKitTests",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackUIKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
