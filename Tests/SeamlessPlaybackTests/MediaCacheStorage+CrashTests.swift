import Foundation
import Testing

@testable import SeamlessPlayback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The crash test of ``MediaCacheStorage``'s opening: a child process writing to the cache is killed with SIGKILL
/// wherever it happens to be, over and over, and the cache it leaves is reopened and read in full.
@Suite("MediaCacheStorage+Opening after SIGKILL: a cache killed mid-write reopens with exact bytes or nil")
struct MediaCacheStorageCrashTests {
    /// The byte the harness writes for medium `storm-<key>` at `offset`: its `stormByte`, copied.
    static func stormByte(key: Int, offset: Int64) -> UInt8 {
        var x = UInt64(bitPattern: offset) &+ UInt64(key) &* 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: x ^ (x >> 31))
    }

    /// The harness, built next to the tests: beside the test binary (Linux), beside the test bundle (macOS), or in
    /// the package's `.build` folder.
    static func harness() -> URL? {
        let name = "CacheCrashHarness"
        var folders = [Bundle.main.executableURL?.deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        folders += [root.appendingPathComponent(".build/debug")]
        return folders.compactMap { $0?.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the harness until it has finished `operations` operations, then kills it.
    static func runAndKill(_ harness: URL, directory: URL, seed: UInt64, after operations: Int, catchingAWrite: Bool)
        throws -> Int32
    {
        let process = Process()
        process.executableURL = harness
        process.arguments = [directory.path, String(seed)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var lines = 0
        while lines < operations {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }  // The child ended on its own: an error, reported below.
            lines += data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        // Half the time, wait (polling, no sleep) until a file is being written, to kill the child inside a write.
        if catchingAWrite {
            for _ in 0..<5_000 where !Self.isWritingAFile(in: directory) {}
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? output.fileHandleForReading.close()
        return process.terminationReason == .uncaughtSignal ? process.terminationStatus : -process.terminationStatus
    }

    static func isWritingAFile(in directory: URL) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return false }
        return names.contains { $0.hasSuffix(CacheFileName.temporarySuffix) }
    }

    @Test func everyReadAfterAKillIsExactOrNil() throws {
        let harness = try #require(Self.harness(), "CacheCrashHarness is built with the tests")
        let fixture = MediaCacheFixture()
        var random = IDMapTests.SplitMix(state: 7)
        let kills = 16
        var bytesChecked: Int64 = 0
        for kill in 0..<kills {
            let operations = Int.random(in: 1...40, using: &random)
            let signal = try Self.runAndKill(
                harness, directory: fixture.directory, seed: UInt64(kill), after: operations,
                catchingAWrite: kill.isMultiple(of: 2))
            #expect(signal == SIGKILL, "the harness ran until it was killed (kill \(kill))")
            let cache = try MediaCache(directory: fixture.directory, capacity: 1024 * 1024)
            #expect(cache.usedBytes <= 1024 * 1024)
            #expect(cache.invariantViolations() == [])
            for key in 0..<4 {
                let name = "storm-\(key)"
                #expect([nil, 1_536 * 1024].contains(cache.length(for: name)))
                for range in cache.cachedRanges(for: name).ranges {
                    let bytes = try #require(try cache.read(name, range: range), "\(name) \(range), kill \(kill)")
                    let wrong = zip(range, bytes).first { Self.stormByte(key: key, offset: $0) != $1 }
                    #expect(wrong == nil, "\(name) at \(wrong?.0 ?? -1), kill \(kill)")
                    bytesChecked += Int64(bytes.count)
                }
            }
        }
        #expect(bytesChecked > 0)
    }
}
