import Foundation

/// ffmpeg as a child process fed or read through a pipe of raw video frames. Blocking: call from a thread of its
/// own (``MediaFixtures/onOwnThread(_:)``).
final class RawVideoPipe {
    private let process = Process()
    private let pipe = Pipe()
    private let isWriting: Bool

    /// Starts ffmpeg with a pipe on its standard input (`writing`) or output; its standard error is this process's.
    /// - Parameters:
    ///   - arguments: ffmpeg's arguments; they name `-` as the input or the output.
    ///   - writing: Whether the demo writes frames to ffmpeg (encoding) rather than reads them (decoding).
    /// - Throws: When ffmpeg cannot start.
    init(ffmpeg arguments: [String], writing: Bool) throws {
        isWriting = writing
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg"] + arguments
        if writing {
            process.standardInput = pipe
            process.standardOutput = FileHandle.nullDevice
        } else {
            process.standardOutput = pipe
        }
        try process.run()
    }

    /// Reads the next frame of `byteCount` bytes.
    /// - Returns: The frame, or `nil` at the end of the stream (a short last read counts as the end).
    func read(byteCount: Int) throws -> [UInt8]? {
        var frame: [UInt8] = []
        frame.reserveCapacity(byteCount)
        while frame.count < byteCount {
            guard let data = try pipe.fileHandleForReading.read(upToCount: byteCount - frame.count), !data.isEmpty
            else { return nil }
            frame += data
        }
        return frame
    }

    /// Writes one frame.
    func write(_ bytes: [UInt8]) throws {
        try pipe.fileHandleForWriting.write(contentsOf: bytes)
    }

    /// Closes the pipe, waits for ffmpeg to end and checks that it succeeded.
    /// - Throws: ``DemoError/failed(_:)`` when ffmpeg exits with a failure.
    func finish() throws {
        if isWriting {
            try pipe.fileHandleForWriting.close()
        } else {
            // Drain what is left, so that ffmpeg is never blocked writing when we wait for it.
            _ = pipe.fileHandleForReading.readDataToEndOfFile()
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DemoError.failed("ffmpeg exited with \(process.terminationStatus)")
        }
    }
}
