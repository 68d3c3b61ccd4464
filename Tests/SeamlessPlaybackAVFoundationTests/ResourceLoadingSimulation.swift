import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

@testable import SeamlessPlaybackAVFoundation

/// A fake AVFoundation resource loader driving a ``ResourceLoadingStateMachine`` against a real ``MediaCache`` in a
/// temporary directory and an in-memory origin: requests arrive, fetches deliver their pieces in a seeded random
/// interleaving, some requests are cancelled, some cache reads fail, some origin reads fail part way. Every byte
/// responded is recorded, for the test to compare with the media's.
struct ResourceLoadingSimulation {
    typealias Machine = ResourceLoadingStateMachine

    /// What one loading request received.
    struct Outcome {
        var data: Machine.DataRequest?
        var wantsInformation = false
        var information: Machine.ContentInformation?
        var responded = Data()
        var respondedBeforeInformation = false
        var finished = false
        var failure: ResourceLoadingFailure?
        var cancelled = false
    }

    private struct Fetch {
        let request: Machine.RequestID
        let id: Machine.FetchID
        let range: Range<Int64>
        var position: Int64
        let failsAt: Int64?
        var toldLength = false
    }

    let media: Data
    let url: URL
    let cache: MediaCache
    var machine = Machine(minimumFetch: 700, cacheReadLimit: 900)
    var outcomes: [Machine.RequestID: Outcome] = [:]
    var violations: [String] = []
    var originBytesFetched: Int64 = 0
    /// Cancellations that arrived while the request's ask for the cache's state was pending.
    var cancelledWhileStatePending = 0
    private var fetches: [Fetch] = []
    /// Retries scheduled and not fired yet: the simulation fires them at random points, as timers would.
    private var retries: [(Machine.RequestID, Int)] = []
    /// Reads of the cache's state asked for and not answered yet: answered at random points, as the I/O queue would,
    /// so that cancellations and fetches' pieces arrive while they are pending.
    private var stateReads: [Machine.RequestID] = []
    private var random: SplitMix64

    init(media: Data, cache: MediaCache, seed: UInt64) {
        self.media = media
        self.cache = cache
        url = URL(string: "seamlesscache-https://origin.test/media/clip.mp4")!
        random = SplitMix64(seed: seed)
    }

    var key: String { "https://origin.test/media/clip.mp4" }

    private var snapshot: Machine.CacheSnapshot {
        Machine.CacheSnapshot(cached: cache.cachedRanges(for: key), length: cache.length(for: key))
    }

    /// A request arrives, as AVFoundation makes it.
    mutating func arrive(information: Bool, data: Machine.DataRequest?) {
        guard
            let (id, actions) = machine.requestArrived(url, wantsInformation: information, data: data)
        else { return violations.append("refused its own URL") }
        outcomes[id] = Outcome(data: data, wantsInformation: information)
        perform(actions)
    }

    /// Runs until no fetch is left, cancelling a request now and then when `cancels`.
    mutating func run(cancels: Bool, faults: Bool) {
        while !fetches.isEmpty || !retries.isEmpty || !stateReads.isEmpty {
            if !stateReads.isEmpty, fetches.isEmpty || random.below(3) == 0 {
                let id = stateReads.remove(at: random.below(stateReads.count))
                perform(machine.cacheStateRead(id, cache: snapshot))
                continue
            }
            if !retries.isEmpty, fetches.isEmpty || random.below(4) == 0 {
                let (id, attempt) = retries.remove(at: random.below(retries.count))
                perform(machine.retryFired(id, attempt: attempt))
                continue
            }
            // In the order of the requests' IDs, not the dictionary's (which changes from one process to the next):
            // a seed replays the same run.
            let live = machine.requests.keys.sorted { $0.rawValue < $1.rawValue }
            if cancels, random.below(40) == 0, let live = live.randomElement(using: &random) {
                outcomes[live]?.cancelled = true
                if case .awaitingCacheState = machine.requests[live]?.step { cancelledWhileStatePending += 1 }
                perform(machine.requestCancelled(live))
                continue
            }
            let index = random.below(fetches.count)
            var fetch = fetches[index]
            if let failsAt = fetch.failsAt, fetch.position >= failsAt, faults {
                fetches.remove(at: index)
                perform(machine.originFailed(fetch.request, fetch: fetch.id, error: .connectionLost))
                continue
            }
            let end = min(fetch.range.upperBound, Int64(media.count))
            guard fetch.position < end else {
                fetches.remove(at: index)
                let read = ByteRangeRead(range: fetch.range.lowerBound..<end, totalLength: Int64(media.count))
                perform(machine.originFinished(fetch.request, fetch: fetch.id, read: read))
                continue
            }
            if !fetch.toldLength, random.below(2) == 0 {
                // Half the answers' heads tell the length before the body, as HTTPByteSource's do.
                fetch.toldLength = true
                fetches[index] = fetch
                perform(machine.originToldLength(fetch.request, fetch: fetch.id, length: Int64(media.count)))
                continue
            }
            let size = Int64(1 + random.below(300))
            let upper = min(end, fetch.position + size)
            let chunk = ByteChunk(offset: fetch.position, bytes: media.subdata(in: Int(fetch.position)..<Int(upper)))
            originBytesFetched += upper - fetch.position
            fetch.position = upper
            fetches[index] = fetch
            perform(machine.originReceived(fetch.request, fetch: fetch.id, chunk: chunk))
        }
        violations += machine.invariantViolations()
    }

    private mutating func perform(_ actions: [Machine.Action]) {
        violations += machine.invariantViolations()
        for action in actions { perform(action) }
    }

    private mutating func perform(_ action: Machine.Action) {
        switch action {
        case .readCacheState(let id, let key):
            if key != self.key { violations.append("state of \(key)") }
            stateReads.append(id)
        case .setContentInformation(let id, let information):
            outcomes[id]?.information = information
        case .readCache(let id, let key, let range):
            // One read in ten fails, as a corrupt chunk or a file error would.
            let bytes = random.below(10) == 0 ? nil : (try? cache.read(key, range: range)) ?? nil
            perform(machine.cacheRead(id, range: range, bytes: bytes, cache: snapshot))
        case .fetch(let id, let fetch, let url, let range):
            if url.absoluteString != key { violations.append("fetch of \(url)") }
            let failsAt = random.below(8) == 0 ? range.lowerBound + Int64(random.below(500)) : nil
            fetches.append(Fetch(request: id, id: fetch, range: range, position: range.lowerBound, failsAt: failsAt))
        case .cancelFetch(let fetch):
            // Cancelled: its end is reported as a cancellation.
            guard let index = fetches.firstIndex(where: { $0.id == fetch }) else { return }
            let cancelled = fetches.remove(at: index)
            perform(machine.originFailed(cancelled.request, fetch: fetch, error: .cancelled))
        case .write(let key, let chunk):
            try? cache.write(chunk.bytes, for: key, at: chunk.offset)
        case .recordLength(let key, let length):
            try? cache.setLength(length, for: key)
        case .respond(let id, let bytes):
            if outcomes[id]?.wantsInformation == true, outcomes[id]?.information == nil {
                outcomes[id]?.respondedBeforeInformation = true
            }
            if outcomes[id]?.finished == true || outcomes[id]?.failure != nil || outcomes[id]?.cancelled == true {
                violations.append("\(id) responded after its end")
            }
            outcomes[id]?.responded.append(bytes)
        case .finish(let id):
            outcomes[id]?.finished = true
        case .fail(let id, let failure):
            outcomes[id]?.failure = failure
        case .scheduleRetry(let id, let attempt, _):
            retries.append((id, attempt))
        case .noteOriginFailure:
            break
        }
    }
}
