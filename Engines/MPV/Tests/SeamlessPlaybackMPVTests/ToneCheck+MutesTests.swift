import SeamlessProof
import Testing

@Suite("ToneCheck: the interruptions a run's mutes do not explain")
struct ToneCheckMutesTests {
    /// A second and a half of the tone with samples zeroed in `muted` ranges and `cut` samples removed at `cutAt`.
    static func samples(muted: [Range<Int>], cutAt: Int? = nil, cut: Int = 0) -> [Int16] {
        var samples = ToneCheckTests.tone(seconds: 1.5).enumerated().map { frame in
            muted.contains { $0.contains(frame.offset) } ? 0 : frame.element
        }
        if let cutAt { samples.removeSubrange(cutAt..<(cutAt + cut)) }
        return samples
    }

    @Test func theMutedStretchesAndTheirEdgesAreExplained() {
        // Two mutes of about 200 ms, each resuming out of phase with the tone (a slip at its edge).
        let check = ToneCheckTests.check(Self.samples(muted: [4_000..<13_617, 30_000..<39_700]))
        #expect(check.interruptions.filter { $0.kind == .silence }.count == 2)
        #expect(check.interruptions(besidesMutes: 2) == [])
    }

    @Test func aCutWhileTheSoundIsOnIsLeftAndSoIsAShortSilence() throws {
        let cut = ToneCheckTests.check(Self.samples(muted: [4_000..<13_600], cutAt: 30_000, cut: 240))
        let left = cut.interruptions(besidesMutes: 1)
        #expect(left.count == 1)
        #expect(try #require(left.first).kind == .discontinuity)

        let short = ToneCheckTests.check(Self.samples(muted: [4_000..<13_600, 30_000..<30_480]))
        let gap = try #require(short.interruptions(besidesMutes: 1).first)
        #expect(gap.kind == .silence)
        #expect(abs(gap.lengthMilliseconds - 10) < 1)
    }

    @Test func aGapLongerThanAMuteIsNeverHidden() throws {
        // One mute of 100 ms and a gap of 300 ms: the shorter silence is reported, as long as the mute.
        let check = ToneCheckTests.check(Self.samples(muted: [4_000..<8_800, 30_000..<44_400]))
        let left = check.interruptions(besidesMutes: 1)
        #expect(left.count == 1)
        #expect(try #require(left.first).lengthMilliseconds >= 99)
    }
}
