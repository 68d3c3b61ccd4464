// The real AVFoundation module re-exports the frameworks its headers import, AVFAudio (AVAudioSession) among them.
@_exported import AVFAudio
@_exported import CoreMedia
@_exported import Foundation
@_exported import FoundationKVO
@_exported import QuartzCore
