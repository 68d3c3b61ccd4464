extension ToneCheck {
    /// The interruptions a run's mutes do not explain: what is left once the `mutes` longest silences (the stretches
    /// the run played muted) and the discontinuities at their edges are set aside.
    ///
    /// A run that mutes and unmutes leaves one silence per muted stretch, as long as the stretch, and the tone may
    /// resume out of phase at its edges. Where the file's samples lie against the run's clock is not known exactly
    /// (mpv's file writer takes samples ahead of playback, by about a second, and applies a mute as it takes them),
    /// so the muted stretches are recognised by number rather than by time: with `mutes` of them, the `mutes`
    /// longest silences are theirs. Everything else — a shorter silence anywhere, a discontinuity away from a mute's
    /// edge — is an interruption while the sound was on. A gap longer than a muted stretch would push one of the
    /// stretches out of the longest and be reported as a gap as long as that stretch: never hidden.
    /// - Parameters:
    ///   - mutes: How many muted stretches the run had.
    ///   - edgeMilliseconds: How close to a muted stretch's edge a discontinuity belongs to it; 5 ms by default.
    /// - Returns: The unexplained interruptions, in order.
    package func interruptions(besidesMutes mutes: Int, edgeMilliseconds: Double = 5) -> [Interruption] {
        let silences = interruptions.filter { $0.kind == .silence }
        let muted = Set(silences.sorted { $0.lengthMilliseconds > $1.lengthMilliseconds }.prefix(max(mutes, 0)))
        let edge = edgeMilliseconds * Double(sampleRate) / 1000
        let edges = muted.flatMap { silence in
            [
                Double(silence.sampleOffset),
                Double(silence.sampleOffset) + silence.lengthMilliseconds * Double(sampleRate) / 1000,
            ]
        }
        return interruptions.filter { interruption in
            if muted.contains(interruption) { return false }
            guard interruption.kind == .discontinuity else { return true }
            return !edges.contains { abs($0 - Double(interruption.sampleOffset)) <= edge }
        }
    }
}
