/// What ``AutoplaySelector`` tells its shell to do with a feed's cell.
public enum AutoplayDecision: Hashable, Sendable {
    /// Start the cell at this index.
    case play(Int)
    /// Stop the cell at this index.
    case stop(Int)
}
