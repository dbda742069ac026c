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

// MARK: - GTK (gtkkineticscrolling.c)

@Suite struct GTKEngineTests {
    let engine = ScrollEngine(.gtk)

    // x(t) − x0 = (v0/4)·(1 − e^(−4t)): t = 0.25: 1250·(1 − e^−1) = 1250·0.6321206 = 790.151;
    // t = 1: 1250·(1 − e^−4) = 1250·0.9816844 = 1,227.105.
    @Test(arguments: [(0.1, 412.09994), (0.25, 790.15070), (0.5, 1080.83090), (1.0, 1227.10545)])
    func deceleratingPositions(t: Double, distance: Double) {
        expectClose(engine.fling5000().position(at: t) - engineMid, distance, tolerance: 1e-5)
    }

    @Test func endsOnAFrameRoundedToAPixel() {
        // |v| < 0.1 after ln(50000)/4 = 2.7049446 s; at 60 fps the next frame is 163/60 =
        // 2.7166667 s, where x = 51,249.976, rounded to 51,250.
        let fling = engine.fling5000()
        expectClose(fling.position(at: 2.71), engineMid + 1250 - 1250 * Double.exp(-4 * 2.71), tolerance: 1e-9)
        #expect(fling.position(at: 163.0 / 60) == 51_250)
        // At 144 fps: frame 390, 2.7083333 s.
        let fast = ScrollEngine.gtk(GTKScrollEngine(frameInterval: 1.0 / 144)).fling5000()
        expectClose(fast.duration, 390.0 / 144, tolerance: 1e-12)
        #expect(fast.restPosition == 51_250)
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
