import ParallaxKit
import RealModule
import Testing

// MARK: - Chromium (fling_curve.cc)

@Suite struct ChromiumEngineTests {
    let engine = ScrollEngine(.chromium)

    @Test func theUnitTestsFigures() {
        // fling_curve_unittest.cc: 5,000 px/s, deltas at 20 ms, 250 ms and 10 s of 96, 705 and
        // 392 px (EXPECT_NEAR within 1), then nothing. −αγ = 21,118.195 (float);
        // t0 = −ln(5172/21118.195)/3.7 = 0.3802366 s.
        let fling = engine.fling5000()
        let a = fling.position(at: 0.020) - engineMid
        let b = fling.position(at: 0.250) - engineMid
        let c = fling.position(at: 10) - engineMid
        #expect(abs(a - 96) <= 1, "\(a)")
        #expect(abs(b - a - 705) <= 1, "\(b - a)")
        #expect(abs(c - b - 392) <= 1, "\(c - b)")
        #expect(abs(c - 1193) <= 1, "\(c)")
        #expect(fling.position(at: 20) == fling.position(at: 10))
        #expect(fling.isDone(at: 10) && !fling.isDone(at: 0.25))
    }

    @Test func theCurve() {
        // T = −ln(172/21118.195)/3.7 = 1.3001070 s; v(0) = 21118.195 − 172 = 20,946.195 px/s.
        expectClose(ChromiumFling.curveDuration, 1.3001070, tolerance: 1e-6)
        expectClose(ChromiumFling.maximumStartSpeed, 20946.1953125, tolerance: 1e-6)
        let fling = engine.fling5000()
        // x(t0 + t) − x(t0) with x(t) = α·e^(−γt) − βt − α.
        for (t, d) in [(0.02, 96.265402), (0.1, 415.103241), (0.25, 800.551188), (0.5, 1092.045733)] {
            expectClose(fling.position(at: t) - engineMid, d, tolerance: 1e-5)
        }
        expectClose(fling.velocity(at: 0), 5000, tolerance: 1e-3)
        expectClose(fling.velocity(at: 0.25), 1878.86048, tolerance: 1e-4)
    }

    @Test func fasterThanTheCurveScalesTheDisplacement() {
        // 2·v(0): the curve from t = 0, displacement ×2: 2·x(T) = 2·5,437.515 = 10,875.030 px.
        let fling = engine.fling(from: 0, velocity: 2 * 20946.1953125, range: engineRange, viewportExtent: engineViewport)
        expectClose(fling.restPosition, 10875.0305, tolerance: 1e-3)
        expectClose(fling.duration, 1.3001070, tolerance: 1e-6)
        let back = engine.fling(from: engineMid, velocity: -5000, range: engineRange, viewportExtent: engineViewport)
        expectClose(back.restPosition, engineMid - 1193.1336, tolerance: 1e-3)
    }

    @Test func stopsAtEitherEdge() {
        // 1,000 px of the 1,193 are covered at t = 0.3894640 s.
        for (start, v, edge) in [(1000.0, -5000.0, 0.0), (99_000, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: engineViewport)
            expectClose(fling.duration, 0.3894640, tolerance: 1e-6)
            #expect(fling.position(at: 0.3894) != edge)
            #expect(fling.position(at: 0.38947) == edge)
            #expect(fling.restPosition == edge)
        }
        var drag = engine.beginDrag(at: 99_990, range: engineRange, viewportExtent: engineViewport)
        drag = engine.drag(drag, by: 50, range: engineRange, viewportExtent: engineViewport)
        #expect(drag.position == 100_000)
    }
}

// MARK: - Chrome desktop (physics_based_fling_curve.cc)

@Suite struct ChromeDesktopEngineTests {
    let engine = ScrollEngine(.chromeDesktop)

    func curve(_ velocity: Double, viewport: Double) -> ChromeDesktopFling {
        guard case .chromeDesktop(let fling) = engine.fling(from: engineMid, velocity: velocity, range: engineRange, viewportExtent: viewport)
        else { preconditionFailure("not Chrome's desktop curve") }
        return fling
    }

    /// physics_based_fling_curve_unittest.cc, at 96 ppi in a 1920 × 1080 viewport: the deltas
    /// at 20 ms, 250 ms and the curve's end, each EXPECT_NEAR within 1 px.
    @Test(arguments: [
        // BasicFlingTestVelocityY: 5,000²/(2·2,645.7) = 4,724.7 px, capped at 3·1,080 = 3,240.
        (5000.0, 1080.0, 98.0, 923.0, 2218.0),
        // BasicFlingTestVelocityX: 4,724.7 px, under 3·1,920 = 5,760.
        (5000, 1920, 99, 1054, 3571),
        // BasicFlingTestVelocityXAndY, its y: the larger speed, 4,000, sets the duration
        // (4000/2300 = 1.739 s) and the slope; 4,000²/(2·2,645.7) = 3,023.8 px.
        (4000, 1080, 79, 803, 2141),
    ])
    func theUnitTestsFigures(velocity: Double, viewport: Double, first: Double, second: Double, last: Double) {
        let fling = engine.fling(from: engineMid, velocity: velocity, range: engineRange, viewportExtent: viewport)
        let a = fling.position(at: 0.020) - engineMid
        let b = fling.position(at: 0.250) - engineMid
        let c = fling.position(at: fling.duration) - engineMid
        #expect(abs(a - first) <= 1, "\(a)")
        #expect(abs(b - a - second) <= 1, "\(b - a)")
        #expect(abs(c - b - last) <= 1, "\(c - b)")
        #expect(fling.position(at: 10) == fling.position(at: fling.duration), "nothing after the curve's end")
        #expect(fling.isDone(at: fling.duration) && !fling.isDone(at: fling.duration - 0.001))
    }

    @Test func theControlPoints() {
        // ControlPointsWithSlopeLessThan1: 5,000 px/s, slope 5000·2/4724.7 = 2.1165: p1 =
        // (0.2, 0.4233), EXPECT_NEAR 0.43 within 0.01; p2 stays (0.55, 1).
        let slow = curve(5000, viewport: 1920)
        #expect(slow.p1x == Double(Float(0.2)))
        #expect(abs(slow.p1y - 0.43) <= 0.01, "\(slow.p1y)")
        #expect(ChromeDesktopFling.p2.x == Double(Float(0.55)) && ChromeDesktopFling.p2.y == 1)
        // ControlPointsWithSlopeGreaterThan1: 15,000 px/s, capped at 5,760 px, slope
        // 15000·2/5760 = 5.2083: p1 = (1/5.2083, 1) = (0.192, 1).
        let fast = curve(15000, viewport: 1920)
        #expect(abs(fast.p1x - 0.19) <= 0.01, "\(fast.p1x)")
        #expect(fast.p1y == 1)
    }

    @Test func startsAtTheReleaseSpeedAndLastsAtMostTwoSeconds() {
        // The curve's slope at 0 is distance·(p1y/p1x)/duration, the release speed.
        for v in [300.0, 2500, 5000, 15000] {
            let fling = engine.fling(from: engineMid, velocity: v, range: engineRange, viewportExtent: 600)
            expectClose(fling.velocity(at: 0), v, tolerance: v * 1e-6)
            expectClose(fling.duration, min(2, Double(Float(v) / 2300)), tolerance: 1e-6)
        }
        // Uncapped, the distance is v²/(2a): 2,500²/(2·2,645.6639) = 1,181.18 px in 1.087 s;
        // the other way alike.
        let fling = engine.fling(from: engineMid, velocity: -2500, range: engineRange, viewportExtent: 600)
        expectClose(fling.restPosition, engineMid - 1181.178, tolerance: 1e-2)
    }

    @Test func theBoundFollowsTheViewport() {
        // 5,000 px/s: 4,724.7 px, or 3 viewports when that is less.
        for (viewport, distance) in [(600.0, 1800.0), (800, 2400), (1080, 3240), (2000, 4724.712)] {
            let bounded = engine.fling(from: engineMid, velocity: 5000, range: engineRange, viewportExtent: viewport)
            expectClose(bounded.restPosition - engineMid, distance, tolerance: 1e-2)
        }
    }

    @Test func stopsAtEitherEdge() {
        for (start, v, edge) in [(1000.0, -5000.0, 0.0), (99_000, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: engineViewport)
            #expect(fling.restPosition == edge)
            #expect(fling.duration < 2)
            #expect(fling.position(at: fling.duration - 0.001) != edge)
            #expect(fling.position(at: fling.duration) == edge)
        }
    }
}

// MARK: - GTK (gtkkineticscrolling.c)

@Suite struct GTKEngineTests {
    let engine = ScrollEngine(.gtk)

    // x(t) − x0 = (v0/4)·(1 − e^(−4t)): t = 0.25: 1250·(1 − e^−1) = 1250·0.6321206 = 790.151;
    // t = 1: 1250·(1 − e^−4) = 1250·0.9816844 = 1,227.105.
    @Test(arguments: [(0.1, 412.09994), (0.25, 790.15070), (0.5, 1080.83090), (1.0, 1227.10545)])
    func deceleratingPositions(t: Double, distance: Double) {
        expectClose(engine.fling5000().position(at: t) - engineMid, distance, tolerance: 1e-5)
    }

    @Test func endsOnTheFirstFrameWhoseStepIsUnderAPixelRoundedToAPixel() {
        // gtkkineticscrolling.c ends a deceleration on the first tick whose step moves less
        // than 1 px (or whose speed is under 1). At 60 fps a step is
        // 1250·e^(−4t)·(e^(4/60) − 1) = 86.14·e^(−4t): under 1 px from t = ln 86.14/4 = 1.1133 s,
        // frame 67 (1.11667 s), where x = 51,235.643 rounds to 51,236 (the speed there is still
        // 57.4 px/s).
        let fling = engine.fling5000()
        expectClose(fling.position(at: 1.1), engineMid + 1250 - 1250 * Double.exp(-4 * 1.1), tolerance: 1e-9)
        expectClose(fling.position(at: 66.0 / 60), engineMid + 1250 - 1250 * Double.exp(-4 * 66.0 / 60), tolerance: 1e-9)
        expectClose(fling.duration, 67.0 / 60, tolerance: 1e-12)
        #expect(fling.position(at: 67.0 / 60) == 51_236)
        #expect(fling.restPosition == 51_236)
        // At 144 fps the steps are shorter (e^(4/144) − 1 = 0.02817): frame 129 (0.89583 s),
        // where 51,215.271 rounds to 51,215.
        let fast = ScrollEngine.gtk(GTKScrollEngine(frameInterval: 1.0 / 144)).fling5000()
        expectClose(fast.duration, 129.0 / 144, tolerance: 1e-12)
        #expect(fast.restPosition == 51_215)
        // A slow fling: at 3 px/s the first frame's step (0.048 px) does not end it, as the
        // source compares steps from the second tick on (last_time ≠ 0), and its speed there,
        // 2.81 px/s, is over 1; the second frame's step, 0.045 px, ends it at 2/60 s.
        let slow = engine.fling(from: 100.4, velocity: 3, range: engineRange, viewportExtent: engineViewport)
        expectClose(slow.duration, 2.0 / 60, tolerance: 1e-12)
    }

    @Test func theContentStopsAtTheTopWhileTheIndicatorOvershootsAndIsCapped() {
        // From 500 at −5,000 the value crosses 0 at −ln(0.6)/4 = 0.1277064 s; the next frame
        // (60 fps) is 8/60 = 0.1333333 s, at x = 500 − 1250·(1 − e^−0.5333) = −16.692 and
        // v = −2,933.23: overshoot c1 = −16.692, c2 = −2933.23 − 166.92. On frame 9 (0.15 s)
        // e = e^(−1/6)·(c1 + c2/60) = −57.87, beyond lower − 50 = −50: clamped and restarted from
        // rest, −50·e^(−10τ)(1 + 10τ), under 0.1 px on frame 60 (1 s).
        let fling = engine.fling(from: 500, velocity: -5000, range: engineRange, viewportExtent: engineViewport)
        #expect(fling.position(at: 0.13) == 0)
        expectClose(fling.overshoot(at: 8.0 / 60), -16.692226, tolerance: 1e-6)
        expectClose(fling.overshoot(at: 9.0 / 60), -50, tolerance: 1e-9)
        expectClose(fling.overshoot(at: 9.0 / 60 + 0.1), -50 * Double.exp(-1) * 2, tolerance: 1e-9)
        expectClose(fling.duration, 1, tolerance: 1e-12)
        #expect(fling.overshoot(at: 1) == 0 && fling.restPosition == 0)
        #expect(fling.velocity(at: 0.2) == 0, "the content rests on the edge")
    }

    @Test func atTheBottomTheCapIsNeverReached() {
        // The source compares the excursion (from the edge) with upper + 50 = 100,050: the
        // bottom overshoot is uncapped. c1 = 16.692, c2 = 3100.15: it peaks at τ = 0.1 − c1/c2 =
        // 0.0946 s, e = 310.0·e^−0.946 = 120 px, drawn at most 100 px deep; done at frame 71.
        let fling = engine.fling(from: 99_500, velocity: 5000, range: engineRange, viewportExtent: engineViewport)
        #expect(fling.position(at: 0.2) == 100_000)
        expectClose(fling.overshoot(at: 0.15), 57.866717, tolerance: 1e-5)
        #expect(fling.overshoot(at: 0.2) == 100)
        expectClose(fling.duration, 71.0 / 60, tolerance: 1e-12)
    }

    @Test func theIndicatorDependsOnTheFrameRate() {
        // GTK decides on frames: at 144 fps the crossing is seen at 19/144 s (e = −12.61) and the
        // cap on frame 22 (0.1528 s) instead of 0.15 s.
        let fling = ScrollEngine.gtk(GTKScrollEngine(frameInterval: 1.0 / 144))
            .fling(from: 500, velocity: -5000, range: engineRange, viewportExtent: engineViewport)
        expectClose(fling.overshoot(at: 19.0 / 144), -12.606956, tolerance: 1e-6)
        expectClose(fling.overshoot(at: 21.0 / 144), -48.150021, tolerance: 1e-6)
        expectClose(fling.overshoot(at: 22.0 / 144), -50, tolerance: 1e-9)
    }

    @Test func dragsMoveTheUnclampedValueUpTo100PastTheEdge() {
        var drag = engine.beginDrag(at: 20, range: engineRange, viewportExtent: engineViewport)
        drag = engine.drag(drag, by: -70, range: engineRange, viewportExtent: engineViewport)
        #expect(drag.position == 0 && drag.overshoot == -50)
        drag = engine.drag(drag, by: -500, range: engineRange, viewportExtent: engineViewport)
        #expect(drag.position == 0 && drag.overshoot == -100 && drag.enginePosition == -100)
        // Released at rest from −100: the first frame's excursion −100·e^(−1/6)(1 + 1/6) = −98.8
        // is beyond −50, so it is capped there and returns from rest.
        let back = engine.release(from: drag.enginePosition, velocity: 0, range: engineRange, viewportExtent: engineViewport)
        #expect(back.position(at: 0) == 0)
        expectClose(back.overshoot(at: 1.0 / 60), -50, tolerance: 1e-9)
        #expect(back.restPosition == 0)
    }

    @Test func accumulatedVelocity() {
        let e = GTKScrollEngine()
        // m = (1000 − 330)/(1000 − 330) = 1: 1000 + 1000.
        #expect(e.accumulatedVelocity(1000, running: 1000) == 2000)
        // m = (500 − 330)/670 = 0.2537313: 500 + 253.73.
        expectClose(e.accumulatedVelocity(500, running: 1000), 753.7313, tolerance: 1e-4)
        // m capped at 6.
        #expect(e.accumulatedVelocity(10_000, running: 1000) == 16_000)
        #expect(e.accumulatedVelocity(200, running: 1000) == 200)
        #expect(e.accumulatedVelocity(-1000, running: 1000) == -1000)
    }
}
