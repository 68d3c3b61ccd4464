import Foundation

/// A cache directory's one owner: an advisory lock (`flock`, exclusive, not waiting) on a file of the cache's own in
/// the directory, held from the cache's opening until it is freed. A second cache on the same directory, in this
/// process or another, is refused; the system lets go of the lock when its process ends, however it ends.
final class CacheDirectoryLock: Sendable {
    /// The file the lock is taken on; the cache's scan leaves it alone (it never writes files of that name).
    static let fileName = ".seamless-cache.lock"

    /// The lock file's descriptor (internal for the tests: a copy of it stands for a spawned process's).
    let descriptor: Int32

    /// Takes the lock of `directory`, which must exist.
    /// - Throws: ``MediaCacheError/directoryInUse(path:)`` when another cache holds it;
    ///   ``MediaCacheError/directoryUnusable(path:reason:)`` when the lock file cannot be opened or locked.
    init(directory: String) throws(MediaCacheError) {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .directoryUnusable(path: directory, reason: "lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw .directoryInUse(path: directory) }
            throw .directoryUnusable(path: directory, reason: "lock: \(String(cString: strerror(code)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        // Unlocked before it is closed: a process spawned meanwhile holds a copy of the descriptor until it starts its
        // program, and closing this one would leave the lock with that copy.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
