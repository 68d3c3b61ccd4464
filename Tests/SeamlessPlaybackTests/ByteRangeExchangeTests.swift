import Testing

@testable import SeamlessPlayback

private typealias Delivery = ByteRangeExchange.Delivery

@Suite("ByteRangeExchange: the decisions of one HTTP range read")
struct ByteRangeExchangeTests {
    @Test func theRangeHeaderNamesTheLastByteAndAnEmptyRangeNeedsNoRequest() {
        #expect(ByteRangeExchange.rangeHeader(for: 0..<1024) == "bytes=0-1023")
        #expect(ByteRangeExchange.rangeHeader(for: 7..<8) == "bytes=7-7")
        #expect(ByteRangeExchange.rangeHeader(for: 5..<5) == nil)
        #expect(ByteRangeExchange.rangeHeader(for: -1..<5) == nil)
    }

    @Test(arguments: [
        ("bytes 0-9/100", ByteRangeExchange.ContentRange.bytes(first: 0, last: 9, total: 100)),
        ("bytes 10-19/*", .bytes(first: 10, last: 19, total: nil)),
        ("Bytes 0-0/1", .bytes(first: 0, last: 0, total: 1)),
        ("bytes */100", .unsatisfied(total: 100)),
    ])
    func contentRangesThatParse(value: String, parsed: ByteRangeExchange.ContentRange) {
        #expect(ByteRangeExchange.parseContentRange(value) == parsed)
    }

    @Test(arguments: [
        "", "bytes", "bytes 0-9", "bytes 9-0/100", "bytes 0-100/100", "bytes -1-9/100", "items 0-9/100",
        "bytes 0-9/x", "bytes */*", "bytes 0-9/100/3", "bytes a-9/100",
    ])
    func contentRangesThatDoNot(value: String) {
        #expect(ByteRangeExchange.parseContentRange(value) == nil)
    }

    @Test(
        arguments: [
            (404, nil, ByteSourceError.notFound(status: 404)),
            (410, nil, .notFound(status: 410)),
            (500, nil, .serverError(status: 500)),
            (503, nil, .serverError(status: 503)),
            (599, nil, .serverError(status: 599)),
            (416, "bytes */100", .rangeNotSatisfiable(length: 100)),
            (416, nil, .rangeNotSatisfiable(length: nil)),
            (301, nil, .unexpectedStatus(301)),
            (403, nil, .unexpectedStatus(403)),
            (204, nil, .unexpectedStatus(204)),
            (0, nil, .unexpectedStatus(0)),
        ] as [(Int, String?, ByteSourceError)])
    func statusesOtherThan200And206Fail(status: Int, contentRange: String?, error: ByteSourceError) {
        var exchange = ByteRangeExchange(requested: 0..<10)
        #expect(exchange.responseReceived(status: status, contentRange: contentRange, contentLength: 0) == error)
        #expect(exchange.ended(failure: .cancelled) == .failure(error))
    }

    @Test func a206DeliversItsBodyAndCompletesAtTheEnd() {
        var exchange = ByteRangeExchange(requested: 100..<110)
        #expect(exchange.responseReceived(status: 206, contentRange: "bytes 100-109/500", contentLength: 10) == nil)
        #expect(exchange.bodyReceived(count: 4) == Delivery(drop: 0, take: 4, offset: 100, isComplete: false))
        #expect(exchange.bodyReceived(count: 6) == Delivery(drop: 0, take: 6, offset: 104, isComplete: true))
        #expect(exchange.ended(failure: nil) == .success(ByteRangeRead(range: 100..<110, totalLength: 500)))
    }

    @Test func a206ShorterThanAskedAtTheMediaEndIsAShorterRead() {
        var exchange = ByteRangeExchange(requested: 90..<200)
        #expect(exchange.responseReceived(status: 206, contentRange: "bytes 90-99/100", contentLength: nil) == nil)
        #expect(exchange.bodyReceived(count: 10) == Delivery(drop: 0, take: 10, offset: 90, isComplete: true))
        #expect(exchange.ended(failure: nil) == .success(ByteRangeRead(range: 90..<100, totalLength: 100)))
    }

    @Test func a206LongerThanAskedIsCutAtTheRange() {
        var exchange = ByteRangeExchange(requested: 0..<5)
        #expect(exchange.responseReceived(status: 206, contentRange: "bytes 0-9/*", contentLength: 10) == nil)
        #expect(exchange.bodyReceived(count: 8) == Delivery(drop: 0, take: 5, offset: 0, isComplete: true))
        #expect(exchange.bodyReceived(count: 2) == Delivery(drop: 2, take: 0, offset: 8, isComplete: true))
        #expect(exchange.ended(failure: .cancelled) == .success(ByteRangeRead(range: 0..<5, totalLength: nil)))
    }

    @Test(
        arguments: [
            ("bytes 101-110/500", 10 as Int64?),
            ("bytes 100-109/500", 9),
            ("bytes 100-109", 10),
            (nil, 10),
        ] as [(String?, Int64?)])
    func a206ThatStartsElsewhereOrDisagreesWithItsLengthIsRefused(contentRange: String?, length: Int64?) {
        var exchange = ByteRangeExchange(requested: 100..<110)
        let error = ByteSourceError.badContentRange(contentRange)
        #expect(exchange.responseReceived(status: 206, contentRange: contentRange, contentLength: length) == error)
        #expect(exchange.bodyReceived(count: 10) == Delivery(drop: 10, take: 0, offset: 100, isComplete: false))
        #expect(exchange.ended(failure: .cancelled) == .failure(error))
    }

    @Test func a200ToARangeRequestSkipsToTheRangeAndLearnsTheLength() {
        var exchange = ByteRangeExchange(requested: 10..<20)
        #expect(exchange.responseReceived(status: 200, contentRange: nil, contentLength: 1000) == nil)
        #expect(exchange.bodyReceived(count: 8) == Delivery(drop: 8, take: 0, offset: 10, isComplete: false))
        #expect(exchange.bodyReceived(count: 8) == Delivery(drop: 2, take: 6, offset: 10, isComplete: false))
        #expect(exchange.bodyReceived(count: 8) == Delivery(drop: 0, take: 4, offset: 16, isComplete: true))
        // The shell stops the transfer once complete: the cancellation it causes is no failure.
        #expect(exchange.ended(failure: .cancelled) == .success(ByteRangeRead(range: 10..<20, totalLength: 1000)))
    }

    @Test func a200ShorterThanTheRangeStartIsUnsatisfiable() {
        var exchange = ByteRangeExchange(requested: 10..<20)
        #expect(
            exchange.responseReceived(status: 200, contentRange: nil, contentLength: 10)
                == .rangeNotSatisfiable(length: 10))
        var unannounced = ByteRangeExchange(requested: 10..<20)
        #expect(unannounced.responseReceived(status: 200, contentRange: nil, contentLength: nil) == nil)
        _ = unannounced.bodyReceived(count: 4)
        #expect(unannounced.ended(failure: nil) == .failure(.rangeNotSatisfiable(length: 4)))
    }

    @Test func a200WithoutLengthThatEndsCleanlyEndsTheMedia() {
        var exchange = ByteRangeExchange(requested: 0..<100)
        #expect(exchange.responseReceived(status: 200, contentRange: nil, contentLength: -1) == nil)
        #expect(exchange.bodyReceived(count: 30) == Delivery(drop: 0, take: 30, offset: 0, isComplete: false))
        #expect(exchange.ended(failure: nil) == .success(ByteRangeRead(range: 0..<30, totalLength: 30)))
    }

    @Test func aBodyCutShortIsAShortReadWhetherClosedLostOrFailedOtherwise() {
        for failure in [nil, .connectionLost, .unreachable, ByteRangeExchange.TransportFailure.other("closed")] {
            var exchange = ByteRangeExchange(requested: 0..<100)
            _ = exchange.responseReceived(status: 206, contentRange: "bytes 0-99/1000", contentLength: 100)
            _ = exchange.bodyReceived(count: 40)
            #expect(exchange.ended(failure: failure) == .failure(.shortRead(expected: 100, received: 40)))
        }
        var skipping = ByteRangeExchange(requested: 50..<100)
        _ = skipping.responseReceived(status: 200, contentRange: nil, contentLength: 1000)
        _ = skipping.bodyReceived(count: 20)
        #expect(skipping.ended(failure: nil) == .failure(.shortRead(expected: 50, received: 0)))
    }

    @Test(arguments: [
        (ByteRangeExchange.TransportFailure.cancelled, ByteSourceError.cancelled),
        (.timedOut, .timedOut),
    ])
    func cancellationAndTimeoutMidBodyKeepTheirKind(failure: ByteRangeExchange.TransportFailure, error: ByteSourceError)
    {
        var exchange = ByteRangeExchange(requested: 0..<100)
        _ = exchange.responseReceived(status: 206, contentRange: "bytes 0-99/1000", contentLength: 100)
        _ = exchange.bodyReceived(count: 40)
        #expect(exchange.ended(failure: failure) == .failure(error))
    }

    @Test(arguments: [
        (ByteRangeExchange.TransportFailure?.none, ByteSourceError.connectionLost),
        (.connectionLost, .connectionLost),
        (.timedOut, .timedOut),
        (.cancelled, .cancelled),
        (.unreachable, .unreachable),
        (.other("boom"), .transport("boom")),
    ])
    func failuresBeforeAnyAnswer(failure: ByteRangeExchange.TransportFailure?, error: ByteSourceError) {
        #expect(ByteRangeExchange(requested: 0..<1).ended(failure: failure) == .failure(error))
    }

    @Test func aSecondAnswerIsIgnoredAndARefusalStays() {
        var exchange = ByteRangeExchange(requested: 0..<10)
        #expect(
            exchange.responseReceived(status: 503, contentRange: nil, contentLength: nil) == .serverError(status: 503))
        #expect(
            exchange.responseReceived(status: 206, contentRange: "bytes 0-9/10", contentLength: 10)
                == .serverError(status: 503))
        var accepted = ByteRangeExchange(requested: 0..<10)
        #expect(accepted.responseReceived(status: 206, contentRange: "bytes 0-9/10", contentLength: 10) == nil)
        #expect(accepted.responseReceived(status: 404, contentRange: nil, contentLength: nil) == nil)
        #expect(accepted.bodyReceived(count: 0) == Delivery(drop: 0, take: 0, offset: 0, isComplete: false))
    }
}
