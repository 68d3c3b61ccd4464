import Foundation
import Testing

@testable import SeamlessPlayback

@Suite("POSIXCacheFileSystem: atomic replacement, reads that never trap, a directory made usable")
struct POSIXCacheFileSystemTests {
    let fileSystem = POSIXCacheFileSystem()

    @Test func replacesReadsAndRemovesFiles() throws {
        let fixture = MediaCacheFixture()
        let directory = fixture.directory.path
        try fileSystem.prepareDirectory(at: directory)
        let path = directory + "/file"
        try fileSystem.replace(path, with: [1, 2, 3, 4])
        try fileSystem.replace(path, with: [5, 6, 7])
        #expect(fileSystem.contents(of: path, upTo: 100) == [5, 6, 7])
        #expect(fileSystem.contents(of: path, upTo: 2) == [5, 6])
        #expect(fileSystem.size(of: path) == 3)
        #expect(try fileSystem.entryNames(in: directory) == ["file"])
        #expect(fileSystem.remove(path))
        #expect(fileSystem.contents(of: path, upTo: 100) == nil)
        #expect(fileSystem.size(of: path) == nil)
        #expect(fileSystem.remove(path))
    }

    @Test func aDirectoryIsNotAFile() throws {
        let fixture = MediaCacheFixture()
        let directory = fixture.directory.path
        try fileSystem.prepareDirectory(at: directory + "/inner")
        #expect(fileSystem.contents(of: directory + "/inner", upTo: 100) == nil)
        #expect(fileSystem.size(of: directory + "/inner") == nil)
        #expect(fileSystem.remove(directory + "/inner"))
        #expect(try fileSystem.entryNames(in: directory) == [])
    }

    @Test func aFailedReplacementLeavesTheOldFileAndNoTemporary() throws {
        let fixture = MediaCacheFixture()
        let directory = fixture.directory.path
        try fileSystem.prepareDirectory(at: directory)
        try fileSystem.prepareDirectory(at: directory + "/target")
        _ = FileManager.default.createFile(atPath: directory + "/target/x", contents: Data([1]))
        // rename(2) cannot put a file over a non-empty directory.
        #expect(throws: MediaCacheError.self) { try fileSystem.replace(directory + "/target", with: [1]) }
        #expect(try fileSystem.entryNames(in: directory) == ["target"])
    }
}
