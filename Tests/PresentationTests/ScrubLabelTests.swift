import ParallaxKit
@testable import Presentation
import Testing

/// The label beside a held scroll indicator: what it says and where it sits.
@Suite struct ScrubLabelTests {
    static let viewport = Size(width: 1280, height: 800)

    /// `playground` with its thumb grabbed and dragged to the track's start or end (any
    /// earlier hold let go first), still held.
    private func grab(_ playground: Playground, toEnd: Bool) throws {
        if playground.scrubber.isScrubbing { playground.handle(TimedEvent(time: 0, event: .pointerUp(.zero))) }
        FrameStep(playground).run(at: 0)
        let thumb = try #require(ScrollIndicator.thumb(for: playground.scrollView))
        let at = Point(x: thumb.midX, y: thumb.midY)
        playground.handle(TimedEvent(time: 0.1, event: .pointerDown(at)))
        let far = toEnd ? 5_000.0 : -5_000.0
        let to = playground.scene.axis == .vertical ? Point(x: at.x, y: far) : Point(x: far, y: at.y)
        playground.handle(TimedEvent(time: 0.2, event: .pointerMoved(to)))
        FrameStep(playground).run(at: 0.3)
    }

    private func folder(_ count: Int) -> PhotoSet {
        PhotoSet(aspectRatios: Array(repeating: 1.5, count: count), titles: (1...count).map { "IMG_\($0)" })
    }

    @Test func aFoldersPhotoIsNamedByItsFileAndItsPlaceInTheList() throws {
        let playground = Playground(scene: .photos, viewportSize: Self.viewport, photos: folder(2_000), itemCountFollowsPhotos: true)
        #expect(ScrubLabel.lines(of: playground) == nil, "nothing while the thumb is not held")
        try grab(playground, toEnd: false)
        #expect(ScrubLabel.lines(of: playground)?.title == "IMG_1")
        #expect(ScrubLabel.lines(of: playground)?.detail == "1 of 2,000")
        try grab(playground, toEnd: true)
        #expect(ScrubLabel.lines(of: playground)?.title == "IMG_2000")
        #expect(ScrubLabel.lines(of: playground)?.detail == "2,000 of 2,000")
    }

    @Test func withDatesTheMonthTakenNamesIt() throws {
        let playground = Playground(scene: .photos, viewportSize: Self.viewport, photos: folder(300), itemCountFollowsPhotos: true)
        // Photo 299 taken 4 July 2021 (local wall clock); the others' dates unknown.
        playground.photoDates = (0..<300).map { $0 == 299 ? 1_625_423_405 : nil }
        try grab(playground, toEnd: true)
        #expect(ScrubLabel.lines(of: playground)?.title == "July 2021")
        try grab(playground, toEnd: false)
        #expect(ScrubLabel.lines(of: playground)?.title == "IMG_1", "a photo without a date keeps its name")
    }

    @Test func theBundledPhotosAndTheAlbumsAreNamedByNumber() throws {
        let photos = Playground(scene: .photos, itemCount: 100_000, viewportSize: Self.viewport)
        try grab(photos, toEnd: true)
        #expect(ScrubLabel.lines(of: photos)?.title == "Item 100,000")
        let albums = Playground(scene: .albums, itemCount: 500, viewportSize: Self.viewport)
        try grab(albums, toEnd: true)
        #expect(ScrubLabel.lines(of: albums)?.title == "Album 500")
    }

    @Test func aLongFileNameIsCut() throws {
        let long = String(repeating: "x", count: 200)
        let photos = PhotoSet(aspectRatios: Array(repeating: 1.5, count: 50), titles: Array(repeating: long, count: 50))
        let playground = Playground(scene: .photos, viewportSize: Self.viewport, photos: photos, itemCountFollowsPhotos: true)
        try grab(playground, toEnd: false)
        let title = try #require(ScrubLabel.lines(of: playground)?.title)
        #expect(title.count == ScrubLabel.longestTitle)
        #expect(title.hasSuffix("…"))
    }

    @Test func theLabelSitsBesideTheThumbInsideTheWindowAndClearOfTheBadge() throws {
        let playground = Playground(scene: .photos, viewportSize: Self.viewport, photos: folder(2_000), itemCountFollowsPhotos: true)
        try grab(playground, toEnd: false)
        let badge = try #require(OverlayRenderer.frame(of: .badge, viewportSize: Self.viewport))
        var list = DrawList()
        ScrubLabel.draw(playground, avoiding: badge, into: &list)
        let boxes = list.commands.compactMap { command -> Rect? in
            if case .fill(let rect, OverlayRenderer.panel) = command { rect } else { nil }
        }
        let box = try #require(boxes.first)
        let thumb = try #require(ScrollIndicator.thumb(for: playground.scrollView, thickness: ScrollScrubber.grabbedThickness))
        #expect(box.maxX <= thumb.minX, "left of the thumb")
        #expect(box.minX >= 0 && box.maxY <= Self.viewport.height)
        #expect(!box.intersects(badge), "the thumb is at the top, beside the badge: the label goes below it")
        let texts = list.commands.compactMap { command -> String? in if case .text(let s, _, _, _, _) = command { s } else { nil } }
        #expect(texts == ["IMG_1", "1 of 2,000"])
    }

    @Test func theComposerDrawsTheLabelOnlyWhileTheThumbIsHeld() throws {
        let playground = Playground(scene: .photos, viewportSize: Self.viewport, photos: folder(2_000), itemCountFollowsPhotos: true)
        let composer = FrameComposer()
        func composedTexts() -> [String] {
            let frame = FrameStep(playground).run(at: 1)
            var list = DrawList()
            composer.compose(frame, of: playground, statistics: FrameStatistics(), surface: SurfaceFacts(rendererName: "", vsync: true),
                             into: &list)
            return list.commands.compactMap { command -> String? in if case .text(let s, _, _, _, _) = command { s } else { nil } }
        }
        #expect(!composedTexts().contains("1 of 2,000"))
        try grab(playground, toEnd: false)
        #expect(composedTexts().contains("1 of 2,000"))
    }
}
