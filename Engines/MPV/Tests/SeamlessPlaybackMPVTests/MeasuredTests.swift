import Foundation
import Testing

@testable import SeamlessProof

@Suite struct MeasuredTests {
    struct Figures: Codable, Equatable {
        @Measured var gap: Double?
        @Measured var index: Int?
    }

    @Test("a figure not measured is written as null, not left out")
    func nilIsNull() throws {
        let json = try JSONEncoder().encode(Figures(gap: nil, index: 3))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["gap"] is NSNull)
        #expect(object["index"] as? Int == 3)
    }

    @Test(arguments: [Figures(gap: nil, index: nil), Figures(gap: 16.7, index: 0)])
    func roundTrip(figures: Figures) throws {
        #expect(try JSONDecoder().decode(Figures.self, from: JSONEncoder().encode(figures)) == figures)
    }
}
