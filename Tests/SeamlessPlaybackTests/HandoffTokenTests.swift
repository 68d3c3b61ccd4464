import Foundation
import Testing

@testable import SeamlessPlayback

@Suite("HandoffToken")
struct HandoffTokenTests {
    @Test func freshTokensAreURLSafeWellFormedAndDistinct() {
        var seen = Set<HandoffToken>()
        for _ in 0..<2_000 {
            let token = HandoffToken.random()
            #expect(token.description.count == 22)
            #expect(
                token.description.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(HandoffToken(token.description) == token)
            seen.insert(token)
        }
        #expect(seen.count == 2_000)
    }

    @Test func tokensCarry128RandomBits() {
        // Two generators differing in one bit of either word give different tokens (the first word of the base has
        // two bits set, so that no flip makes it 0, which is drawn again).
        var base = Words(words: [3, 0])
        let reference = HandoffToken(using: &base)
        for bit in 0..<128 {
            var words: [UInt64] = [3, 0]
            words[bit / 64] ^= 1 << UInt64(bit % 64)
            var generator = Words(words: words)
            #expect(HandoffToken(using: &generator) != reference, "bit \(bit) is lost")
        }
    }

    @Test func aFirstWordOfZeroIsDrawnAgain() {
        var generator = Words(words: [0, 0, 5, 7])
        let token = HandoffToken(using: &generator)
        #expect(token.tableWord == 5)
        var expected = Words(words: [5, 7])
        #expect(token == HandoffToken(using: &expected))
    }

    @Test func everyWellFormedTextReadsBackAsItselfAndStaysDistinct() throws {
        let texts = [
            "AAAAAAAAAAAAAAAAAAAAAA", "______________________", "AAAAAAAAAA_AAAAAAAAAAA", "AAAAAAAAAAPAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAA_", "AAAAAAAAAAAAAAAAAAAAAP", "zZ09-_aAbBcCdDeEfFgGhH",
        ]
        var seen = Set<HandoffToken>()
        for text in texts {
            let token = try #require(HandoffToken(text))
            #expect(token.description == text)
            seen.insert(token)
        }
        #expect(seen.count == texts.count)
    }

    @Test(arguments: [
        "", "short", "AAAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAA=", "AAAAAAAAAAAAAAAAAAAAA+",
        "AAAAAAAAAAAAAAAAAAAAA é", "AAAAAAAAAAAAAAAAAAAA\u{0}A", "AAAAAAAAAAAAAAAAAAAA A",
    ])
    func malformedTextIsNotAToken(_ text: String) {
        #expect(HandoffToken(text) == nil)
    }

    /// A fixed token, so that a test can spell the URL it expects.
    let token = HandoffToken("TOKENtoken0123456789-_")

    /// Each URL with the URL `appended(to:)` makes of it, `{T}` standing for the token: every byte of the
    /// query kept as it was, the token's item added after it.
    @Test(arguments: [
        // A `+` written `%2B`: rewritten as `+`, a form decoder would read a space.
        ("shop://search?q=a%2Bb&sig=x%3D%3D", "shop://search?q=a%2Bb&sig=x%3D%3D&reusedPlayer={T}"),
        // Base64 padding written as is.
        ("shop://verify?sig=dGVzdA==&n=1", "shop://verify?sig=dGVzdA==&n=1&reusedPlayer={T}"),
        // A nested URL, its `:`, `/`, `?`, `=` and `&` encoded.
        (
            "shop://login?next=https%3A%2F%2Fa.b%2Fc%3Fd%3D1%26e%3D2",
            "shop://login?next=https%3A%2F%2Fa.b%2Fc%3Fd%3D1%26e%3D2&reusedPlayer={T}"
        ),
        // An unreserved character written encoded.
        ("shop://user?name=%7Eann", "shop://user?name=%7Eann&reusedPlayer={T}"),
        // The item goes into the query, before the fragment.
        ("shop://search?q=a%2Bb#results", "shop://search?q=a%2Bb&reusedPlayer={T}#results"),
        // A query that ends with its separator gets no second one.
        ("shop://detail?item=42&", "shop://detail?item=42&reusedPlayer={T}"),
    ])
    func appendingKeepsEveryByteOfTheQuery(_ url: String, _ expected: String) throws {
        let token = try #require(token)
        let linked = token.appended(to: try #require(URL(string: url)))
        #expect(linked.absoluteString == expected.replacingOccurrences(of: "{T}", with: token.description))
        #expect(try HandoffToken(url: linked) == token)
    }

    @Test(arguments: [
        ("shop://detail", "shop://detail?reusedPlayer={T}"),
        ("shop://detail?", "shop://detail?reusedPlayer={T}"),
        ("shop://detail#reviews", "shop://detail?reusedPlayer={T}#reviews"),
        // A `?` in the fragment is the fragment's.
        ("shop://detail#a?b=1", "shop://detail?reusedPlayer={T}#a?b=1"),
    ])
    func appendingStartsAQueryWhereThereIsNone(_ url: String, _ expected: String) throws {
        let token = try #require(token)
        let linked = token.appended(to: try #require(URL(string: url)))
        #expect(linked.absoluteString == expected.replacingOccurrences(of: "{T}", with: token.description))
        #expect(try HandoffToken(url: linked) == token)
    }

    @Test func appendingReplacesATokenItemInPlaceAndDropsAnyOther() throws {
        let token = try #require(token)
        let old = "OLDOLDOLDOLDOLDOLDOLDO"
        let url = try #require(URL(string: "shop://detail?reusedPlayer=\(old)&q=a%2Bb&reused%50layer=\(old)#x"))
        let linked = token.appended(to: url)
        #expect(linked.absoluteString == "shop://detail?reusedPlayer=\(token)&q=a%2Bb#x")
        #expect(try HandoffToken(url: linked) == token)
        #expect(HandoffToken.queryItemName == "reusedPlayer")
    }

    @Test func aRelativeURLKeepsItsBase() throws {
        let token = try #require(token)
        let url = try #require(URL(string: "detail?item=42", relativeTo: URL(string: "shop://app/feed/")))
        let linked = token.appended(to: url)
        #expect(linked.absoluteString == "shop://app/feed/detail?item=42&reusedPlayer=\(token)")
        #expect(try HandoffToken(url: linked) == token)
    }

    @Test func aTokenWrittenInsideAnotherItemsValueIsNotOne() throws {
        let token = try #require(token)
        let url = try #require(URL(string: "shop://d?q=a%26reusedPlayer%3DAAAAAAAAAAAAAAAAAAAAAA"))
        #expect(try HandoffToken(url: url) == nil)
        let linked = token.appended(to: url)
        #expect(linked.absoluteString == "shop://d?q=a%26reusedPlayer%3DAAAAAAAAAAAAAAAAAAAAAA&reusedPlayer=\(token)")
        #expect(try HandoffToken(url: linked) == token)
    }

    @Test func urlWithoutTokenIsNilAndBadTokensThrow() throws {
        #expect(try HandoffToken(url: try #require(URL(string: "shop://detail?item=1"))) == nil)
        #expect(try HandoffToken(url: try #require(URL(string: "shop://detail"))) == nil)
        for bad in [
            "shop://d?reusedPlayer=abc", "shop://d?reusedPlayer", "shop://d?reusedPlayer=%2F%2F",
            "shop://d?reusedPlayer=AAAAAAAAAAAAAAAAAAAAAA&reusedPlayer=BBBBBBBBBBBBBBBBBBBBBB",
        ] {
            let url = try #require(URL(string: bad))
            #expect(throws: PlayerPoolError.tokenMalformed) { _ = try HandoffToken(url: url) }
        }
    }
}
