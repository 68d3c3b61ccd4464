import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of an ``HTTPByteSource``: routes each task's answer, body and end to the
/// ``ByteRangeExchange`` of its read, and does what the exchange decides (deliver bytes, stop the transfer).
///
/// URLSession calls it on one serial queue, so the pieces of one read reach its receiver in order and one at a time.
final class ByteTransfers: NSObject, URLSessionDataDelegate {
    /// One read in flight.
    private struct Transfer {
        var exchange: ByteRangeExchange
        let onLength: (@Sendable (Int64) -> Void)?
        let receive: @Sendable (ByteChunk) -> Void
        let finish: @Sendable (Result<ByteRangeRead, ByteSourceError>) -> Void
    }

    private let transfers = Protected<[Int: Transfer]>([:])

    /// Starts `task` as the read of `range`: `onLength` gets the media's length when the accepted answer's head
    /// says it, `receive` its pieces, then `finish` its outcome, exactly once.
    func start(
        _ task: URLSessionDataTask, range: Range<Int64>, onLength: (@Sendable (Int64) -> Void)? = nil,
        receive: @escaping @Sendable (ByteChunk) -> Void,
        finish: @escaping @Sendable (Result<ByteRangeRead, ByteSourceError>) -> Void
    ) {
        let transfer = Transfer(
            exchange: ByteRangeExchange(requested: range), onLength: onLength, receive: receive, finish: finish)
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let (refusal, told) = transfers.withLock { transfers -> (ByteSourceError??, (@Sendable () -> Void)?) in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return (.none, nil) }
            defer { transfers[dataTask.taskIdentifier] = transfer }
            let length = response.expectedContentLength
            let refusal = transfer.exchange.responseReceived(
                status: http?.statusCode ?? 0, contentRange: http?.value(forHTTPHeaderField: "Content-Range"),
                contentLength: length >= 0 ? length : nil)
            guard refusal == nil, let total = transfer.exchange.totalLength, let onLength = transfer.onLength else {
                return (refusal, nil)
            }
            return (refusal, { onLength(total) })
        }
        // Before the body: this queue is serial, so the length is told before the first piece.
        told?()
        completionHandler(refusal == .some(nil) ? .allow : .cancel)
        // FoundationNetworking ignores the disposition: the refused task is cancelled by hand.
        if case .some(.some) = refusal { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let step = transfers.withLock { transfers -> (ByteRangeExchange.Delivery, Transfer)? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            let delivery = transfer.exchange.bodyReceived(count: data.count)
            transfers[dataTask.taskIdentifier] = transfer
            return (delivery, transfer)
        }
        guard let (delivery, transfer) = step else { return }
        if delivery.take > 0 {
            let start = data.startIndex + delivery.drop
            transfer.receive(
                ByteChunk(offset: delivery.offset, bytes: data.subdata(in: start..<(start + delivery.take))))
        }
        // A 200 to a range request goes on past the range: stop it there.
        if delivery.isComplete { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.finish(transfer.exchange.ended(failure: error.map(Self.failure)))
    }

    /// Ends every read still in flight (the session is going away).
    func finishAll() {
        let left = transfers.withLock { transfers -> [Transfer] in
            defer { transfers = [:] }
            return Array(transfers.values)
        }
        for transfer in left { transfer.finish(.failure(.cancelled)) }
    }

    /// How the platform's error reads to the exchange.
    static func failure(_ error: any Error) -> ByteRangeExchange.TransportFailure {
        guard let error = error as? URLError else { return .other("\(error)") }
        switch error.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse:
            return .connectionLost
        // No way to the server now: cellular data off or roaming, a call holding the link. They pass, as a lost
        // network does (AVFoundation's own reads report them as the network's).
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .dataNotAllowed,
            .internationalRoamingOff, .callIsActive:
            return .unreachable
        default: return .other("\(error.code.rawValue) \(error.localizedDescription)")
        }
    }
}
