import ParallaxKit
import RealModule
import Testing

@Suite struct DecelerationTests {
    @Test(arguments: [DecelerationRate.normal, .fast], [0.0, 0.05, 0.1, 0.25, 0.5, 1, 2])
    func positionAndVelocityFollowTheClosedForm(rate: DecelerationRate, t: Double) {
        let sim = DecelerationSimulation(start: 100, initialVelocity: 2000, rate: rate)
        let d = rate.perMillisecond
        let expectedX = 100 + 2000 * (Double.pow(d, 1000 * t) - 1) / (1000 * Double.log(d))
        let expectedV = 2000 * Double.pow(d, 1000 * t)
        expectClose(sim.position(at: t), expectedX, tolerance: 1e-9)
        expectClose(sim.velocity(at: t), expectedV, tolerance: 1e-9)
    }

    @Test func normalRateKeepsAbout13PercentAfterOneSecond() {
        // Flutter's BouncingScrollSimulation quotes 0.998^1000 ≈ 0.135 for this curve.
        let sim = DecelerationSimulation(start: 0, initialVelocity: 1000)
        expectClose(sim.velocity(at: 1), 135.0, tolerance: 0.2)
    }

    @Test func restPointIsStartMinusVelocityOverLogRate() {
        let sim = DecelerationSimulation(start: 50, initialVelocity: -1500, rate: .normal)
        expectClose(sim.restPosition, 50 - (-1500) / (1000 * Double.log(0.998)))
        // And the motion approaches it: after the duration it is within the threshold.
        expectClose(sim.position(at: sim.duration), sim.restPosition, tolerance: sim.threshold + 1e-9)
        #expect(sim.isDone(at: sim.duration))
        #expect(!sim.isDone(at: sim.duration * 0.9))
    }

    // ln 0.998 = −(0.002 + 0.002²/2 + 0.002³/3 + …) = −0.0020020027, so k = 1000·ln d =
    // −2.0020027 per second and a fling from 0 at 1000 pt/s rests at −1000/k = 499.49983 pt.
    // ln 0.99 = −0.0100503, k = −10.050336: the fast rate rests at 1000/10.050336 = 99.49916 pt.
    // The rest point is linear in the velocity, so −1000 pt/s rests as far the other way.
    @Test(arguments: [
        (DecelerationRate.normal, 1000.0, 499.49983), (.normal, -1000, -499.49983),
        (.fast, 1000, 99.49916), (.fast, -1000, -99.49916),
    ])
    func aFlingFromZeroRestsWhereTheHandWorkedClosedFormSays(rate: DecelerationRate, v0: Double, rest: Double) {
        let sim = DecelerationSimulation(start: 0, initialVelocity: v0, rate: rate)
        expectClose(sim.restPosition, rest, tolerance: 1e-5)
    }

    @Test func aFlingAt1000SampledAfterOneSecondAndAtItsEnd() {
        let sim = DecelerationSimulation(start: 0, initialVelocity: 1000, rate: .normal)
        // 0.998^1000 = e^k = e^−2 · e^−0.0020027 = 0.1353353 · 0.9979993 = 0.1350645 of the
        // speed is left after one second: v(1) = 135.0645 pt/s and
        // x(1) = 1000·(0.1350645 − 1)/(−2.0020027) = 432.0351 pt.
        expectClose(sim.velocity(at: 1), 135.0645, tolerance: 1e-4)
        expectClose(sim.position(at: 1), 432.0351, tolerance: 1e-4)
        // Done when half a point remains: |v(t)/k| = 0.5 at t = ln(0.5/499.49983)/k
        // = −6.9067544/−2.0020027 = 3.449923 s.
        expectClose(sim.duration, 3.449923, tolerance: 1e-6)
        #expect(sim.isDone(at: 3.4500) && !sim.isDone(at: 3.4498))
    }

    @Test func timeToReachInvertsPosition() throws {
        let sim = DecelerationSimulation(start: 0, initialVelocity: 3000)
        let t = try #require(sim.time(toReach: 500))
        expectClose(sim.position(at: t), 500, tolerance: 1e-7)
        #expect(sim.time(toReach: sim.restPosition + 1) == nil, "a point beyond the rest point is never reached")
        #expect(sim.time(toReach: -10) == nil, "a point behind the start is never reached")
    }
}

@Suite struct RubberBandTests {
    @Test(arguments: [(0.0, 800.0), (10, 800), (100, 800), (400, 800), (5000, 800), (120, 300)])
    func shownOvershootMatchesTheFormulaExactly(x: Double, d: Double) {
        let band = RubberBand(dimension: d)
        let expected = (1 - 1 / (x * 0.55 / d + 1)) * d
        #expect(band.shown(overshoot: x) == expected)
        #expect(band.shown(overshoot: -x) == -expected)
    }

    @Test func knownValue() {
        // 100 pt past the edge of an 800 pt viewport: (1 − 1/(100·0.55/800 + 1))·800 = 51.4619883…
        expectClose(RubberBand(dimension: 800).shown(overshoot: 100), 51.461988304093566, tolerance: 1e-12)
    }

    // 800 pt past the edge of an 800 pt viewport: x·c/d = 0.55, (1 − 1/1.55)·800 = 440/1.55
    // = 283.870968. 120 pt past a 300 pt one: x·c/d = 0.22, 300·0.22/1.22 = 54.098361.
    @Test(arguments: [(800.0, 800.0, 283.870968), (120, 300, 54.098361)])
    func shownOvershootAtHandWorkedPoints(x: Double, d: Double, shown: Double) {
        expectClose(RubberBand(dimension: d).shown(overshoot: x), shown, tolerance: 1e-6)
        expectClose(RubberBand(dimension: d).shown(overshoot: -x), -shown, tolerance: 1e-6)
    }

    @Test func overshootNeverReachesTheViewportExtent() {
        let band = RubberBand(dimension: 600)
        #expect(band.shown(overshoot: 1e12) < 600)
        #expect(band.shown(overshoot: 50) < 50, "the band always resists")
    }

    @Test(arguments: [-700.0, -120, -1, 0, 1, 33, 480, 2000])
    func rawInvertsShown(x: Double) {
        let band = RubberBand(dimension: 800)
        expectClose(band.raw(shown: band.shown(overshoot: x)), x, tolerance: 1e-6 * max(1, abs(x)))
    }

    @Test func clampLeavesTheRangeAloneAndBandsOutside() {
        let band = RubberBand(dimension: 800)
        let range = 0.0...1000
        #expect(band.clamp(500, to: range) == 500)
        #expect(band.clamp(-100, to: range) == -band.shown(overshoot: 100))
        #expect(band.clamp(1100, to: range) == 1000 + band.shown(overshoot: 100))
        expectClose(band.unclamp(band.clamp(1234, to: range), from: range), 1234, tolerance: 1e-6)
    }
}

/// The band a bounce shows its spring's excursion through: e·d/(|e| + d).
@Suite struct BounceBandTests {
    @Test(arguments: [(0.0, 800.0), (1, 800), (200, 800), (800, 800), (1e6, 800), (-37.5, 300), (5000, 1)])
    func shownExcursionIsExactlyTheBounceFormula(e: Double, d: Double) {
        let band = RubberBand(dimension: d)
        // The formulas the scroll view's bounce used before they moved here, pinned exactly.
        let s = e * d / (abs(e) + d)
        #expect(band.shown(excursion: e) == s)
        let m = min(abs(s), d * (1 - 1e-9))
        #expect(band.excursion(shown: s) == (s < 0 ? -1 : 1) * m * d / (d - m))
    }

    @Test(arguments: [1.0, 50, 200, 799, 5000, -120])
    func itIsTheDragBandReadAsAPullOfExcursionOverC(e: Double) {
        // shown(e/c) = (1 − 1/((|e|/c)·c/d + 1))·d = |e|·d/(|e| + d): the same curve.
        let band = RubberBand(dimension: 800)
        expectClose(band.shown(excursion: e), band.shown(overshoot: e / 0.55), tolerance: 1e-12 * 800)
        expectClose(band.excursion(shown: band.shown(excursion: e)), e, tolerance: 1e-9 * max(1, abs(e)))
    }

    @Test func handWorkedPoints() {
        let band = RubberBand(dimension: 800)
        // 200·800/(200 + 800) = 160, and back: 160·800/(800 − 160) = 200, both exact in binary.
        #expect(band.shown(excursion: 200) == 160)
        #expect(band.excursion(shown: 160) == 200)
        // −800·800/1600 = −400 and back 400·800/400 = 800.
        #expect(band.shown(excursion: -800) == -400)
        #expect(band.excursion(shown: -400) == -800)
        // A million points of excursion still show below the extent: 800·10⁶/(10⁶ + 800) = 799.36051.
        expectClose(band.shown(excursion: 1e6), 799.36051, tolerance: 1e-5)
        // Slope 1/(1 + 200/800)² = 1/1.5625 = 0.64; at the edge it is 1.
        expectClose(band.slope(excursion: 200), 0.64, tolerance: 1e-15)
        #expect(band.slope(excursion: 0) == 1)
        #expect(RubberBand(dimension: 0).shown(excursion: 10) == 0)
        #expect(RubberBand(dimension: 0).slope(excursion: 10) == 0)
    }
}

@Suite struct SpringTests {
    // Start −80, target 0, at rest: ω = √(100/1) = 10, C1 = −80, C2 = 0 + 10·(−80) = −800.
    // x(t) = (−80 − 800t)e^(−10t), v(t) = (0 + 10·800·t)e^(−10t):
    // t = 0.1: x = −160·e^−1 = −160·0.36787944 = −58.860711, v = 800·0.36787944 = 294.303553;
    // t = 0.2: x = −240·e^−2 = −240·0.13533528 = −32.480468, v = 1600·0.13533528 = 216.536453.
    @Test(arguments: [(0.1, -58.860711, 294.303553), (0.2, -32.480468, 216.536453)])
    func sampledAtHandWorkedTimes(t: Double, x: Double, v: Double) {
        let spring = SpringSimulation(start: -80, target: 0, initialVelocity: 0)
        expectClose(spring.position(at: t), x, tolerance: 1e-6)
        expectClose(spring.velocity(at: t), v, tolerance: 1e-6)
    }

    @Test func startsAtItsStartWithItsVelocity() {
        let spring = SpringSimulation(start: -80, target: 0, initialVelocity: 300)
        expectClose(spring.position(at: 0), -80)
        expectClose(spring.velocity(at: 0), 300)
    }

    @Test(arguments: [(-80.0, 0.0), (-80, 500), (50, -2000), (0, 1500)])
    func satisfiesTheCriticallyDampedEquation(start: Double, v0: Double) {
        // x'' + 2ω x' + ω²(x − target) = 0 with ω = √(k/m) = 10, checked by finite differences.
        let spring = SpringSimulation(start: start, target: 0, initialVelocity: v0)
        let h = 1e-4
        for t in stride(from: 0.01, through: 1.0, by: 0.07) {
            let x = spring.position(at: t)
            let v = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
            let a = (spring.position(at: t + h) - 2 * x + spring.position(at: t - h)) / (h * h)
            expectClose(a + 20 * v + 100 * x, 0, tolerance: 1e-2 * max(1, abs(v0) / 100))
            // Central differences err by h²/6·x‴ ≈ 1e-8/6 · ω³·|x0| or so: 1e-3 leaves room.
            expectClose(spring.velocity(at: t), v, tolerance: 1e-3 * max(1, abs(v0) / 100))
        }
    }

    @Test func returnsWithoutCrossingWhenReleasedAtRest() {
        let spring = SpringSimulation(start: -120, target: 0, initialVelocity: 0)
        for t in stride(from: 0.0, through: 2, by: 0.01) { #expect(spring.position(at: t) <= 0) }
        #expect(spring.isDone(at: 1.5))
        #expect(!spring.isDone(at: 0.1))
    }
}

@Suite struct VelocityTrackerTests {
    @Test func constantSpeedGivesThatSpeed() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(time: Double(i) * 0.01, position: 5 + 800 * Double(i) * 0.01) }
        expectClose(tracker.velocity(at: 0.1), 800, tolerance: 1e-6)
    }

    @Test func onlyTheLast100msCount() {
        var tracker = VelocityTracker()
        // Slow for a second, then fast for the last 100 ms.
        for i in 0...100 { tracker.add(time: Double(i) * 0.01, position: Double(i)) }
        let base = 100.0
        for i in 1...10 { tracker.add(time: 1 + Double(i) * 0.01, position: base + 20 * Double(i)) }
        expectClose(tracker.velocity(at: 1.1), 2000, tolerance: 1e-6)
    }

    @Test func aPointerThatRestedThrowsNothing() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(time: Double(i) * 0.01, position: 30 * Double(i)) }
        #expect(tracker.velocity(at: 0.1 + 0.099) != 0)
        #expect(tracker.velocity(at: 0.1 + 0.101) == 0)
    }

    @Test func oneSampleIsNoVelocity() {
        var tracker = VelocityTracker()
        tracker.add(time: 1, position: 10)
        #expect(tracker.velocity(at: 1) == 0)
    }
}

@Suite struct SmoothScrollAnimationTests {
    @Test func endsAtRestOnTheTarget() {
        let anim = SmoothScrollAnimation(from: 0, to: 120, initialVelocity: 0, duration: 0.15)
        #expect(anim.position(at: 0) == 0)
        #expect(anim.position(at: 0.15) == 120)
        #expect(anim.velocity(at: 0.15) == 0)
        #expect(anim.isDone(at: 0.15))
        // Monotone from rest to rest.
        var last = -1.0
        for t in stride(from: 0.0, through: 0.15, by: 0.005) {
            let x = anim.position(at: t)
            #expect(x >= last)
            last = x
        }
    }

    @Test func halfwayFromRestItIsHalfwayAtOneAndAHalfTimesTheMeanSpeed() {
        // s = 0.5: h00 = h01 = 2/8 − 3/4 + 1 = 0.5, so x = 60; d01 = −6/4 + 6/2 = 1.5, so
        // v = 1.5·120/0.15 = 1200 pt/s (the mean speed 800 pt/s times 1.5).
        let anim = SmoothScrollAnimation(from: 0, to: 120, initialVelocity: 0, duration: 0.15)
        expectClose(anim.position(at: 0.075), 60, tolerance: 1e-12)
        expectClose(anim.velocity(at: 0.075), 1200, tolerance: 1e-9)
        #expect(anim.restPosition == 120)
    }

    @Test func anInheritedVelocityOvershootsTheCurveButNotTheBoundedPosition() {
        // From 0 to 40 at 2000 pt/s over 0.15 s: at s = 0.5, h10 = 1/8 − 1/2 + 1/2 = 0.125, so
        // x = 0.125·0.15·2000 + 0.5·40 = 37.5 + 20 = 57.5, past the target; bounded, 40.
        let anim = SmoothScrollAnimation(from: 0, to: 40, initialVelocity: 2000, duration: 0.15)
        expectClose(anim.position(at: 0.075), 57.5, tolerance: 1e-9)
        #expect(anim.boundedPosition(at: 0.075) == 40)
        #expect(anim.boundedPosition(at: 0.01) == anim.position(at: 0.01), "inside the segment it is the curve")
    }

    @Test func startsWithTheVelocityItInherits() {
        let anim = SmoothScrollAnimation(from: 40, to: 200, initialVelocity: 900, duration: 0.2)
        expectClose(anim.velocity(at: 0), 900, tolerance: 1e-9)
        let h = 1e-6
        expectClose((anim.position(at: h) - anim.position(at: 0)) / h, 900, tolerance: 1e-2)
    }
}
