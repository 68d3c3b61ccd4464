import Foundation

/// The one URL query item that carries a handoff from one page to another.
///
/// A token is 128 bits from the system's cryptographically secure generator, written as 22
/// URL-safe characters (`A–Z a–z 0–9 - _`). It says nothing about the player or the pages: the pool
/// looks it up. It is single use and expires after ``PlayerPool/Configuration/handoffTokenLifetime``.
///
/// ```swift
/// let token = try await feed.lend(lease)
/// let link = token.appended(to: URL(string: "shop://detail?item=42")!)
/// // … on the detail page:
/// if let token = try HandoffToken(url: link) { lease = try await detail.borrow(token) }
/// ```
public struct HandoffToken: Hashable, Sendable, LosslessStringConvertible {
    /// The query item's name: `reusedPlayer`.
    public static let queryItemName = "reusedPlayer"

    static let length = 22
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The token's text, as it stands in the URL.
    public let description: String

    /// Parses a token's text.
    /// - Parameter description: Exactly 22 characters from `A–Z a–z 0–9 - _`.
    /// - Returns: `nil` when the text is not a well-formed token.
    public init?(_ description: String) {
        var count = 0
        for byte in description.utf8 {
            count += 1
            guard count <= Self.length, Self.isTokenByte(byte) else { return nil }
        }
        guard count == Self.length else { return nil }
        self.description = description
    }

    /// Reads the token of a handoff URL.
    /// - Parameter url: A URL that may carry a ``queryItemName`` item.
    /// - Returns: `nil` when the URL carries no token.
    /// - Throws: ``PlayerPoolError/tokenMalformed`` when it carries one that is not well formed, or more than one.
    public init?(url: URL) throws(PlayerPoolError) {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else {
            return nil
        }
        let values = items.filter { $0.name == Self.queryItemName }
        guard let first = values.first else { return nil }
        guard values.count == 1, let text = first.value, let token = HandoffToken(text) else {
            throw .tokenMalformed
        }
        self = token
    }

    /// Makes a fresh random token.
    /// - Parameter generator: A cryptographically secure generator; the default is the system's.
    init<G: RandomNumberGenerator>(using generator: inout G) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.length)
        var bits = (generator.next() as UInt64, generator.next() as UInt64)
        // Each 64-bit word fills 11 characters of 6 bits; the 11th carries the word's last 4 bits.
        for index in 0..<Self.length {
            let value: UInt64
            if index < 11 {
                value = bits.0 & 0x3F
                bits.0 >>= 6
            } else {
                value = bits.1 & 0x3F
                bits.1 >>= 6
            }
            bytes.append(Self.alphabet[Int(value)])
        }
        self.description = String(decoding: bytes, as: UTF8.self)
    }

    /// Makes a fresh token from the system's secure random generator.
    static func random() -> HandoffToken {
        var generator = SystemRandomNumberGenerator()
        return HandoffToken(using: &generator)
    }

    /// Returns the URL with this token as its ``queryItemName`` item, replacing any token already there.
    /// - Parameter url: The destination page's URL.
    /// - Returns: The same URL with the one extra query item of a handoff.
    public func appended(to url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != Self.queryItemName }
        items.append(URLQueryItem(name: Self.queryItemName, value: description))
        components.queryItems = items
        return components.url ?? url
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
