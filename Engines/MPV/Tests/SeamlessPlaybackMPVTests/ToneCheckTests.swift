import Foundation
import SeamlessPlaybackTesting
import SeamlessProof
import Testing

@Suite("ToneCheck")
struct ToneCheckTests {
    static let rate = 48_000
    static let frequency = 300.0

    /// `seconds` of the tone at `amplitude`, from phase `phase` (in periods), as 16-bit samples.
    static func tone(seconds: Double, amplitude: Double = 20_000, phase: Double = 0) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { frame in
            let periods = Double(frame) * frequency / Double(rate) + phase
            return Int16(amplitude * sin(2 * .pi * periods))
        }
    }

    static func check(_ samples: [Int16]) -> ToneCheck {
        ToneCheck(samples: samples, channels: 1, sampleRate: rate, frequency: frequency)
    }

    @Test("an unbroken tone has no interruptions, in one channel or two")
    func unbroken() {
        let mono = Self.tone(seconds: 1)
        #expect(Self.check(mono).interruptions == [])
        let stereo = mono.flatMap { [$0, $0 / 2] }
        #expect(ToneCheck(samples: stereo, channels: 2, sampleRate: Self.rate, frequency: 300).interruptions == [])
    }

    @Test("10 ms of silence inserted is one silence of about 10 ms, where it was inserted")
    func insertedSilence() throws {
        let tone = Self.tone(seconds: 1)
        let samples = Array(tone[..<24_000]) + [Int16](repeating: 0, count: 480) + Array(tone[24_000...])
        let found = Self.check(samples).interruptions
        let silence = try #require(found.first)
        #expect(found.count == 1)
        #expect(silence.kind == .silence)
        #expect(abs(silence.sampleOffset - 24_000) <= 4)
        #expect(abs(silence.lengthMilliseconds - 10) < 0.2)
    }

    @Test("5 ms cut out is a discontinuity where it was cut, slipping the tone half a period")
    func cut() throws {
        let tone = Self.tone(seconds: 1)
        let samples = Array(tone[..<24_050]) + Array(tone[(24_050 + 240)...])
        let found = Self.check(samples).interruptions
        let jump = try #require(found.first)
        #expect(found.count == 1)
        #expect(jump.kind == .discontinuity)
        #expect(abs(jump.sampleOffset - 24_050) <= 160)
        #expect(abs(jump.lengthMilliseconds - 1000 / 300 / 2) < 0.1)
    }

    @Test("a volume change moves no crossing: no interruption")
    func volumeChange() {
        let tone = Self.tone(seconds: 1)
        let samples = tone.enumerated().map { $0.offset < 20_000 ? $0.element : Int16(Double($0.element) * 0.3) }
        #expect(Self.check(samples).interruptions == [])
    }

    @Test("a mute under which the tone runs on is a silence; resuming in phase is no discontinuity")
    func muteInPhase() throws {
        let tone = Self.tone(seconds: 1)
        let muted = 20_000..<21_000
        let samples = tone.enumerated().map { muted.contains($0.offset) ? 0 : $0.element }
        let found = Self.check(samples).interruptions
        #expect(found.map(\.kind) == [.silence])
        #expect(abs(try #require(found.first).lengthMilliseconds - 1000.0 / 48) < 0.2)
    }

    @Test("a tone that resumes out of phase after a silence shows a discontinuity too")
    func muteOutOfPhase() {
        let samples =
            Self.tone(seconds: 0.5) + [Int16](repeating: 0, count: 1000) + Self.tone(seconds: 0.5, phase: 0.5)
        let kinds = Self.check(samples).interruptions.map(\.kind)
        #expect(kinds.count == 2 && Set(kinds) == [.silence, .discontinuity])
    }

    @Test("low noise in a silence makes no crossings")
    func noisySilence() {
        var random = SplitMix64(seed: 3)
        let noise = (0..<2400).map { _ in Int16(Int(random.next() % 61) - 30) }
        let tone = Self.tone(seconds: 1)
        let samples = Array(tone[..<24_000]) + noise + Array(tone[24_000...])
        #expect(Self.check(samples).interruptions.map(\.kind) == [.silence])
    }

    @Test("all silence is one silence")
    func allSilent() {
        let found = Self.check([Int16](repeating: 0, count: 4800)).interruptions
        #expect(found == [ToneCheck.Interruption(kind: .silence, sampleOffset: 0, lengthMilliseconds: 100)])
    }

    @Test(
        "the longest interruption around an offset is the longest overlapping the window (silences of whole periods)"
    )
    func longestAround() {
        let tone = Self.tone(seconds: 1)
        let samples =
            Array(tone[..<10_000]) + [Int16](repeating: 0, count: 320) + Array(tone[10_000..<30_000])
            + [Int16](repeating: 0, count: 960) + Array(tone[30_000...])
        let check = Self.check(samples)
        #expect(check.interruptions.count == 2)
        #expect(check.longestInterruption(around: 10_100, radiusMilliseconds: 50)?.sampleOffset ?? 0 < 10_100)
        #expect(
            abs((check.longestInterruption(around: 29_000, radiusMilliseconds: 100)?.lengthMilliseconds ?? 0) - 20)
                < 0.2)
        #expect(check.longestInterruption(around: 20_000, radiusMilliseconds: 50) == nil)
    }
}
