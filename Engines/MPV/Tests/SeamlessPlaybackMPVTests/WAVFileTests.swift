import Foundation
import SeamlessProof
import Testing

@Suite("WAVFile")
struct WAVFileTests {
    /// A header as mpv's `ao=pcm` writes one, with `dataLength` as the data chunk's length, then `samples`.
    static func wav(
        channels: Int, rate: Int, samples: [Int16], dataLength: UInt32, extensible: Bool = false
    ) -> Data {
        var bytes: [UInt8] = []
        func word(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func long(_ value: Int) {
            word(value & 0xFFFF)
            word(value >> 16 & 0xFFFF)
        }
        bytes += Array("RIFF".utf8)
        long(0)
        bytes += Array("WAVEfmt ".utf8)
        long(extensible ? 40 : 16)
        word(extensible ? 0xFFFE : 1)
        word(channels)
        long(rate)
        long(rate * channels * 2)
        word(channels * 2)
        word(16)
        if extensible {
            word(22)
            word(16)
            long(3)
            word(1)
            bytes += [UInt8](repeating: 0, count: 14)
        }
        bytes += Array("data".utf8)
        long(Int(dataLength))
        for sample in samples { word(Int(UInt16(bitPattern: sample))) }
        return Data(bytes)
    }

    @Test("a data chunk that says 0 bytes, or too many, still yields every sample", arguments: [0, 2, 0xFFFF_FFFF])
    func streamingLength(dataLength: UInt32) throws {
        let samples: [Int16] = [1, -1, 300, -300, .max, .min]
        let audio = try WAVFile(data: Self.wav(channels: 2, rate: 44_100, samples: samples, dataLength: dataLength))
        #expect(audio.channels == 2 && audio.sampleRate == 44_100)
        #expect(audio.samples == samples)
        #expect(audio.frameCount == 3)
    }

    @Test("WAVE_FORMAT_EXTENSIBLE PCM is read; a half frame at the end is dropped")
    func extensible() throws {
        let data = Self.wav(channels: 2, rate: 48_000, samples: [5, 6, 7], dataLength: 0, extensible: true)
        let audio = try WAVFile(data: data)
        #expect(audio.samples == [5, 6])
    }

    @Test("not a WAV file is an error")
    func notWAV() {
        #expect(throws: WAVFile.FormatError.self) { try WAVFile(data: Data("RIFX....WAVE".utf8)) }
    }
}
