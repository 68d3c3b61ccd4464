import SeamlessPlayback

extension DemoReport {
    /// The timeline as a table a person can read.
    public func timelineTable() -> String {
        var lines = [
            pad("time", 7) + pad("page", 12) + pad("position", 10) + pad("sound", 7) + pad("rate", 6)
                + pad("mode", 6) + pad("end", 6) + pad("picture in", 16) + pad("page hears", 20) + "event"
        ]
        for line in timeline {
            lines.append(
                pad(seconds(line.time), 7) + pad(line.page, 12) + pad(line.position.map(seconds) ?? "-", 10)
                    + pad(line.settings.map(sound) ?? "-", 7) + pad(line.settings.map { "\($0.rate)×" } ?? "-", 6)
                    + pad(line.settings.map(mode) ?? "-", 6) + pad(line.settings.map(end) ?? "-", 6)
                    + pad(line.picture ?? "-", 16) + pad(line.heard.map(Self.phase) ?? "", 20) + line.event)
        }
        return lines.joined(separator: "\n")
    }

    /// Every host call the surfaces made, in order, one per line.
    /// - Returns: Numbered lines such as `  2. attach detail page (detail)`.
    public func hostCallList() -> String {
        hostCalls.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }

    /// The closing summary: loads, positions, settings, and the cold start a handoff avoided.
    public func summary() -> String {
        let player = timeline.first?.player
        let positions = player.map { lines(for: $0).compactMap { $0.position }.map(seconds) } ?? []
        var rows = [
            "engine loads of the handed-off player   \(handedOffEngineLoads)",
            "its position at every step              \(positions.joined(separator: " → "))",
            "                                        (continuous but for the feed's loop and the detail page's replay)",
            "handoffs                                \(handoffs)",
            "cold start per load                     \(milliseconds(coldStart))",
            "cold-start time the handoffs avoided    \(milliseconds(coldStartAvoided))",
            "forged deep link                        refused: \(forgedLinkError.map { "\($0)" } ?? "NOT REFUSED")",
            "seeks                                   \(metrics.seeks) (the replay)",
            "changes the engine made by itself       \(metrics.outsideChanges) (the phone call's pause: the pool left it,"
                + " and counted the detail page's settings as no longer live)",
            "applies on the handed-off player        \(handedOffEngineApplies) (each change of active holder, and the"
                + " detail page's unchanged settings re-applied after the call)",
        ]
        if let plan {
            rows.append("transition ratio (cell → page)          \(String(format: "%.4f", plan.ratio))")
        }
        return rows.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func seconds(_ duration: Duration) -> String {
        String(format: "%.2fs", duration / .seconds(1))
    }

    private func milliseconds(_ duration: Duration) -> String {
        "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) ms"
    }

    /// A phase in a few words, as the timeline prints it.
    /// - Parameter phase: The phase.
    /// - Returns: Such as `paused: interrupted`.
    public static func phase(_ phase: PlaybackPhase) -> String {
        switch phase {
        case .loading: "loading"
        case .playing: "playing"
        case .buffering: "buffering"
        case .ended: "ended"
        case .paused(.requested): "paused"
        case .paused(.interrupted): "paused: interrupted"
        case .paused(.outputLost): "paused: output lost"
        case .paused(.system): "paused: system"
        case .paused(.unsupportedRate): "paused: unsupported rate"
        }
    }

    private func end(_ settings: PlaybackSettings) -> String {
        settings.endAction == .loop ? "loop" : "stop"
    }

    private func sound(_ settings: PlaybackSettings) -> String {
        settings.isMuted ? "muted" : "\(Int(settings.volume * 100))%"
    }

    private func mode(_ settings: PlaybackSettings) -> String {
        settings.contentMode == .aspectFit ? "fit" : "fill"
    }
}
