/// How the video is laid out inside its view.
public enum ContentMode: Hashable, Sendable, CaseIterable {
    /// The whole picture is visible, letterboxed where the aspect ratios differ.
    case aspectFit
    /// The picture covers the whole view, cropped where the aspect ratios differ.
    case aspectFill
}
