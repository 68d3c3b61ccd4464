// The real SwiftUI module re-exports UIKit's geometry through Core Graphics; the shells import UIKit themselves.
@_exported import CoreGraphics
