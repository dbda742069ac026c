import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// The photo policy's order among the visible photos, and what they change on screen by
/// themselves (which the window's frame pacing reads).
extension PhotoTexturePipelineTests {
    @Test func visiblePhotosShowingNothingAreDecodedBeforeThoseAPreviewStandsInFor() {
        let decoder = PolicyDecoder(withoutPreview: [2])
        decoder.photosOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 4, previews: true)
        let screen = [need(0), need(1), need(2), need(3)]
        // The previews arrive (photo 2 has none); no photo is decoded yet.
        settle(photos, screen) { photos.counters.uploads == 3 && decoder.decodes.withLock { $0 }.contains("preview 2") }
        // The next frame's update sees the previews in the cache (the one that made them had
        // ordered its wants before taking them) and moves the flat tile's decode forward.
        photos.update(needs: screen, scale: 1, now: 0)
        decoder.photosOpen.withLock { $0 = true }
        settle(photos, screen) { photos.visibleAreSharp }
        // The lone worker may have taken photo 0's decode (rank 0) before the previews'
        // arrival reordered the rest; of those still waiting, the flat tile goes first.
        let order = decoder.decodes.withLock { $0 }.filter { $0.hasPrefix("photo") }
        let position = { (name: String) in order.firstIndex(of: name) ?? Int.max }
        #expect(position("photo 2") < position("photo 1") && position("photo 2") < position("photo 3"), "\(order)")
        #expect(Set(order) == ["photo 0", "photo 1", "photo 2", "photo 3"])
    }

    @Test func onlyTheVisiblePlacesAreReordered() {
        let size = Size(width: 10, height: 10)
        let needs = [PhotoNeed(photo: 7, size: size, urgency: .atRest), PhotoNeed(photo: 1, size: size, urgency: .visible),
                     PhotoNeed(photo: 2, size: size, urgency: .visible), PhotoNeed(photo: 3, size: size, urgency: .visible),
                     PhotoNeed(photo: 9, size: size, urgency: .ahead)]
        let reordered = Pipeline.nothingShownFirst(needs, shows: { $0 == 1 })
        #expect(reordered.map(\.photo) == [7, 2, 3, 1, 9])
        #expect(Pipeline.nothingShownFirst(needs, shows: { _ in true }) == needs)
    }

    /// Among the visible photos, the largest file is decoded first (within those showing
    /// nothing, and within those a preview stands in for); a photo whose header is not known
    /// counts as largest, and equal ones keep their order.
    @Test func theLargestVisibleFileIsDecodedFirst() {
        let size = Size(width: 10, height: 10)
        let needs = [PhotoNeed(photo: 7, size: size, urgency: .atRest)]
            + [1, 2, 3, 4, 5, 6].map { PhotoNeed(photo: $0, size: size, urgency: .visible) }
            + [PhotoNeed(photo: 9, size: size, urgency: .ahead)]
        let pixels: [Int: Int] = [1: 100, 2: 5_000, 3: 100, 4: 800, 5: 20_000, 7: 1_000_000, 9: 1_000_000]
        // Photos 4 and 5 show a preview; photo 6's header is not known.
        let reordered = Pipeline.nothingShownFirst(needs, shows: { $0 == 4 || $0 == 5 }, sourcePixels: { pixels[$0] })
        #expect(reordered.map(\.photo) == [7, 6, 2, 1, 3, 5, 4, 9])
    }

    // MARK: What the visible photos change by themselves (the window's frame pacing)

    @Test func aLoadingTilePulsesAPhotoArrivingFadesAndASettledScreenIsStill() {
        let decoder = PolicyDecoder()
        decoder.photosOpen.withLock { $0 = false }
        let photos = pipeline(decoder, photos: 2, fade: 0.15)
        photos.settings.loadingPulseSeconds = 1.2
        photos.update(needs: [need(0)], scale: 1, now: 10)
        #expect(photos.visibleMotion == .pulsing, "nothing is known of photo 0 yet")
        decoder.photosOpen.withLock { $0 = true }
        settle(photos, [need(0)], now: 10) { photos.counters.uploads == 1 }
        #expect(photos.visibleMotion == .fading, "its texture was just made")
        photos.update(needs: [need(0)], scale: 1, now: 10.05)
        _ = photos.appearance(of: 0)
        #expect(photos.visibleMotion == .fading, "half faded in")
        photos.update(needs: [need(0)], scale: 1, now: 10.5)
        #expect(photos.visibleMotion == .still)
        // Without the pulse (reduce motion), a loading tile is still too.
        photos.settings.loadingPulseSeconds = 0
        decoder.photosOpen.withLock { $0 = false }
        photos.update(needs: [need(1)], scale: 1, now: 11)
        #expect(photos.visibleMotion == .still)
        decoder.photosOpen.withLock { $0 = true }
    }

    @Test func theWindowsLastWorkerWaitsUntilTheFrameLoopIsIdle() {
        let fake = FakeDecoder(gated: true)
        var settings = PhotoTextureSettings()
        settings.decodesWhileFramesRun = 1
        settings.previews = false
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        let photos = Pipeline(maker: RecordingTextureMaker(clock: clock), paths: (0..<3).map { "/p/\($0).jpg" },
                              settings: settings, loader: loader, clock: { [clock] in clock.now })
        photos.update(needs: [need(0), need(1), need(2)], scale: 1, now: 0)
        // The other worker looked at the queued photos, found the limit reached and waited.
        waitUntil(loader) { $0.decoding == 1 && $0.waitingForDecodeLimit == 1 }
        #expect(loader.counters.decoding == 1, "one core stays with the frames")
        photos.frameLoopIsIdle(true)
        waitUntil(loader) { $0.decoding == 2 }
        photos.frameLoopIsIdle(false)
        fake.release(3)
        settle(photos, [need(0), need(1), need(2)]) { photos.counters.uploads == 3 }
    }

    /// While photos fade in the loop draws a fade step anyway; a decode finished for a photo on
    /// screen still wakes it (it should not wait for the next step), one off screen does not.
    @Test func whileFadingOnlyAPhotoOnScreenWakesTheLoop() {
        for onlyForVisible in [true, false] {
            let fake = FakeDecoder(gated: true)
            var settings = PhotoTextureSettings()
            settings.previews = false
            let loader = PhotoLoader(workers: 1, decode: fake.decode)
            let photos = Pipeline(maker: RecordingTextureMaker(clock: clock), paths: (0..<2).map { "/p/\($0).jpg" },
                                  settings: settings, loader: loader, clock: { [clock] in clock.now })
            let needs = [need(0), need(1, .ahead)]
            photos.update(needs: needs, scale: 1, now: 0)
            let wakes = Mutex(0)
            photos.wakeWhenDecoded({ wakes.withLock { $0 += 1 } }, onlyForVisible: onlyForVisible)
            fake.release(2)
            waitUntil(loader) { $0.finished == 2 }
            #expect(wakes.withLock { $0 } == (onlyForVisible ? 1 : 2), "only for visible: \(onlyForVisible)")
            photos.wakeWhenDecoded(nil)
        }
    }
}
