import Foundation
import ParallaxKit

/// The main thread's half of the photo pipeline, and all of its policy: it turns each frame's
/// `PhotoNeed`s into decode requests for the `PhotoLoader`'s workers (through the
/// `PhotoScheduler`: most urgent first, previews before decodes, stale ones cancelled), turns
/// finished pixels into textures with its `Maker` within a per-frame time budget, and keeps
/// the textures in an LRU cache bounded in bytes. The drawing side asks it how each photo
/// looks right now: the texture (fading in), a placeholder in the photo's average colour, or
/// a "can't show" tile.
///
/// Time is passed in: `now` with each update (fades, the loading pulse), and `clock`, read
/// only to keep texture making within its budget and `loadAll` within its timeout. So a test
/// with a fake maker and a fake clock runs it without a renderer or a real clock.
///
/// Not thread-safe: it belongs to the thread that draws. Memory is bounded by the cache's
/// byte limit plus the loader's finished-queue budget, whatever the folder's size; what grows
/// with the folder is a colour and, for a bad file, a reason per photo.
///
/// The cache, the pending requests, the fades and the failures are one state that each
/// `update` changes together (internal to the module, so that what arrives from the decoders
/// lives beside it in `PhotoTexturePipeline+Arrivals`); the parts that stand alone are their
/// own types (`PhotoScheduler`, `PhotoTileStyle`, `PhotoTextureValues`).
public final class PhotoTexturePipeline<Maker: PhotoTextureMaker> {
    public typealias Texture = Maker.PhotoTexture
    public typealias Settings = PhotoTextureSettings
    public typealias Counters = PhotoTextureCounters

    /// The album covers' own cache: 64 MB holds a hundred 400-pixel squares.
    public static var coverCacheBytes: Int { 64 << 20 }

    /// How a photo looks this frame.
    public enum Appearance {
        /// The photo; under 1, `opacity` is its fade-in over `placeholder`.
        case photo(Texture, opacity: Double, placeholder: Color)
        /// Not decoded yet: a plain tile of the photo's average colour, when known; else the
        /// loading colour of this moment (see `PhotoTileStyle.loadingColour`).
        case placeholder(Color)
        /// It cannot be shown: the file's name and why (drawn as a `CantShowTile`).
        case failed(name: String, reason: String)
    }

    public var settings: Settings
    public let loader: PhotoLoader
    public let maker: Maker
    /// Seconds on any monotonic timeline; read only to measure spans within one call.
    let clock: () -> Double
    var paths: [String]
    var headers: [PhotoHeader?]
    var cache: ByteCostLRU<Int, PhotoTextureEntry<Texture>>
    var scheduler = PhotoScheduler()
    var colours: [Int: Color] = [:]
    var failures: [Int: String] = [:]
    /// Whether a missing libvips has been named (once a pipeline, not once a photo).
    var saidLibvipsMissing = false
    /// Photos whose embedded thumbnail is missing: not asked for again.
    var withoutPreview = Set<Int>()
    /// The time of the last update, in the frame clock's seconds.
    public private(set) var now = 0.0
    var uploads = 0
    /// Whether the last update made a texture (a photo or a preview about to appear).
    private var texturesMadeInLastUpdate = false
    /// Calls of `update` so far.
    private var updates = 0
    var visibleHits = 0, visibleMisses = 0
    var lastVisible = (needed: 0, shown: 0, sharp: 0)
    var lastVisiblePhotos: [Int] = []
    let warn: (String) -> Void

    /// `paths[i]` is photo i's file (indices past the end wrap); `headers[i]`, when known,
    /// lets it skip previews that would cost as much as the photo. `warn` hears one line per
    /// file that cannot be shown.
    /// `knownProblems` are photos already known not to show (their header could not be
    /// read, and the caller has said so): each is drawn as its tile, never decoded.
    /// `clock` gives seconds on a monotonic timeline (see the type's note on time).
    public init(maker: Maker, paths: [String], headers: [PhotoHeader?] = [], knownProblems: [Int: String] = [:],
                settings: Settings = Settings(), loader: PhotoLoader = PhotoLoader(),
                clock: @escaping () -> Double, warn: @escaping (String) -> Void = { _ in }) {
        self.maker = maker
        self.paths = paths
        self.headers = headers
        self.settings = settings
        self.loader = loader
        self.clock = clock
        self.warn = warn
        cache = ByteCostLRU(limit: settings.cacheBytes)
        // libvips is not started here: the loader's workers load it with their first decode,
        // so the thread that draws never waits for it.
        if settings.plainDecodeWithoutLibvips, let plain = maker.decodeWithoutVips { loader.useWhenVipsIsMissing(plain) }
        if let smallJPEG = maker.decodeSmallJPEG { loader.decodeSmallJPEGsWith(smallJPEG) }
        if settings.decodesAfterFirstFrame { loader.hold() }
        if let busy = settings.decodesWhileFramesRun { loader.limitDecodes(to: busy) }
        failures = knownProblems
    }

    /// The frame loop says whether it is idle (nothing but pictures changing, drawn at most a
    /// display's rate, see the window's `FramePacing`): while it is, every worker decodes;
    /// while it draws for input or motion, at most `decodesWhileFramesRun`.
    public func frameLoopIsIdle(_ idle: Bool) {
        guard let busy = settings.decodesWhileFramesRun else { return }
        loader.limitDecodes(to: idle ? loader.workerCount : busy)
    }

    /// Calls `wake` (from a decode thread) whenever a decode is ready to be made a texture;
    /// with `onlyForVisible`, only for the photos visible at the last update (a frame loop
    /// that draws a fade anyway need not draw one for a photo off screen, but a photo on
    /// screen should not wait for the fade's next step: up to 33 ms where the processor draws).
    public func wakeWhenDecoded(_ wake: (@Sendable () -> Void)?, onlyForVisible: Bool = false) {
        guard let wake else { return loader.onFinished(nil) }
        guard onlyForVisible else { return loader.onFinished { _ in wake() } }
        let awaited = scheduler.pendingLoaderIDs(forPhotos: lastVisiblePhotos)
        guard !awaited.isEmpty else { return loader.onFinished(nil) }
        loader.onFinished { id in if awaited.contains(id) { wake() } }
    }

    /// What the visible photos of the last update still change on screen by themselves.
    public var visibleMotion: PhotoTextureMotion {
        let fade = settings.fadeSeconds
        if texturesMadeInLastUpdate || fade > 0 && lastVisiblePhotos.contains(where: { photo in
            cache.peek(photo).map { now - $0.shownAt < fade } ?? false
        }) {
            return .fading
        }
        if settings.loadingPulseSeconds > 0, lastVisiblePhotos.contains(where: { photo in
            failures[photo] == nil && colours[photo] == nil && !cache.contains(photo)
        }) {
            return .pulsing
        }
        return .still
    }

    deinit {
        loader.shutdown()
        for entry in cache.removeAll() { maker.destroy(entry.texture) }
    }

    public var counters: Counters {
        let loaderCounters = loader.counters
        var counters = Counters()
        counters.queued = loaderCounters.queued
        counters.decoding = loaderCounters.decoding
        counters.texturesHeld = cache.count
        counters.bytesHeld = cache.bytes
        counters.uploads = uploads
        counters.failures = failures.count
        counters.visibleHits = visibleHits
        counters.visibleMisses = visibleMisses
        counters.visibleNeeded = lastVisible.needed
        counters.visibleShown = lastVisible.shown
        counters.visibleSharp = lastVisible.sharp
        counters.pending = scheduler.pendingCount
        return counters
    }

    /// Adds photos at the end (a folder's headers arriving); `problems` are keyed by photo
    /// index, like `knownProblems`.
    public func append(paths more: [String], headers moreHeaders: [PhotoHeader?], problems: [Int: String]) {
        let wasEmpty = paths.isEmpty
        paths += more
        // Headers stay index for index with paths, or empty when none were given.
        if !headers.isEmpty || wasEmpty { headers += moreHeaders }
        failures.merge(problems) { old, _ in old }
    }

    /// The byte limit of the texture cache.
    public var cacheLimit: Int { cache.limit }

    /// Whether every visible photo of the last update shows its sharp texture or its tile.
    public var visibleAreSharp: Bool { lastVisible.sharp == lastVisible.needed }

    /// Every visible photo sharp and done fading in (or failed): what a screenshot waits for,
    /// so a file never shows a placeholder or a photo half faded.
    public var visibleAreSettled: Bool {
        guard visibleAreSharp else { return false }
        let fade = settings.fadeSeconds
        guard fade > 0 else { return true }
        return lastVisiblePhotos.allSatisfy { photo in
            failures[photo] != nil || (cache.peek(photo).map { now - $0.shownAt >= fade } ?? false)
        }
    }

    /// One frame's work at time `now`: asks for what `needs` lacks at `scale` pixels per
    /// point, cancels what is no longer needed, and makes textures from finished decodes
    /// within the time budget.
    public func update(needs: [PhotoNeed], scale: Double, now: Double) {
        self.now = now
        updates += 1
        // The frame of the first update has been presented (see `decodesAfterFirstFrame`).
        if updates == 2 { loader.release() }
        guard !paths.isEmpty else { return }
        let needs = Self.nothingShownFirst(needs.map { need in
            PhotoNeed(photo: wrapped(need.photo), size: need.size, urgency: need.urgency, previewOnly: need.previewOnly)
        }, shows: { cache.contains($0) }, sourcePixels: { header(of: $0).map { $0.width.multipliedReportingOverflow(by: $0.height).partialValue } })
        var wants: [PhotoScheduler.Want] = []
        for (rank, need) in needs.enumerated() where failures[need.photo] == nil {
            let target = pixelSize(of: need.size, scale: scale)
            // A lookup, not a peek: a photo wanted this frame is the most recently used.
            if let entry = cache.value(for: need.photo), entry.isSharp(for: target) { continue }
            let preview = settings.previews && need.urgency >= .atRest && !cache.contains(need.photo)
                && mayHavePreview(need.photo)
            // Dragged past by the scrubber: its preview or nothing (see `PhotoNeed.previewOnly`).
            if need.previewOnly && !preview { continue }
            wants.append(PhotoScheduler.Want(photo: need.photo, path: path(of: need.photo), size: target, rank: rank,
                                             withPreview: preview, decodes: !need.previewOnly))
        }
        let work = scheduler.schedule(wants)
        for change in work.reprioritized { loader.reprioritize(change.loaderID, to: change.priority) }
        for id in work.cancelled { loader.cancel(id) }
        if !work.requests.isEmpty { loader.submit(work.requests) }
        let uploadsBefore = uploads
        takeFinished()
        texturesMadeInLastUpdate = uploads > uploadsBefore
        noteVisible(needs, scale: scale)
    }

    /// `needs` with its visible photos that show nothing yet (no preview either: a camera
    /// that embedded none) moved ahead of the visible photos a preview already stands in for,
    /// within the places the visible ones hold: a tile with a picture can wait for its sharp
    /// one, a flat one reads as broken. (The quilt on camera JPEGs, two in twelve without a
    /// thumbnail: every visible tile showed something 3.1 s after the first frame, when
    /// decodes went in plain order.) Within each of the two, the largest file first (by its
    /// header's pixels; one whose header is not known yet counts as largest; equal ones keep
    /// their order): the decoders run side by side, and the screen is sharp when the last
    /// decode ends, which is soonest when the longest starts first. (Debian's wallpapers: a
    /// 16 MB, 5640×3172 photo on screen with three smaller ones had been decoded last, after
    /// a smaller one on its thread, ending 1.4 s after the others began.) The other needs keep
    /// their places.
    static func nothingShownFirst(_ needs: [PhotoNeed], shows: (Int) -> Bool, sourcePixels: (Int) -> Int? = { _ in nil }) -> [PhotoNeed] {
        let slots = needs.indices.filter { needs[$0].urgency == .visible }
        let visible = slots.map { needs[$0] }
        func largestFirst(_ group: [PhotoNeed]) -> [PhotoNeed] {
            let pixels: [Int] = group.map { need in sourcePixels(need.photo) ?? Int.max }
            let order = group.indices.sorted { a, b in pixels[a] != pixels[b] ? pixels[a] > pixels[b] : a < b }
            return order.map { group[$0] }
        }
        let reordered = largestFirst(visible.filter { !shows($0.photo) }) + largestFirst(visible.filter { shows($0.photo) })
        var result = needs
        for (slot, need) in zip(slots, reordered) { result[slot] = need }
        return result
    }

    /// How `photo` looks now; counts toward the hit rate only through `update`.
    public func appearance(of index: Int) -> Appearance {
        let photo = wrapped(index)
        if let reason = failures[photo] {
            return .failed(name: (path(of: photo) as NSString).lastPathComponent, reason: reason)
        }
        let colour = colours[photo] ?? PhotoTileStyle.loadingColour(at: now, period: settings.loadingPulseSeconds)
        guard let entry = cache.value(for: photo) else { return .placeholder(colour) }
        return .photo(entry.texture, opacity: entry.opacity(at: now, fadeSeconds: settings.fadeSeconds), placeholder: colour)
    }

    /// The file and texture size of each photo visible at the last update that shows a
    /// texture: the first screen the run's statistics report (`photos.first_screen`).
    public var visibleTextures: [(path: String, size: PixelSize)] {
        lastVisiblePhotos.compactMap { photo in
            guard failures[photo] == nil, let entry = cache.peek(photo) else { return nil }
            return (path(of: photo), entry.size)
        }
    }

    // MARK: Private

    func path(of photo: Int) -> String { paths[wrapped(photo)] }

    /// Indices past the end wrap around the files (a list longer than its photos repeats
    /// them), so one file is one entry, decoded once.
    private func wrapped(_ index: Int) -> Int {
        let count = paths.count
        guard count > 0 else { return index }
        return ((index % count) + count) % count
    }

    private func header(of photo: Int) -> PhotoHeader? {
        guard !headers.isEmpty else { return nil }
        let count = headers.count
        return headers[((photo % count) + count) % count]
    }

    /// `size` points at `scale`, rounded up to the size step, within 1…the largest texture.
    func pixelSize(of size: Size, scale: Double) -> PixelSize {
        let step = max(1, settings.sizeStep)
        let largest = maker.largestTextureSide ?? PhotoDecoder.maxTargetSide
        func side(_ points: Double) -> Int {
            let pixels = (points * scale).rounded(.up).clampedInteger(Int.self)
            let stepped = (max(1, pixels) + step - 1) / step * step
            return min(max(1, stepped), largest, PhotoDecoder.maxTargetSide)
        }
        return PixelSize(width: side(size.width), height: side(size.height))
    }

    /// Whether asking for the photo's embedded thumbnail may pay: a JPEG (where cameras put
    /// one) or a HEIF (where phones do) not already found to have none.
    private func mayHavePreview(_ photo: Int) -> Bool {
        guard !withoutPreview.contains(photo) else { return false }
        return header(of: photo).map { $0.format == .jpeg || $0.format == .heif } ?? true
    }
}
