#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's secure random bytes, drawn 256 bytes at a time (`getentropy`, the most one call gives): one
/// system call for 16 handoff tokens instead of two per token. A `RandomNumberGenerator`, so a token is made
/// from it like from any other generator. It belongs to one pool and is only used on that pool's actor.
struct SecureRandomBuffer: RandomNumberGenerator {
    private var words = [UInt64](repeating: 0, count: 32)
    private var position = 32

    mutating func next() -> UInt64 {
        if position == words.count { refill() }
        defer { position += 1 }
        return words[position]
    }

    private mutating func refill() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let drawn = words.withUnsafeMutableBytes { getentropy($0.baseAddress, $0.count) }
        #else
        let drawn: Int32 = -1
        #endif
        if drawn != 0 {
            // Not available here: the standard library's secure generator, one word at a time.
            var system = SystemRandomNumberGenerator()
            for index in words.indices { words[index] = system.next() }
        }
        position = 0
    }
}
