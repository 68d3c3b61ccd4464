// The child of MediaCacheStorage+OpeningTests' crash test: writes to a cache until it is killed.
//
//     CacheCrashHarness <directory> <seed>
//     swift run -c release CacheCrashHarness <directory> bench    # rough write and read throughput, printed
//
// Opens a MediaCache in <directory> and writes forever: media "storm-0" … "storm-3", random sizes at random
// offsets, every byte a function of its key and offset (stormByte, which the test computes too), now and then a
// length, a read or a removal. It prints a line as each operation starts (its bytes already computed), then spins
// a random while; the parent kills it once it has read the line it chose, so the kill lands inside that operation,
// or in one soon after, without anyone sleeping.
import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

/// The byte every writer stores for `key` at `offset`: the test's copy must agree.
func stormByte(key: Int, offset: Int64) -> UInt8 {
    var x = UInt64(bitPattern: offset) &+ UInt64(key) &* 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt8(truncatingIfNeeded: x ^ (x >> 31))
}

/// Writes 64 MiB in 16 KiB deliveries, then reads it back in 64 KiB ranges, and prints both rates.
func bench(_ directory: URL) throws {
    let total = 64 << 20
    let delivery = Data((0..<16 << 10).map { UInt8(truncatingIfNeeded: $0) })
    // Room for the chunk files on disk (headers and whole blocks, 68 KiB per 64 KiB chunk on 4 KiB blocks): the
    // bench evicts nothing.
    let cache = try MediaCache(directory: directory, capacity: Int64(total) * 2)
    let clock = ContinuousClock()
    let writing = try clock.measure {
        for index in 0..<total / delivery.count {
            try cache.write(delivery, for: "bench-\(index % 4)", at: Int64(index / 4 * delivery.count))
        }
    }
    let reading = try clock.measure {
        for offset in stride(from: 0, to: total / 4, by: 64 << 10) {
            for key in 0..<4
            where try cache.read("bench-\(key)", range: Int64(offset)..<Int64(offset + 64 << 10)) == nil {
                print("missing bench-\(key) at \(offset)")
            }
        }
    }
    func rate(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return "\(Int(Double(total) / seconds / 1e6)) MB/s"
    }
    print("write (16 KiB deliveries): \(rate(writing)); read (64 KiB ranges): \(rate(reading))")
    cache.removeAll()
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[2] == "bench" {
    do {
        try bench(URL(fileURLWithPath: arguments[1]))
        exit(0)
    } catch {
        print("bench failed: \(error)")
        exit(1)
    }
}
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: CacheCrashHarness <directory> <seed>\n".utf8))
    exit(2)
}
let mediaLength: Int64 = 1_536 * 1024
let cache: MediaCache
do {
    cache = try MediaCache(directory: URL(fileURLWithPath: arguments[1]), capacity: 1024 * 1024)
} catch {
    FileHandle.standardError.write(Data("cannot open: \(error)\n".utf8))
    exit(1)
}
var random = SplitMix64(seed: seed)
/// Says an operation starts, then spins up to about a millisecond, so that kills land at varied points of it.
func announce(_ random: inout SplitMix64) {
    FileHandle.standardOutput.write(Data("go\n".utf8))
    var spin = UInt64.random(in: 0..<20_000, using: &random)
    while spin > 0 { spin -= 1 }
}

while true {
    let key = Int.random(in: 0..<4, using: &random)
    let name = "storm-\(key)"
    let start = Int64.random(in: 0..<mediaLength, using: &random)
    let end = min(mediaLength, start + Int64.random(in: 1...150_000, using: &random))
    do {
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            announce(&random)
            try cache.setLength(mediaLength, for: name)
        case 1:
            announce(&random)
            cache.remove(name)
        case 2..<5:
            announce(&random)
            if let bytes = try cache.read(name, range: start..<end),
                !zip(start..<end, bytes).allSatisfy({ stormByte(key: key, offset: $0) == $1 })
            {
                FileHandle.standardError.write(Data("read wrong bytes of \(name) at \(start)\n".utf8))
                exit(3)
            }
        default:
            let bytes = Data((start..<end).map { stormByte(key: key, offset: $0) })
            announce(&random)
            try cache.write(bytes, for: name, at: start)
        }
    } catch {
        FileHandle.standardError.write(Data("failed: \(error)\n".utf8))
        exit(4)
    }
}
