import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

@testable import SeamlessPlaybackAVFoundation

/// A fake AVFoundation resource loader driving a ``ResourceLoadingStateMachine`` against a real ``MediaCache`` in a
/// temporary directory and an in-memory origin: requests arrive, fetches deliver their pieces in a seeded random
/// interleaving, some requests are cancelled, some cache reads fail, some origin reads fail part way. Each fetch
/// claims its range in the cache first, as the shell does; with ``otherReaders``, another reader of the cache (a
/// prefetcher, another engine) claims and fills gaps of the same media meanwhile, and the cache's reports of the
/// media's changes reach the machine at random points. Every byte responded is recorded, for the test to compare
/// with the media's, and every byte fetched from the origin (by anyone) is counted.
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

    /// Another reader's fetch: a claim it fills piece by piece, then releases.
    private struct OtherFetch {
        let claim: MediaCache.FetchClaim
        var position: Int64
        let abandonsAt: Int64?
    }

    /// The cache's reports of the media's changes, counted on the changing thread, delivered by the run loop.
    private final class ChangeReports: @unchecked Sendable {  // every access under `lock`
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var pending: Int { lock.withLock { count } }
        func take() { lock.withLock { count -= 1 } }
    }

    let media: Data
    let url: URL
    let cache: MediaCache
    var machine = Machine(minimumFetch: 700, minimumFetchWhileLean: 150, cacheReadLimit: 900)
    /// The player stands paused at the lean depth now and then, and plays again: fetches are widened less meanwhile.
    var togglesLean = false
    /// How often the lean depth came or went.
    var leanToggles = 0
    /// Another reader claims and fills gaps of the media now and then.
    var otherReaders = false
    /// One cache read in ten fails (and its bytes are fetched again).
    var cacheReadFaults = true
    /// States are read when asked for, and answered later (the I/O queue ran early, AVFoundation's queue late), so
    /// that another reader's claim may change between the read and the fetch it decides.
    var staleStates = false
    /// Bytes fetched from the origin (by the loader or another reader) that had been fetched before.
    var duplicateBytes: Int64 = 0
    /// State reads asked for because the media changed while a request waited for another reader.
    var wokenByChanges = 0
    /// The loader's claims the cache refused or narrowed.
    var refusedClaims = 0
    var narrowedClaims = 0
    private var fetchedRanges = RangeSet<Int64>()
    private var others: [OtherFetch] = []
    private var claims: [Machine.FetchID: MediaCache.FetchClaim] = [:]
    private var observations: [String: MediaCache.ChangeObservation] = [:]
    private let reports = ChangeReports()
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
    private var stateReads: [(Machine.RequestID, Machine.CacheSnapshot?)] = []
    private var random: SplitMix64

    init(media: Data, cache: MediaCache, seed: UInt64) {
        self.media = media
        self.cache = cache
        url = URL(string: "seamlesscache-https://origin.test/media/clip.mp4")!
        random = SplitMix64(seed: seed)
    }

    var key: String { "https://origin.test/media/clip.mp4" }

    /// What the cache holds, its claims read first, as the shell reads them.
    private var snapshot: Machine.CacheSnapshot {
        let claimed = cache.claimedRanges(for: key)
        return Machine.CacheSnapshot(
            cached: cache.cachedRanges(for: key), length: cache.length(for: key), claimed: claimed)
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
        while !fetches.isEmpty || !retries.isEmpty || !stateReads.isEmpty || !others.isEmpty || reports.pending > 0 {
            let idle = fetches.isEmpty
            // With nothing of the loader's own left to run, the other reader's work and the reports go on alone.
            let othersOnly = idle && stateReads.isEmpty && retries.isEmpty
            if reports.pending > 0, (othersOnly && others.isEmpty) || random.below(3) == 0 {
                reports.take()
                let actions = machine.cacheChanged(key)
                wokenByChanges += actions.count
                perform(actions)
                continue
            }
            if !others.isEmpty, othersOnly || random.below(3) == 0 {
                stepOther(faults: faults)
                continue
            }
            if !stateReads.isEmpty, idle || random.below(3) == 0 {
                let (id, read) = stateReads.remove(at: random.below(stateReads.count))
                perform(machine.cacheStateRead(id, cache: read ?? snapshot))
                continue
            }
            if otherReaders, random.below(30) == 0 {
                startOther()
                continue
            }
            if togglesLean, random.below(25) == 0 {
                machine.isLean.toggle()
                leanToggles += 1
                continue
            }
            if !retries.isEmpty, idle || random.below(4) == 0 {
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
            guard !fetches.isEmpty else { continue }
            let index = random.below(fetches.count)
            var fetch = fetches[index]
            if let failsAt = fetch.failsAt, fetch.position >= failsAt, faults {
                fetches.remove(at: index)
                release(fetch.id)
                perform(machine.originFailed(fetch.request, fetch: fetch.id, error: .connectionLost))
                continue
            }
            let end = min(fetch.range.upperBound, Int64(media.count))
            guard fetch.position < end else {
                fetches.remove(at: index)
                release(fetch.id)
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
            noteFetched(fetch.position..<upper)
            fetch.position = upper
            fetches[index] = fetch
            perform(machine.originReceived(fetch.request, fetch: fetch.id, chunk: chunk))
        }
        violations += machine.invariantViolations()
    }

    /// Another reader starts a fetch, as the prefetcher does: from a random offset, the first bytes neither cached nor
    /// claimed up to the next that is, claimed before they are fetched.
    /// - Parameter offset: Where it starts looking; a random offset when `nil`.
    mutating func startOther(at offset: Int64? = nil) {
        let claimed = cache.claimedRanges(for: key)
        let taken = cache.cachedRanges(for: key).union(claimed)
        var position = offset ?? Int64(random.below(media.count))
        while let range = taken.ranges.first(where: { $0.contains(position) }) { position = range.upperBound }
        let nextTaken = taken.ranges.first { $0.lowerBound > position }?.lowerBound ?? .max
        let end = min(Int64(media.count), position + Int64(300 + random.below(1_200)), nextTaken)
        guard position < end, let claim = cache.claim(position..<end, for: key) else { return }
        let abandonsAt = random.below(6) == 0 ? claim.range.lowerBound + Int64(random.below(400)) : nil
        others.append(OtherFetch(claim: claim, position: claim.range.lowerBound, abandonsAt: abandonsAt))
        // Its head tells the length first.
        try? cache.setLength(Int64(media.count), for: key)
    }

    /// Another reader's fetch delivers a piece into the cache, or ends (all delivered, or failed part way).
    private mutating func stepOther(faults: Bool) {
        let index = random.below(others.count)
        var other = others[index]
        let end = other.claim.range.upperBound
        if other.position >= end || (faults && other.abandonsAt.map { other.position >= $0 } == true) {
            others.remove(at: index)
            cache.release(other.claim)
            return
        }
        let upper = min(end, other.position + Int64(1 + random.below(300)))
        noteFetched(other.position..<upper)
        try? cache.write(media.subdata(in: Int(other.position)..<Int(upper)), for: key, at: other.position)
        other.position = upper
        others[index] = other
    }

    private mutating func noteFetched(_ range: Range<Int64>) {
        let again = fetchedRanges.intersection(RangeSet(range))
        duplicateBytes += again.ranges.reduce(0) { $0 + Int64($1.count) }
        fetchedRanges.insert(contentsOf: range)
    }

    /// The loader's claim for `fetch` ends with it.
    private mutating func release(_ fetch: Machine.FetchID) {
        if let claim = claims.removeValue(forKey: fetch) { cache.release(claim) }
    }

    private mutating func perform(_ actions: [Machine.Action]) {
        violations += machine.invariantViolations()
        for action in actions { perform(action) }
    }

    private mutating func perform(_ action: Machine.Action) {
        switch action {
        case .readCacheState(let id, let key):
            if key != self.key { violations.append("state of \(key)") }
            stateReads.append((id, staleStates ? snapshot : nil))
        case .setContentInformation(let id, let information):
            outcomes[id]?.information = information
        case .readCache(let id, let key, let range):
            // One read in ten fails, as a corrupt chunk or a file error would.
            let bytes = cacheReadFaults && random.below(10) == 0 ? nil : (try? cache.read(key, range: range)) ?? nil
            perform(machine.cacheRead(id, range: range, bytes: bytes, cache: snapshot))
        case .fetch(let id, let fetch, let url, let range):
            if url.absoluteString != key { violations.append("fetch of \(url)") }
            // As the shell: claimed first; a refused claim fetches nothing, a narrowed one less.
            guard let claim = cache.claim(range, for: key) else {
                refusedClaims += 1
                return perform(machine.fetchRefused(fetch))
            }
            claims[fetch] = claim
            if claim.range != range {
                narrowedClaims += 1
                perform(machine.fetchNarrowed(fetch, to: claim.range))
            }
            let failsAt = random.below(8) == 0 ? claim.range.lowerBound + Int64(random.below(500)) : nil
            fetches.append(
                Fetch(request: id, id: fetch, range: claim.range, position: claim.range.lowerBound, failsAt: failsAt))
        case .cancelFetch(let fetch):
            // Cancelled: its end is reported as a cancellation.
            guard let index = fetches.firstIndex(where: { $0.id == fetch }) else { return }
            let cancelled = fetches.remove(at: index)
            release(fetch)
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
        case .observeChanges(let key):
            if observations[key] != nil { violations.append("observes \(key) twice") }
            observations[key] = cache.observeChanges(of: key) { [reports] in reports.add() }
        case .stopObservingChanges(let key):
            guard let observation = observations.removeValue(forKey: key) else {
                return violations.append("stops observing \(key), unobserved")
            }
            observation.cancel()
        }
    }
}
