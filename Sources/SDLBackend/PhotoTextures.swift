import Foundation
import ParallaxKit
import PhotoPipeline

/// The main thread's half of the photo pipeline: it turns each frame's `PhotoNeed`s into
/// decode requests for the `PhotoLoader`'s workers (most urgent first, stale ones cancelled),
/// turns finished pixels into textures within a per-frame time budget, and keeps the textures
/// in an LRU cache bounded in bytes. The executor asks it how each photo looks right now: the
/// texture (fading in), a placeholder in the photo's average colour, or a "can't show" tile.
///
/// Not thread-safe: it belongs to the thread that draws. Memory is bounded by the cache's
/// byte limit plus the loader's finished-queue budget, whatever the folder's size; what grows
/// with the folder is a colour and, for a bad file, a reason per photo.
///
/// One file on purpose, for now: the cache, the pending requests, the fades and the failures
/// are one state that each `update` changes together; the issue that moves photo policy into
/// PhotoPipeline splits it along its seams (scheduler, cache, texture making).
public final class PhotoTextures {
    /// The album covers' own cache: 64 MB holds a hundred 400-pixel squares.
    public static let coverCacheBytes = 64 << 20

    /// Priorities handed to the loader: a decode's is this minus its need's rank, a preview's
    /// this much more.
    static let decodePriority = 1_000_000

    /// What stands in for a photo whose colour is not known yet (a photo without an embedded
    /// thumbnail, on its first visit: its average colour comes with its decode, so until then
    /// nothing of its colour is known). A neutral lighter than the scenes' card colour: the card
    /// (32, 34, 42) against the background (18, 19, 24) is a contrast of 1.17 : 1 and read as an
    /// empty cell; this is 1.43 : 1 (WCAG relative luminance), a tile that is plainly there…
    public static let unknownColour = Color(r: 46, g: 49, b: 60)
    /// …brightening to this (1.9 : 1) and back while it loads, when the pulse is on, so it
    /// reads as loading rather than as a grey photo.
    static let loadingHighlight = Color(r: 70, g: 74, b: 90)

    /// The tile of a photo whose colour is unknown at `time`: the card colour, or with a pulse
    /// of `period` seconds a smooth swing between it and `loadingHighlight`.
    public static func loadingColour(at time: Double, period: Double) -> Color {
        guard period > 0, time.isFinite else { return unknownColour }
        let swing = 0.5 - 0.5 * cos(2 * Double.pi * time / period)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * swing).rounded()) }
        return Color(r: mix(unknownColour.r, loadingHighlight.r), g: mix(unknownColour.g, loadingHighlight.g),
                     b: mix(unknownColour.b, loadingHighlight.b))
    }

    public var settings: Settings
    public let loader: PhotoLoader
    private let renderer: Renderer
    private var paths: [String]
    private var headers: [PhotoHeader?]
    private var cache: ByteCostLRU<Int, Entry>
    private var colours: [Int: Color] = [:]
    private var failures: [Int: String] = [:]
    /// Photos whose embedded thumbnail is missing: not asked for again.
    private var withoutPreview = Set<Int>()
    private var pending: [Int: Pending] = [:]
    /// The time of the last update, in the frame clock's seconds.
    private(set) var now = 0.0
    private var uploads = 0
    private var visibleHits = 0, visibleMisses = 0
    private var lastVisible = (needed: 0, shown: 0, sharp: 0)
    private var lastVisiblePhotos: [Int] = []
    private let warn: (String) -> Void

    private struct Entry {
        let texture: Texture
        /// Whether this is the whole source (a photo smaller than its cell): never re-decoded.
        let isWholeSource: Bool
        let isPreview: Bool
        /// When it first appeared (a sharper decode replacing it keeps this: no second fade).
        let shownAt: Double
    }

    private struct Pending {
        let photo: Int
        let size: PhotoPipeline.PixelSize
        let isPreview: Bool
    }

    /// `paths[i]` is photo i's file (indices past the end wrap); `headers[i]`, when known,
    /// lets it skip previews that would cost as much as the photo. `warn` hears one line per
    /// file that cannot be shown.
    /// `knownProblems` are photos already known not to show (their header could not be
    /// read, and the caller has said so): each is drawn as its tile, never decoded.
    public init(renderer: Renderer, paths: [String], headers: [PhotoHeader?] = [], knownProblems: [Int: String] = [:],
                settings: Settings = Settings(), loader: PhotoLoader = PhotoLoader(),
                warn: @escaping (String) -> Void = { _ in }) {
        self.renderer = renderer
        self.paths = paths
        self.headers = headers
        self.settings = settings
        self.loader = loader
        self.warn = warn
        cache = ByteCostLRU(limit: settings.cacheBytes)
        PhotoDecoder.prepare()
        failures = knownProblems
    }

    deinit { loader.shutdown() }

    public var counters: Counters {
        let loaderCounters = loader.counters
        return Counters(
            queued: loaderCounters.queued, decoding: loaderCounters.decoding, texturesHeld: cache.count,
            bytesHeld: cache.bytes, uploads: uploads, failures: failures.count, visibleHits: visibleHits,
            visibleMisses: visibleMisses, visibleNeeded: lastVisible.needed, visibleShown: lastVisible.shown,
            visibleSharp: lastVisible.sharp, pending: pending.count)
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

    /// One frame's work: asks for what `needs` lacks at `scale` pixels per point, cancels what
    /// is no longer needed, and makes textures from finished decodes within the time budget.
    public func update(needs: [PhotoNeed], scale: Double, now: Double) {
        self.now = now
        guard !paths.isEmpty else { return }
        var wanted = Set<Int>()
        var requests: [PhotoRequest] = []
        let needs = needs.map { PhotoNeed(photo: wrapped($0.photo), size: $0.size, urgency: $0.urgency) }
        for (rank, need) in needs.enumerated() where failures[need.photo] == nil {
            let target = pixelSize(of: need.size, scale: scale)
            if let entry = cache.value(for: need.photo), isSharp(entry, for: target) { continue }
            // Needs come in the order to serve them; every embedded preview (a millisecond
            // each) goes before any real decode (hundreds).
            let base = Self.decodePriority - min(rank, Self.decodePriority - 1)
            if settings.previews, need.urgency >= .atRest, !cache.contains(need.photo), mayHavePreview(need.photo) {
                let id = need.photo * 2 + 1
                wanted.insert(id)
                if pending[id] == nil {
                    let size = PhotoPipeline.PixelSize(width: 1, height: 1)
                    pending[id] = Pending(photo: need.photo, size: size, isPreview: true)
                    requests.append(PhotoRequest(id: id, path: path(of: need.photo), size: size,
                                                 priority: base + Self.decodePriority, kind: .embeddedPreview))
                }
            }
            let id = need.photo * 2
            wanted.insert(id)
            if let asked = pending[id], asked.size.width >= target.width, asked.size.height >= target.height {
                loader.reprioritize(id, to: base)
            } else {
                pending[id] = Pending(photo: need.photo, size: target, isPreview: false)
                requests.append(PhotoRequest(id: id, path: path(of: need.photo), size: target, priority: base))
            }
        }
        for id in pending.keys where !wanted.contains(id) {
            loader.cancel(id)
            pending.removeValue(forKey: id)
        }
        if !requests.isEmpty { loader.submit(requests) }
        takeFinished()
        noteVisible(needs, scale: scale)
    }

    /// How `photo` looks now; counts toward the hit rate only through `update`.
    public func appearance(of index: Int) -> Appearance {
        let photo = wrapped(index)
        if let reason = failures[photo] {
            return .failed(name: (path(of: photo) as NSString).lastPathComponent, reason: reason)
        }
        let colour = colours[photo] ?? Self.loadingColour(at: now, period: settings.loadingPulseSeconds)
        guard let entry = cache.value(for: photo) else { return .placeholder(colour) }
        let fade = settings.fadeSeconds
        let opacity = fade > 0 ? min(1, max(0, (now - entry.shownAt) / fade)) : 1
        return .photo(entry.texture, opacity: opacity, placeholder: colour)
    }

    /// The file and texture size of each photo visible at the last update that shows a
    /// texture: the first screen the run's statistics report (`photos.first_screen`).
    public var visibleTextures: [(path: String, size: SDLBackend.PixelSize)] {
        lastVisiblePhotos.compactMap { photo in
            guard failures[photo] == nil, cache.contains(photo), let entry = cache.peek(photo) else { return nil }
            return (path(of: photo), entry.texture.pixelSize)
        }
    }

    // MARK: Private

    private func path(of photo: Int) -> String { paths[wrapped(photo)] }

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
    private func pixelSize(of size: Size, scale: Double) -> PhotoPipeline.PixelSize {
        let step = max(1, settings.sizeStep)
        let largest = renderer.maxTextureSize.map { min($0.width, $0.height) } ?? PhotoDecoder.maxTargetSide
        func side(_ points: Double) -> Int {
            let pixels = (points * scale).rounded(.up).clampedInteger(Int.self)
            let stepped = (max(1, pixels) + step - 1) / step * step
            return min(max(1, stepped), largest, PhotoDecoder.maxTargetSide)
        }
        return PhotoPipeline.PixelSize(width: side(size.width), height: side(size.height))
    }

    /// Sharp enough for `target`: the whole source, or a decode covering the target (a pixel
    /// short is libvips rounding, not blur).
    private func isSharp(_ entry: Entry, for target: PhotoPipeline.PixelSize) -> Bool {
        if entry.isWholeSource { return true }
        if entry.isPreview { return false }
        let size = entry.texture.pixelSize
        return size.width + 1 >= target.width && size.height + 1 >= target.height
    }

    /// Whether asking for the photo's embedded thumbnail may pay: a JPEG (where cameras put
    /// one) not already found to have none.
    private func mayHavePreview(_ photo: Int) -> Bool {
        guard !withoutPreview.contains(photo) else { return false }
        return header(of: photo).map { $0.format == .jpeg } ?? true
    }

    private func takeFinished() {
        let start = monotonicNanoseconds()
        let budget = settings.uploadBudgetSeconds
        repeat {
            guard let result = loader.takeFinished(max: 1).first else { return }
            accept(result)
        } while Double(monotonicNanoseconds() - start) / 1e9 < budget
    }

    private func accept(_ result: PhotoResult) {
        let id = result.request.id
        guard let asked = pending.removeValue(forKey: id) else { return }
        let photo = asked.photo
        switch result.outcome {
        case .failure(let problem):
            // A missing or unreadable thumbnail says nothing about the photo itself.
            if asked.isPreview { withoutPreview.insert(photo) } else { fail(photo, reason: problem.reason) }
        case .success(let decoded):
            let c = decoded.averageColour
            colours[photo] = Color(r: c.red, g: c.green, b: c.blue)
            // A preview arriving after the sharp photo only told us the colour.
            if asked.isPreview, cache.contains(photo) { return }
            let texture: Texture
            do {
                texture = try renderer.makeTexture(from: decoded)
            } catch {
                fail(photo, reason: error.reason)
                return
            }
            uploads += 1
            let source = decoded.source
            let whole = decoded.size.width >= source.displayedWidth && decoded.size.height >= source.displayedHeight
            let shownAt = cache.contains(photo) ? (cache.remove(photo)?.shownAt ?? now) : now
            let entry = Entry(texture: texture, isWholeSource: whole, isPreview: asked.isPreview, shownAt: shownAt)
            let outcome = cache.insert(entry, for: photo, cost: texture.byteCount)
            if !outcome.accepted {
                fail(photo, reason: "larger than the texture cache (\(cache.limit >> 20) MB)")
            }
        }
    }

    private func fail(_ photo: Int, reason: String) {
        guard failures[photo] == nil else { return }
        failures[photo] = reason
        _ = cache.remove(photo)
        warn("can't show \(path(of: photo)): \(reason)")
    }

    private func noteVisible(_ needs: [PhotoNeed], scale: Double) {
        var needed = 0, shown = 0, sharp = 0
        lastVisiblePhotos.removeAll(keepingCapacity: true)
        for need in needs where need.urgency == .visible {
            needed += 1
            lastVisiblePhotos.append(need.photo)
            if failures[need.photo] != nil {
                shown += 1
                sharp += 1
                continue
            }
            guard let entry = cache.value(for: need.photo) else {
                visibleMisses += 1
                continue
            }
            shown += 1
            if isSharp(entry, for: pixelSize(of: need.size, scale: scale)) {
                sharp += 1
                visibleHits += 1
            } else {
                visibleMisses += 1
            }
        }
        lastVisible = (needed, shown, sharp)
    }
}
