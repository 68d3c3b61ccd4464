import Foundation

/// Writes an ``RGBImage`` as a PNG file, with no library: truecolour, 8 bits a channel, no interlace.
///
/// Each row is stored with filter type 0 (none) and the rows go into a zlib stream (RFC 1950) of *stored* deflate
/// blocks (RFC 1951 §3.2.4, `BTYPE = 00`): no compression, so the file is a little larger than the pixels, and the
/// encoder is short enough to check by reading. The chunks carry ``CRC32``s and the zlib stream ends with the
/// ``Adler32`` of the uncompressed rows.
public enum PNGEncoder {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The longest stored deflate block: its length field has 16 bits.
    static let maximumStoredBlock = 65535

    /// The PNG file of an image.
    /// - Parameter image: The image; an empty one (zero width or height) cannot be a PNG.
    /// - Returns: The file's bytes; `nil` for an empty image.
    public static func encode(_ image: RGBImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0 else { return nil }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // Bit depth 8, colour type 2 (truecolour), compression 0, filter method 0, no interlace.
        header += [8, 2, 0, 0, 0]

        var file = signature
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", zlibStored(scanlines(of: image)), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Writes an image's PNG file.
    /// - Parameters:
    ///   - image: The image.
    ///   - url: Where to write it; an existing file is replaced.
    /// - Throws: ``PNGEncoderError/emptyImage`` for an image of zero width or height, or the file system's error.
    public static func write(_ image: RGBImage, to url: URL) throws {
        guard let bytes = encode(image) else { throw PNGEncoderError.emptyImage }
        try Data(bytes).write(to: url, options: .atomic)
    }

    /// The rows as PNG filters them: each row's filter type byte, 0, then its pixels.
    static func scanlines(of image: RGBImage) -> [UInt8] {
        let rowBytes = image.width * 3
        var data: [UInt8] = []
        data.reserveCapacity((rowBytes + 1) * image.height)
        for row in 0..<image.height {
            data.append(0)
            data += image.rgb[row * rowBytes..<(row + 1) * rowBytes]
        }
        return data
    }

    /// A zlib stream holding `data` in stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, lowest level, and
        // 0x7801 is a multiple of 31, as the header check requires.
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / maximumStoredBlock * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + maximumStoredBlock, data.count)
            let length = UInt16(end - start)
            // BFINAL in bit 0, BTYPE 00 in bits 1–2; the rest of the byte pads to the boundary.
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        stream.appendBigEndian(Adler32.checksum(of: data))
        return stream
    }

    /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file.appendBigEndian(UInt32(data.count))
        file += typeBytes
        file += data
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        file.appendBigEndian(crc.value)
    }
}

/// Why a PNG could not be written.
public enum PNGEncoderError: Error, Hashable, Sendable {
    /// The image has no pixels: PNG needs a width and a height of at least 1.
    case emptyImage
}

extension [UInt8] {
    /// Appends a 32-bit number, most significant byte first, as PNG and zlib store them.
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
