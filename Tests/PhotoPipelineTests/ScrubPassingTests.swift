import ParallaxKit
import PhotoPipeline
import Testing

/// Photos the scroll indicator's thumb drags past (`PhotoNeed.previewOnly`): their embedded
/// previews are asked for, their decodes are not, and a decode already asked is cancelled.
@Suite struct ScrubPassingTests {
    private func want(_ photo: Int, rank: Int, preview: Bool, decodes: Bool) -> PhotoScheduler.Want {
        PhotoScheduler.Want(photo: photo, path: "/p/\(photo).jpg", size: PixelSize(width: 64, height: 64), rank: rank,
                            withPreview: preview, decodes: decodes)
    }

    @Test func aPhotoPassedOverGetsItsPreviewAndNoDecode() {
        var scheduler = PhotoScheduler()
        let work = scheduler.schedule([want(1, rank: 0, preview: true, decodes: false), want(2, rank: 1, preview: true, decodes: false)])
        #expect(work.requests.map(\.kind) == [.embeddedPreview, .embeddedPreview])
        #expect(work.requests.map(\.path) == ["/p/1.jpg", "/p/2.jpg"])
    }

    @Test func aDecodeAskedBeforeTheThumbMovedOnIsCancelled() {
        var scheduler = PhotoScheduler()
        _ = scheduler.schedule([want(1, rank: 0, preview: true, decodes: true)])
        let next = scheduler.schedule([want(1, rank: 0, preview: true, decodes: false)])
        #expect(next.requests.isEmpty)
        #expect(next.cancelled == [scheduler.loaderID(for: PhotoKey(photo: 1, isPreview: false))], "its decode, not its preview")
        // The thumb stops: the decode is asked again.
        let landed = scheduler.schedule([want(1, rank: 0, preview: true, decodes: true)])
        #expect(landed.requests.map(\.kind) == [.photo])
    }
}
