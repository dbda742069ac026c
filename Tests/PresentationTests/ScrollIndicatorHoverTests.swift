import ParallaxKit
import Presentation
import Testing

/// The scroll indicator under a hovering pointer: shown near the list's scrolling edge, wider
/// over the thumb, fading once the pointer leaves; with no pointer, as before.
@Suite struct ScrollIndicatorHoverTests {
    static let viewport = Size(width: 1280, height: 800)

    private func list(_ count: Int = 500, scene: SceneID = .photos) -> Playground {
        let playground = Playground(scene: scene, itemCount: count, viewportSize: Self.viewport)
        FrameStep(playground).run(at: 0)
        return playground
    }

    @Test func theReachSaysNearTheEdgeOverTheThumbOrAway() throws {
        let playground = list()
        let scrollView = playground.scrollView
        let thumb = try #require(ScrollIndicator.thumb(for: scrollView))
        let belowThumb = thumb.maxY + 200
        #expect(ScrollIndicator.reach(of: nil, in: scrollView) == .away)
        #expect(ScrollIndicator.reach(of: Point(x: thumb.midX, y: thumb.midY), in: scrollView) == .overThumb)
        #expect(ScrollIndicator.reach(of: Point(x: 1279, y: belowThumb), in: scrollView) == .nearEdge)
        #expect(ScrollIndicator.reach(of: Point(x: 1280 - 40, y: belowThumb), in: scrollView) == .nearEdge)
        #expect(ScrollIndicator.reach(of: Point(x: 1280 - 50, y: belowThumb), in: scrollView) == .away)
        #expect(ScrollIndicator.reach(of: Point(x: 640, y: thumb.midY), in: scrollView) == .away)
        #expect(ScrollIndicator.reach(of: Point(x: 1290, y: belowThumb), in: scrollView) == .away, "outside the pane")
        // Nothing to show for a list that fits.
        #expect(ScrollIndicator.reach(of: Point(x: 1279, y: 400), in: list(1).scrollView) == .away)
        // The album row scrolls sideways: its edge is the bottom.
        let albums = list(scene: .albums).scrollView
        #expect(ScrollIndicator.reach(of: Point(x: 1000, y: 790), in: albums) != .away)
        #expect(ScrollIndicator.reach(of: Point(x: 1279, y: 400), in: albums) == .away)
    }

    /// The indicator fills in the list composed at `t` (none: no fill of the indicator's colour).
    private func indicatorFills(_ composer: FrameComposer, _ playground: Playground, at t: Double) -> [Rect] {
        let frame = FrameStep(playground).run(at: t)
        var list = DrawList()
        composer.compose(frame, of: playground, statistics: FrameStatistics(), surface: SurfaceFacts(rendererName: "", vsync: true), into: &list)
        return list.commands.compactMap { command -> Rect? in
            if case .fill(let rect, let color) = command, color.r == 255, color.g == 255, color.b == 255,
               color.a == SceneRenderer.Palette.indicator.a { return rect }
            return nil
        }
    }

    @Test func aPointerNearTheEdgeShowsTheThumbAndOverItWidensIt() throws {
        let playground = list()
        let composer = FrameComposer()
        let thumb = try #require(ScrollIndicator.thumb(for: playground.scrollView))
        #expect(indicatorFills(composer, playground, at: 5).isEmpty, "at rest with no pointer, the thumb has faded")
        composer.pointer = Point(x: 1270, y: thumb.maxY + 200)
        #expect(indicatorFills(composer, playground, at: 6) == [thumb], "near the edge: shown, at its resting width")
        composer.pointer = Point(x: thumb.midX, y: thumb.midY)
        let wide = try #require(ScrollIndicator.thumb(for: playground.scrollView, thickness: ScrollIndicator.hoveredThickness))
        #expect(indicatorFills(composer, playground, at: 7) == [wide], "over the thumb: wider")
        #expect(wide.width == 10 && thumb.width == 5)
        // Away again: held as after a scroll, then faded.
        composer.pointer = Point(x: 600, y: 400)
        #expect(indicatorFills(composer, playground, at: 7 + ScrollIndicator.holdDuration) == [thumb])
        #expect(indicatorFills(composer, playground, at: 8).isEmpty)
    }

    @Test func withoutAPointerNothingChanges() throws {
        let playground = list()
        let composer = FrameComposer()
        _ = indicatorFills(composer, playground, at: 0)
        composer.pointer = nil
        #expect(indicatorFills(composer, playground, at: 5).isEmpty)
        composer.decorations.scrollIndicator = false
        composer.pointer = Point(x: 1275, y: 400)
        #expect(indicatorFills(composer, playground, at: 6).isEmpty, "no indicator at all: the pointer shows none")
    }
}
