import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
@_spi(EngineSupport) import SeamlessPlayback
#endif

/// Asks an HTTP server for the first byte of a source mpv could not load, to learn why: the status, or how the
/// connection failed (see ``MediaFailureClassifier``: ffmpeg says it only in a log another engine may receive).
/// Only this talks to the network; what the answer means is ``MediaFailureClassifier/kind(probed:)``'s.
enum HTTPProbe {
    /// One request, bounded by `timeout`; cancelling the calling task cancels it (the answer is then `nil`).
    /// - Returns: The server's answer, or `nil` for a source that is not a URL or a cancelled task.
    static func ask(_ source: String, timeout: Duration) async -> MediaFailureClassifier.Probe? {
        guard let url = URL(string: source) else { return nil }
        var request = URLRequest(url: url)
        request.setValue("bytes=0-0", forHTTPHeaderField: "Range")
        request.timeoutInterval = timeout.inSeconds
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeoutInterval
        configuration.timeoutIntervalForResource = request.timeoutInterval
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let task = Protected<URLSessionDataTask?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<MediaFailureClassifier.Probe?, Never>) in
                let dataTask = session.dataTask(with: request) { _, response, error in
                    continuation.resume(returning: answer(response, error))
                }
                task.withLock { $0 = dataTask }
                dataTask.resume()
                if Task.isCancelled { dataTask.cancel() }
            }
        } onCancel: {
            task.withLock { $0?.cancel() }
        }
    }

    private static func answer(_ response: URLResponse?, _ error: (any Error)?) -> MediaFailureClassifier.Probe? {
        if let status = (response as? HTTPURLResponse)?.statusCode { return .status(status) }
        guard let error = error as? URLError else { return .failed(error.map { "\($0)" } ?? "no response") }
        switch error.code {
        case .cancelled:
            return nil
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost, .timedOut,
            .notConnectedToInternet:
            return .unreachable("the request failed: \(error.localizedDescription)")
        default:
            return .failed("the request failed: \(error.localizedDescription)")
        }
    }
}
