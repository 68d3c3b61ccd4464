extension Duration {
    /// The duration in seconds, as mpv takes times.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
