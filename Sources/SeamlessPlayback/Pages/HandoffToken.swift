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

    /// The token's 22 characters, 6 bits each: two 64-bit words of 11 characters each, in `low` and `high`; the
    /// 2 bits per word a text can carry beyond 64 in `excess`, so that every well-formed text stays distinct
    /// (a token the pool issued has none). Kept as bits, not text: a token costs no allocation.
    private let low: UInt64
    private let high: UInt64
    private let excess: UInt8

    /// The token's text, as it stands in the URL.
    public var description: String {
        String(unsafeUninitializedCapacity: Self.length) { buffer in
            for (offset, word, extra) in [(0, low, excess & 0x3), (11, high, excess >> 2)] {
                var bits = word
                for index in 0..<11 {
                    var value = bits & 0x3F
                    if index == 10 { value |= UInt64(extra) << 4 }
                    bits >>= 6
                    buffer[offset + index] = Self.alphabet[Int(value)]
                }
            }
            return Self.length
        }
    }

    /// Parses a token's text.
    /// - Parameter description: Exactly 22 characters from `A–Z a–z 0–9 - _`.
    /// - Returns: `nil` when the text is not a well-formed token.
    public init?(_ description: String) {
        var words: (UInt64, UInt64) = (0, 0)
        var excess: UInt8 = 0
        var count = 0
        for byte in description.utf8 {
            guard count < Self.length, let value = Self.value(of: byte) else { return nil }
            let index = count % 11
            if index == 10 { excess |= UInt8(value >> 4) << (count < 11 ? 0 : 2) }
            let bits = (value & (index == 10 ? 0xF : 0x3F)) << (6 * UInt64(index))
            if count < 11 { words.0 |= bits } else { words.1 |= bits }
            count += 1
        }
        guard count == Self.length else { return nil }
        (low, high, self.excess) = (words.0, words.1, excess)
    }

    /// Reads the token of a handoff URL.
    ///
    /// The query is read as written: items are separated by `&`, an item's name is what comes before its first
    /// `=`, and the name and a token item's value are percent-decoded. ``appended(to:)`` reads the query the same
    /// way, so the token of every URL it makes reads back.
    /// - Parameter url: A URL that may carry a ``queryItemName`` item.
    /// - Returns: `nil` when the URL carries no token.
    /// - Throws: ``PlayerPoolError/tokenMalformed`` when it carries one that is not well formed, or more than one.
    public init?(url: URL) throws(PlayerPoolError) {
        let text = Array(url.absoluteString.utf8)
        guard let query = Self.locateQuery(in: text).query else { return nil }
        let items = text[query].split(separator: Self.separator).filter(Self.isTokenItem)
        guard let item = items.first else { return nil }
        guard items.count == 1, let equals = item.firstIndex(of: UInt8(ascii: "=")),
            let value = String(decoding: item[(equals + 1)...], as: UTF8.self).removingPercentEncoding,
            let token = HandoffToken(value)
        else { throw .tokenMalformed }
        self = token
    }

    /// Makes a fresh random token.
    /// - Parameter generator: A cryptographically secure generator; the default is the system's.
    init<G: RandomNumberGenerator>(using generator: inout G) {
        // The first word is the token's key in the pool's table, which never uses 0: drawn again (a 2^-64 chance).
        var first: UInt64 = 0
        while first == 0 { first = generator.next() }
        low = first
        high = generator.next()
        excess = 0
    }

    /// The first 64 bits: random, and never 0, in every token the pool issued; the token's key in its table.
    var tableWord: UInt64 { low }

    /// Hashes the first word only: it is random in every token the pool issued (and a forged text that
    /// collides there still differs in equality).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(low)
    }

    static func random() -> HandoffToken {
        var generator = SystemRandomNumberGenerator()
        return HandoffToken(using: &generator)
    }

    /// Returns the URL with this token as its ``queryItemName`` item; every other byte of the URL stays as it was.
    ///
    /// The item goes at the end of the query, before any fragment, or starts a query when the URL has none. When
    /// the URL already carries a token item, this token takes that item's place, and any further token item is
    /// removed (a URL with two does not read as a handoff). Nothing else is decoded or written again: an encoded
    /// `+`, `=` or `&`, or a URL nested in an item, reaches the destination as it was. A relative URL comes back
    /// absolute, resolved against its base.
    /// - Parameter url: The destination page's URL.
    /// - Returns: The same URL with the one extra query item of a handoff.
    public func appended(to url: URL) -> URL {
        let text = Array(url.absoluteString.utf8)
        let (query, fragment) = Self.locateQuery(in: text)
        let item = Array("\(Self.queryItemName)=\(self)".utf8)
        var linked: [UInt8]
        if let query {
            linked = Array(text[..<query.lowerBound]) + Self.query(text[query], with: item)
        } else {
            linked = Array(text[..<fragment]) + [UInt8(ascii: "?")] + item
        }
        linked += text[fragment...]
        // Only unreserved characters and delimiters were added to a URL's own text, which therefore still parses.
        return URL(string: String(decoding: linked, as: UTF8.self)) ?? url
    }

    /// The byte between two query items.
    private static let separator = UInt8(ascii: "&")

    /// Where a URL's text has its query, and where its fragment starts (at its `#`; the end when it has none).
    /// The query follows the first `?` before the fragment: RFC 3986 allows neither `?` nor `#` earlier.
    private static func locateQuery(in text: [UInt8]) -> (query: Range<Int>?, fragment: Int) {
        let fragment = text.firstIndex(of: UInt8(ascii: "#")) ?? text.endIndex
        guard let mark = text[..<fragment].firstIndex(of: UInt8(ascii: "?")) else { return (nil, fragment) }
        return (mark + 1..<fragment, fragment)
    }

    /// The query with `item` as its one token item: in the first token item's place, the others removed, or else
    /// after the last item (in place of the empty one a trailing `&` leaves). The other items keep their bytes.
    private static func query(_ query: ArraySlice<UInt8>, with item: [UInt8]) -> [UInt8] {
        var items: [ArraySlice<UInt8>] = []
        var placed = false
        for existing in query.split(separator: separator, omittingEmptySubsequences: false) {
            if !isTokenItem(existing) {
                items.append(existing)
            } else if !placed {
                items.append(item[...])
                placed = true
            }
        }
        if !placed {
            if items.last?.isEmpty == true { items.removeLast() }
            items.append(item[...])
        }
        return Array(items.joined(separator: [separator]))
    }

    /// Whether a query item is a token item: its name, before its first `=`, reads ``queryItemName`` decoded.
    private static func isTokenItem(_ item: ArraySlice<UInt8>) -> Bool {
        let name = item.prefix { $0 != UInt8(ascii: "=") }
        return String(decoding: name, as: UTF8.self).removingPercentEncoding == queryItemName
    }

    /// The 6-bit value of a token character, or `nil` for a byte that is not one.
    private static func value(of byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
