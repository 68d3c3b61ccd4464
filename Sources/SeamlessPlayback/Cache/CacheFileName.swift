/// The names of the cache's files: what each name promises to hold, checked against the file's own header.
///
/// - `<key hash>-<chunk>.chunk`: a ``ChunkRecord``;
/// - `<key hash>.length`: a ``LengthRecord``;
/// - any of those followed by `.tmp`: a file being written, which a crash may leave behind (removed on open).
///
/// Both numbers are 16 lowercase hexadecimal digits. The key hash only spreads keys over names: two keys with the
/// same hash never share the cache at once, and every file carries its full key, which reads compare.
enum CacheFileName: Hashable, Sendable {
    case chunk(keyHash: UInt64, chunk: Int64)
    case length(keyHash: UInt64)
    case temporary
    /// Not a name the cache writes: left alone.
    case unknown

    static let temporarySuffix = ".tmp"

    /// The hash a key's file names carry.
    static func keyHash(_ key: String) -> UInt64 {
        XXHash64.hash(of: key.utf8, seed: 0x5350_4D43)
    }

    /// The name of a chunk file.
    static func chunk(key: String, chunk: Int64) -> String {
        hex(keyHash(key)) + "-" + hex(UInt64(bitPattern: chunk)) + ".chunk"
    }

    /// The name of a length file.
    static func length(key: String) -> String {
        hex(keyHash(key)) + ".length"
    }

    /// What a file name says the file holds.
    init(parsing name: String) {
        if name.hasSuffix(Self.temporarySuffix) {
            let stem = String(name.dropLast(Self.temporarySuffix.count))
            self = CacheFileName(parsing: stem) == .unknown ? .unknown : .temporary
        } else if name.hasSuffix(".chunk"), name.utf8.count == 39,
            let hash = Self.number(name, from: 0), name.utf8.dropFirst(16).first == UInt8(ascii: "-"),
            let chunk = Self.number(name, from: 17), Int64(bitPattern: chunk) >= 0
        {
            self = .chunk(keyHash: hash, chunk: Int64(bitPattern: chunk))
        } else if name.hasSuffix(".length"), name.utf8.count == 23, let hash = Self.number(name, from: 0) {
            self = .length(keyHash: hash)
        } else {
            self = .unknown
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func number(_ name: String, from start: Int) -> UInt64? {
        let digits = name.utf8.dropFirst(start).prefix(16)
        guard digits.count == 16,
            digits.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        return UInt64(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
