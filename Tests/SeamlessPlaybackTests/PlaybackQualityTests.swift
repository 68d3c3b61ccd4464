import Foundation
import SeamlessPlayback
import Testing

@Suite("PlaybackQuality: the ratio, sums, and JSON in seconds")
struct PlaybackQualityTests {
    @Test func theRatioIsStallTimeOverPlayingAndStallTime() {
        #expect(PlaybackQuality().rebufferRatio == 0)
        #expect(PlaybackQuality(playingTime: .seconds(3), stallTime: .seconds(1)).rebufferRatio == 0.25)
        #expect(PlaybackQuality(stallTime: .seconds(1)).rebufferRatio == 1)
    }

    @Test func aSumAddsEachFigureAndStartupsOfTheLeasesThatStarted() {
        let a = PlaybackQuality(
            startupTime: .milliseconds(40), playingTime: .seconds(1), stallCount: 1,
            stallTime: .milliseconds(200), seekCount: 2, loadRetries: 1)
        let b = PlaybackQuality(playingTime: .seconds(2), stallCount: 2, stallTime: .milliseconds(300))
        #expect(
            a.adding(b)
                == PlaybackQuality(
                    startupTime: .milliseconds(40), playingTime: .seconds(3), stallCount: 3,
                    stallTime: .milliseconds(500), seekCount: 2, loadRetries: 1))
        #expect(b.adding(b).startupTime == nil)
    }

    @Test func jsonCarriesSecondsAndTheRatioAndComesBackTheSame() throws {
        let quality = PlaybackQuality(
            startupTime: .milliseconds(420), playingTime: .milliseconds(12_500), stallCount: 1,
            stallTime: .milliseconds(800), seekCount: 3, loadRetries: 2)
        let data = try JSONEncoder().encode(quality)
        let object = try JSONSerialization.jsonObject(with: data)
        let json = try #require(object as? [String: Any])
        #expect(json["startupTime"] as? Double == 0.42)
        #expect(json["stallTime"] as? Double == 0.8)
        #expect(abs((json["rebufferRatio"] as? Double ?? -1) - quality.rebufferRatio) < 1e-12)
        #expect(abs(quality.rebufferRatio - 0.8 / 13.3) < 1e-12)
        #expect(try JSONDecoder().decode(PlaybackQuality.self, from: data) == quality)
        let notStarted = try JSONEncoder().encode(PlaybackQuality())
        #expect(try JSONDecoder().decode(PlaybackQuality.self, from: notStarted).startupTime == nil)
    }

    @Test(arguments: [#"-1"#, #"1e300"#, #""x""#])
    func badTimesAreRejected(time: String) {
        let json = #"{"playingTime":\#(time),"stallCount":0,"stallTime":0,"seekCount":0,"loadRetries":0}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlaybackQuality.self, from: Data(json.utf8)) }
    }
}
