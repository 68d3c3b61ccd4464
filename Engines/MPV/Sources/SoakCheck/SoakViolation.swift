/// An invariant the soak found broken, with what shows it.
package enum SoakViolation: Hashable, Sendable, CustomStringConvertible {
    /// Two pages each believe they actively hold the same engine.
    case twoPagesOnOneEngine(player: String, pages: [String])
    /// A page appears twice among one engine's holders.
    case pageHoldsTwice(player: String, page: String)
    /// The active holder's settings are muted, the pool says they were applied, and mpv plays sound.
    case mutedPageAudible(player: String, page: String)
    /// No page holds the engine, the pool says the idle settings were applied, and mpv is not paused and muted.
    case unheldEngineNotQuiet(player: String)
    /// No page holds the engine, and the pool has not applied the idle settings (or its look was unsettled), for
    /// `seconds`.
    case unheldEngineNeverIdled(player: String, seconds: Double)
    /// A page the app closed or dropped still holds the engine `seconds` after it let go.
    case leaseLeaked(player: String, page: String, seconds: Double)
    /// The held, playing engine's position did not move over `seconds`, and no fault strikes its media now.
    case heldPlayerStuck(player: String, media: String, seconds: Double)
    /// Reads served through the cache whose bytes differ from the origin's.
    case bytesDiffer(reads: Int)
    /// A failure without the type the soak expects.
    case untypedFailure(String)

    /// The violation in words.
    package var description: String {
        switch self {
        case .twoPagesOnOneEngine(let player, let pages): "two pages on \(player): \(pages.joined(separator: ", "))"
        case .pageHoldsTwice(let player, let page): "\(page) holds \(player) twice"
        case .mutedPageAudible(let player, let page): "\(player) plays sound for muted \(page)"
        case .unheldEngineNotQuiet(let player): "\(player) is unheld but not paused and muted"
        case .unheldEngineNeverIdled(let player, let seconds):
            "\(player) is unheld without idle settings (or an agreeing look) for \(Int(seconds)) s"
        case .leaseLeaked(let player, let page, let seconds):
            "\(page) still holds \(player) \(Int(seconds)) s after the app let go of it"
        case .heldPlayerStuck(let player, let media, let seconds):
            "\(player) (\(media)) is held and playing but has not moved for \(Int(seconds)) s, no fault on it now"
        case .bytesDiffer(let reads): "\(reads) reads through the cache differ from the origin's bytes"
        case .untypedFailure(let text): "untyped failure: \(text)"
        }
    }

    /// The violation's kind, for counts.
    package var kind: String {
        switch self {
        case .twoPagesOnOneEngine: "two pages on one engine"
        case .pageHoldsTwice: "page holds twice"
        case .mutedPageAudible: "muted page audible"
        case .unheldEngineNotQuiet: "unheld engine not quiet"
        case .unheldEngineNeverIdled: "unheld engine never idled"
        case .leaseLeaked: "lease leaked"
        case .heldPlayerStuck: "held player stuck"
        case .bytesDiffer: "bytes differ"
        case .untypedFailure: "untyped failure"
        }
    }
}
