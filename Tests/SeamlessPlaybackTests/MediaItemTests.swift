import Foundation
import Testing

@testable import SeamlessPlayback

@Suite("MediaItem: what counts as the same media")
struct MediaItemTests {
    @Test func itemsWithTheSameIdentifierAndURLAreEqualEvenWhenMadeApart() {
        let url = URL(string: "https://example.com/clip.m3u8")
        #expect(MediaItem(id: "clip", url: url) == MediaItem(id: "clip", url: url))
        #expect(MediaItem(id: "clip", url: url) != MediaItem(id: "clip"))
        #expect(MediaItem(id: "clip") != MediaItem(id: "other"))
    }

    @Test func sameAgreesWithEqualityForOptionalItems() {
        let clip = MediaItem(id: "clip")
        let candidates: [MediaItem?] = [nil, clip, MediaItem(id: "clip"), MediaItem(id: "other")]
        for lhs in candidates {
            for rhs in candidates {
                #expect(
                    MediaItem.same(lhs, rhs) == (lhs == rhs), "\(String(describing: lhs)) vs \(String(describing: rhs))"
                )
            }
        }
        // The pool's usual case: one item on both sides.
        #expect(MediaItem.same(clip, clip))
        #expect(MediaItem.same(nil, nil))
        #expect(!MediaItem.same(clip, nil))
    }
}
