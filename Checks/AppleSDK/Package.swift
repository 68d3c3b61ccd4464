// swift-tools-version: 6.0
import PackageDescription

// Type-checks the AVFoundation shell of SeamlessPlaybackAVFoundation on Linux.
//
// `AVFoundation`, `CoreMedia` and `QuartzCore` here are stand-ins: they declare only the API the shell calls,
// with the signatures, main-actor isolation, Sendable-ness and availability of Apple's iOS 18 SDK, and their
// bodies are placeholders that never run. `FoundationKVO` supplies the part of Darwin's Foundation the shell
// uses and swift-corelibs-foundation lacks (Swift key-value observing); the `AVFoundation` stand-in re-exports
// it, as the real one re-exports Foundation. `SeamlessPlaybackAVFoundation` and `SeamlessPlayback` are symlinks to
// the real source folders, so the files compiled here are the shipped ones, with `#if canImport(AVFoundation)` true.
// `UsageCheck` is the README's example of a pool of AVPlayerEngines, minus its UIKit lines.
//
//     swift build --package-path Checks/AppleSDK -Xswiftc -warnings-as-errors
let package = Package(
    name: "AppleSDKCheck",
    targets: [
        .target(name: "QuartzCore"),
        .target(name: "CoreMedia"),
        .target(name: "FoundationKVO"),
        .target(name: "AVFoundation", dependencies: ["QuartzCore", "CoreMedia", "FoundationKVO"]),
        .target(name: "SeamlessPlayback"),
        .target(name: "SeamlessPlaybackAVFoundation", dependencies: ["AVFoundation", "CoreMedia", "SeamlessPlayback"]),
        .target(name: "UsageCheck", dependencies: ["AVFoundation", "SeamlessPlayback", "SeamlessPlaybackAVFoundation"]),
    ],
    swiftLanguageModes: [.v6]
)
