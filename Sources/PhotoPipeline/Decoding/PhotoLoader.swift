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

    /// One per core: the window's loader, whose last worker decodes only while the frame
    /// loop is idle (`PhotoTextureSettings.decodesWhileFramesRun`).
    public static var oneWorkerPerCore: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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
    private let diskCache: DiskThumbnailCache?
    /// The default decode's small-JPEG decoder (see `decodeSmallJPEGsWith`).
    private let smallJPEGs: SmallJPEGDecoderSlot

    /// Starts `workers` threads (clamped to 1…64) that decode with `decode`.
    public init(workers: Int = PhotoLoader.defaultWorkerCount,
                finishedByteBudget: Int = PhotoLoader.defaultFinishedByteBudget,
                finishedCountLimit: Int = PhotoLoader.defaultFinishedCountLimit,
                diskCache: DiskThumbnailCache? = nil,
                sharedThumbnails: SharedThumbnails? = nil,
                decode: Decode? = nil)
    {
        workerCount = min(max(workers, 1), 64)
        self.diskCache = diskCache
        self.finishedByteBudget = max(0, finishedByteBudget)
        self.finishedCountLimit = max(1, finishedCountLimit)
        let smallJPEGs = SmallJPEGDecoderSlot()
        self.smallJPEGs = smallJPEGs
        let chosen: LoaderCore.Decode
        if let decode {
            chosen = { request throws(PhotoProblem) in (try decode(request), nil) }
        } else {
            chosen = { request throws(PhotoProblem) in
                try Self.decodeWithVips(request, diskCache, sharedThumbnails, smallJPEGs.current)
            }
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
    /// and `shared` when there are), or its quick preview (embedded, found in Swift and decoded
    /// by `smallJPEG` when there is one, else by libvips; else shared). (Chosen with an `if`,
    /// not `??`: Swift 6.3.1's SILGen crashes on a typed-throws function value in the
    /// autoclosure of `??`.)
    /// The disk copies of a fresh decode are written after its pixels are handed over, when
    /// no decode is waiting (`LoaderCore`).
    @Sendable
    private static func decodeWithVips(_ request: PhotoRequest, _ diskCache: DiskThumbnailCache?, _ shared: SharedThumbnails?,
                                       _ smallJPEG: QuickEmbeddedPreview.DecodeJPEG?)
        throws(PhotoProblem) -> (photo: DecodedPhoto, keepCopies: (@Sendable () -> Void)?)
    {
        switch request.kind {
        case .photo:
            return try PhotoDecoder().decodeLeavingCopies(path: request.path, size: request.size, fit: request.fit,
                                                          diskCache: diskCache, shared: shared)
        case .embeddedPreview:
            var lookInFile = true
            if let smallJPEG {
                switch QuickEmbeddedPreview.look(path: request.path, decodeJPEG: smallJPEG) {
                case .found(let quick): return (quick, nil)
                case .none: lookInFile = false
                case .unknown: break
                }
            }
            guard let preview = try PhotoDecoder().quickPreview(path: request.path, shared: shared, lookInFile: lookInFile)
            else { throw .noEmbeddedPreview }
            return (preview, nil)
        }
    }

    /// Decodes with `plain` what the default decode cannot because libvips could not be
    /// loaded (SDLBackend's SDL_image decode: the bundled PNG and JPEG images still show).
    /// When `plain` fails too, the request fails with libvips' reason, which says more.
    public func useWhenVipsIsMissing(_ plain: @escaping Decode) { core.setWithoutVips(plain) }

    /// At most `count` decodes at once (1 to `workerCount`): the window runs one worker per
    /// core and lets the last one decode only while its frame loop is idle (the
    /// frames first, every core for photos when no frame needs one). A decode running when
    /// the limit drops finishes.
    public func limitDecodes(to count: Int) { core.setDecodeLimit(min(max(count, 1), workerCount)) }

    /// Small JPEGs are decoded with `decoder`, before and without libvips: embedded previews
    /// (found in Swift, see `QuickEmbeddedPreview`) and the disk cache's copies; what this
    /// cannot read goes to the usual decode.
    public func decodeSmallJPEGsWith(_ decoder: QuickEmbeddedPreview.DecodeJPEG?) {
        smallJPEGs.set(decoder)
        diskCache?.useForCopies(decoder)
    }

    /// Calls `observer` (on a worker thread, quickly) with the request's id whenever a result
    /// is ready to take: a frame loop that sleeps while idle wakes for it.
    public func onFinished(_ observer: (@Sendable (Int) -> Void)?) { core.setFinishedObserver(observer) }

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
    /// requests are dropped; results not yet taken stay takeable; disk copies not yet written
    /// are written first (the next visit's first screen is made of them).
    public func shutdown() { core.stop(wait: true) }
}
