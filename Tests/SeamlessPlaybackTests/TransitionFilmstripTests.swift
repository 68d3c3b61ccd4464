import SeamlessPlayback
import Testing

@testable import DemoStory

@Suite("TransitionFilmstrip: the host holding the picture")
struct TransitionFilmstripTests {
    @Test func theDemoFilmstripOutlinesTheDetailPagesViewAsTheHostHoldingThePicture() async throws {
        let report = try await DemoStory.run()
        let filmstrip = try #require(report.filmstrip)
        let plan = try #require(report.plan)
        #expect(filmstrip.pictureHost == "detail page")
        let svg = filmstrip.svg()
        #expect(svg.components(separatedBy: "picture: detail page").count - 1 == 5)
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 1 + 5 * 5)
        #expect(svg.contains("green: the host holding the live picture"))
        // The marked rect is where the player view appears at each moment, not the feed cell.
        #expect(filmstrip.pictureRect(at: 0) == plan.viewRect(at: 0))
        #expect(filmstrip.pictureRect(at: 1) == plan.destination)
        var cell = filmstrip
        cell.pictureHost = "feed cell"
        #expect(cell.pictureRect(at: 0.5) == plan.source)
        cell.pictureHost = "elsewhere"
        #expect(cell.pictureRect(at: 0.5) == nil)
    }
}
