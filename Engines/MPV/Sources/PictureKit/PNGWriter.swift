import Foundation
import MediaFixtures

/// Writes an ``RGBImage`` as a PNG file through ffmpeg, which the harness already needs: the pixels go to its
/// standard input as one raw `rgb24` frame and its PNG encoder compresses them losslessly.
public enum PNGWriter {
    /// Writes an image's PNG file.
    ///
    /// When this returns, the file holds exactly the image's pixels: truecolour, 8 bits a channel. ffmpeg runs on a
    /// thread of its own, off the cooperative pool, while this waits.
    /// - Parameters:
    ///   - image: The image.
    ///   - url: Where to write it, whatever its extension; an existing file is replaced.
    /// - Throws: ``PNGWriterError/emptyImage`` for an image of zero width or height, and
    ///   ``PNGWriterError/ffmpegFailed(exitStatus:)`` when ffmpeg cannot start or fails (its message goes to this
    ///   process's standard error).
    public static func write(_ image: RGBImage, to url: URL) async throws(PNGWriterError) {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let arguments = [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(image.width)x\(image.height)", "-i", "-",
            // The PNG encoder and the image muxer by name, so the extension does not matter; -update 1 takes the
            // path as a file name, never as a pattern such as frame%d.png.
            "-c:v", "png", "-f", "image2", "-update", "1", "-y", url.path,
        ]
        let outcome = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runFFmpeg(arguments, input: image.rgb)) }.start()
        }
        try outcome.get()
    }

    /// Runs ffmpeg to its end, feeding `input` to its standard input. Blocking: runs on a thread of its own.
    private static func runFFmpeg(_ arguments: [String], input: [UInt8]) -> Result<Void, PNGWriterError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardInput = pipe
        let end = ProcessEnd(of: process)
        do {
            try process.run()
        } catch {
            return .failure(.ffmpegFailed(exitStatus: nil))
        }
        // An ffmpeg that ends before reading every pixel (it refused the size) closes the pipe: writing then raises
        // SIGPIPE, which would end this whole process. Blocked on this thread alone, after the child inherited the
        // thread's mask, the write fails with EPIPE instead and ffmpeg's exit status says why.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        let written = Result { try pipe.fileHandleForWriting.write(contentsOf: input) }
        try? pipe.fileHandleForWriting.close()
        let status = end.wait(for: process, seconds: 600)
        if case .failure = written {
            // Take the pending signal, so it never reaches anyone.
            var now = timespec()
            sigtimedwait(&pipeSignal, nil, &now)
        }
        guard status == 0, case .success = written else {
            return .failure(.ffmpegFailed(exitStatus: status))
        }
        return .success(())
    }
}

/// Why a PNG could not be written.
public enum PNGWriterError: Error, Hashable, Sendable {
    /// The image has no pixels: PNG needs a width and a height of at least 1.
    case emptyImage
    /// ffmpeg could not start or ran past ten minutes and was killed (`nil`), or ended with this exit status (or
    /// signal number); its message, if any, went to this process's standard error.
    case ffmpegFailed(exitStatus: Int32?)
}
