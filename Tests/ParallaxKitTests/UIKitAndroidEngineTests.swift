import ParallaxKit
import RealModule
import Testing

// MARK: - UIKit

@Suite struct UIKitEngineTests {
    let engine = ScrollEngine(.uikit)

    @Test(arguments: [0.1, 0.5, 1.0, 2.0])
    func isTodaysFlingUnchanged(t: Double) {
        let fling = engine.fling5000()
        let today = BouncingFlingSimulation(start: engineMid, velocity: 5000, rate: .normal, range: engineRange,
                                            band: RubberBand(dimension: engineViewport))
        #expect(fling.position(at: t) == today.position(at: t))
        #expect(fling.velocity(at: t) == today.velocity(at: t))
    }

    // x(t) = x0 + 5000·(0.998^(1000t) − 1)/(1000·ln 0.998), 1000·ln 0.998 = −2.0020027:
    // t = 0.5: 0.998^500 = e^−1.0010013 = 0.3675112, x − x0 = 5000·0.6324888/2.0020027 = 1,579.6;
    // t = 1: 0.998^1000 = 0.1350645, x − x0 = 5000·0.8649355/2.0020027 = 2,160.2.
    @Test(arguments: [(0.5, 1579.6), (1.0, 2160.2)])
    func handWorkedPositions(t: Double, distance: Double) {
        expectClose(engine.fling5000().position(at: t) - engineMid, distance, tolerance: 0.1)
    }

    @Test func bouncesAtBothEnds() {
        // From 500 at −5,000 pt/s the coast crosses 0 and the spring brings the content back to
        // it from past the edge; symmetrically at the bottom.
        for (start, v, edge) in [(500.0, -5000.0, 0.0), (99_500, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: engineViewport)
            guard case .uikit(let sim) = fling, let crossing = sim.crossing else {
                Issue.record("no crossing")
                return
            }
            // 0.998^(1000t) = 1 − 500·2.0020027/5000 = 0.7997997: t = ln(0.7997997)/−2.0020027 = 0.111585 s.
            expectClose(crossing.time, 0.111585, tolerance: 1e-6)
            expectClose(fling.position(at: crossing.time), edge, tolerance: 1e-6)
            let past = fling.position(at: crossing.time + 0.1) - edge
            #expect(past * v > 0 && abs(past) < engineViewport, "past the edge, less than the engineViewport")
            #expect(fling.restPosition == edge)
            expectClose(fling.position(at: fling.duration), edge, tolerance: 0.5)
        }
    }

    @Test func rubberBandWhileDraggingAndSpringBackOnRelease() {
        var drag = engine.beginDrag(at: 0, range: engineRange, viewportExtent: engineViewport)
        drag = engine.drag(drag, by: -100, range: engineRange, viewportExtent: engineViewport)
        // (1 − 1/(100·0.55/800 + 1))·800 = 51.461988 pt of a 100 pt pull.
        expectClose(drag.position, -51.461988, tolerance: 1e-6)
        // Path-independent: the band is a function of the whole pull.
        var twice = engine.beginDrag(at: 0, range: engineRange, viewportExtent: engineViewport)
        twice = engine.drag(twice, by: -40, range: engineRange, viewportExtent: engineViewport)
        twice = engine.drag(twice, by: -60, range: engineRange, viewportExtent: engineViewport)
        #expect(twice.position == drag.position)
        let back = engine.release(from: drag.position, velocity: 0, range: engineRange, viewportExtent: engineViewport)
        #expect(back.restPosition == 0)
        expectClose(back.position(at: 0), drag.position, tolerance: 1e-9)
        expectClose(back.position(at: back.duration), 0, tolerance: 0.5)
    }
}

// MARK: - Android (OverScroller, RecyclerView)

@Suite struct AndroidEngineTests {
    let engine = ScrollEngine(.android)

    @Test func theSplineTableIsTheSourcesFloatTable() {
        let p = AndroidSpline.positions
        #expect(p.count == 101)
        // The halving stops within 10⁻⁵ of α = 0, so the first entry is not 0 but
        // 2.288818359375e-05 (= 3·2⁻¹⁷·… in float); the last is 1.
        #expect(p[0] == 2.288818359375e-05)
        #expect(p[100] == 1)
        #expect(Float(p[10]) == Float(0.27400246262550354))
        #expect(Float(p[50]) == Float(0.8584111928939819))
        #expect(zip(p, p.dropFirst()).allSatisfy { $0 < $1 }, "increasing")
    }

    @Test func distanceAndDurationFromVelocity() {
        // coeff = 9.80665·39.37·160·0.84 = 51,890.199 (float); 0.015·coeff = 778.35297;
        // l = ln(0.35·5000/778.35297) = ln 2.2483307 = 0.8101891; r = ln 0.78/ln 0.9 = 2.3582017.
        // distance = 778.35297·e^(0.8101891·2.3582017/1.3582017) = 778.35297·e^1.4067037 = 3,177.622;
        // duration = e^(0.8101891/1.3582017) = e^0.5965156 = 1.815784 s.
        let android = AndroidScrollEngine()
        expectClose(AndroidSpline.physicalCoefficient, 51_890.19921875, tolerance: 0)
        expectClose(android.flingDistance(velocity: 5000), 3177.622, tolerance: 1e-3)
        expectClose(android.flingDuration(velocity: 5000), 1.815784, tolerance: 1e-6)
    }

    // The offset is the distance times SPLINE_POSITION interpolated at u = t/1.815784. At t = 0.5:
    // u = 0.2753631, between samples 27 (0.6151940) and 28 (0.6301165):
    // 0.6151940 + 0.0053631·100·0.0149225 = 0.6231971, × 3,177.622 = 1,980.285.
    @Test(arguments: [(0.1, 493.277), (0.25, 1159.395), (0.5, 1980.285), (1.0, 2830.409), (1.5, 3135.356)])
    func positionsFollowTheSpline(t: Double, distance: Double) {
        let fling = engine.fling5000()
        expectClose(fling.position(at: t) - engineMid, distance, tolerance: 1e-3)
        // And exactly the table's interpolation.
        let u = t / 1.8157840817707227
        let i = Int(100 * u)
        let p = AndroidSpline.positions
        let coef = p[i] + (u - Double(i) / 100) * (p[i + 1] - p[i]) * 100
        expectClose(fling.position(at: t) - engineMid, coef * 3177.622088984182, tolerance: 1e-6)
    }

    @Test func stopsDeadAtEitherEdge() {
        // From 1,000 at −5,000 pt/s the spline covers 1000/3177.622 = 0.3147007 of its distance
        // between samples 11 and 12, at u = 0.1164574: t = 0.211461 s. RecyclerView's frame there
        // scrolls less than asked and ends the fling (the rest goes to the EdgeEffect).
        for (start, v, edge) in [(1000.0, -5000.0, 0.0), (99_000, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: engineViewport)
            expectClose(fling.duration, 0.211461, tolerance: 1e-6)
            #expect(abs(fling.position(at: 0.2) - edge) > 10)
            #expect(abs(fling.velocity(at: 0.2)) > 1000, "still fast when it hits")
            #expect(fling.position(at: 0.211462) == edge)
            #expect(fling.velocity(at: 0.3) == 0)
            #expect(fling.restPosition == edge)
        }
    }

    @Test func dragsStopAtTheEdgeAndComeBackAtOnce() {
        var drag = engine.beginDrag(at: 30, range: engineRange, viewportExtent: engineViewport)
        drag = engine.drag(drag, by: -100, range: engineRange, viewportExtent: engineViewport)
        #expect(drag.position == 0)
        drag = engine.drag(drag, by: 10, range: engineRange, viewportExtent: engineViewport)
        #expect(drag.position == 10, "no slack to take up: the glow was drawing, not offset")
    }

    @Test func springBackFromOutsideIsOverScrollersCubic() {
        // springBack from −50: √(2·50/2000) = 0.2236068 s along 3u² − 2u³; at half time −25.
        let back = engine.release(from: -50, velocity: 3000, range: engineRange, viewportExtent: engineViewport)
        expectClose(back.duration, 0.2236068, tolerance: 1e-7)
        expectClose(back.position(at: back.duration / 2), -25, tolerance: 1e-9)
        #expect(back.position(at: 0.3) == 0)
    }

    @Test func recyclerViewsFlingVelocity() {
        #expect(engine.releaseVelocity(49) == 0)
        #expect(engine.releaseVelocity(-50) == -50)
        #expect(engine.releaseVelocity(9000) == 8000)
        #expect(engine.releaseVelocity(-9000) == -8000)
    }
}
