/// What ``FrameCode/decode(_:videoSize:mode:)`` read from one picture a host received.
package enum FrameReading: Hashable, Sendable {
    /// The picture shows the clip's frame with this index (the source frame number modulo
    /// ``FrameCode/indexModulus``), and its check bits agree.
    case index(Int)
    /// The video area is all (near-)black, or the whole buffer is zeros: the host showed nothing.
    case black
    /// Neither: the code is cut off, blurred past reading, or its check bits disagree (a misread is
    /// reported here, never as a wrong index, as far as the check bits can tell).
    case unreadable
}
