// The real AVFAudio module re-exports Foundation (its headers import it).
@_exported import Foundation
