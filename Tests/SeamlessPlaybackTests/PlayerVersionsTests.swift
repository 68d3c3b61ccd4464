import Testing

@testable import SeamlessPlayback

@Suite("PlayerVersions: what a settle waits for")
struct PlayerVersionsTests {
    let a = PlayerID(pool: 1, number: 1)
    let b = PlayerID(pool: 1, number: 2)
    let c = PlayerID(pool: 1, number: 3)

    @Test func entriesAreSetReadAndRemovedInAnyOrder() {
        var versions = PlayerVersions()
        #expect(versions.isEmpty)
        versions[a] = 1
        versions[b] = 2
        versions[c] = 3
        versions[b] = 5
        versions[a] = 4
        #expect(versions[b] == 5)
        #expect(versions[a] == 4)
        #expect(versions.keys == [a, b, c])
        // Removing the first keeps the others, in order.
        versions[a] = nil
        #expect(versions[a] == nil)
        #expect(versions.map(\.version) == [5, 3])
        versions[c] = nil
        versions[b] = nil
        #expect(versions.isEmpty)
        #expect(Array(versions).isEmpty)
    }

    @Test func settingNilForAPlayerNotWaitedOnChangesNothing() {
        var versions = PlayerVersions()
        versions[a] = nil
        #expect(versions.isEmpty)
        versions[a] = 4
        versions[b] = nil
        #expect(versions.map(\.player) == [a])
        #expect(versions[a] == 4)
    }
}
