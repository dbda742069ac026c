import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// The photo policy on its own: no renderer, no SDL, fake time.
@Suite struct PhotoTexturePipelineTests {
    typealias Pipeline = PhotoTexturePipeline<RecordingTextureMaker>

    let clock = FakeClock()

    func pipeline(_ decoder: PolicyDecoder, photos: Int, previews: Bool = false, cacheBytes: Int = 64 << 20,
                  fade: Double = 0, warn: @escaping (String) -> Void = { _ in }) -> Pipeline {
        var settings = PhotoTextureSettings()
        settings.previews = previews
        settings.cacheBytes = cacheBytes
        settings.fadeSeconds = fade
        settings.loadingPulseSeconds = 0
        settings.uploadBudgetSeconds = .infinity
        let paths = (0..<photos).map { "/p/\($0).jpg" }
        return Pipeline(maker: RecordingTextureMaker(clock: clock), paths: paths, settings: settings,
                        loader: decoder.loader, clock: { [clock] in clock.now }, warn: warn)
    }

    func need(_ photo: Int, _ urgency: PhotoUrgency = .visible, side: Double = 40) -> PhotoNeed {
        PhotoNeed(photo: photo, size: Size(width: side, height: side), urgency: urgency)
    }

    /// Updates at `now` until `done` holds. The bound only turns a broken pipeline into a
    /// failure instead of a hang; no speed is asserted.
    func settle(_ pipeline: Pipeline, _ needs: [PhotoNeed], now: Double = 0,
                sourceLocation: SourceLocation = #_sourceLocation, until done: () -> Bool) {
        for _ in 0..<20_000 {
            pipeline.update(needs: needs, scale: 1, now: now)
            if done() { return }
            usleep(500)
        }
        Issue.record("the pipeline never settled: \(pipeline.counters)", sourceLocation: sourceLocation)
    }

    // MARK: Ranking

    @Test func previewsComeFirstThenDecodesInTheNeedsOrderAndNothingAheadGetsAPreview() {
        var scheduler = PhotoScheduler()
        let wants = [0, 1, 2].map { rank in
            PhotoScheduler.Want(photo: 10 + rank, path: "/p/\(10 + rank).jpg", size: PixelSize(width: 64, height: 64),
                                rank: rank, withPreview: rank < 2)
        }
        let work = scheduler.schedule(wants)
        let order = work.requests.sorted { $0.priority > $1.priority }.map { "\($0.kind == .embeddedPreview ? "preview" : "photo") \($0.path)" }
        #expect(order == ["preview /p/10.jpg", "preview /p/11.jpg", "photo /p/10.jpg", "photo /p/11.jpg", "photo /p/12.jpg"])
        #expect(Set(work.requests.map(\.id)).count == 5, "a key of its own for each preview and each decode")
        #expect(scheduler.pendingCount == 5)

        // Next frame photo 11 is gone and 12 moved to the front: it keeps its request, with
        // a higher priority; 11's decode and preview are cancelled.
        let next = scheduler.schedule([
            PhotoScheduler.Want(photo: 12, path: "/p/12.jpg", size: PixelSize(width: 64, height: 64), rank: 0, withPreview: false),
        ])
        #expect(next.requests.isEmpty)
        let twelve = scheduler.loaderID(for: PhotoKey(photo: 12, isPreview: false))
        #expect(next.reprioritized == [PhotoScheduler.Reprioritization(loaderID: twelve, priority: PhotoScheduler.decodePriority)])
        let gone = [PhotoKey(photo: 10, isPreview: true), PhotoKey(photo: 10, isPreview: false),
                    PhotoKey(photo: 11, isPreview: true), PhotoKey(photo: 11, isPreview: false)]
        #expect(next.cancelled == gone.map { scheduler.loaderID(for: $0) }.sorted())
        #expect(scheduler.finished(loaderID: scheduler.loaderID(for: PhotoKey(photo: 11, isPreview: false))) == nil,
                "a cancelled request's late result is not wanted")
        #expect(scheduler.finished(loaderID: twelve) == PhotoKey(photo: 12, isPreview: false))
    }

    @Test func visiblePhotosDecodeBeforeTheRestPointAndTheRestPointBeforeWhatLiesAhead() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        decoder.previewsOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 10, previews: true)
        photos.update(needs: [need(0), need(5, .atRest), need(8, .ahead)], scale: 1, now: 0)
        decoder.previewsOpen.withLock { $0 = true }
        decoder.photosOpen.withLock { $0 = true }
        settle(photos, [need(0), need(5, .atRest), need(8, .ahead)]) { photos.counters.uploads == 5 }
        #expect(decoder.decodes.withLock { $0 } == ["preview 0", "preview 5", "photo 0", "photo 5", "photo 8"])
    }

    /// While a fling is far from where it will stop, `PhotoDemand` lists the rest point
    /// first: the policy serves it in that order.
    @Test func theRestPointListedFirstIsServedFirst() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        decoder.previewsOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 10, previews: true)
        let needs = [need(7, .atRest), need(1), need(2, .ahead)]
        photos.update(needs: needs, scale: 1, now: 0)
        decoder.previewsOpen.withLock { $0 = true }
        decoder.photosOpen.withLock { $0 = true }
        settle(photos, needs) { photos.counters.uploads == 5 }
        #expect(decoder.decodes.withLock { $0 } == ["preview 7", "preview 1", "photo 7", "photo 1", "photo 2"])
    }

    // MARK: The cache

    @Test func theCacheStaysWithinItsByteLimitAndDestroysWhatItLetsGo() {
        // 64 × 64 × 4 = 16 KB a texture; the limit holds three, the scroll shows twelve.
        let limit = 3 * 64 * 64 * 4
        let photos = pipeline(PolicyDecoder(), photos: 12, cacheBytes: limit)
        var largest = 0
        for first in 0..<10 {
            let screen = [need(first), need(first + 1)]
            settle(photos, screen) { photos.visibleAreSharp }
            largest = max(largest, photos.counters.bytesHeld)
            #expect(photos.counters.bytesHeld <= limit)
        }
        #expect(largest == limit, "the cache filled up to its limit, so the limit is what held it")
        let maker = photos.maker
        #expect(maker.made.count == 11, "each photo made once: \(maker.made)")
        #expect(maker.destroyed.count == maker.made.count - photos.counters.texturesHeld)
        #expect(Set(maker.destroyed.map(\.photo)) == Set(0...7), "the least recently used went: \(maker.destroyed)")
        // What was destroyed is never handed out again.
        if case .photo = photos.appearance(of: 0) { Issue.record("photo 0 was evicted yet still shows its texture") }
        guard case let .photo(texture, _, _) = photos.appearance(of: 10) else {
            Issue.record("photo 10 shows")
            return
        }
        #expect(!maker.destroyed.contains(texture))
    }

    // MARK: Previews and fades

    @Test func aSharpDecodeReplacesItsPreviewWithoutASecondFade() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 3, previews: true, fade: 0.2)
        settle(photos, [need(1)], now: 10) { photos.counters.uploads == 1 }
        guard case let .photo(preview, startOpacity, _) = photos.appearance(of: 1) else {
            Issue.record("the preview shows while the decode is held")
            return
        }
        #expect(preview.isPreview && preview.size == PixelSize(width: 8, height: 8))
        #expect(startOpacity == 0, "the preview starts its fade")
        #expect(!photos.visibleAreSharp, "a preview is not sharp")

        decoder.photosOpen.withLock { $0 = true }
        settle(photos, [need(1)], now: 10.1) { photos.counters.uploads == 2 }
        guard case let .photo(sharp, opacity, placeholder) = photos.appearance(of: 1) else {
            Issue.record("the sharp photo shows")
            return
        }
        #expect(!sharp.isPreview && sharp.size == PixelSize(width: 64, height: 64))
        #expect(abs(opacity - 0.5) < 1e-9, "the fade goes on from the preview's start, not from 0: \(opacity)")
        #expect(placeholder == Color(r: 1, g: 0, b: 255), "the placeholder is the photo's average colour")
        #expect(photos.maker.destroyed == [preview], "the preview's texture is let go")
        #expect(photos.visibleAreSharp)
        photos.update(needs: [need(1)], scale: 1, now: 10.25)
        if case let .photo(_, done, _) = photos.appearance(of: 1) { #expect(done == 1) }
        #expect(photos.visibleAreSettled)
    }

    @Test func aPhotoWithoutAnEmbeddedPreviewIsDecodedAndItsPreviewNotAskedAgain() {
        let decoder = PolicyDecoder(withoutPreview: [2])
        let photos = pipeline(decoder, photos: 3, previews: true)
        settle(photos, [need(2)]) { photos.visibleAreSharp }
        // The list moves off and back: the photo is decoded again, its preview is not asked for.
        settle(photos, [need(0)]) { photos.visibleAreSharp }
        #expect(photos.counters.failures == 0, "a missing thumbnail says nothing of the photo")
        #expect(decoder.decodes.withLock { $0 }.filter { $0 == "preview 2" }.count == 1)
    }

    // MARK: Failures

    @Test func failuresAreRememberedNamedOnceAndNeverAskedAgain() {
        let decoder = PolicyDecoder()
        let warnings = Mutex<[String]>([])
        var settings = PhotoTextureSettings()
        settings.previews = false
        let maker = RecordingTextureMaker(clock: clock)
        maker.failing = [2]
        let photos = Pipeline(maker: maker, paths: ["/p/0.jpg", "/p/bad1.jpg", "/p/2.jpg", "/p/3.jpg"],
                              knownProblems: [3: "permission denied"], settings: settings, loader: decoder.loader,
                              clock: { [clock] in clock.now }, warn: { line in warnings.withLock { $0.append(line) } })
        let screen = [need(0), need(1), need(2), need(3)]
        settle(photos, screen) { photos.visibleAreSharp }
        for frame in 1...5 { photos.update(needs: screen, scale: 1, now: Double(frame)) }

        guard case let .failed(name, reason) = photos.appearance(of: 1) else {
            Issue.record("the unreadable file is a tile: \(photos.appearance(of: 1))")
            return
        }
        #expect(name == "bad1.jpg" && reason == "not an image")
        guard case let .failed(_, madeReason) = photos.appearance(of: 2) else {
            Issue.record("the photo whose texture could not be made is a tile: \(photos.appearance(of: 2))")
            return
        }
        #expect(madeReason == "no room on the card")
        guard case .failed(_, "permission denied") = photos.appearance(of: 3) else {
            Issue.record("a known problem is a tile from the start: \(photos.appearance(of: 3))")
            return
        }
        #expect(warnings.withLock { $0 } == ["can't show /p/bad1.jpg: not an image", "can't show /p/2.jpg: no room on the card"])
        let decodes = decoder.decodes.withLock { $0 }
        #expect(decodes.filter { $0 == "photo 1" }.count == 1, "the bad file is never decoded again: \(decodes)")
        #expect(decodes.filter { $0 == "photo 2" }.count == 1)
        #expect(!decodes.contains("photo 3"), "a known problem is never decoded")
        #expect(photos.counters.failures == 3 && photos.counters.pending == 0)
        #expect(photos.visibleAreSharp, "a tile counts as done")
    }

    // MARK: Time

    @Test func textureMakingStopsWhenTheFramesBudgetIsSpent() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 5)
        photos.settings.uploadBudgetSeconds = 0.004
        photos.maker.secondsPerTexture = 0.003
        let screen = (0..<5).map { need($0) }
        photos.update(needs: screen, scale: 1, now: 0)
        decoder.photosOpen.withLock { $0 = true }
        waitUntil(photos.loader) { $0.ready == 5 }

        // 3 ms a texture against 4 ms: the second one goes over, and the frame stops there.
        var madePerFrame: [Int] = []
        for frame in 1...3 {
            let before = photos.maker.made.count
            photos.update(needs: screen, scale: 1, now: Double(frame) / 60)
            madePerFrame.append(photos.maker.made.count - before)
        }
        #expect(madePerFrame == [2, 2, 1])

        // With no budget at all, one texture a frame still comes through.
        let slow = pipeline(PolicyDecoder(), photos: 3)
        slow.settings.uploadBudgetSeconds = 0
        slow.update(needs: [need(0), need(1), need(2)], scale: 1, now: 0)
        waitUntil(slow.loader) { $0.ready + $0.finished >= 3 && $0.queued == 0 && $0.decoding == 0 }
        var frames = 0
        while slow.maker.made.count < 3, frames < 10 {
            let before = slow.maker.made.count
            slow.update(needs: [need(0), need(1), need(2)], scale: 1, now: Double(frames))
            #expect(slow.maker.made.count - before <= 1)
            frames += 1
        }
        #expect(slow.maker.made.count == 3)
    }

    @Test func theFadeFollowsTheTimePassedInNotAClock() {
        let photos = pipeline(PolicyDecoder(), photos: 1, fade: 0.15)
        settle(photos, [need(0)], now: 100) { photos.counters.uploads == 1 }
        clock.now = 1_000  // the budget's clock says nothing about the fade
        var opacities: [Double] = []
        for now in [100.0, 100.075, 100.15, 101] {
            photos.update(needs: [need(0)], scale: 1, now: now)
            if case let .photo(_, opacity, _) = photos.appearance(of: 0) { opacities.append(opacity) }
        }
        #expect(opacities.count == 4)
        #expect(opacities.map { ($0 * 1000).rounded() / 1000 } == [0, 0.5, 1, 1])
        photos.settings.fadeSeconds = 0
        photos.update(needs: [need(0)], scale: 1, now: 100)
        if case let .photo(_, instant, _) = photos.appearance(of: 0) { #expect(instant == 1, "reduce motion: no fade") }
    }

    @Test func theLoadingTilePulsesWithTheTimePassedIn() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 2)
        photos.settings.loadingPulseSeconds = 1.2
        var colours: [Color] = []
        for now in [0.0, 0.6, 1.2] {
            photos.update(needs: [need(1)], scale: 1, now: now)
            guard case let .placeholder(colour) = photos.appearance(of: 1) else {
                Issue.record("still loading at \(now): \(photos.appearance(of: 1))")
                return
            }
            colours.append(colour)
        }
        #expect(colours[0] == PhotoTileStyle.unknownColour && colours[2] == PhotoTileStyle.unknownColour)
        #expect(colours[1] == PhotoTileStyle.loadingColour(at: 0.6, period: 1.2) && colours[1] != colours[0])
        decoder.photosOpen.withLock { $0 = true }
    }

    // MARK: The "can't show" tile

    @Test func theCantShowTileCentresItsThreeLinesInTheCell() {
        let tile = CantShowTile(name: "a.jpg", reason: "truncated")
        let lines = tile.lines(in: Rect(x: 100, y: 200, width: 300, height: 100))
        #expect(lines.map(\.text) == ["Can't show", "a.jpg", "truncated"])
        #expect(lines.map(\.origin) == [Point(x: 250, y: 220), Point(x: 250, y: 243), Point(x: 250, y: 264)])
        #expect(lines.map(\.size) == [15, 13, 11])
    }
}

@Suite struct PhotoTextureSettingsTests {
    @Test func reduceMotionStopsFadesAndThePulseAndTheirEndBringsTheDefaultsBack() {
        var settings = PhotoTextureSettings()
        settings.fadeSeconds = 0.4
        settings.followReduceMotion(true)
        #expect(settings.fadeSeconds == 0 && settings.loadingPulseSeconds == 0)
        settings.followReduceMotion(false)
        #expect(settings.fadeSeconds == PhotoTextureSettings().fadeSeconds && settings.fadeSeconds > 0)
        #expect(settings.loadingPulseSeconds == PhotoTextureSettings().loadingPulseSeconds && settings.loadingPulseSeconds > 0)
    }
}
