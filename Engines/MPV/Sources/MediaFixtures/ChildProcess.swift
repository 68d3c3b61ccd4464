import Foundation

/// Runs a program found on `PATH` to its end, on a thread of its own, and throws if it fails.
/// - Parameters:
///   - program: The program's name (`ffmpeg`, `python3`).
///   - arguments: Its arguments.
/// - Throws: ``MediaFixtureError`` when it cannot start or exits with a failure.
package func run(_ program: String, _ arguments: [String]) async throws {
    try await onOwnThread {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let end = ProcessEnd(of: process)
        try process.run()
        let status = end.wait(for: process, seconds: 600)
        guard status == 0 else {
            throw MediaFixtureError("\(program) \(status.map { "exited with \($0)" } ?? "ran past 600 s")")
        }
    }
}

/// Runs a program found on `PATH` to its end, on a thread of its own, and returns what it wrote to its standard
/// output (its standard error goes to this process's).
/// - Parameters:
///   - program: The program's name (`ffmpeg`).
///   - arguments: Its arguments.
/// - Returns: Everything it wrote to its standard output.
/// - Throws: ``MediaFixtureError`` when it cannot start or exits with a failure.
package func output(of program: String, _ arguments: [String]) async throws -> Data {
    try await onOwnThread {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        let end = ProcessEnd(of: process)
        try process.run()
        // Read to the end before waiting: a child that fills the pipe would otherwise never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let status = end.wait(for: process, seconds: 600)
        guard status == 0 else {
            throw MediaFixtureError("\(program) \(status.map { "exited with \($0)" } ?? "ran past 600 s")")
        }
        return data
    }
}

/// Runs blocking work (a child process, a pipe read) on a new thread, off the cooperative pool.
/// - Parameter body: The work.
/// - Returns: What it returned.
/// - Throws: What it threw.
package func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Why a fixture could not be made.
package struct MediaFixtureError: Error, CustomStringConvertible {
    package let description: String

    /// - Parameter description: What went wrong.
    package init(_ description: String) { self.description = description }
}
