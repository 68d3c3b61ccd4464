import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The process's memory, for the bytes each idle session costs.
enum Memory {
    /// Resident set size in bytes, from `/proc/self/statm`; 0 where it cannot be read.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        #if canImport(Glibc)
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return pages * 4_096
        #endif
    }

    /// Gives free heap memory back to the system (glibc's `malloc_trim`), so that later resident
    /// growth is new memory rather than reused memory.
    static func releaseFreeMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
