import Foundation

/// A pool of worker threads that decode photos, highest priority first, and a bounded queue
/// of finished pixels that the main thread drains once a frame.
///
/// Memory is bounded twice over: a worker does not start while the finished queue is full,
/// and a worker holding a result waits until it fits. So pixels held by the queue stay
/// within `finishedByteBudget` (a single result larger than the budget passes only into an
/// empty queue), plus at most one result per worker in flight.
///
/// Cancellation: a request cancelled before it starts never decodes; one cancelled while
/// decoding, or after finishing but before being taken, never reaches `takeFinished`.
public final class PhotoLoader: Sendable {
    /// Decodes one request; the default is `PhotoDecoder`. Tests pass their own.
    public typealias Decode = @Sendable (PhotoRequest) throws(PhotoProblem) -> DecodedPhoto

    /// Cores − 1, at least 1: one core stays with the main thread that draws (and Mesa's
    /// rasteriser threads). Measured against one per core on this two-core machine (a cold
    /// folder of 80 JPEGs, 1280×800 under Xvfb, release, 9 launches each): every visible
    /// photo sharp 798 ms from spawn with one decode thread, 930 ms with two, the two decodes
    /// and the frame sharing both cores, though each decoder runs at nice 10.
    public static var defaultWorkerCount: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    }

    /// Default byte budget of the finished queue: 64 MB, about 40 results of 800 × 500 RGBA,
    /// more than a frame takes.
    public static let defaultFinishedByteBudget = 64 << 20
    /// Default cap on the number of results in the finished queue (failures cost no bytes,
    /// so bytes alone would not bound it).
    public static let defaultFinishedCountLimit = 256

    /// Number of worker threads.
    public let workerCount: Int
    /// Bytes the finished queue may hold.
    public let finishedByteBudget: Int
    /// Results the finished queue may hold.
    public let finishedCountLimit: Int

    private let core: LoaderCore

    /// Starts `workers` threads (clamped to 1…64) that decode with `decode`.
    public init(workers: Int = PhotoLoader.defaultWorkerCount,
                finishedByteBudget: Int = PhotoLoader.defaultFinishedByteBudget,
                finishedCountLimit: Int = PhotoLoader.defaultFinishedCountLimit,
                diskCache: DiskThumbnailCache? = nil,
                sharedThumbnails: SharedThumbnails? = nil,
                decode: Decode? = nil)
    {
        workerCount = min(max(workers, 1), 64)
        self.finishedByteBudget = max(0, finishedByteBudget)
        self.finishedCountLimit = max(1, finishedCountLimit)
        let chosen: Decode
        if let decode {
            chosen = decode
        } else {
            chosen = { request throws(PhotoProblem) in try Self.decodeWithVips(request, diskCache, sharedThumbnails) }
        }
        core = LoaderCore(byteBudget: self.finishedByteBudget,
                          countLimit: self.finishedCountLimit, decode: chosen)
        for number in 0..<workerCount {
            let thread = Thread { [core] in core.work() }
            thread.name = "photo-decode-\(number)"
            thread.start()
        }
    }

    deinit { core.stop() }

    /// The default decode: `PhotoDecoder` at the request's size and fit (through `diskCache`
    /// and `shared` when there are), or its quick preview (embedded, else shared). (Chosen with an
    /// `if`, not `??`: Swift 6.3.1's SILGen crashes on a typed-throws function value in the
    /// autoclosure of `??`.)
    @Sendable
    private static func decodeWithVips(_ request: PhotoRequest, _ diskCache: DiskThumbnailCache?,
                                       _ shared: SharedThumbnails?) throws(PhotoProblem) -> DecodedPhoto {
        switch request.kind {
        case .photo:
            return try PhotoDecoder().decode(path: request.path, size: request.size, fit: request.fit, diskCache: diskCache,
                                             shared: shared)
        case .embeddedPreview:
            guard let preview = try PhotoDecoder().quickPreview(path: request.path, shared: shared) else { throw .noEmbeddedPreview }
            return preview
        }
    }

    /// Decodes with `plain` what the default decode cannot because libvips could not be
    /// loaded (SDLBackend's SDL_image decode: the bundled PNG and JPEG images still show).
    /// When `plain` fails too, the request fails with libvips' reason, which says more.
    public func useWhenVipsIsMissing(_ plain: @escaping Decode) { core.setWithoutVips(plain) }

    /// Keeps the workers from starting decodes (queued requests wait) until `release`.
    public func hold() { core.setHeld(true) }

    /// Lets the workers decode again after `hold`; does nothing otherwise.
    public func release() { core.setHeld(false) }

    /// Queues a request. A request with the same id as a queued, running or finished-but-not-
    /// taken one replaces it (the older result is dropped and counted as cancelled).
    public func submit(_ request: PhotoRequest) { core.submit(request) }

    /// Queues several requests under one lock.
    public func submit(_ requests: [PhotoRequest]) { core.submit(requests) }

    /// Drops the request with this id wherever it is. True if there was one.
    @discardableResult
    public func cancel(_ id: Int) -> Bool { core.cancel(id) }

    /// Changes the priority of a queued request. False if it is not queued (already running,
    /// finished, or unknown).
    @discardableResult
    public func reprioritize(_ id: Int, to priority: Int) -> Bool {
        core.reprioritize(id, to: priority)
    }

    /// Removes and returns up to `max` finished results, oldest first. Meant to be called
    /// once a frame by the thread that makes textures.
    public func takeFinished(max: Int) -> [PhotoResult] { core.take(max: max) }

    /// A consistent snapshot of the counters.
    public var counters: PhotoLoaderCounters { core.snapshot() }

    /// Stops the workers after their current decode and waits for them to end. Queued
    /// requests are dropped; results not yet taken stay takeable.
    public func shutdown() { core.stop(wait: true) }
}

/// The loader's shared state. Every stored `var` is read and written only while holding
/// `condition`'s lock, which is what makes the unchecked Sendable sound.
private final class LoaderCore: @unchecked Sendable {
    private struct Queued {
        var request: PhotoRequest
        var ticket: UInt64
    }

    private let condition = NSCondition()
    private let byteBudget: Int
    private let countLimit: Int
    private let decode: PhotoLoader.Decode
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
    private var liveWorkers = 0

    init(byteBudget: Int, countLimit: Int, decode: @escaping PhotoLoader.Decode) {
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
            while !stopping, held || queued.isEmpty || readyIsFull { condition.wait() }
            if stopping { return }
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
            do throws(PhotoProblem) {
                outcome = .success(try decode(pick.request))
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
                }
            }
            updateGauges()
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
