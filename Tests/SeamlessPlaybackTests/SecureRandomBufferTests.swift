import Testing

@testable import SeamlessPlayback

@Suite("SecureRandomBuffer: batched secure randomness for tokens")
struct SecureRandomBufferTests {
    @Test func tokensAcrossManyRefillsAreWellFormedAndDistinct() {
        var bytes = SecureRandomBuffer()
        var seen = Set<HandoffToken>()
        for _ in 0..<1_000 {
            let token = HandoffToken(using: &bytes)
            #expect(HandoffToken(token.description) == token)
            seen.insert(token)
        }
        #expect(seen.count == 1_000)
    }

    @Test func wordsDoNotRepeatAcrossARefill() {
        var bytes = SecureRandomBuffer()
        let words = (0..<96).map { _ in bytes.next() }
        #expect(Set(words).count == 96)
    }
}
