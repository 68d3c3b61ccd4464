import Foundation
import MediaFixtures

/// Another mpv client, on the IPC socket mpv opens with its `input-ipc-server` option (`Tests/Support/mpv_ipc.py`):
/// what a remote, a script or a media-key plugin would be.
enum IPCClient {
    /// Sends one JSON command, e.g. `{"command":["set_property","pause",true]}`, and returns once mpv answered it.
    /// - Throws: When mpv did not answer `success`.
    static func send(_ json: String, to socket: String) async throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/mpv_ipc.py").path
        try await run("python3", [script, socket, json])
    }

    /// A path for a socket of this test process that no other test uses.
    static func socketPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "seamless-mpv-ipc-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sock"
            )
            .path
    }
}
