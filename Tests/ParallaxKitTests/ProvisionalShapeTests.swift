import ParallaxKit
import RunHarness
import Testing

/// A folder listed before its headers are read: every photo has a place from the start, in a
/// provisional shape, and the photo the user looks at stays put as the real shapes arrive.
@Suite struct ProvisionalShapeTests {
    static let viewport = Size(width: 1280, height: 800)

    /// `count` listed photos, all provisional but the section around `known` (set to varied shapes).
    static func listedFolder(scene: SceneID, count: Int, known: Range<Int>) -> Playground {
        let ratios = (0..<count).map { known.contains($0) ? [0.75, 1.5, 1.78, 1.0, 0.66][$0 % 5] : PhotoSet.provisionalAspectRatio }
        let photos = PhotoSet(aspectRatios: ratios, titles: [], sectionLength: PhotoSet.folderSectionLength)
        return Playground(scene: scene, viewportSize: viewport, photos: photos, itemCountFollowsPhotos: true)
    }

    /// The real shapes: anything from a tall phone photo to a panorama, by a fixed generator.
    static func realShapes(_ count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in [0.5625, 0.75, 0.66, 1.0, 1.33, 1.5, 1.78, 3.0][Int(random.next() % 8)] }
    }

    /// Where item `item` is on screen (its frame in the viewport's coordinates).
    static func onScreen(_ playground: Playground, _ item: Int) -> Rect {
        let frame = playground.layout.frames[item]
        let offset = playground.scrollView.contentOffset
        return Rect(x: frame.origin.x - offset.x, y: frame.origin.y - offset.y, width: frame.size.width, height: frame.size.height)
    }

    static func item(under pointer: Point, in playground: Playground) -> Int? {
        let offset = playground.scrollView.contentOffset
        let point = Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
        return playground.layout.itemFrames(in: playground.scrollView.bounds).first { $0.frame.contains(point) }?.item
    }

    /// The anchor's test: the list rests in the middle of 20,000 listed photos with the pointer
    /// on one; 10,000 headers arrive above and below it in batches, as the window delivers
    /// them. The photo under the pointer stays to the pixel, though its place in the content
    /// moves by thousands of points (so without the anchor it would have left the screen).
    @Test(arguments: [SceneID.photos, .captions, .quilt])
    func thePhotoUnderThePointerKeepsItsPlaceWhileTenThousandHeadersArrive(scene: SceneID) throws {
        let count = 20_000
        let playground = Self.listedFolder(scene: scene, count: count, known: 9_840..<10_080)
        playground.scroll(toItem: 9_900)
        runFrame(playground, at: 0)
        let pointer = Point(x: 700, y: 420)
        let anchored = try #require(Self.item(under: pointer, in: playground), "a photo under the pointer")
        let screenBefore = Self.onScreen(playground, anchored)
        let contentBefore = playground.layout.frames[anchored]

        // Every other photo outside the anchor's section, alternately above and below it.
        let arriving = (0..<count).filter { !(9_840..<10_080).contains($0) && $0 % 2 == 0 }
        #expect(arriving.count == 9_880)
        let shapes = Self.realShapes(count, seed: 34)
        var t = 0.0
        for batch in stride(from: 0, to: arriving.count, by: 500) {
            let indices = arriving[batch..<min(batch + 500, arriving.count)]
            playground.setPhotoShapes(indices.map { (photo: $0, aspectRatio: shapes[$0]) }, pointer: pointer)
            t += 0.25
            runFrame(playground, at: t)
            #expect(Self.onScreen(playground, anchored) == screenBefore, "after \(batch + indices.count) headers")
            #expect(Self.item(under: pointer, in: playground) == anchored)
        }
        let moved = abs(playground.layout.frames[anchored].minY - contentBefore.minY)
        #expect(moved > Self.viewport.height, "the shapes above moved the photo \(moved) pt within the content")
    }

    /// Without a pointer over the list, the row at the top keeps its place; headers of the
    /// anchor's own section keep the top row's top edge where it was.
    @Test func withoutAPointerTheTopRowKeepsItsPlace() throws {
        let playground = Self.listedFolder(scene: .photos, count: 5_000, known: 0..<0)
        playground.scroll(toItem: 2_500)
        runFrame(playground, at: 0)
        let anchor = try #require(playground.currentAnchor(pointer: nil))
        guard case .item(let top) = anchor.kind else { Issue.record("an item anchor: \(anchor)"); return }
        let before = Self.onScreen(playground, top).minY
        let shapes = Self.realShapes(5_000, seed: 7)
        playground.setPhotoShapes((0..<5_000).map { (photo: $0, aspectRatio: shapes[$0]) }, pointer: nil)
        runFrame(playground, at: 0.25)
        #expect(Self.onScreen(playground, top).minY == before)
    }

    /// End on a listed folder reaches its last photo, and the list stays at its end as shapes arrive.
    @Test func endReachesTheLastPhotoAndStaysThereAsShapesArrive() {
        let playground = Self.listedFolder(scene: .photos, count: 100_000, known: 0..<0)
        runFrame(playground, at: 0)
        playground.scrollView.handle(TimedEvent(time: 0.01, event: .key(.end, [])))
        let t = runUntilIdle(playground, from: 0.01)
        #expect(playground.visibleCells.contains { $0.item == 99_999 })
        let shapes = Self.realShapes(100_000, seed: 3)
        playground.setPhotoShapes((0..<99_000).map { (photo: $0, aspectRatio: shapes[$0]) }, pointer: nil)
        runFrame(playground, at: t + 0.25)
        #expect(playground.visibleCells.contains { $0.item == 99_999 }, "still at the end")
        #expect(playground.scrollView.contentOffset.y == playground.scrollView.offsetRange.upperBound)
    }

    /// Shapes that arrive during a fling are held, so the fling's path is not redirected, and
    /// are applied once it rests.
    @Test func shapesArrivingDuringAFlingWaitForItToRest() {
        let playground = Self.listedFolder(scene: .photos, count: 5_000, known: 0..<0)
        runFrame(playground, at: 0)
        playground.scrollView.handle(TimedEvent(time: 0.0, event: .pointerDown(Point(x: 400, y: 600))))
        playground.scrollView.handle(TimedEvent(time: 0.016, event: .pointerMoved(Point(x: 400, y: 500))))
        playground.scrollView.handle(TimedEvent(time: 0.032, event: .pointerMoved(Point(x: 400, y: 400))))
        playground.scrollView.handle(TimedEvent(time: 0.033, event: .pointerUp(Point(x: 400, y: 400))))
        runFrame(playground, at: 0.05)
        #expect(playground.scrollView.phase == .decelerating)
        let rest = playground.scrollView.predictedRestPosition
        let before = playground.layout.frames
        #expect(!playground.setPhotoShapes((0..<5_000).map { (photo: $0, aspectRatio: 0.75) }, pointer: nil))
        #expect(playground.heldPhotoShapeCount == 5_000)
        #expect(playground.layout.frames == before)
        #expect(playground.scrollView.predictedRestPosition == rest)
        let t = runUntilIdle(playground, from: 0.05)
        #expect(playground.applyHeldPhotoShapes(pointer: nil))
        runFrame(playground, at: t + 0.02)
        #expect(playground.heldPhotoShapeCount == 0)
        #expect(playground.photos.aspectRatios.allSatisfy { $0 == 0.75 })
    }

    /// A section's shapes move nothing in the sections before it, and shift every later one
    /// as a block (the property the anchor rests on).
    @Test(arguments: [SceneID.photos, .quilt])
    func aSectionsShapesShiftLaterSectionsAsOneBlock(scene: SceneID) {
        let section = PhotoSet.folderSectionLength
        let playground = Self.listedFolder(scene: scene, count: 4 * section, known: 0..<0)
        runFrame(playground, at: 0)
        let before = playground.layout.frames
        playground.setPhotoShapes((section..<(2 * section)).map { (photo: $0, aspectRatio: 0.6) }, pointer: nil)
        let after = playground.layout.frames
        #expect(Array(after[0..<section]) == Array(before[0..<section]))
        let shift = after[2 * section].minY - before[2 * section].minY
        #expect(shift != 0)
        // The quilt's rows are multiples of a block side that is no whole number: a shift's
        // rounding differs by far less than a pixel.
        for item in (2 * section)..<(4 * section) {
            #expect(after[item].minX == before[item].minX && abs(after[item].minY - before[item].minY - shift) < 1e-6, "item \(item)")
        }
    }
}
