// The real UIKit module re-exports the frameworks its headers import.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore
