import Foundation
import ParallaxKit

/// What comes back to the pipeline: finished decodes made into textures within the frame's
/// budget (or named failures), the blocking load files use, and what the visible photos
/// looked like this frame. Apart from the type's declaration only for its length; they read
/// and write the same state.
extension PhotoTexturePipeline {
    /// Blocks until every photo of `needs` is sharp or failed (or `timeout` seconds of
    /// `clock` pass), updating as a frame would; for files rendered from a command, which
    /// must not depend on how fast the machine decoded. True if everything arrived.
    @discardableResult
    public func loadAll(_ needs: [PhotoNeed], scale: Double, timeout: Double) -> Bool {
        let visible = needs.map { PhotoNeed(photo: $0.photo, size: $0.size, urgency: .visible) }
        loader.release()
        let start = clock()
        let saved = settings
        settings.uploadBudgetSeconds = .infinity
        defer { settings = saved }
        let uploadsBefore = uploads
        while true {
            update(needs: visible, scale: scale, now: now)
            if visibleAreSharp { return true }
            // More uploads than photos means the cache evicts what it just loaded: it cannot
            // hold them all, and waiting longer would only go round.
            if uploads - uploadsBefore > 2 * needs.count + 8 { return false }
            if clock() - start > timeout { return false }
            usleep(2_000)
        }
    }

    /// Makes textures of finished decodes until the budget is spent: at least one a frame,
    /// so a slow machine still makes progress.
    func takeFinished() {
        let start = clock()
        let budget = settings.uploadBudgetSeconds
        repeat {
            guard let result = loader.takeFinished(max: 1).first else { return }
            accept(result)
        } while clock() - start < budget
    }

    func accept(_ result: PhotoResult) {
        guard let key = scheduler.finished(loaderID: result.request.id) else { return }
        let photo = key.photo
        switch result.outcome {
        case .failure(let problem):
            // A missing or unreadable thumbnail says nothing about the photo itself.
            if key.isPreview { withoutPreview.insert(photo) } else { fail(photo, reason: problem.reason) }
        case .success(let decoded):
            let c = decoded.averageColour
            colours[photo] = Color(r: c.r, g: c.g, b: c.b)
            // A preview arriving after the sharp photo only told us the colour.
            if key.isPreview, cache.contains(photo) { return }
            let texture: Texture
            do {
                texture = try maker.makeTexture(of: decoded)
            } catch {
                fail(photo, reason: error.reason)
                return
            }
            uploads += 1
            let source = decoded.source
            let whole = decoded.size.width >= source.displayedWidth && decoded.size.height >= source.displayedHeight
            // A sharper texture replacing a preview (or a smaller decode) keeps its first
            // appearance's time: it does not fade in a second time.
            let replaced = cache.remove(photo)
            if let replaced { maker.destroy(replaced.texture) }
            let entry = PhotoTextureEntry(texture: texture, size: maker.pixelSize(of: texture), isWholeSource: whole,
                                          isPreview: key.isPreview, shownAt: replaced?.shownAt ?? now)
            let outcome = cache.insert(entry, for: photo, cost: maker.byteCost(of: texture))
            for evicted in outcome.evicted { maker.destroy(evicted.value.texture) }
            if !outcome.accepted {
                maker.destroy(texture)
                fail(photo, reason: "larger than the texture cache (\(cache.limit >> 20) MB)")
            }
        }
    }

    func fail(_ photo: Int, reason: String) {
        guard failures[photo] == nil else { return }
        failures[photo] = reason
        if let removed = cache.remove(photo) { maker.destroy(removed.texture) }
        // Without libvips every photo fails alike: said once, not once a photo.
        if reason.hasPrefix(PhotoProblem.libvipsMissingPrefix) {
            guard !saidLibvipsMissing else { return }
            saidLibvipsMissing = true
            warn("can't show the photos: \(reason)")
            return
        }
        warn("can't show \(path(of: photo)): \(reason)")
    }

    func noteVisible(_ needs: [PhotoNeed], scale: Double) {
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
            if entry.isSharp(for: pixelSize(of: need.size, scale: scale)) {
                sharp += 1
                visibleHits += 1
            } else {
                visibleMisses += 1
            }
        }
        lastVisible = (needed, shown, sharp)
    }
}
