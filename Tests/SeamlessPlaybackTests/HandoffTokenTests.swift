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

    @Test func appendingPutsExactlyOneQueryItemAndReadsBack() throws {
        let token = HandoffToken.random()
        let url = try #require(URL(string: "shop://detail?item=42&reusedPlayer=OLDOLDOLDOLDOLDOLDOLDO"))
        let linked = token.appended(to: url)
        let items = URLComponents(url: linked, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.filter { $0.name == HandoffToken.queryItemName }.count == 1)
        #expect(items.contains(URLQueryItem(name: "item", value: "42")))
        #expect(try HandoffToken(url: linked) == token)
        #expect(HandoffToken.queryItemName == "reusedPlayer")
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
