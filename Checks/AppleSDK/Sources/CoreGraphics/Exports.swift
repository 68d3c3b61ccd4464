// On iOS, Core Graphics' Swift interface re-exports only CoreFoundation and CoreGraphics (audit of
// `CoreGraphics.swiftmodule/arm64-apple-ios.swiftinterface`), not Foundation. swift-corelibs-foundation declares
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` itself, so this stand-in re-exports exactly those four declarations
// from Foundation, and nothing else of it: a file that imports only CoreGraphics and uses Foundation fails here, as
// it would on iOS.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
