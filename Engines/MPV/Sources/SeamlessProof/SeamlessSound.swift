/// What the sound of a seamless run shows: the tone, as mpv wrote it with `ao=pcm`, checked for interruptions while
/// the sound was on.
///
/// The feed plays muted, so the file has one silence per stint of the feed (``HandoffScript/feedStints``); those are
/// set aside by number (``ToneCheck/interruptions(besidesMutes:edgeMilliseconds:)``), and whatever else interrupted
/// the tone — at a handoff with the sound on both sides or anywhere else — is a gap. That the file shows at least as
/// many silences as muted stretches is checked too: a file that does not show the run's mutes shows nothing.
package struct SeamlessSound: Hashable, Sendable, Encodable {
    /// Handoffs between two pages with the sound on.
    package let handoffsWithSound: Int
    /// The longest interruption of the tone while the sound was on, in milliseconds (0 for none). A silence counts
    /// its length; a jump of the tone's crossings counts only its slip, modulo one period of the tone (3.33 ms at
    /// 300 Hz), so a cut of any length is told by ``discontinuities``, not by this.
    package let gapMillisecondsMax: Double
    /// Jumps of the tone's crossings while the sound was on (none at a muted stretch's edge): samples cut out,
    /// repeated or spliced. Any is a gap, however short its slip.
    package let discontinuities: Int
    /// The feed's muted stretches, which the sound has by design.
    package let mutedStretches: Int
    /// The silences found in the file.
    package let silencesFound: Int
    /// How much sound mpv wrote, in seconds.
    package let seconds: Double

    /// The mpv options that write a run's sound, 16-bit, to a WAV file at `path` (the file writer also keeps
    /// playback at the wall clock's pace, which `ao=null` does only to within about a tenth).
    package static func output(to path: String) -> [String: String] {
        ["ao": "pcm", "ao-pcm-file": path, "ao-pcm-waveheader": "yes", "audio-format": "s16"]
    }

    /// Checks the sound of a run of `script` on a clip whose tone is `frequency` hertz.
    /// - Parameters:
    ///   - audio: The file mpv wrote.
    ///   - frequency: The clip's tone.
    ///   - script: The run's handoffs.
    package init(_ audio: WAVFile, frequency: Double, script: HandoffScript) {
        let check = ToneCheck(audio, frequency: frequency)
        handoffsWithSound = script.soundStaysOn.filter { $0 }.count
        mutedStretches = script.feedStints
        let gaps = check.interruptions(besidesMutes: mutedStretches)
        gapMillisecondsMax = gaps.map(\.lengthMilliseconds).max() ?? 0
        discontinuities = gaps.filter { $0.kind == .discontinuity }.count
        silencesFound = check.interruptions.filter { $0.kind == .silence }.count
        seconds = Double(audio.frameCount) / Double(max(audio.sampleRate, 1))
    }

    /// Whether the file shows the run's mutes, the tone never jumped while the sound was on, and no silence then was
    /// longer than `limit`.
    /// - Parameter limit: The longest silence allowed, in milliseconds.
    package func isUnbroken(within limit: Double) -> Bool {
        silencesFound >= mutedStretches && discontinuities == 0 && gapMillisecondsMax <= limit
    }
}
