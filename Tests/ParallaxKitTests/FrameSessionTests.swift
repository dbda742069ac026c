import ParallaxKit
import RunHarness
import Testing

/// The one frame session every driver runs: its script delivery, its routing of a press to
/// the pane it lands in, and its end rule over every pane.
@Suite struct FrameSessionTests {
    static let surface = Size(width: 1280, height: 800)

    private func twoPanes(_ first: PlaygroundSettings, _ second: PlaygroundSettings) -> FrameSession {
        let frames = PaneLayout.frames(count: 2, in: Self.surface)
        return FrameSession(steps: [FrameStep(Playground(first, viewportSize: frames[0].size)),
                                    FrameStep(Playground(second, viewportSize: frames[1].size))],
                            paneRects: frames)
    }

    /// A drag that starts in the right pane reaches every pane (in that pane's coordinates),
    /// so both lists move, and alike.
    @Test func aDragInOnePaneMovesEveryPane() throws {
        let session = twoPanes(PlaygroundSettings(scene: .photos), PlaygroundSettings(scene: .photos))
        session.enqueue(.input(TimedEvent(time: 0, event: .pointerDown(Point(x: 900, y: 500)))))
        session.enqueue(.input(TimedEvent(time: 0.05, event: .pointerMoved(Point(x: 100, y: 300)))))
        session.enqueue(.input(TimedEvent(time: 0.1, event: .pointerUp(Point(x: 100, y: 200)))))
        #expect(session.paneIndex(at: Point(x: 900, y: 500)) == 1)
        session.run(at: 0.1)
        let offsets = session.playgrounds.map { $0.scrollView.contentOffset.y }
        #expect(offsets[0] > 0, "the drag scrolled the left pane too")
        #expect(offsets[0] == offsets[1], "both panes moved alike: \(offsets)")
    }

    /// The script's events are queued once, each at its time, and the filter can keep one
    /// from the panes (the window's panel takes presses on itself).
    @Test func theScriptIsDeliveredOnceAndFiltered() throws {
        let script = try Script.parse("key down\nwait 0.2\nkey down\nwait 0.2", file: "keys")
        let one = Playground(PlaygroundSettings(scene: .table), viewportSize: Self.surface)
        let session = FrameSession(one, script: script)
        var asked = 0
        session.scriptEventFilter = { _ in
            asked += 1
            return asked == 1
        }
        for k in 0..<40 { session.run(at: Double(k) / 60) }
        #expect(asked == script.events.count, "every event was offered once")
        #expect(session.scriptIsDone)
        let filteredOffset = one.scrollView.contentOffset.y
        let unfiltered = Playground(PlaygroundSettings(scene: .table), viewportSize: Self.surface)
        let reference = FrameSession(unfiltered, script: script)
        for k in 0..<40 { reference.run(at: Double(k) / 60) }
        #expect(unfiltered.scrollView.contentOffset.y > filteredOffset, "the kept key did not reach the list")
    }

    /// Compared panes end together: the replay of a UIKit pane beside a Chromium pane (whose
    /// fling rests sooner) lasts as long as the UIKit pane's alone.
    @Test func comparedPanesEndWithThePaneThatRestsLast() throws {
        // A flick, then nothing: each list coasts to rest after the script's end.
        let script = try Script.parse("drag 300 700 300 200 0.1\nwait 0.1", file: "flick")
        var slow = PlaygroundSettings(scene: .photos)
        slow.physics = ScrollPhysics(engine: .uikit)
        var fast = PlaygroundSettings(scene: .photos)
        fast.physics = ScrollPhysics(engine: .chromium)
        let frames = PaneLayout.frames(count: 2, in: Self.surface)
        let alone = { (settings: PlaygroundSettings) in
            ReplayRun(Replay(script: script), on: Playground(settings, viewportSize: frames[0].size)).finish()
        }
        let together = ReplayRun(Replay(script: script), session: twoPanes(fast, slow))
        #expect(alone(fast) < alone(slow), "the Chromium fling rests first")
        #expect(together.frameCount == alone(slow))
        #expect(together.finish() == alone(slow))
        #expect(together.session.isResting)
    }
}
