import Foundation

#if canImport(Glibc)
import Glibc

private let systemRead = Glibc.read
private let systemKill = Glibc.kill
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }
#elseif canImport(Darwin)
import Darwin

private let systemRead = Darwin.read
private let systemKill = Darwin.kill
private var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { _NSGetEnviron().pointee }
#endif

/// A program the tests start and end themselves, with every wait bounded: spawned with `posix_spawn`, its output
/// read through `poll`, reaped with `waitpid` only once it has ended or been killed.
///
/// Not Foundation's `Process`: its `waitUntilExit()` waits on a run loop for a notice of the child's end, and under
/// load (ThreadSanitizer, many tests spawning at once) that wait has been seen to last for good, with every other test
/// of the process stalled behind the thread it held. The pipe here is close-on-exec, so a child another test spawns
/// meanwhile never inherits its write end: the end of the output is the end of this child.
final class ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Why a child could not be started or waited for.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private var output: Int32
    private var ending: Ending?

    /// Starts `path` with `arguments`; its standard output (and its standard error, with `errorsToo`) comes to
    /// ``read(until:)``.
    init(_ path: String, _ arguments: [String], errorsToo: Bool = false) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        if errorsToo { posix_spawn_file_actions_adddup2(&actions, ends[1], 2) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environment)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw Failure(description: "posix_spawn \(path): error \(spawned)")
        }
        pid = child
        output = ends[0]
    }

    deinit {
        if ending == nil { _ = kill() }
        if output >= 0 { close(output) }
    }

    /// What the child wrote, once some is there: empty at the end of its output, nil when `deadline` passed first.
    func read(until deadline: ContinuousClock.Instant) -> Data? {
        guard output >= 0 else { return Data() }
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - .now
            guard left > .zero else { return nil }
            let milliseconds = Int32(min(left.components.seconds * 1_000 + 1, 1_000))
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = systemRead(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(output)
                output = -1
                return Data()
            }
            return Data(buffer[..<count])
        }
    }

    /// Everything the child writes until its output ends, or nil when `deadline` passed first.
    func readToEnd(until deadline: ContinuousClock.Instant) -> Data? {
        var all = Data()
        while let piece = read(until: deadline) {
            if piece.isEmpty { return all }
            all.append(piece)
        }
        return nil
    }

    /// Kills the child with SIGKILL and returns how it ended (it can have ended on its own first).
    func kill() -> Ending {
        if let ending { return ending }
        _ = systemKill(pid, SIGKILL)
        return reap()
    }

    /// How the child ended: waits for it only after its output ended; a child still writing at `deadline`, or one
    /// that keeps its output open, is killed.
    func wait(until deadline: ContinuousClock.Instant) -> Ending {
        if let ending { return ending }
        while output >= 0 {
            guard read(until: deadline) != nil else { return kill() }
        }
        return reap()
    }

    /// Reaps the child, which has ended or been killed: `waitpid` returns at once, or as soon as the kernel has
    /// taken the killed child down.
    private func reap() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let ended: Ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        ending = ended
        return ended
    }

    /// Runs blocking work (a child, a wait for it) on a thread of its own, off the few threads every test shares.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
