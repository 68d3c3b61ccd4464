// swift-tools-version: 6.0
import PackageDescription

// Type-checks the Apple-only shells (SeamlessPlaybackAVFoundation, SeamlessPlaybackUIKit) on Linux.
//
// `AVFoundation`, `AVFAudio`, `CoreMedia`, `QuartzCore`, `CoreGraphics`, `UIKit` and `SwiftUI` here are stand-ins:
// they declare only the API the shells call, with the signatures, main-actor isolation, Sendable-ness and availability
// of Apple's iOS 18 SDK, and their bodies are placeholders that never run. `FoundationKVO` supplies the part of
// Darwin's Foundation the shell uses and swift-corelibs-foundation lacks (Swift key-value observing); the
// `AVFoundation` stand-in re-exports it, as the real one re-exports Foundation, and re-exports `AVFAudio` (the audio
// session) as the real one does. AVFoundation's imported `NS_ENUM`s live in `AVFoundationEnums`, built with library
// evolution, so that they are not frozen for their clients (a `switch` needs `@unknown default`, as on iOS).
// `Checks/must-not-compile.sh` type-checks the files of `Checks/MustNotCompile` against these modules and expects each
// to fail with its diagnostic. `SeamlessPlayback`, `SeamlessPlaybackAVFoundation` and
// `SeamlessPlaybackUIKit` are symlinks to the real source folders, so the files compiled here are the shipped ones,
// with `#if canImport(AVFoundation)`, `canImport(UIKit)` and `canImport(SwiftUI)` true. `UsageCheck` holds the iOS
// code of the documentation, verbatim between `// snippet` lines that a test compares with the documents: the README's
// UIKit and SwiftUI quick starts, and the examples of the SeamlessPlaybackAVFoundation and SeamlessPlaybackUIKit
// catalogs.
//
//     swift build --package-path Checks/AppleSDK -Xswiftc -warnings-as-errors
let package = Package(
    name: "AppleSDKCheck",
    targets: [
        .target(name: "CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        .target(name: "CoreMedia"),
        .target(name: "FoundationKVO"),
        .target(name: "AVFAudio"),
        .target(name: "AVFoundationEnums", swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]),
        .target(
            name: "AVFoundation",
            dependencies: ["AVFAudio", "AVFoundationEnums", "QuartzCore", "CoreMedia", "FoundationKVO"]
        ),
        .target(name: "UIKit", dependencies: ["CoreGraphics", "QuartzCore"]),
        .target(name: "SwiftUI", dependencies: ["CoreGraphics", "UIKit"]),
        // Depends on the CoreGraphics stand-in so that `Transition/Geometry+CoreGraphics.swift` is checked too.
        .target(name: "SeamlessPlayback", dependencies: ["CoreGraphics"]),
        .target(
            name: "SeamlessPlaybackAVFoundation",
            dependencies: ["AVFoundation", "CoreMedia", "QuartzCore", "UIKit", "SeamlessPlayback"]),
        .target(
            name: "SeamlessPlaybackUIKit",
            dependencies: [
                "AVFoundation", "QuartzCore", "UIKit", "SwiftUI", "SeamlessPlayback",
                "SeamlessPlaybackAVFoundation",
            ]
        ),
        .target(
            name: "UsageCheck",
            dependencies: [
                "AVFoundation", "UIKit", "SeamlessPlayback", "SeamlessPlaybackAVFoundation",
                "SeamlessPlaybackUIKit",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
