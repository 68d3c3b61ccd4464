extension Duration {
    /// The duration in seconds, as the ratio of two durations: defined for every value, where a sum of its components
    /// would overflow past `Int64.max` seconds.
    var inSeconds: Double { self / .seconds(1) }
}
