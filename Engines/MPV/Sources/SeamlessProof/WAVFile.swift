import Foundation

/// 16-bit PCM audio read from a WAV file, such as mpv writes with `ao=pcm` and `ao-pcm-waveheader=yes`.
///
/// mpv writes its header before the first sample and corrects the lengths in it only when it closes a file it can
/// seek in; a file read while mpv still writes it, or written to a pipe, says its data is 0 bytes long (or a wrong
/// length). So the `data` chunk's own length is not trusted: every byte after its header, to the end of the file,
/// is taken as samples (up to the last whole frame).
package struct WAVFile: Hashable, Sendable {
    /// Why bytes could not be read as 16-bit PCM WAV.
    package struct FormatError: Error, CustomStringConvertible, Hashable {
        /// What was wrong.
        package let description: String
    }

    /// The number of interleaved channels.
    package let channels: Int
    /// Frames (one sample per channel) per second.
    package let sampleRate: Int
    /// The samples, channel after channel within each frame.
    package let samples: [Int16]

    /// The number of frames: one sample of each channel.
    package var frameCount: Int { channels > 0 ? samples.count / channels : 0 }

    /// Reads a WAV file's bytes.
    ///
    /// The `fmt ` chunk must say PCM (format 1, or `WAVE_FORMAT_EXTENSIBLE` whose sub-format is PCM) with 16 bits
    /// per sample; chunks it does not know are skipped by their length.
    /// - Parameter data: The file's bytes.
    /// - Throws: ``FormatError`` when they are not RIFF/WAVE, the format is not 16-bit PCM, or no `data` follows
    ///   the `fmt ` chunk.
    package init(data: Data) throws(FormatError) {
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw FormatError(description: "not a RIFF/WAVE file")
        }
        var format: (channels: Int, sampleRate: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = tag(offset)
            let length = long(offset + 4)
            let body = offset + 8
            if name == "data" {
                guard let format else { throw FormatError(description: "the data chunk comes before fmt") }
                let frameBytes = 2 * format.channels
                let count = (bytes.count - body) / frameBytes * frameBytes / 2
                channels = format.channels
                sampleRate = format.sampleRate
                samples = (0..<count).map { Int16(truncatingIfNeeded: word(body + 2 * $0)) }
                return
            }
            if name == "fmt " {
                guard length >= 16, body + length <= bytes.count else { throw FormatError(description: "short fmt") }
                let tagValue = word(body)
                let subFormat = tagValue == 0xFFFE && length >= 26 ? word(body + 24) : tagValue
                guard subFormat == 1, word(body + 14) == 16, word(body + 2) > 0 else {
                    throw FormatError(description: "not 16-bit PCM (format \(subFormat), \(word(body + 14)) bits)")
                }
                format = (word(body + 2), long(body + 4))
            }
            offset = body + length + length % 2
        }
        throw FormatError(description: "no data chunk")
    }

    /// Reads a WAV file.
    /// - Parameter url: The file.
    /// - Throws: The error reading it, or ``FormatError``.
    package init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// Audio made in memory (for tests and generated tones).
    /// - Parameters:
    ///   - channels: The number of interleaved channels.
    ///   - sampleRate: Frames per second.
    ///   - samples: The interleaved samples.
    package init(channels: Int, sampleRate: Int, samples: [Int16]) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.samples = samples
    }
}
