/// Which way a player view's transition runs.
public enum TransitionDirection: Hashable, Sendable {
    /// From the source's look (the feed cell) to the view's own frame: the way in.
    case entry
    /// From the view's own frame back to the source's look: the way back.
    case exit
}
