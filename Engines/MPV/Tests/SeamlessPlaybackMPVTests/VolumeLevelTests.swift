import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

/// `PlaybackSettings.volume` is a linear amplitude gain on mpv too, measured on the
/// audio mpv writes with `ao=pcm`.
@Suite("MPVEngine volume, measured")
struct VolumeLevelTests {
    /// RMS of the test tone (lavfi `sine`, amplitude 1/8) at full volume: 0.125 / √2.
    static let fullScaleRMS = 0.125 / 2.0.squareRoot()

    @Test("5. volume is a linear gain: 0.5 gives half the RMS of 1 (mpv's cubic volume gave an eighth)")
    func volumeIsCubicOnMPV() async throws {
        let measured = try await withThrowingTaskGroup(of: (Double, Double).self) { group in
            for gain in [1.0, 0.5, 0.25] {
                group.addTask { (gain, try await Self.rms(atVolume: gain)) }
            }
            return try await group.reduce(into: [Double: Double]()) { $0[$1.0] = $1.1 }
        }
        let full = try #require(measured[1])
        #expect(abs(full - Self.fullScaleRMS) < 0.005, "full-volume RMS \(full)")
        for gain in [0.5, 0.25] {
            let ratio = try #require(measured[gain]) / full
            #expect(abs(ratio - gain) < 0.01, "volume \(gain) gave \(ratio) of full amplitude")
        }
        print("volume RMS (full scale 1.0): \(measured.sorted { $0.key > $1.key }.map { "\($0.key) → \($0.value)" })")
    }

    /// Plays the test clip for a second at `volume` into a WAV file and returns the RMS of its samples,
    /// after the first 0.2 s.
    private static func rms(atVolume volume: Double) async throws -> Double {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-mpv-volume-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let engine = try await MPVEngine(
            options: .init(mpvOptions: [
                // mpv's own speed filter: this measures mpv's volume, and the engine's default `scaletempo` at speed 1
                // let through the first second 6 % low in about one run in ten (see the package's README).
                "ao": "pcm", "af": "", "ao-pcm-file": file.path, "ao-pcm-waveheader": "yes", "audio-format": "s16",
            ]))
        await engine.apply(PlaybackSettings(volume: volume))
        try await engine.load(TestMedia.clip)
        #expect(await eventually { await engine.currentPosition() >= .seconds(1) })
        await engine.shutdown()
        return try rms(ofWAV: Data(contentsOf: file), skipping: 0.2)
    }

    /// The RMS of a 16-bit PCM WAV file's samples, as a fraction of full scale.
    static func rms(ofWAV data: Data, skipping seconds: Double) throws -> Double {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var offset = 12
        var channels = 1
        var rate = 48_000
        var bits = 16
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            if id == "fmt " {
                channels = u16(offset + 10)
                rate = u32(offset + 12)
                bits = u16(offset + 22)
            }
            // ao=pcm writes the data size only when it closes; take whatever follows the header.
            if id == "data" {
                offset += 8
                break
            }
            offset += 8 + size
        }
        guard bits == 16, channels > 0 else { throw TestSupportError("not 16-bit PCM: \(bits) bits") }
        let start = offset + Int(seconds * Double(rate)) * channels * 2
        guard start + 2 * rate / 2 < bytes.count else { throw TestSupportError("only \(bytes.count) bytes of audio") }
        var sum = 0.0
        var count = 0
        var index = start
        while index + 1 < bytes.count {
            let sample = Double(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)) / 32_768
            sum += sample * sample
            count += 1
            index += 2
        }
        return (sum / Double(count)).squareRoot()
    }
}
