import Testing

@testable import SeamlessPlayback

@Suite("FetchClaims: one origin fetch per byte range in flight")
struct FetchClaimsTests {
    @Test func aClaimEndsWhereAnotherBeginsAndNoneStartsInsideOne() throws {
        var claims = FetchClaims()
        let first = try #require(claims.claim(100..<200, for: "a") as (id: FetchClaims.ID, range: Range<Int64>)?)
        #expect(first.range == 100..<200)
        // Up to the next claim; none where the first byte is claimed; other media are apart; nothing for no bytes.
        let granted = [
            claims.claim(50..<300, for: "a")?.range, claims.claim(150..<300, for: "a")?.range,
            claims.claim(100..<101, for: "a")?.range, claims.claim(200..<300, for: "a")?.range,
            claims.claim(150..<300, for: "b")?.range, claims.claim(300..<300, for: "a")?.range,
        ]
        #expect(granted == [50..<100, nil, nil, 200..<300, 150..<300, nil])
        #expect(claims.claimed(for: "a") == RangeSet(50..<300))
        #expect(claims.claimed(for: "a", excluding: first.id) == RangeSet([50..<100, 200..<300]))
        #expect(claims.claimed(for: "c").isEmpty)
    }

    @Test func aReleasedRangeCanBeClaimedAgainAndAClaimEndsOnce() {
        var claims = FetchClaims()
        let first = claims.claim(0..<10, for: "a")
        let released = [
            claims.release(first?.id ?? 0, for: "b"), claims.release(first?.id ?? 0, for: "a"),
            claims.release(first?.id ?? 0, for: "a"),
        ]
        #expect(first?.range == 0..<10)
        #expect(released == [false, true, false])
        #expect(claims.isEmpty)
        let again = claims.claim(0..<10, for: "a")
        #expect(again?.range == 0..<10 && again?.id != first?.id)
    }
}
