import Foundation
import MediaFixtures

/// ffmpeg as a child process fed raw video frames through a pipe on its standard input. Blocking: call from a thread
/// of its own (``MediaFixtures/onOwnThread(_:)``).
final class RawVideoPipe {
    private let process = Process()
    private let pipe = Pipe()
    private let end: ProcessEnd

    /// Starts ffmpeg reading frames from its standard input; its standard error is this process's.
    /// - Parameter arguments: ffmpeg's arguments; they name `-` as the input.
    /// - Throws: When ffmpeg cannot start.
    init(ffmpeg arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg"] + arguments
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        end = ProcessEnd(of: process)
        try process.run()
    }

    /// Writes one frame.
    func write(_ bytes: [UInt8]) throws {
        try pipe.fileHandleForWriting.write(contentsOf: bytes)
    }

    /// Closes the pipe, waits for ffmpeg to end and checks that it succeeded.
    /// - Throws: ``DemoError/failed(_:)`` when ffmpeg exits with a failure.
    func finish() throws {
        try pipe.fileHandleForWriting.close()
        let status = end.wait(for: process, seconds: 600)
        guard status == 0 else {
            throw DemoError.failed("ffmpeg \(status.map { "exited with \($0)" } ?? "ran past 600 s")")
        }
    }
}
