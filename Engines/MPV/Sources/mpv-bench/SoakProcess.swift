import Foundation

/// What `/proc/self` says of this process: resident memory, open file descriptors, threads.
enum SoakProcess {
    /// Resident memory in bytes (`VmRSS`), or 0 where `/proc` is missing.
    static var residentBytes: Int64 { statusField("VmRSS:").map { $0 * 1_024 } ?? 0 }

    /// Threads (`Threads:`), or 0 where `/proc` is missing.
    static var threads: Int { statusField("Threads:").map(Int.init) ?? 0 }

    /// Open file descriptors: the entries of `/proc/self/fd` (the one that lists them included).
    static var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// The files of `directory`, recursively, and their bytes on disk (allocated blocks).
    static func diskUsage(of directory: URL) -> (files: Int, bytes: Int64) {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return (0, 0) }
        var files = 0
        var bytes: Int64 = 0
        while let name = walker.nextObject() as? String {
            var info = stat()
            guard stat(directory.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG
            else { continue }
            files += 1
            bytes += Int64(info.st_blocks) * 512
        }
        return (files, bytes)
    }

    /// A number field of `/proc/self/status` (in its own unit: kB for memory).
    private static func statusField(_ name: String) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let number = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return number.flatMap { Int64($0) }
        }
        return nil
    }
}
