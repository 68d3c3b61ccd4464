import SeamlessPlayback
import Testing

@Suite("TransitionError")
struct TransitionErrorTests {
    @Test(
        "each error says what is wrong",
        arguments: [
            (TransitionError.emptyRect, "rect"), (.emptyVideoSize, "video"), (.nonFinite, "finite"),
        ])
    func descriptions(_ error: TransitionError, _ keyword: String) {
        #expect(error.description.contains(keyword))
        #expect(String(describing: error) == error.description)
    }

    @Test("the three errors are distinct")
    func distinct() {
        let errors: Set<TransitionError> = [.emptyRect, .emptyVideoSize, .nonFinite]
        #expect(errors.count == 3)
        #expect(Set(errors.map(\.description)).count == 3)
    }
}
