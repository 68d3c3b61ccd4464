import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `swift run -c release stress --help` tells every option.
//
// The main thread blocks on a semaphore instead of being an async main: Valgrind 3.19 crashes on
// the signal-suspended main thread of an async Swift program, and callgrind is how this tool is
// profiled.
//
// The run goes at `.userInitiated`, the priority of the UI work that drives navigation and the
// priority of the pool's engine lanes: on Linux each priority has its own dispatch queue, and a
// caller at another priority pays a thread hand-off on every hop to a lane and back.
let finished = DispatchSemaphore(value: 0)
let status = ExitStatus()
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached(priority: .userInitiated) {
    status.code.store(await StressRun.main(arguments), ordering: .sequentiallyConsistent)
    finished.signal()
}
finished.wait()
exit(status.code.load(ordering: .sequentiallyConsistent))

/// The exit status the run hands back to the main thread.
final class ExitStatus: Sendable {
    let code = Atomic<Int32>(0)
}
