/// A property value as it crosses the libmpv boundary.
public enum MPVValue: Hashable, Sendable {
    /// `MPV_FORMAT_FLAG`: a yes/no property such as `mute` or `pause`.
    case flag(Bool)
    /// `MPV_FORMAT_INT64`.
    case int(Int64)
    /// `MPV_FORMAT_DOUBLE`: a number such as `volume`, `speed`, `panscan` or `time-pos`.
    case double(Double)
    /// `MPV_FORMAT_STRING`.
    case string(String)

    /// The value as a number, when it is one; flags read as 0 or 1.
    public var doubleValue: Double? {
        switch self {
        case .flag(let flag): flag ? 1 : 0
        case .int(let int): Double(int)
        case .double(let double): double
        case .string: nil
        }
    }

    /// The value as a flag, when it is one.
    public var flagValue: Bool? {
        if case .flag(let flag) = self { flag } else { nil }
    }
}

/// The formats a property read may ask mpv for.
enum MPVFormat: Hashable, Sendable {
    case flag, int, double, string
}
