// On Apple platforms `CGFloat`, `CGPoint`, `CGSize` and `CGRect` are Core Graphics types that Foundation
// re-exports; swift-corelibs-foundation declares them itself. This stand-in re-exports Foundation so that
// `import CoreGraphics` brings them, as it does on iOS, and adds what Foundation on Linux lacks.
@_exported import Foundation
