import ParallaxKit
import RunHarness
import Testing

/// Each platform's engine in the real scroll view: `fling 5000` from rest mid-list puts the
/// list, at every frame and at any frame rate, where the engine's own closed form says, and a
/// drag past an edge does what the platform does there.
@Suite struct EngineInPlaygroundTests {
    /// The table scene's 500 rows of 250 pt in an 800 × 600 viewport: mid-list is far from
    /// both ends for any engine's 5,000 pt/s coast (at most 3,178 pt, Android's).
    static let viewport = Size(width: 800, height: 600)
    static let start = 50_000.0
    static let flingTime = 0.1

    /// The scroll offsets of `fling 5000` at `fps` under `engine`, by frame time.
    private func offsets(_ engine: ScrollEngineName, fps: Double) throws -> [(time: Double, offset: Double)] {
        var settings = PlaygroundSettings(scene: .table, itemCount: 500)
        settings.physics.engine = engine
        let playground = Playground(settings, viewportSize: Self.viewport)
        playground.scroll(to: Self.start)
        let script = try Script.parse("wait \(Self.flingTime)\nfling 5000\nwait 6\n", file: "fling-5000")
        var seen: [(Double, Double)] = []
        Replay(script: script, framesPerSecond: fps, settleLimit: 1).run(on: playground) { report, playground in
            seen.append((report.time, playground.scrollView.contentOffset.y))
        }
        return seen
    }

    @Test(arguments: ScrollEngineName.allCases)
    func aFlingFollowsItsEnginesClosedFormAtEveryFrameRate(engine: ScrollEngineName) throws {
        let playground = Playground(PlaygroundSettings(scene: .table, itemCount: 500), viewportSize: Self.viewport)
        var byTime: [Double: Double] = [:]
        for fps in [30.0, 60, 120, 144] {
            // GTK ticks on the app's frames: at this rate's interval, its clock started on the
            // frame that handles the release (at 144 fps the release at 0.1 s waits for frame 15).
            let atRate = ScrollEngine(engine, frameInterval: 1 / fps)
            let closedForm = atRate.fling(from: Self.start, velocity: atRate.releaseVelocity(5000),
                                          range: playground.scrollView.offsetRange, viewportExtent: Self.viewport.height)
            let start = atRate.ticksOnFrames ? (Self.flingTime * fps - 1e-6).rounded(.up) / fps : Self.flingTime
            let seen = try offsets(engine, fps: fps)
            for (t, offset) in seen {
                let expected = t < start ? Self.start
                    : closedForm.isDone(at: t - start) ? closedForm.restPosition : closedForm.position(at: t - start)
                #expect(abs(offset - expected) < 1e-9, "\(engine) at \(fps) fps, t = \(t): \(offset), its formula \(expected)")
                // Frames of different rates that fall at one instant show one offset (GTK's
                // frames are its own: its start and its end depend on the rate).
                guard !atRate.ticksOnFrames else { continue }
                let key = (t * 720).rounded() / 720
                if let other = byTime[key] { #expect(abs(other - offset) < 1e-9, "\(engine) at t = \(t) differs between rates") }
                byTime[key] = offset
            }
            // It coasted towards the end, and came to rest where its formula rests.
            #expect(closedForm.restPosition > Self.start + 1_000)
            #expect(seen.last?.offset == closedForm.restPosition, "\(engine) at \(fps) fps")
        }
    }

    /// The worked numbers of the README's engine table: 5,000 pt/s coasts this far.
    @Test(arguments: [
        (ScrollEngineName.uikit, 2_497.5), (.android, 3_177.6), (.flutterIOS, 2_486.9), (.flutterAndroid, 3_177.6),
        // Chrome desktop: 4,724.7 px, capped at 3 viewports of 600.
        (.chromeDesktop, 1_800), (.chromium, 1_193.1),
        // GTK at 60 fps: ended on the first frame whose step is under 1 px, rounded.
        (.gtk, 1_236),
    ])
    func fiveThousandPointsASecondCoastsTheEnginesDistance(engine: ScrollEngineName, distance: Double) throws {
        let last = try #require(try offsets(engine, fps: 60).last)
        #expect(abs(last.offset - Self.start - distance) < 0.1, "\(engine) coasted \(last.offset - Self.start) pt")
    }

    /// From the top, a pull of 200 points down and a release: the lowest offset shown, and
    /// the playground after `seconds` more.
    private func pullPastTheTop(_ engine: ScrollEngineName, seconds: Double) throws -> (lowest: Double, playground: Playground) {
        var settings = PlaygroundSettings(scene: .table, itemCount: 500)
        settings.physics.engine = engine
        let playground = Playground(settings, viewportSize: Self.viewport)
        let script = try Script.parse("drag 400 100 400 300 0.3\nwait \(seconds)\n", file: "pull")
        var lowest = 0.0
        Replay(script: script, framesPerSecond: 60).run(on: playground) { _, playground in
            lowest = min(lowest, playground.scrollView.contentOffset.y)
        }
        return (lowest, playground)
    }

    @Test(arguments: [ScrollEngineName.android, .flutterAndroid, .chromeDesktop, .chromium, .gtk])
    func clampingEnginesHoldTheContentAtTheEdgeUnderAFinger(engine: ScrollEngineName) throws {
        let (lowest, playground) = try pullPastTheTop(engine, seconds: 1)
        #expect(lowest == playground.scrollView.offsetRange.lowerBound, "\(engine) showed no content past the top")
    }

    @Test(arguments: [ScrollEngineName.uikit, .flutterIOS])
    func bouncingEnginesPullPastTheEdgeAndSpringBack(engine: ScrollEngineName) throws {
        let (lowest, playground) = try pullPastTheTop(engine, seconds: 2)
        let top = playground.scrollView.offsetRange.lowerBound
        #expect(lowest < top - 20, "\(engine) showed the pull past the top: \(lowest)")
        #expect(lowest > top - 200, "with resistance: less than the 200 points pulled")
        #expect(abs(playground.scrollView.contentOffset.y - top) < 0.5, "and came back to the top")
    }
}
