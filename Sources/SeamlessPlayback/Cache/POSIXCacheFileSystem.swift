import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's files on the real file system, through POSIX calls (the same on Linux and Apple platforms).
///
/// Writes go to a temporary file that is renamed over the target: `rename(2)` replaces a name atomically, so a
/// process killed at any moment leaves the old file or the new one. Nothing is synced to the disk: after a power
/// loss a file may come back truncated or zeroed, which its checksums catch.
struct POSIXCacheFileSystem: CacheFileSystem {
    func prepareDirectory(at path: String) throws(MediaCacheError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            try? manager.removeItem(atPath: path)
        }
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .directoryUnusable(path: path, reason: "\(error)")
        }
        guard access(path, R_OK | W_OK | X_OK) == 0 else {
            throw .directoryUnusable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func allocationUnit(ofDirectoryAt directory: String) -> Int? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        // The fragment size is the unit files are allocated in; some systems leave it zero and give the block size.
        let unit = info.f_frsize > 0 ? Int(clamping: info.f_frsize) : Int(clamping: info.f_bsize)
        return unit > 0 ? unit : nil
    }

    func entryNames(in directory: String) throws(MediaCacheError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .directoryUnusable(path: directory, reason: "\(error)")
        }
    }

    func contents(of path: String, upTo maximumCount: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        let count = min(maximumCount, Int(clamping: info.st_size))
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = read(descriptor, buffer.baseAddress.map { $0 + initialized }, count - initialized)
                if got > 0 {
                    initialized += got
                } else if got < 0 && errno == EINTR {
                    continue
                } else {
                    // The file shrank under us, or the read failed: what was read is not the file.
                    failed = got < 0
                    break
                }
            }
        }
        return failed ? nil : bytes
    }

    func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        return Int64(info.st_size)
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(MediaCacheError) {
        let temporary = path + CacheFileName.temporarySuffix
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .storageFailed(operation: "open", code: errno) }
        var written = 0
        var failure: MediaCacheError?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    failure = .storageFailed(operation: "write", code: result < 0 ? errno : ENOSPC)
                    break
                }
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = .storageFailed(operation: "close", code: errno) }
        if failure == nil && rename(temporary, path) != 0 { failure = .storageFailed(operation: "rename", code: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    func remove(_ path: String) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        // A directory (or anything else unlink refuses) where a file belongs.
        try? FileManager.default.removeItem(atPath: path)
        return access(path, F_OK) != 0
    }
}
