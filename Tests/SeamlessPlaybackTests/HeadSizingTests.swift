import Testing

@testable import SeamlessPlayback

private let kib: Int64 = 1 << 10

@Suite("HeadSizing: the byte tier's heads fitted to what the link brings in a dwell")
struct HeadSizingTests {
    private let sizing = HeadSizing(dwell: .seconds(2), leastBytesPerItem: 96 * kib)

    @Test func withNothingMeasuredOrAnUnusableRateEveryItemGetsItsWholeBytes() {
        for rate in [nil, Double.nan, .infinity, -1] {
            #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: rate) == 256 * kib)
        }
        #expect(sizing.bytesPerItem(of: 0, bytesPerItem: 256 * kib, rate: 1) == 256 * kib)
    }

    @Test func aLinkThatBringsEveryItemsBytesInADwellChangesNothing() {
        // 5 × 256 KiB = 1,310,720 bytes; at 655,360 B/s two seconds bring exactly that.
        #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: 655_360) == 256 * kib)
        #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: 10_000_000) == 256 * kib)
    }

    @Test func aSlowerLinkSharesWhatItBringsInWholeQuantaNeverBelowTheLeast() {
        // 300 KB/s × 2 s = 600,000 bytes; 120,000 each, rounded down to 112 KiB.
        #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: 300_000) == 112 * kib)
        // Exactly the least each.
        #expect(sizing.bytesPerItem(of: 4, bytesPerItem: 256 * kib, rate: Double(96 * kib * 2)) == 96 * kib)
        // Less than the least each, or nothing at all: the least.
        #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: 100_000) == 96 * kib)
        #expect(sizing.bytesPerItem(of: 5, bytesPerItem: 256 * kib, rate: 0) == 96 * kib)
    }

    @Test func aPlanWithFewerBytesPerItemThanTheLeastKeepsThem() {
        #expect(sizing.bytesPerItem(of: 3, bytesPerItem: 1_000, rate: 200) == 1_000)
        #expect(sizing.bytesPerItem(of: 3, bytesPerItem: 0, rate: 1) == 0)
        #expect(sizing.bytesPerItem(of: 3, bytesPerItem: -5, rate: nil) == 0)
    }

    @Test func leastAndDwellAreClamped() {
        let clamped = HeadSizing(dwell: .seconds(-1), leastBytesPerItem: 1)
        #expect(clamped.dwell == .zero)
        #expect(clamped.leastBytesPerItem == HeadSizing.quantum)
        // No time to fetch in: the least.
        #expect(clamped.bytesPerItem(of: 4, bytesPerItem: 256 * kib, rate: 1_000_000) == HeadSizing.quantum)
    }
}
