/// Where a steady sine tone, as played and recorded (mpv's `ao=pcm`), was interrupted.
///
/// It finds two kinds of ``Interruption``, on the first channel:
/// - a **silence**: at least half a period in a row whose samples are all quieter than ``silenceFraction`` of the
///   tone's level (the 99th percentile of the magnitudes, so a click does not raise it), while the rest is loud —
///   what a gap in the stream, a mute, or zeros written for an underrun leave; its length is the run's length;
/// - a **discontinuity**: the tone's rising zero crossings (found with hysteresis at ± the silence level, placed
///   between samples by linear interpolation) arrive early or late: an interval between neighbouring crossings
///   differs from the period by more than ``tolerance`` periods — what samples cut out, repeated or spliced from
///   elsewhere leave. Neighbouring deviant intervals make one discontinuity, at the first's crossing; its length is
///   the largest deviation, which is how far the tone slipped, modulo whole periods.
///
/// An interval that spans a silence is held to the nearest whole number of periods instead: a tone that resumes in
/// phase after a mute (as mpv's clock runs on under a mute) shows only the silence, one that resumes out of phase
/// shows a discontinuity too. A change of volume moves no crossing, so it is no discontinuity; turned down below
/// ``silenceFraction`` it is a silence.
///
/// What it cannot see: audio that simply paused (the output writes nothing while paused, so the file has no gap);
/// a cut or repeat of a whole number of periods (3.33 ms at 300 Hz) with no silence; anything in channels other
/// than the first; an interruption shorter than half a period that leaves the crossings in phase.
package struct ToneCheck: Hashable, Sendable {
    /// One place where the tone was interrupted.
    package struct Interruption: Hashable, Sendable, Codable {
        /// What interrupted it.
        package enum Kind: String, Hashable, Sendable, Codable {
            /// The tone fell quiet.
            case silence
            /// The tone's crossings jumped.
            case discontinuity
        }

        /// What interrupted it.
        package let kind: Kind
        /// Where it starts, in frames (one sample per channel) from the start.
        package let sampleOffset: Int
        /// A silence's length, or a discontinuity's slip, in milliseconds.
        package let lengthMilliseconds: Double

        /// An interruption.
        /// - Parameters:
        ///   - kind: What interrupted the tone.
        ///   - sampleOffset: Where, in frames from the start.
        ///   - lengthMilliseconds: How long (silence) or how far it slipped (discontinuity).
        package init(kind: Kind, sampleOffset: Int, lengthMilliseconds: Double) {
            self.kind = kind
            self.sampleOffset = sampleOffset
            self.lengthMilliseconds = lengthMilliseconds
        }
    }

    /// Frames per second.
    package let sampleRate: Int
    /// The tone's frequency, in hertz.
    package let frequency: Double
    /// Below this share of the tone's level, a sample is quiet.
    package let silenceFraction: Double
    /// How far, in periods, a crossing interval may stray from the period before it is a discontinuity.
    package let tolerance: Double
    /// Every interruption found, in order of ``Interruption/sampleOffset``.
    package let interruptions: [Interruption]

    /// The tone's period, in frames.
    package var period: Double { Double(sampleRate) / frequency }

    /// Checks interleaved 16-bit PCM.
    /// - Parameters:
    ///   - samples: The samples, interleaved.
    ///   - channels: How many channels are interleaved; the first is checked.
    ///   - sampleRate: Frames per second.
    ///   - frequency: The tone's frequency, in hertz.
    ///   - silenceFraction: The share of the tone's level below which a sample is quiet; 0.1 by default.
    ///   - tolerance: How far, in periods, a crossing interval may stray; 0.05 by default.
    package init(
        samples: [Int16], channels: Int, sampleRate: Int, frequency: Double, silenceFraction: Double = 0.1,
        tolerance: Double = 0.05
    ) {
        self.sampleRate = sampleRate
        self.frequency = frequency
        self.silenceFraction = silenceFraction
        self.tolerance = tolerance
        let channels = max(1, channels)
        let signal = stride(from: 0, to: samples.count - channels + 1, by: channels).map { Double(samples[$0]) }
        let period = Double(sampleRate) / frequency
        let milliseconds = 1000 / Double(sampleRate)
        let level = Self.level(of: signal)
        // Below a level of 1/500 of full scale there is no tone to check: it is all one silence.
        guard level >= 64 else {
            interruptions =
                signal.isEmpty
                ? []
                : [
                    Interruption(
                        kind: .silence, sampleOffset: 0, lengthMilliseconds: Double(signal.count) * milliseconds)
                ]
            return
        }
        let quiet = level * silenceFraction
        let silences = Self.silences(in: signal, below: quiet, atLeast: max(1, Int(period / 2)))
        var found = silences.map {
            Interruption(
                kind: .silence, sampleOffset: $0.lowerBound, lengthMilliseconds: Double($0.count) * milliseconds)
        }
        let crossings = Self.risingCrossings(in: signal, hysteresis: quiet)
        var run: (start: Int, slip: Double)?
        for (start, end) in zip(crossings, crossings.dropFirst()) {
            let interval = end - start
            let spansSilence = silences.contains { Double($0.lowerBound) < end && Double($0.upperBound) > start }
            let expected = spansSilence ? period * max(1, (interval / period).rounded()) : period
            let deviation = abs(interval - expected)
            if deviation > tolerance * period {
                run = (run?.start ?? Int(start), max(run?.slip ?? 0, deviation))
            } else if let ended = run {
                found.append(
                    Interruption(
                        kind: .discontinuity, sampleOffset: ended.start, lengthMilliseconds: ended.slip * milliseconds))
                run = nil
            }
        }
        if let run {
            found.append(
                Interruption(kind: .discontinuity, sampleOffset: run.start, lengthMilliseconds: run.slip * milliseconds)
            )
        }
        interruptions = found.sorted { $0.sampleOffset < $1.sampleOffset }
    }

    /// Checks a WAV file's audio.
    /// - Parameters:
    ///   - audio: The audio.
    ///   - frequency: The tone's frequency, in hertz.
    ///   - silenceFraction: The share of the tone's level below which a sample is quiet; 0.1 by default.
    ///   - tolerance: How far, in periods, a crossing interval may stray; 0.05 by default.
    package init(_ audio: WAVFile, frequency: Double, silenceFraction: Double = 0.1, tolerance: Double = 0.05) {
        self.init(
            samples: audio.samples, channels: audio.channels, sampleRate: audio.sampleRate, frequency: frequency,
            silenceFraction: silenceFraction, tolerance: tolerance)
    }

    /// The longest interruption that overlaps a window around a frame, such as where a handoff happened.
    /// - Parameters:
    ///   - sampleOffset: The window's centre, in frames from the start.
    ///   - radiusMilliseconds: How far the window reaches either side.
    /// - Returns: The longest interruption (silence or discontinuity, by ``Interruption/lengthMilliseconds``)
    ///   any part of which lies in the window, or `nil`.
    package func longestInterruption(around sampleOffset: Int, radiusMilliseconds: Double) -> Interruption? {
        let radius = radiusMilliseconds * Double(sampleRate) / 1000
        let low = Double(sampleOffset) - radius
        let high = Double(sampleOffset) + radius
        return interruptions.filter { interruption in
            let start = Double(interruption.sampleOffset)
            let end = start + max(1, interruption.lengthMilliseconds * Double(sampleRate) / 1000)
            return start <= high && end >= low
        }
        .max { $0.lengthMilliseconds < $1.lengthMilliseconds }
    }

    /// The tone's level: the 99th percentile of the samples' magnitudes.
    private static func level(of signal: [Double]) -> Double {
        guard !signal.isEmpty else { return 0 }
        let magnitudes = signal.map(abs).sorted()
        return magnitudes[min(magnitudes.count - 1, magnitudes.count * 99 / 100)]
    }

    /// The runs of at least `length` samples in a row quieter than `quiet`.
    private static func silences(in signal: [Double], below quiet: Double, atLeast length: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (offset, sample) in signal.enumerated() {
            if abs(sample) < quiet {
                if start == nil { start = offset }
            } else if let begun = start {
                if offset - begun >= length { runs.append(begun..<offset) }
                start = nil
            }
        }
        if let start, signal.count - start >= length { runs.append(start..<signal.count) }
        return runs
    }

    /// Where the signal rises through zero, in fractional frames: after falling below `-hysteresis`, and only
    /// when it goes on to rise above `+hysteresis` (so noise in a silence makes none).
    private static func risingCrossings(in signal: [Double], hysteresis: Double) -> [Double] {
        var crossings: [Double] = []
        var armed = false
        var pending: Double?
        for offset in 1..<max(1, signal.count) {
            let previous = signal[offset - 1]
            let sample = signal[offset]
            if sample < -hysteresis {
                armed = true
                pending = nil
            } else if armed, previous < 0, sample >= 0 {
                pending = Double(offset - 1) + -previous / (sample - previous)
                armed = false
            }
            if let crossing = pending, sample > hysteresis {
                crossings.append(crossing)
                pending = nil
            }
        }
        return crossings
    }
}
