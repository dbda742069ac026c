import ParallaxKit
import Testing

/// `ScrollScrubber`: grabbing the scroll indicator's thumb and dragging the list by it.
@Suite struct ScrollScrubberTests {
    static let viewport = Size(width: 1280, height: 800)

    /// The photos scene with `count` items of bundled photos, laid out.
    private func longList(_ count: Int = 2_000, scene: SceneID = .photos) -> Playground {
        let playground = Playground(scene: scene, itemCount: count, viewportSize: Self.viewport)
        runFrame(playground, at: 0)
        return playground
    }

    private func press(_ playground: Playground, _ p: Point, at t: Double) { playground.handle(TimedEvent(time: t, event: .pointerDown(p))) }
    private func move(_ playground: Playground, _ p: Point, at t: Double) { playground.handle(TimedEvent(time: t, event: .pointerMoved(p))) }
    private func lift(_ playground: Playground, _ p: Point, at t: Double) { playground.handle(TimedEvent(time: t, event: .pointerUp(p))) }

    private func thumb(_ playground: Playground) throws -> Rect { try #require(ScrollIndicator.thumb(for: playground.scrollView)) }

    @Test func theTargetIsTheThumbMadeAtLeast44PointsEachWayFromTheWindowsEdge() throws {
        let playground = longList()
        let thumb = try thumb(playground)
        let target = try #require(ScrollScrubber.hitTarget(for: playground.scrollView))
        #expect(target.maxX == Self.viewport.width, "it reaches the window's edge")
        #expect(target.width == ScrollScrubber.targetThickness)
        #expect(target.height >= ScrollScrubber.targetThickness && target.height >= thumb.height)
        #expect(target.contains(Point(x: thumb.midX, y: thumb.midY)))
        #expect(target.contains(Point(x: Self.viewport.width - 40, y: thumb.midY)), "a press 40 pt in from the edge grabs it")
        #expect(!target.contains(Point(x: Self.viewport.width - 50, y: thumb.midY)), "one 50 pt in does not")
        #expect(!target.contains(Point(x: thumb.midX, y: 400)), "nor a press on the track away from the thumb")
    }

    @Test func aListThatFitsHasNoThumbToGrab() {
        let playground = longList(1)
        #expect(ScrollScrubber.hitTarget(for: playground.scrollView) == nil)
        press(playground, Point(x: 1275, y: 20), at: 0.1)
        #expect(!playground.scrubber.isScrubbing)
    }

    @Test func draggingTheThumbToTheTracksEndsReachesTheFirstAndLastItems() throws {
        let playground = longList()
        let grab = try thumb(playground)
        let range = playground.scrollView.offsetRange
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.1)
        #expect(playground.scrubber.isScrubbing)
        move(playground, Point(x: grab.midX, y: 790), at: 0.2)
        runFrame(playground, at: 0.2)
        #expect(playground.scrollView.position == range.upperBound)
        #expect(playground.visibleCells.contains { $0.item == 1_999 }, "the last item shows")
        #expect(playground.scrubbedItem == 1_999)
        move(playground, Point(x: grab.midX, y: grab.midY), at: 0.3)
        runFrame(playground, at: 0.3)
        #expect(playground.scrollView.position == range.lowerBound)
        #expect(playground.visibleCells.contains { $0.item == 0 })
        #expect(playground.scrubbedItem == 0)
    }

    @Test func theOffsetIsInProportionToTheThumbsPlaceAlongTheTrackAndClamped() throws {
        let playground = longList()
        let track = try #require(ScrollIndicator.track(for: playground.scrollView))
        let range = track.offsets
        let middle = ScrollScrubber.offset(thumbStart: track.start + track.travel / 2, on: track)
        expectClose(middle, (range.lowerBound + range.upperBound) / 2, tolerance: 1e-6)
        let quarter = ScrollScrubber.offset(thumbStart: track.start + track.travel / 4, on: track)
        expectClose(quarter, range.lowerBound + (range.upperBound - range.lowerBound) / 4, tolerance: 1e-6)
        #expect(ScrollScrubber.offset(thumbStart: -5_000, on: track) == range.lowerBound)
        #expect(ScrollScrubber.offset(thumbStart: 5_000, on: track) == range.upperBound)
    }

    @Test func theThumbStaysUnderThePointerWhereItWasGrabbed() throws {
        let playground = longList()
        let grab = try thumb(playground)
        let pointer = Point(x: grab.midX, y: grab.minY + 10)
        press(playground, pointer, at: 0.1)
        move(playground, Point(x: pointer.x, y: 300), at: 0.2)
        let moved = try thumb(playground)
        expectClose(moved.minY, 290, tolerance: 1e-6, "the grabbed point followed the pointer")
        #expect(playground.scrollView.position > 0, "the list went forward, towards where the thumb was taken")
    }

    @Test func aPressOnTheThumbStopsAFlingAndReleasingLeavesTheListThere() throws {
        let playground = longList()
        playground.handle(TimedEvent(time: 0.1, event: .fling(vx: 0, vy: 5_000)))
        runFrame(playground, at: 0.2)
        #expect(playground.scrollView.phase == .decelerating)
        let grab = try thumb(playground)
        let expected = playground.scrollView.projectedPosition(at: 0.25)
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.25)
        #expect(playground.scrollView.phase == .idle, "the fling stopped")
        expectClose(playground.scrollView.position, expected, tolerance: 1e-6, "where it was at the press")
        // A fast drag and a release: no coast follows.
        move(playground, Point(x: grab.midX, y: 500), at: 0.26)
        lift(playground, Point(x: grab.midX, y: 600), at: 0.27)
        #expect(!playground.scrubber.isScrubbing)
        let released = playground.scrollView.position
        runFrame(playground, at: 0.3)
        runFrame(playground, at: 2.0)
        #expect(playground.scrollView.position == released)
        #expect(playground.scrollView.phase == .idle)
    }

    @Test func aPressOnTheThumbNeverDragsTheContent() throws {
        let playground = longList()
        playground.scroll(to: 20_000)
        runFrame(playground, at: 0.1)
        let grab = try thumb(playground)
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.2)
        move(playground, Point(x: grab.midX, y: grab.midY + 100), at: 0.3)
        // A content drag 100 pt down would have moved the offset 100 back.
        #expect(playground.scrollView.position > 20_000)
        #expect(playground.scrollView.phase == .idle, "no drag of the content began")
    }

    @Test func aPressBesideTheTargetStillDragsTheContent() {
        let playground = longList()
        playground.scroll(to: 20_000)
        runFrame(playground, at: 0.1)
        press(playground, Point(x: 640, y: 400), at: 0.2)
        move(playground, Point(x: 640, y: 500), at: 0.3)
        #expect(!playground.scrubber.isScrubbing)
        #expect(playground.scrollView.phase == .dragging)
        expectClose(playground.scrollView.position, 19_900, tolerance: 1e-6)
    }

    @Test func aHorizontalListIsScrubbedAlongItsWidth() throws {
        let playground = longList(500, scene: .albums)
        let grab = try thumb(playground)
        #expect(grab.width > grab.height, "the album row's thumb lies along the bottom")
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.1)
        #expect(playground.scrubber.isScrubbing)
        move(playground, Point(x: 1_279, y: grab.midY), at: 0.2)
        #expect(playground.scrollView.position == playground.scrollView.offsetRange.upperBound)
    }

    @Test func theHeldThumbDrawsThickerAndTheLabelsItemIsNilWhenNotHeld() throws {
        let playground = longList()
        #expect(playground.scrubbedItem == nil)
        let grab = try thumb(playground)
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.1)
        var list = DrawList()
        SceneRenderer().draw(playground, indicatorOpacity: 0, into: &list)
        let held = try #require(ScrollIndicator.thumb(for: playground.scrollView, thickness: ScrollScrubber.grabbedThickness))
        #expect(list.commands.contains(.fill(held, SceneRenderer.Palette.heldIndicator)), "drawn even where the fade had hidden it")
        lift(playground, Point(x: grab.midX, y: grab.midY), at: 0.2)
        list = DrawList()
        SceneRenderer().draw(playground, indicatorOpacity: 0, into: &list)
        #expect(!list.commands.contains { if case .fill(_, SceneRenderer.Palette.heldIndicator) = $0 { true } else { false } })
    }

    @Test func aNewSceneLetsGoOfTheThumb() throws {
        let playground = longList()
        let grab = try thumb(playground)
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.1)
        playground.setScene(.quilt)
        #expect(!playground.scrubber.isScrubbing)
    }

    @Test func whileScrubbingOnlyTheVisiblePhotosAreAskedFor() throws {
        let photos = PhotoSet(aspectRatios: (0..<2_000).map { [1.5, 0.75, 1.0, 2.0][$0 % 4] })
        let playground = Playground(scene: .quilt, itemCount: 2_000, viewportSize: Self.viewport, photos: photos)
        runFrame(playground, at: 0)
        let grab = try thumb(playground)
        press(playground, Point(x: grab.midX, y: grab.midY), at: 0.1)
        move(playground, Point(x: grab.midX, y: 400), at: 0.2)
        let step = FrameStep(playground)
        step.drawer = { _, playground, list in SceneRenderer().draw(playground, into: &list) }
        step.run(at: 0.2)
        let needs = PhotoDemand().needs(of: playground, drawList: step.drawList)
        let visible = Set(playground.visibleCells.map { photos.photoIndex(ofItem: $0.item) })
        #expect(!needs.isEmpty)
        #expect(Set(needs.map(\.photo)) == visible, "none beyond the screen")
        #expect(needs.allSatisfy { $0.urgency == .visible })
        #expect(needs.allSatisfy { $0.previewOnly }, "the thumb moved the list this frame: previews only")
        // A frame in which the thumb is held still: the photos there are decoded.
        step.run(at: 0.25)
        let still = PhotoDemand().needs(of: playground, drawList: step.drawList)
        #expect(Set(still.map(\.photo)) == visible)
        #expect(still.allSatisfy { !$0.previewOnly })
        lift(playground, Point(x: grab.midX, y: 400), at: 0.3)
        step.run(at: 0.3)
        #expect(PhotoDemand().needs(of: playground, drawList: step.drawList).count > visible.count, "let go, it looks around again")
    }

    @Test(arguments: [
        (0.0, CivilDate(year: 1970, month: 1, day: 1)),
        (1_625_423_405.0, CivilDate(year: 2021, month: 7, day: 4)),
        (951_782_400.0, CivilDate(year: 2000, month: 2, day: 29)),
        (951_868_799.0, CivilDate(year: 2000, month: 2, day: 29)),
        (-1.0, CivilDate(year: 1969, month: 12, day: 31)),
        (1_704_067_199.0, CivilDate(year: 2023, month: 12, day: 31)),
    ])
    func civilDatesFromSeconds(seconds: Double, expected: CivilDate) {
        #expect(CivilDate(secondsSince1970: seconds) == expected)
    }

    @Test func aMonthIsNamedWithItsYear() {
        #expect(CivilDate(secondsSince1970: 1_625_423_405).monthAndYear == "July 2021")
        #expect(CivilDate(year: 2019, month: 12, day: 1).monthAndYear == "December 2019")
    }
}
