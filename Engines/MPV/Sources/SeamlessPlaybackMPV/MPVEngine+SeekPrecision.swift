extension MPVEngine {
    /// How precisely a seek lands.
    public enum SeekPrecision: Hashable, Sendable, CaseIterable {
        /// On the position asked for, within a frame: mpv decodes from the keyframe before it (`absolute+exact`).
        case exact
        /// On the keyframe at or before the position, without decoding up to it (`absolute+keyframes`).
        case keyframe
    }
}
