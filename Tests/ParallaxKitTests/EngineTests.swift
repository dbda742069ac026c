import ParallaxKit
import RealModule
import Testing

// The platforms' scroll engines (Sources/ParallaxKit/Physics/Engines). Each fling of 5,000 pt/s
// starts mid-list (range 0…100,000, far from both edges) unless it tests an edge; the hand
// computations are in the comments, the sources' constants in the engines' doc comments.

/// A range whose edges a 5,000 pt/s fling from `mid` never reaches.
private let engineRange = 0.0...100_000
private let mid = 50_000.0
private let viewport = 800.0

private extension ScrollEngine {
    func fling5000(from start: Double = mid) -> EngineFling {
        fling(from: start, velocity: 5000, range: engineRange, viewportExtent: viewport)
    }
}

@Suite struct EngineNameTests {
    @Test func namesAreTheOptionsSpelling() {
        #expect(ScrollEngineName.allCases.map(\.rawValue) == ["uikit", "android", "flutter-ios", "flutter-android", "chromium", "gtk"])
        for name in ScrollEngineName.allCases {
            #expect(ScrollEngineName(name: name.rawValue) == name)
            #expect(name.engine.name == name)
            #expect(!name.source.isEmpty)
        }
    }

    @Test func composeIsAnotherNameForAndroid() {
        // SplineBasedDecay's FlingCalculator and AndroidFlingSpline have OverScroller's constants
        // and table; see AndroidScrollEngine.
        #expect(ScrollEngineName(name: "compose") == .android)
        #expect(ScrollEngineName(name: "Compose") == nil)
        #expect(ScrollEngineName(name: "ios") == nil)
    }

    @Test func everyValueIsPlainData() {
        // No references anywhere: copying or evaluating one allocates nothing and retains nothing.
        #expect(_isPOD(EngineFling.self))
        #expect(_isPOD(ScrollEngine.self))
        #expect(_isPOD(EngineDrag.self))
        #expect(_isPOD(AndroidFling.self) && _isPOD(AndroidSpringBack.self))
        #expect(_isPOD(FlutterBouncingFling.self) && _isPOD(FlutterClampingFling.self) && _isPOD(FlutterScrollSpring.self))
        #expect(_isPOD(ChromiumFling.self) && _isPOD(GTKFling.self))
        #expect(MemoryLayout<EngineFling>.size <= 192, "\(MemoryLayout<EngineFling>.size) bytes")
    }
}

// MARK: - The worked numbers for 5,000 pt/s, every engine

/// Distance, time to rest, as each source gives them for 5,000 pt/s (see the suites below).
@Suite struct EngineWorkedNumberTests {
    @Test(arguments: [
        // UIKit: 5000/(1000·−ln 0.998) = 5000/2.0020027 = 2,497.50 pt; done when 0.5 pt remain:
        // ln(0.5/2497.5)/−2.0020027 = 4.2538 s. (DESIGN.md's 2,495 is the per-millisecond sum
        // 5·0.998/(1 − 0.998) of a stepped coast; the closed form's integral is 2.5 pt longer.)
        (ScrollEngineName.uikit, 2497.499, 4.25384),
        // Android: 3,177.62 pt over 1,815.78 ms (Java truncates to 3,177 px and 1,815 ms).
        (.android, 3177.622, 1.815784),
        // Flutter iOS: the asymptote is 5000/−ln 0.135 = 2,496.90 pt, but the friction ends when
        // |v| < 20 px/s, ln(20/5000)/ln 0.135 = 2.75731 s, 20/2.00248 = 9.99 pt before it:
        // 2,486.92 pt.
        (.flutterIOS, 2486.916, 2.757311),
        // Flutter Android: Android's distance in 0.825 of Android's time: 1.498695 s.
        (.flutterAndroid, 3177.622, 1.498695),
        // Chromium: x(T) − x(t0) = 5437.515 − 4244.381 = 1,193.13 px in T − t0 = 0.91987 s.
        (.chromium, 1193.134, 0.919870),
        // GTK: 5000/4 = 1,250 px, ended on the first frame (60 fps) after ln(5000/0.1)/4 =
        // 2.70494 s: frame 163, 2.71667 s, where 51,249.976 rounds to 51,250.
        (.gtk, 1250, 163.0 / 60),
    ])
    func flingOf5000(name: ScrollEngineName, distance: Double, time: Double) {
        let fling = name.engine.fling5000()
        expectClose(fling.restPosition - mid, distance, tolerance: 1e-3, "\(name) distance")
        expectClose(fling.duration, time, tolerance: 1e-5, "\(name) time to rest")
        #expect(fling.isDone(at: fling.duration) && !fling.isDone(at: fling.duration - 0.01))
        // UIKit's coast approaches its rest without reaching it (done within 0.5 pt); the others
        // stand on it.
        expectClose(fling.position(at: fling.duration + 5), fling.restPosition, tolerance: name == .uikit ? 0.5 : 0)
    }
}

// MARK: - Every engine alike

@Suite struct EngineCommonTests {
    static let names = ScrollEngineName.allCases

    @Test(arguments: names)
    func aZeroFlingRestsWhereItStarts(name: ScrollEngineName) {
        // Between pixels too: GTK makes no kinetic scrolling for a release at rest (so rounds
        // nothing).
        let fling = name.engine.fling(from: 1234.4, velocity: 0, range: engineRange, viewportExtent: viewport)
        #expect(fling.restPosition == 1234.4)
        for t in [0.0, 0.1, 1, 10] {
            #expect(fling.position(at: t) == 1234.4)
            #expect(fling.velocity(at: t) == 0)
        }
        #expect(fling.isDone(at: 0.1))
    }

    @Test(arguments: names, [1e-9, 0.05, 1, 19.9, 20, 51])
    func tinyFlingsMoveLittleForwardAndStop(name: ScrollEngineName, speed: Double) {
        for sign in [1.0, -1.0] {
            let fling = name.engine.fling(from: 1234, velocity: sign * speed, range: engineRange, viewportExtent: viewport)
            var last = 1234.0
            for i in 0...200 {
                let x = fling.position(at: Double(i) * 0.01)
                #expect(x.isFinite)
                #expect((x - last) * sign >= -1e-9 || name == .gtk, "moves one way only")
                last = x
            }
            // Under a second of travel at that speed, and (GTK rounding to a pixel aside) the
            // same way as the throw.
            #expect(abs(fling.restPosition - 1234) <= max(speed, 0.5) + 1e-9)
            #expect(fling.isDone(at: 3))
        }
    }

    @Test(arguments: names)
    func closedFormsDoNotDependOnTheFrameRate(name: ScrollEngineName) {
        // Sampled frame by frame at 30, 60, 120 and 144 fps, every engine shows the same offset
        // at the times those rates share (k/6 s; k/fps is the same double for the same ratio).
        // GTK decides its phase changes and its end on frames, so it is built for each rate;
        // its content offset still agrees until its last frame (the rounding lands at
        // 2.7167 s at 60 fps and 2.7083 s at 144).
        var shared: [Int: [Double]] = [:]
        for fps in [30, 60, 120, 144] {
            let engine: ScrollEngine = name == .gtk ? .gtk(GTKScrollEngine(frameInterval: 1 / Double(fps))) : name.engine
            let fling = engine.fling5000()
            for frame in 0...(fps * 5) where (frame * 6) % fps == 0 {
                shared[frame * 6 / fps, default: []].append(fling.position(at: Double(frame) / Double(fps)))
            }
        }
        for (k, positions) in shared.sorted(by: { $0.key < $1.key }) {
            let t = Double(k) / 6
            if name == .gtk, t > 2.7, t < 2.75 { continue }
            #expect(Set(positions).count == 1, "\(name) at \(t) s: \(positions)")
        }
    }

    @Test(arguments: names)
    func inputsThatAreNotNumbersOrHugeNeverYieldNaN(name: ScrollEngineName) {
        let engine = name.engine
        let odd = [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0]
        for start in odd + [-50, 100_050] {
            for v in odd + [5000, -5000] {
                for extent in [Double.nan, 0, .infinity, 800] {
                    for range in [engineRange, 0...0, -Double.infinity...Double.infinity, 0...1e300] {
                        let fling = engine.fling(from: start, velocity: v, range: range, viewportExtent: extent)
                        #expect(fling.restPosition.isFinite && fling.duration.isFinite)
                        for t in [Double.nan, -1, 0, 0.016, 0.5, 3, .infinity] {
                            #expect(fling.position(at: t).isFinite, "\(name) \(start) \(v) \(extent) \(range) \(t)")
                            #expect(fling.velocity(at: t).isFinite)
                            #expect(fling.overshoot(at: t).isFinite)
                        }
                        var drag = engine.beginDrag(at: start, range: range, viewportExtent: extent)
                        drag = engine.drag(drag, by: v, range: range, viewportExtent: extent)
                        drag = engine.drag(drag, by: -1e300, range: range, viewportExtent: extent)
                        #expect(drag.position.isFinite && drag.raw.isFinite && drag.overshoot.isFinite)
                    }
                }
            }
            #expect(engine.releaseVelocity(start).isFinite)
        }
    }

    @Test(arguments: names)
    func aFlingWithinTheRangeStaysWithinIt(name: ScrollEngineName) {
        // Only the bouncing engines show content past an edge; the others stop on it.
        let bounces = name == .uikit || name == .flutterIOS
        for (start, v) in [(300.0, -8000.0), (99_700, 8000)] {
            let fling = name.engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: viewport)
            for i in 0...300 {
                let x = fling.position(at: Double(i) * 0.01)
                if !bounces { #expect(engineRange.contains(x), "\(name) at \(Double(i) * 0.01): \(x)") }
            }
            #expect(fling.restPosition == (v < 0 ? 0 : 100_000))
        }
    }
}

// MARK: - UIKit

@Suite struct UIKitEngineTests {
    let engine = ScrollEngine(.uikit)

    @Test(arguments: [0.1, 0.5, 1.0, 2.0])
    func isTodaysFlingUnchanged(t: Double) {
        let fling = engine.fling5000()
        let today = BouncingFlingSimulation(start: mid, velocity: 5000, rate: .normal, range: engineRange,
                                            band: RubberBand(dimension: viewport))
        #expect(fling.position(at: t) == today.position(at: t))
        #expect(fling.velocity(at: t) == today.velocity(at: t))
    }

    // x(t) = x0 + 5000·(0.998^(1000t) − 1)/(1000·ln 0.998), 1000·ln 0.998 = −2.0020027:
    // t = 0.5: 0.998^500 = e^−1.0010013 = 0.3675112, x − x0 = 5000·0.6324888/2.0020027 = 1,579.6;
    // t = 1: 0.998^1000 = 0.1350645, x − x0 = 5000·0.8649355/2.0020027 = 2,160.2.
    @Test(arguments: [(0.5, 1579.6), (1.0, 2160.2)])
    func handWorkedPositions(t: Double, distance: Double) {
        expectClose(engine.fling5000().position(at: t) - mid, distance, tolerance: 0.1)
    }

    @Test func bouncesAtBothEnds() {
        // From 500 at −5,000 pt/s the coast crosses 0 and the spring brings the content back to
        // it from past the edge; symmetrically at the bottom.
        for (start, v, edge) in [(500.0, -5000.0, 0.0), (99_500, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: viewport)
            guard case .uikit(let sim) = fling, let crossing = sim.crossing else {
                Issue.record("no crossing")
                return
            }
            // 0.998^(1000t) = 1 − 500·2.0020027/5000 = 0.7997997: t = ln(0.7997997)/−2.0020027 = 0.111585 s.
            expectClose(crossing.time, 0.111585, tolerance: 1e-6)
            expectClose(fling.position(at: crossing.time), edge, tolerance: 1e-6)
            let past = fling.position(at: crossing.time + 0.1) - edge
            #expect(past * v > 0 && abs(past) < viewport, "past the edge, less than the viewport")
            #expect(fling.restPosition == edge)
            expectClose(fling.position(at: fling.duration), edge, tolerance: 0.5)
        }
    }

    @Test func rubberBandWhileDraggingAndSpringBackOnRelease() {
        var drag = engine.beginDrag(at: 0, range: engineRange, viewportExtent: viewport)
        drag = engine.drag(drag, by: -100, range: engineRange, viewportExtent: viewport)
        // (1 − 1/(100·0.55/800 + 1))·800 = 51.461988 pt of a 100 pt pull.
        expectClose(drag.position, -51.461988, tolerance: 1e-6)
        // Path-independent: the band is a function of the whole pull.
        var twice = engine.beginDrag(at: 0, range: engineRange, viewportExtent: viewport)
        twice = engine.drag(twice, by: -40, range: engineRange, viewportExtent: viewport)
        twice = engine.drag(twice, by: -60, range: engineRange, viewportExtent: viewport)
        #expect(twice.position == drag.position)
        let back = engine.release(from: drag.position, velocity: 0, range: engineRange, viewportExtent: viewport)
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
        expectClose(fling.position(at: t) - mid, distance, tolerance: 1e-3)
        // And exactly the table's interpolation.
        let u = t / 1.8157840817707227
        let i = Int(100 * u)
        let p = AndroidSpline.positions
        let coef = p[i] + (u - Double(i) / 100) * (p[i + 1] - p[i]) * 100
        expectClose(fling.position(at: t) - mid, coef * 3177.622088984182, tolerance: 1e-6)
    }

    @Test func stopsDeadAtEitherEdge() {
        // From 1,000 at −5,000 pt/s the spline covers 1000/3177.622 = 0.3147007 of its distance
        // between samples 11 and 12, at u = 0.1164574: t = 0.211461 s. RecyclerView's frame there
        // scrolls less than asked and ends the fling (the rest goes to the EdgeEffect).
        for (start, v, edge) in [(1000.0, -5000.0, 0.0), (99_000, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: viewport)
            expectClose(fling.duration, 0.211461, tolerance: 1e-6)
            #expect(abs(fling.position(at: 0.2) - edge) > 10)
            #expect(abs(fling.velocity(at: 0.2)) > 1000, "still fast when it hits")
            #expect(fling.position(at: 0.211462) == edge)
            #expect(fling.velocity(at: 0.3) == 0)
            #expect(fling.restPosition == edge)
        }
    }

    @Test func dragsStopAtTheEdgeAndComeBackAtOnce() {
        var drag = engine.beginDrag(at: 30, range: engineRange, viewportExtent: viewport)
        drag = engine.drag(drag, by: -100, range: engineRange, viewportExtent: viewport)
        #expect(drag.position == 0)
        drag = engine.drag(drag, by: 10, range: engineRange, viewportExtent: viewport)
        #expect(drag.position == 10, "no slack to take up: the glow was drawing, not offset")
    }

    @Test func springBackFromOutsideIsOverScrollersCubic() {
        // springBack from −50: √(2·50/2000) = 0.2236068 s along 3u² − 2u³; at half time −25.
        let back = engine.release(from: -50, velocity: 3000, range: engineRange, viewportExtent: viewport)
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

// MARK: - Flutter iOS (BouncingScrollPhysics)

@Suite struct FlutterIOSEngineTests {
    let engine = ScrollEngine(.flutterIOS)

    // x(t) − x0 = 5000·(0.135^t − 1)/ln 0.135, ln 0.135 = −2.0024805: t = 0.25: 0.135^0.25 =
    // 0.6061547, 5000·0.3938453/2.0024805 = 983.394; t = 1: 5000·0.865/2.0024805 = 2,159.821.
    @Test(arguments: [(0.1, 453.1188), (0.25, 983.3937), (0.5, 1579.4824), (1.0, 2159.8213)])
    func frictionPositions(t: Double, distance: Double) {
        let fling = engine.fling5000()
        expectClose(fling.position(at: t) - mid, distance, tolerance: 1e-4)
        expectClose(fling.velocity(at: t), 5000 * Double.pow(0.135, t), tolerance: 1e-9)
    }

    @Test func endsWhenSlowerThanTheTolerance() {
        // 20 px/s at t = ln(20/5000)/ln 0.135 = −5.5214609/−2.0024805 = 2.7573107 s, at
        // 2,496.903 − 20/2.0024805 = 2,486.916 pt; it moves no further.
        let fling = engine.fling5000()
        expectClose(fling.duration, 2.7573107, tolerance: 1e-6)
        expectClose(fling.position(at: 2.7573107) - mid, 2486.916, tolerance: 1e-3)
        #expect(fling.position(at: 4) == fling.restPosition)
        // Under 20 px/s in range there is no ballistic simulation at all.
        #expect(engine.fling(from: mid, velocity: 19.9, range: engineRange, viewportExtent: viewport).restPosition == mid)
    }

    @Test func theSpringTakesOverWhereTheFrictionCrossesAnEdge() {
        // From 1,000 at −5,000: timeAtX(0) = ln(−2.0024805·(−1000)/(−5000) + 1)/−2.0024805
        // = ln 0.5995039/−2.0024805 = 0.2555095 s; the velocity there is −5000 + 2.0024805·1000 =
        // −2,997.52 px/s. The spring (m 0.5, k 100, ζ 1.1: roots −9.0756085 and −22.0370899)
        // from the edge: e(τ) = B·(e^(r2τ) − e^(r1τ)), B = −2997.52/(r2 − r1) = 231.27;
        // peak at τ = ln(r2/r1)/(r2 − r1) = 0.068444 s, −73.09 px.
        let top = engine.fling(from: 1000, velocity: -5000, range: engineRange, viewportExtent: viewport)
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
        let bottom = engine.fling(from: 99_000, velocity: 5000, range: engineRange, viewportExtent: viewport)
        expectClose(bottom.position(at: t0 + 0.068444), 100_000 + 73.086370, tolerance: 1e-5)
    }

    @Test func theTransferCapAppliesTowardsTheTrailingEdgeOnly() {
        // At ±8,000 the crossing comes at ±5,997.52 px/s. The source caps it with
        // min(v, 5000): towards the trailing edge 5,000 (peak 121.91 px), towards the leading
        // edge not at all (peak −146.23 px).
        let t0 = 0.1438693533400752
        let top = engine.fling(from: 1000, velocity: -8000, range: engineRange, viewportExtent: viewport)
        let bottom = engine.fling(from: 99_000, velocity: 8000, range: engineRange, viewportExtent: viewport)
        expectClose(top.position(at: t0 + 0.068444), -146.233220, tolerance: 1e-5)
        expectClose(bottom.position(at: t0 + 0.068444) - 100_000, 121.911417, tolerance: 1e-5)
    }

    @Test func frictionOnDragDeltasPastTheEdge() {
        let e = FlutterIOSScrollEngine()
        // 10 px past the top of an 800 px viewport, pulling 4 px further: 0.52·(1 − 10/800)² =
        // 0.5070813, so 2.028325 px; easing back 4 px: 0.52·(1 − 6/800)² = 0.5122293: 2.048917.
        expectClose(e.resistedDelta(-4, at: -10, range: engineRange, viewportExtent: viewport), -2.028325, tolerance: 1e-9)
        expectClose(e.resistedDelta(4, at: -10, range: engineRange, viewportExtent: viewport), 2.048917, tolerance: 1e-9)
        // Inside the range a delta passes whole, even one that ends past the edge.
        #expect(e.resistedDelta(-30, at: 10, range: engineRange, viewportExtent: viewport) == -30)
        // Applied delta by delta, so the path matters: 1 + 40 steps of −1 against 1 + one of −40.
        var fine = engine.beginDrag(at: 0, range: engineRange, viewportExtent: viewport)
        var coarse = fine
        fine = engine.drag(fine, by: -1, range: engineRange, viewportExtent: viewport)
        coarse = engine.drag(coarse, by: -1, range: engineRange, viewportExtent: viewport)
        for _ in 0..<40 { fine = engine.drag(fine, by: -1, range: engineRange, viewportExtent: viewport) }
        coarse = engine.drag(coarse, by: -40, range: engineRange, viewportExtent: viewport)
        #expect(fine.raw == coarse.raw)
        #expect(abs(fine.position - coarse.position) > 0.1, "\(fine.position) vs \(coarse.position)")
        #expect(fine.position < 0 && fine.position > -41 * 0.52)
    }

    @Test func releasedPastTheEdgeTheSpringBringsItBack() {
        // From −60 at rest: e(τ) = −60·(r2·e^(r1τ) − r1·e^(r2τ))/(r2 − r1).
        let back = engine.release(from: -60, velocity: 0, range: engineRange, viewportExtent: viewport)
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
        expectClose(fling.position(at: t) - mid, distance, tolerance: 1e-4)
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
        let top = engine.fling(from: 1000, velocity: -5000, range: engineRange, viewportExtent: viewport)
        expectClose(top.duration, 0.2219094, tolerance: 1e-6)
        expectClose(top.position(at: 0.1), 522.47393, tolerance: 1e-4)
        #expect(top.position(at: 0.222) == 0)
        let bottom = engine.fling(from: 99_000, velocity: 5000, range: engineRange, viewportExtent: viewport)
        expectClose(bottom.duration, 0.2219094, tolerance: 1e-6)
        #expect(bottom.restPosition == 100_000)
        // No fling towards an edge it stands on, nor under 20 px/s.
        #expect(engine.fling(from: 0, velocity: -3000, range: engineRange, viewportExtent: viewport).duration == 0)
        #expect(engine.fling(from: mid, velocity: 19, range: engineRange, viewportExtent: viewport).duration == 0)
    }

    @Test func pastAnEdgeItSpringsBackWithMinZeroV() {
        // ScrollSpringSimulation(spring, pixels, end, min(0, v)): from −60 an outward −500 is
        // kept, an inward +500 becomes 0 (the spring from rest, as the release test above).
        let outward = engine.release(from: -60, velocity: -500, range: engineRange, viewportExtent: viewport)
        let inward = engine.release(from: -60, velocity: 500, range: engineRange, viewportExtent: viewport)
        expectClose(inward.position(at: 0.1), -36.524724, tolerance: 1e-6)
        #expect(outward.position(at: 0.05) < -60)
        #expect(outward.restPosition == 0 && inward.restPosition == 0)
        #expect(engine.releaseVelocity(50) == 0 && engine.releaseVelocity(51) == 51 && engine.releaseVelocity(1e5) == 8000)
    }
}

// MARK: - Chromium (fling_curve.cc)

@Suite struct ChromiumEngineTests {
    let engine = ScrollEngine(.chromium)

    @Test func theUnitTestsFigures() {
        // fling_curve_unittest.cc: 5,000 px/s, deltas at 20 ms, 250 ms and 10 s of 96, 705 and
        // 392 px (EXPECT_NEAR within 1), then nothing. −αγ = 21,118.195 (float);
        // t0 = −ln(5172/21118.195)/3.7 = 0.3802366 s.
        let fling = engine.fling5000()
        let a = fling.position(at: 0.020) - mid
        let b = fling.position(at: 0.250) - mid
        let c = fling.position(at: 10) - mid
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
            expectClose(fling.position(at: t) - mid, d, tolerance: 1e-5)
        }
        expectClose(fling.velocity(at: 0), 5000, tolerance: 1e-3)
        expectClose(fling.velocity(at: 0.25), 1878.86048, tolerance: 1e-4)
    }

    @Test func fasterThanTheCurveScalesTheDisplacement() {
        // 2·v(0): the curve from t = 0, displacement ×2: 2·x(T) = 2·5,437.515 = 10,875.030 px.
        let fling = engine.fling(from: 0, velocity: 2 * 20946.1953125, range: engineRange, viewportExtent: viewport)
        expectClose(fling.restPosition, 10875.0305, tolerance: 1e-3)
        expectClose(fling.duration, 1.3001070, tolerance: 1e-6)
        let back = engine.fling(from: mid, velocity: -5000, range: engineRange, viewportExtent: viewport)
        expectClose(back.restPosition, mid - 1193.1336, tolerance: 1e-3)
    }

    @Test func stopsAtEitherEdge() {
        // 1,000 px of the 1,193 are covered at t = 0.3894640 s.
        for (start, v, edge) in [(1000.0, -5000.0, 0.0), (99_000, 5000, 100_000)] {
            let fling = engine.fling(from: start, velocity: v, range: engineRange, viewportExtent: viewport)
            expectClose(fling.duration, 0.3894640, tolerance: 1e-6)
            #expect(fling.position(at: 0.3894) != edge)
            #expect(fling.position(at: 0.38947) == edge)
            #expect(fling.restPosition == edge)
        }
        var drag = engine.beginDrag(at: 99_990, range: engineRange, viewportExtent: viewport)
        drag = engine.drag(drag, by: 50, range: engineRange, viewportExtent: viewport)
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
        expectClose(engine.fling5000().position(at: t) - mid, distance, tolerance: 1e-5)
    }

    @Test func endsOnAFrameRoundedToAPixel() {
        // |v| < 0.1 after ln(50000)/4 = 2.7049446 s; at 60 fps the next frame is 163/60 =
        // 2.7166667 s, where x = 51,249.976, rounded to 51,250.
        let fling = engine.fling5000()
        expectClose(fling.position(at: 2.71), mid + 1250 - 1250 * Double.exp(-4 * 2.71), tolerance: 1e-9)
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
        let fling = engine.fling(from: 500, velocity: -5000, range: engineRange, viewportExtent: viewport)
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
        let fling = engine.fling(from: 99_500, velocity: 5000, range: engineRange, viewportExtent: viewport)
        #expect(fling.position(at: 0.2) == 100_000)
        expectClose(fling.overshoot(at: 0.15), 57.866717, tolerance: 1e-5)
        #expect(fling.overshoot(at: 0.2) == 100)
        expectClose(fling.duration, 71.0 / 60, tolerance: 1e-12)
    }

    @Test func theIndicatorDependsOnTheFrameRate() {
        // GTK decides on frames: at 144 fps the crossing is seen at 19/144 s (e = −12.61) and the
        // cap on frame 22 (0.1528 s) instead of 0.15 s.
        let fling = ScrollEngine.gtk(GTKScrollEngine(frameInterval: 1.0 / 144))
            .fling(from: 500, velocity: -5000, range: engineRange, viewportExtent: viewport)
        expectClose(fling.overshoot(at: 19.0 / 144), -12.606956, tolerance: 1e-6)
        expectClose(fling.overshoot(at: 21.0 / 144), -48.150021, tolerance: 1e-6)
        expectClose(fling.overshoot(at: 22.0 / 144), -50, tolerance: 1e-9)
    }

    @Test func dragsMoveTheUnclampedValueUpTo100PastTheEdge() {
        var drag = engine.beginDrag(at: 20, range: engineRange, viewportExtent: viewport)
        drag = engine.drag(drag, by: -70, range: engineRange, viewportExtent: viewport)
        #expect(drag.position == 0 && drag.overshoot == -50)
        drag = engine.drag(drag, by: -500, range: engineRange, viewportExtent: viewport)
        #expect(drag.position == 0 && drag.overshoot == -100 && drag.enginePosition == -100)
        // Released at rest from −100: the first frame's excursion −100·e^(−1/6)(1 + 1/6) = −98.8
        // is beyond −50, so it is capped there and returns from rest.
        let back = engine.release(from: drag.enginePosition, velocity: 0, range: engineRange, viewportExtent: viewport)
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
