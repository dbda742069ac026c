import ParallaxKit
import RealModule
import Testing

// MARK: - Flutter iOS (BouncingScrollPhysics)

@Suite struct FlutterIOSEngineTests {
    let engine = ScrollEngine(.flutterIOS)

    // x(t) − x0 = 5000·(0.135^t − 1)/ln 0.135, ln 0.135 = −2.0024805: t = 0.25: 0.135^0.25 =
    // 0.6061547, 5000·0.3938453/2.0024805 = 983.394; t = 1: 5000·0.865/2.0024805 = 2,159.821.
    @Test(arguments: [(0.1, 453.1188), (0.25, 983.3937), (0.5, 1579.4824), (1.0, 2159.8213)])
    func frictionPositions(t: Double, distance: Double) {
        let fling = engine.fling5000()
        expectClose(fling.position(at: t) - engineMid, distance, tolerance: 1e-4)
        expectClose(fling.velocity(at: t), 5000 * Double.pow(0.135, t), tolerance: 1e-9)
    }

    @Test func endsWhenSlowerThanTheTolerance() {
        // 20 px/s at t = ln(20/5000)/ln 0.135 = −5.5214609/−2.0024805 = 2.7573107 s, at
        // 2,496.903 − 20/2.0024805 = 2,486.916 pt; it moves no further.
        let fling = engine.fling5000()
        expectClose(fling.duration, 2.7573107, tolerance: 1e-6)
        expectClose(fling.position(at: 2.7573107) - engineMid, 2486.916, tolerance: 1e-3)
        #expect(fling.position(at: 4) == fling.restPosition)
        // Under 20 px/s in range there is no ballistic simulation at all.
        #expect(engine.fling(from: engineMid, velocity: 19.9, range: engineRange, viewportExtent: engineViewport).restPosition == engineMid)
    }

    @Test func theSpringTakesOverWhereTheFrictionCrossesAnEdge() {
        // From 1,000 at −5,000: timeAtX(0) = ln(−2.0024805·(−1000)/(−5000) + 1)/−2.0024805
        // = ln 0.5995039/−2.0024805 = 0.2555095 s; the velocity there is −5000 + 2.0024805·1000 =
        // −2,997.52 px/s. The spring (m 0.5, k 100, ζ 1.1: roots −9.0756085 and −22.0370899)
        // from the edge: e(τ) = B·(e^(r2τ) − e^(r1τ)), B = −2997.52/(r2 − r1) = 231.27;
        // peak at τ = ln(r2/r1)/(r2 − r1) = 0.068444 s, −73.09 px.
        let top = engine.fling(from: 1000, velocity: -5000, range: engineRange, viewportExtent: engineViewport)
        let t0 = 0.2555095039162715
        expectClose(top.position(at: t0), 0, tolerance: 1e-9)
        for (tau, e) in [(0.05, -70.065451), (0.068444, -73.086370), (0.1, -67.786680), (0.2, -34.835588)] {
            expectClose(top.position(at: t0 + tau), e, tolerance: 1e-5)
        }
        // Done within 1 px and 20 px/s of the edge, τ = 0.59976 s, where it snaps to the edge.
        expectClose(top.duration, t0 + 0.59976, tolerance: 1e-4)
        #expect(top.position(at: top.duration) == 0)
        #expect(top.position(at: top.duration - 0.01) < -0.9)

        // The bottom edge at the same speed mirrors it.
        let bottom = engine.fling(from: 99_000, velocity: 5000, range: engineRange, viewportExtent: engineViewport)
        expectClose(bottom.position(at: t0 + 0.068444), 100_000 + 73.086370, tolerance: 1e-5)
    }

    @Test func theTransferCapAppliesTowardsTheTrailingEdgeOnly() {
        // At ±8,000 the crossing comes at ±5,997.52 px/s. The source caps it with
        // min(v, 5000): towards the trailing edge 5,000 (peak 121.91 px), towards the leading
        // edge not at all (peak −146.23 px).
        let t0 = 0.1438693533400752
        let top = engine.fling(from: 1000, velocity: -8000, range: engineRange, viewportExtent: engineViewport)
        let bottom = engine.fling(from: 99_000, velocity: 8000, range: engineRange, viewportExtent: engineViewport)
        expectClose(top.position(at: t0 + 0.068444), -146.233220, tolerance: 1e-5)
        expectClose(bottom.position(at: t0 + 0.068444) - 100_000, 121.911417, tolerance: 1e-5)
    }

    @Test func frictionOnDragDeltasPastTheEdge() {
        let e = FlutterIOSScrollEngine()
        // 10 px past the top of an 800 px engineViewport, pulling 4 px further: 0.52·(1 − 10/800)² =
        // 0.5070813, so 2.028325 px; easing back 4 px: 0.52·(1 − 6/800)² = 0.5122293: 2.048917.
        expectClose(e.resistedDelta(-4, at: -10, range: engineRange, viewportExtent: engineViewport), -2.028325, tolerance: 1e-9)
        expectClose(e.resistedDelta(4, at: -10, range: engineRange, viewportExtent: engineViewport), 2.048917, tolerance: 1e-9)
        // Inside the range a delta passes whole, even one that ends past the edge.
        #expect(e.resistedDelta(-30, at: 10, range: engineRange, viewportExtent: engineViewport) == -30)
        // Applied delta by delta, so the path matters: 1 + 40 steps of −1 against 1 + one of −40.
        var fine = engine.beginDrag(at: 0, range: engineRange, viewportExtent: engineViewport)
        var coarse = fine
        fine = engine.drag(fine, by: -1, range: engineRange, viewportExtent: engineViewport)
        coarse = engine.drag(coarse, by: -1, range: engineRange, viewportExtent: engineViewport)
        for _ in 0..<40 { fine = engine.drag(fine, by: -1, range: engineRange, viewportExtent: engineViewport) }
        coarse = engine.drag(coarse, by: -40, range: engineRange, viewportExtent: engineViewport)
        #expect(fine.raw == coarse.raw)
        #expect(abs(fine.position - coarse.position) > 0.1, "\(fine.position) vs \(coarse.position)")
        #expect(fine.position < 0 && fine.position > -41 * 0.52)
    }

    @Test func releasedPastTheEdgeTheSpringBringsItBack() {
        // From −60 at rest: e(τ) = −60·(r2·e^(r1τ) − r1·e^(r2τ))/(r2 − r1).
        let back = engine.release(from: -60, velocity: 0, range: engineRange, viewportExtent: engineViewport)
        expectClose(back.position(at: 0.1), -36.524724, tolerance: 1e-6)
        expectClose(back.position(at: 0.2), -16.097401, tolerance: 1e-6)
        expectClose(back.duration, 0.50956, tolerance: 1e-4)
        #expect(back.position(at: 0.51) == 0)
    }

    @Test func flingVelocityAndCarriedMomentum() {
        let e = FlutterIOSScrollEngine()
        #expect(e.releaseVelocity(100) == 0)
        #expect(e.releaseVelocity(101) == 101)
        #expect(e.releaseVelocity(-9000) == -8000)
        // 0.000816·1000^1.967 = 0.000816·e^(1.967·6.9077553) = 649.666 px/s.
        expectClose(e.carriedMomentum(1000), 649.666, tolerance: 1e-3)
        expectClose(e.carriedMomentum(-1000), -649.666, tolerance: 1e-3)
        #expect(e.carriedMomentum(1e6) == 40000)
        #expect(e.releaseVelocity(3000, carrying: 2000) == 5000)
        #expect(e.releaseVelocity(900, carrying: 2000) == 900, "under half the carried momentum")
        #expect(e.releaseVelocity(-3000, carrying: 2000) == -3000, "the other way")
    }
}

// MARK: - Flutter Android (ClampingScrollPhysics)

@Suite struct FlutterAndroidEngineTests {
    let engine = ScrollEngine(.flutterAndroid)

    // v_ref = 0.015·51,890.2/0.35 = 2,223.866 px/s; T_android = (5000/2223.866)^(1/1.3582017) =
    // 1.815784 s; T = 2.3582017·0.35·1.815784 = 1.498695 s; D = 5000·1.498695/2.3582017 =
    // 3,177.622. x(0.25) = D·(1 − (1 − 0.25/1.498695)^2.3582017) = D·(1 − 0.8331912^2.3582) =
    // D·0.3497293 = 1,111.298.
    @Test(arguments: [(0.1, 477.52607), (0.25, 1111.29774), (0.5, 1957.51632), (1.0, 2940.39250)])
    func closedFormPositions(t: Double, distance: Double) {
        let fling = engine.fling5000()
        expectClose(fling.position(at: t) - engineMid, distance, tolerance: 1e-4)
    }

    @Test func travelsAndroidsDistanceSoonerFromTheReleaseVelocity() {
        let fling = engine.fling5000()
        let android = ScrollEngine(.android).fling5000()
        // Android's distance to the float rounding of its constants (2·10⁻⁴ pt)…
        expectClose(fling.restPosition, android.restPosition, tolerance: 1e-3)
        // …in 0.825 of its time, starting at exactly the velocity it was given.
        expectClose(fling.duration / android.duration, 2.3582017 * 0.35, tolerance: 1e-6)
        expectClose(fling.velocity(at: 0), 5000, tolerance: 1e-9)
    }

    @Test func stopsAtEitherEdge() {
        // From 1,000 at −5,000: 1 − (1 − u)^r = 1000/3177.622 ⇒ u = 1 − 0.6852993^(1/2.3582017)
        // = 0.1480683, t = 0.2219094 s. x(0.1) = 1000 − D·(1 − (1 − 0.0667248)^r) = 522.474.
        let top = engine.fling(from: 1000, velocity: -5000, range: engineRange, viewportExtent: engineViewport)
        expectClose(top.duration, 0.2219094, tolerance: 1e-6)
        expectClose(top.position(at: 0.1), 522.47393, tolerance: 1e-4)
        #expect(top.position(at: 0.222) == 0)
        let bottom = engine.fling(from: 99_000, velocity: 5000, range: engineRange, viewportExtent: engineViewport)
        expectClose(bottom.duration, 0.2219094, tolerance: 1e-6)
        #expect(bottom.restPosition == 100_000)
        // No fling towards an edge it stands on, nor under 20 px/s.
        #expect(engine.fling(from: 0, velocity: -3000, range: engineRange, viewportExtent: engineViewport).duration == 0)
        #expect(engine.fling(from: engineMid, velocity: 19, range: engineRange, viewportExtent: engineViewport).duration == 0)
    }

    @Test func pastAnEdgeItSpringsBackWithMinZeroV() {
        // ScrollSpringSimulation(spring, pixels, end, min(0, v)): from −60 an outward −500 is
        // kept, an inward +500 becomes 0 (the spring from rest, as the release test above).
        let outward = engine.release(from: -60, velocity: -500, range: engineRange, viewportExtent: engineViewport)
        let inward = engine.release(from: -60, velocity: 500, range: engineRange, viewportExtent: engineViewport)
        expectClose(inward.position(at: 0.1), -36.524724, tolerance: 1e-6)
        #expect(outward.position(at: 0.05) < -60)
        #expect(outward.restPosition == 0 && inward.restPosition == 0)
        #expect(engine.releaseVelocity(50) == 0 && engine.releaseVelocity(51) == 51 && engine.releaseVelocity(1e5) == 8000)
    }
}

// MARK: - Flutter's own unit tests

/// The figures of Flutter's tests of its two scroll simulations (flutter/flutter
/// packages/flutter/test/widgets/scroll_simulation_test.dart and test/physics/newton_test.dart),
/// where they test the constants the engines run with.
@Suite struct FlutterSourceTestFigures {
    /// scroll_simulation_test.dart, "ClampingScrollSimulation has a stable initial
    /// conditions" (moreOrLessEquals: within 1e-10) and "... velocity eventually reaches zero".
    @Test(arguments: [
        (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634), (-156.2, 1541.57665),
        (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093), (5469.0, 182.114534),
    ])
    func clampingScrollSimulationStartsWhereAndAsFastAsItIsToldAndStops(position: Double, velocity: Double) {
        let fling = FlutterClampingFling(start: position, velocity: velocity, lower: -1e9, upper: 1e9)
        expectClose(fling.position(at: 0), position, tolerance: 1e-10)
        expectClose(fling.velocity(at: 0), velocity, tolerance: 1e-10)
        #expect(fling.velocity(at: 10) == 0)
        // The test's second list starts its first entry at 2,000 px/s.
        #expect(FlutterClampingFling(start: 51, velocity: 2000, lower: -1e9, upper: 1e9).velocity(at: 10) == 0)
    }

    /// newton_test.dart, "scroll_with_inf_edge_ends": friction 0.135 from 100 at 400 px/s;
    /// x(1) = 272 and dx(1) = 54, each within 1. (Its later figures, dx(2) = 7 and x(5) = 300,
    /// are for a velocity tolerance of 1 px/s; the engine's is the scroll physics' 20 px/s, at
    /// which the friction ends 10 px sooner, so they are not this engine's.)
    @Test func bouncingScrollSimulationsFriction() {
        let fling = FlutterBouncingFling(start: 100, velocity: 400, lower: 0, upper: 1e9)
        #expect(fling.position(at: 0) == 100 && fling.velocity(at: 0) == 400)
        expectClose(fling.position(at: 1), 272, tolerance: 1)
        expectClose(fling.velocity(at: 1), 54, tolerance: 1)
        #expect(!fling.isDone(at: 0))
    }

    /// newton_test.dart, "over/under scroll spring": from 500 at −7,500 px/s towards an edge at 0,
    /// x(0.065) = 42 and dx(0.065) = −6,584, each within 1 (the friction, before the edge; the
    /// test's spring after it is stiffer than the scroll physics' own, so its later figures are
    /// not this engine's).
    @Test func bouncingScrollSimulationBeforeTheEdge() {
        let fling = FlutterBouncingFling(start: 500, velocity: -7500, lower: 0, upper: 1000)
        expectClose(fling.position(at: 0), 500, tolerance: 1e-10)
        expectClose(fling.velocity(at: 0), -7500, tolerance: 1e-10)
        expectClose(fling.position(at: 0.065), 42, tolerance: 1)
        expectClose(fling.velocity(at: 0.065), -6584, tolerance: 1)
        #expect(!fling.isDone(at: 0.065) && !fling.isDone(at: 0.1))
    }
}
