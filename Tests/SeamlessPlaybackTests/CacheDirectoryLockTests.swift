import Foundation
import Testing

@testable import SeamlessPlayback

extension ProcessesAndLocks {
    @Suite("CacheDirectoryLock: a cache directory has one owner")
    struct CacheDirectoryLockTests {
        @Test func aSecondCacheOnADirectoryInUseIsRefusedUntilTheFirstIsGone() throws {
            let fixture = MediaCacheFixture()
            var first: MediaCache? = try fixture.open()
            try first?.write(Data([1, 2, 3]), for: "a", at: 0)
            #expect(throws: MediaCacheError.directoryInUse(path: fixture.directory.path)) { try fixture.open() }
            // The refused cache changed nothing: the first still serves its bytes.
            #expect(try first?.read("a", range: 0..<3) == Data([1, 2, 3]))
            first = nil
            let second = try fixture.open()
            #expect(try second.read("a", range: 0..<3) == Data([1, 2, 3]))
        }

        @Test("a lock let go of is free even while a copy of its descriptor lives on, as in a process just spawned")
        func aLockLetGoOfIsFreeWhileACopyOfItsDescriptorLivesOn() throws {
            let fixture = MediaCacheFixture()
            try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
            var lock: CacheDirectoryLock? = try CacheDirectoryLock(directory: fixture.directory.path)
            // A copy shares the open file and its lock, as a spawned child's does until it starts its program.
            let copy = dup(try #require(lock?.descriptor))
            defer { close(copy) }
            #expect(copy >= 0)
            #expect(throws: MediaCacheError.directoryInUse(path: fixture.directory.path)) {
                try CacheDirectoryLock(directory: fixture.directory.path)
            }
            lock = nil
            _ = try CacheDirectoryLock(directory: fixture.directory.path)
        }

        static let hasFlock = FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")

        @Test("a directory another process holds is refused, and free once that process ends", .enabled(if: hasFlock))
        func aDirectoryAnotherProcessHoldsIsRefused() throws {
            let fixture = MediaCacheFixture()
            _ = try fixture.open()
            let lock = fixture.directory.appendingPathComponent(CacheDirectoryLock.fileName).path
            // The shell takes the lock on a descriptor of its own, says so, and becomes a sleep that keeps it.
            let holder = try ChildProcess(
                "/bin/sh", ["-c", "exec 9>>\"$0\"; /usr/bin/flock -x 9; echo held; exec sleep 30", lock])
            let said = holder.read(until: .now + .seconds(30))
            #expect(said.map { String(decoding: $0, as: UTF8.self) } == "held\n")
            #expect(throws: MediaCacheError.directoryInUse(path: fixture.directory.path)) { try fixture.open() }
            _ = holder.kill()
            #expect(throws: Never.self) { try fixture.open() }
        }
    }
}
