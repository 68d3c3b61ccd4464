import SeamlessPlayback
import Testing

@Suite("PlaybackSettings")
struct PlaybackSettingsTests {
    @Test func defaultsAreDocumented() {
        let settings = PlaybackSettings()
        #expect(!settings.isMuted)
        #expect(settings.volume == 1)
        #expect(settings.rate == 1)
        #expect(!settings.isPaused)
        #expect(settings.contentMode == .aspectFit)
        #expect(PlaybackSettings.rateRange == 0.25...4)
    }

    @Test(arguments: [0.25, 1, 4])
    func ratesInRangeAreValid(_ rate: Double) throws {
        try PlaybackSettings(rate: rate).validate()
    }

    @Test(arguments: [
        (PlaybackSettings(rate: .nan), "rate"), (PlaybackSettings(rate: -.infinity), "rate"),
        (PlaybackSettings(rate: 0.2499), "rate"), (PlaybackSettings(rate: 4.0001), "rate"),
        (PlaybackSettings(volume: .nan), "volume"), (PlaybackSettings(volume: -0.01), "volume"),
        (PlaybackSettings(volume: 1.01), "volume"), (PlaybackSettings(volume: .infinity), "volume"),
    ])
    func invalidValuesNameTheirField(_ settings: PlaybackSettings, _ field: String) {
        #expect {
            try settings.validate()
        } throws: { error in
            guard case .invalidSettings(let reason) = error as? PlayerPoolError else { return false }
            return reason.hasPrefix(field)
        }
    }
}
