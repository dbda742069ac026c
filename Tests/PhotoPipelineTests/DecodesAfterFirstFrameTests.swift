import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

/// The window's first frame does not share the machine with libvips' loading: a pipeline set
/// to `decodesAfterFirstFrame` holds its loader until its second update.
@Suite struct DecodesAfterFirstFrameTests {
    typealias Pipeline = PhotoTexturePipeline<RecordingTextureMaker>

    let clock = FakeClock()

    func pipeline(_ decoder: PolicyDecoder, photos: Int, afterFirstFrame: Bool) -> Pipeline {
        var settings = PhotoTextureSettings()
        settings.previews = false
        settings.fadeSeconds = 0
        settings.loadingPulseSeconds = 0
        settings.uploadBudgetSeconds = .infinity
        settings.decodesAfterFirstFrame = afterFirstFrame
        return Pipeline(maker: RecordingTextureMaker(clock: clock), paths: (0..<photos).map { "/p/\($0).jpg" },
                        settings: settings, loader: decoder.loader, clock: { [clock] in clock.now })
    }

    func needs(_ count: Int) -> [PhotoNeed] {
        (0..<count).map { PhotoNeed(photo: $0, size: Size(width: 40, height: 40), urgency: .visible) }
    }

    @Test func theFirstUpdatesRequestsWaitForTheSecondUpdate() {
        let decoder = PolicyDecoder()
        let photos = pipeline(decoder, photos: 3, afterFirstFrame: true)
        photos.update(needs: needs(3), scale: 1, now: 0)
        // Asked for, none started: the loader holds its queue.
        #expect(photos.counters.queued == 3)
        #expect(photos.counters.decoding == 0)
        photos.update(needs: needs(3), scale: 1, now: 0.016)
        waitUntil(photos.loader) { $0.finished == 3 }
        #expect(decoder.decodes.withLock { $0.count } == 3)
    }

    @Test func loadAllDoesNotWaitForASecondUpdate() {
        let decoder = PolicyDecoder()
        let photos = pipeline(decoder, photos: 2, afterFirstFrame: true)
        #expect(photos.loadAll(needs(2), scale: 1, timeout: 3600))
        #expect(photos.counters.texturesHeld == 2)
    }

    @Test func aHeldLoaderDecodesOnceReleased() {
        let fake = FakeDecoder()
        let loader = PhotoLoader(workers: 2, decode: fake.decode)
        loader.hold()
        loader.submit([request(0), request(1), request(2)])
        #expect(loader.counters.queued == 3 && loader.counters.decoding == 0)
        loader.release()
        waitUntil(loader) { $0.finished == 3 }
        #expect(fake.decoded.withLock { $0.sorted() } == [0, 1, 2])
        loader.shutdown()
    }
}
