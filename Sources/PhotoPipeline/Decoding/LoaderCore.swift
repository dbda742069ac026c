import Foundation

/// The loader's shared state. Every stored `var` is read and written only while holding
/// `condition`'s lock, which is what makes the unchecked Sendable sound.
///
/// A decode may leave work for later (`Decode`'s `keepCopies`: writing its disk copies).
/// The pixels are handed over first, and the copies are written when no decode can start:
/// photos on screen do not wait for the copies of the ones before them. At most
/// `pendingCopyLimit` wait (each holds its pixels); past that, a worker writes its own at once.
final class LoaderCore: @unchecked Sendable {
    /// A decode, and what it leaves to do once its result is handed over.
    typealias Decode = @Sendable (PhotoRequest) throws(PhotoProblem) -> (photo: DecodedPhoto, keepCopies: (@Sendable () -> Void)?)

    /// Copies waiting to be written: a few screens' worth of cell-sized pixels.
    static let pendingCopyLimit = 8

    private struct Queued {
        var request: PhotoRequest
        var ticket: UInt64
    }

    private let condition = NSCondition()
    private let byteBudget: Int
    private let countLimit: Int
    private let decode: Decode
    /// Used when `decode` finds libvips missing (see `PhotoLoader.useWhenVipsIsMissing`).
    private var withoutVips: PhotoLoader.Decode?

    private var queued: [Int: Queued] = [:]
    /// id → ticket of the request a worker is decoding for it; removed on cancel, so the
    /// worker knows to drop its result.
    private var running: [Int: UInt64] = [:]
    private var ready: [PhotoResult] = []
    private var counters = PhotoLoaderCounters()
    private var nextTicket: UInt64 = 0
    private var stopping = false
    /// Workers start no decode while set (see `PhotoLoader.hold`).
    private var held = false
    /// Decodes that may run at once (see `PhotoLoader.limitDecodes`).
    private var decodeLimit = Int.max
    /// Told of every result put in the finished queue (see `PhotoLoader.onFinished`).
    private var finishedObserver: (@Sendable (Int) -> Void)?
    private var liveWorkers = 0
    private var pendingCopies: [@Sendable () -> Void] = []
    /// Workers writing copies (they count against `decodeLimit` as decodes do).
    private var copying = 0

    init(byteBudget: Int, countLimit: Int, decode: @escaping Decode) {
        self.byteBudget = byteBudget
        self.countLimit = countLimit
        self.decode = decode
    }

    // MARK: Caller side

    func submit(_ request: PhotoRequest) { submit([request]) }

    func submit(_ requests: [PhotoRequest]) {
        locked {
            for request in requests {
                dropAll(request.id)
                queued[request.id] = Queued(request: request, ticket: nextTicket)
                nextTicket += 1
            }
            updateGauges()
            condition.broadcast()
        }
    }

    func cancel(_ id: Int) -> Bool {
        locked {
            let found = dropAll(id)
            updateGauges()
            condition.broadcast()
            return found
        }
    }

    func reprioritize(_ id: Int, to priority: Int) -> Bool {
        locked {
            guard queued[id] != nil else { return false }
            queued[id]?.request.priority = priority
            return true
        }
    }

    func take(max: Int) -> [PhotoResult] {
        locked {
            let count = min(Swift.max(0, max), ready.count)
            let taken = Array(ready.prefix(count))
            ready.removeFirst(count)
            updateGauges()
            condition.broadcast()
            return taken
        }
    }

    func snapshot() -> PhotoLoaderCounters { locked { counters } }

    func setWithoutVips(_ plain: @escaping PhotoLoader.Decode) { locked { withoutVips = plain } }

    func setHeld(_ value: Bool) {
        locked {
            guard held != value else { return }
            held = value
            condition.broadcast()
        }
    }

    func setFinishedObserver(_ observer: (@Sendable (Int) -> Void)?) { locked { finishedObserver = observer } }

    func setDecodeLimit(_ value: Int) {
        locked {
            let limit = max(1, value)
            guard decodeLimit != limit else { return }
            decodeLimit = limit
            condition.broadcast()
        }
    }

    func stop(wait: Bool = false) {
        locked {
            stopping = true
            counters.cancelled += queued.count
            queued.removeAll()
            updateGauges()
            condition.broadcast()
            while wait, liveWorkers > 0 { condition.wait() }
        }
    }

    /// Removes every trace of `id`: queued, running, or waiting in the finished queue.
    @discardableResult
    private func dropAll(_ id: Int) -> Bool {
        var dropped = 0
        if queued.removeValue(forKey: id) != nil { dropped += 1 }
        if running.removeValue(forKey: id) != nil { dropped += 1 }
        let before = ready.count
        ready.removeAll { $0.request.id == id }
        dropped += before - ready.count
        counters.cancelled += dropped
        return dropped > 0
    }

    private func updateGauges() {
        counters.queued = queued.count
        counters.ready = ready.count
        counters.readyBytes = ready.reduce(0) { $0 + $1.byteCount }
    }

    private var readyIsFull: Bool {
        counters.readyBytes >= byteBudget && !ready.isEmpty || ready.count >= countLimit
    }

    private func hasRoom(for bytes: Int) -> Bool {
        ready.count < countLimit && (ready.isEmpty || counters.readyBytes + bytes <= byteBudget)
    }

    // MARK: Worker side

    func work() {
        defer { Vips.threadEnded() }
        BackgroundThread.yieldToForeground()
        condition.lock()
        liveWorkers += 1
        defer {
            liveWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }
        while true {
            while !stopping, !canStartDecode, !canWriteCopy { waitKeptBack() }
            if stopping {
                // The copies are the next visit's first screen: written before the worker ends.
                while !pendingCopies.isEmpty { writeCopyUnlocked(pendingCopies.removeFirst()) }
                return
            }
            if !canStartDecode {
                writeCopyUnlocked(pendingCopies.removeFirst())
                continue
            }
            // Highest priority, then oldest ticket. A linear scan: the queue holds at most a
            // few thousand visible-soon cells, and a decode costs far more.
            guard let pick = queued.values.max(by: { a, b in
                a.request.priority != b.request.priority
                    ? a.request.priority < b.request.priority : a.ticket > b.ticket
            }) else { continue }
            let id = pick.request.id
            queued.removeValue(forKey: id)
            running[id] = pick.ticket
            counters.decoding += 1
            updateGauges()

            let plain = withoutVips
            condition.unlock()
            let outcome: Result<DecodedPhoto, PhotoProblem>
            var keepCopies: (@Sendable () -> Void)?
            do throws(PhotoProblem) {
                let decoded = try decode(pick.request)
                outcome = .success(decoded.photo)
                keepCopies = decoded.keepCopies
            } catch let vipsProblem {
                if case .decoderUnavailable = vipsProblem, let plain {
                    do throws(PhotoProblem) {
                        outcome = .success(try plain(pick.request))
                    } catch {
                        // "No embedded preview" is no failure of the photo; anything else is
                        // better told by why libvips is missing.
                        outcome = .failure(error == .noEmbeddedPreview ? error : vipsProblem)
                    }
                } else {
                    outcome = .failure(vipsProblem)
                }
            }
            let result = PhotoResult(request: pick.request, outcome: outcome)
            condition.lock()

            counters.waitingForRoom += 1
            while !stopping, running[id] == pick.ticket, !hasRoom(for: result.byteCount) {
                condition.wait()
            }
            counters.waitingForRoom -= 1
            counters.decoding -= 1
            // Still wanted: nobody cancelled or replaced it while it decoded or waited.
            if running[id] == pick.ticket {
                running.removeValue(forKey: id)
                if stopping {
                    counters.cancelled += 1  // Shutting down: in-flight work is dropped.
                } else {
                    ready.append(result)
                    if case .success = outcome { counters.finished += 1 } else { counters.failed += 1 }
                    finishedObserver?(id)
                }
            }
            updateGauges()
            condition.broadcast()
            if let keepCopies {
                if pendingCopies.count < Self.pendingCopyLimit {
                    pendingCopies.append(keepCopies)
                } else {
                    writeCopyUnlocked(keepCopies)
                }
            }
        }
    }

    /// A decode may start: one is queued, the finished queue has room, and the limit allows.
    private var canStartDecode: Bool {
        !held && !queued.isEmpty && !readyIsFull && counters.decoding + copying < decodeLimit
    }

    /// A copy may be written: one waits, and no decode can start (nor the loader is held).
    private var canWriteCopy: Bool {
        !held && !pendingCopies.isEmpty && !canStartDecode && counters.decoding + copying < decodeLimit
    }

    /// Waits for a change (called and returning with the lock held), counted in the gauges
    /// of what keeps an idle worker back while it has work in sight: the hold, else the limit.
    private func waitKeptBack() {
        let workInSight = !queued.isEmpty && !readyIsFull || !pendingCopies.isEmpty
        let whileHeld = workInSight && held
        let byLimit = workInSight && !held && counters.decoding + copying >= decodeLimit
        if whileHeld { counters.waitingWhileHeld += 1 }
        if byLimit { counters.waitingForDecodeLimit += 1 }
        condition.wait()
        if whileHeld { counters.waitingWhileHeld -= 1 }
        if byLimit { counters.waitingForDecodeLimit -= 1 }
    }

    /// Writes one copy off the lock (called and returning with it held).
    private func writeCopyUnlocked(_ copy: @Sendable () -> Void) {
        copying += 1
        condition.unlock()
        copy()
        condition.lock()
        copying -= 1
        condition.broadcast()
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
