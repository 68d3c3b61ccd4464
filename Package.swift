// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SeamlessPlayback",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "SeamlessPlayback", targets: ["SeamlessPlayback"]),
        .library(name: "SeamlessPlaybackTesting", targets: ["SeamlessPlaybackTesting"]),
    ],
    targets: [
        .target(name: "SeamlessPlayback"),
        .target(name: "SeamlessPlaybackTesting", dependencies: ["SeamlessPlayback"]),
        .testTarget(
            name: "SeamlessPlaybackTests",
            dependencies: ["SeamlessPlayback", "SeamlessPlaybackTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
