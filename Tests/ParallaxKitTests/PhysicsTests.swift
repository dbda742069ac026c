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

@Suite struct SpringTests {
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

    @Test func startsWithTheVelocityItInherits() {
        let anim = SmoothScrollAnimation(from: 40, to: 200, initialVelocity: 900, duration: 0.2)
        expectClose(anim.velocity(at: 0), 900, tolerance: 1e-9)
        let h = 1e-6
        expectClose((anim.position(at: h) - anim.position(at: 0)) / h, 900, tolerance: 1e-2)
    }
}
