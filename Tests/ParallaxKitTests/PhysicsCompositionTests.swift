import ParallaxKit
import RealModule
import Testing

/// A bounce: ScrollMechanics' spring, its excursion shown through the rubber band.
@Suite struct BounceSimulationTests {
    @Test func releasedAtRestPastTheTop() {
        // Shown 160 pt above the top of an 800 pt viewport: excursion(shown: −160) = −200, at
        // rest. The spring: C1 = −200, C2 = 0 + 10·(−200) = −2000.
        let bounce = BounceSimulation(from: -160, toEdge: 0, velocity: 0, band: RubberBand(dimension: 800))
        #expect(bounce.spring.start == -200)
        #expect(bounce.position(at: 0) == -160, "it starts where it shows: no jump")
        // t = 0.1: excursion (−200 − 200)·e^−1 = −147.151776, shown −147.151776·800/947.151776
        // = −124.289923; spring speed (0 + 10·2000·0.1)·e^−1 = 735.758882, times the slope
        // 1/(1 + 147.151776/800)² = 0.713413, shows as 524.899708 pt/s.
        expectClose(bounce.position(at: 0.1), -124.289923, tolerance: 1e-6)
        expectClose(bounce.velocity(at: 0.1), 524.899708, tolerance: 1e-6)
        #expect(bounce.restPosition == 0 && bounce.edge == 0)
    }

    @Test func theShownVelocityCarriesIntoTheSpring() {
        // At shown −160 the slope is 1/1.25² = 0.64, so 300 pt/s shown is 300·1.5625 = 468.75
        // pt/s of spring, which shows again as 468.75·0.64 = 300 pt/s.
        let bounce = BounceSimulation(from: -160, toEdge: 0, velocity: 300, band: RubberBand(dimension: 800))
        #expect(bounce.spring.initialVelocity == 468.75)
        expectClose(bounce.velocity(at: 0), 300, tolerance: 1e-12)
    }
}

/// A fling composed of UIScrollView's deceleration and, past an edge, a bounce.
@Suite struct BouncingFlingSimulationTests {
    /// 250 pt before the end of 0…9200, thrown at 3000 pt/s towards it.
    let fling = BouncingFlingSimulation(
        start: 8950, velocity: 3000, rate: .normal, range: 0...9200, band: RubberBand(dimension: 800))

    @Test func itCrossesTheEndAtTheComputedTime() throws {
        // The coast alone would rest at 8950 + 3000/2.0020027 = 10448.50, past 9200, so it
        // crosses: e^(k·tc) = 1 + 250·k/3000 = 1 − 500.50067/3000 = 0.83316644 and
        // tc = ln 0.83316644 / k = −0.18252184/−2.0020027 = 0.0911696 s.
        let crossing = try #require(fling.crossing)
        #expect(crossing.edge == 9200)
        expectClose(crossing.time, 0.0911696, tolerance: 1e-7)
        #expect(!fling.isBouncing(at: crossing.time - 0.001) && fling.isBouncing(at: crossing.time))
        // Before it, the coast: x(0.05) = 8950 + 3000·(e^(0.05k) − 1)/k = 9092.736846.
        expectClose(fling.position(at: 0.05), 9092.736846, tolerance: 1e-6)
        #expect(fling.restPosition == 9200)
    }

    @Test func theCoastHandsItsVelocityToTheSpringAtTheEdge() throws {
        let crossing = try #require(fling.crossing)
        // v(tc) = 3000·0.83316644 = v0 + k·250 = 3000 − 500.50067 = 2499.49933 pt/s; the
        // spring starts on the edge (excursion 0, slope 1), so it carries on at that speed.
        expectClose(crossing.bounce.spring.initialVelocity, 2499.49933, tolerance: 1e-5)
        #expect(crossing.bounce.spring.start == 9200)
        expectClose(fling.velocity(at: crossing.time), 2499.49933, tolerance: 1e-5)
        expectClose(fling.position(at: crossing.time), 9200, tolerance: 1e-9)
    }

    @Test func theBouncePeaksATenthOfASecondAfterTheCrossing() throws {
        let crossing = try #require(fling.crossing)
        // From the edge, excursion = v·τ·e^(−10τ), largest at τ = 1/ω = 0.1 s:
        // 249.949933·e^−1 = 91.951442, shown 91.951442·800/891.951442 = 82.472150 pt; the
        // spring's speed there is v·(1 − 10·0.1)·e^−1 = 0.
        expectClose(fling.position(at: crossing.time + 0.1), 9282.472150, tolerance: 1e-6)
        expectClose(fling.velocity(at: crossing.time + 0.1), 0, tolerance: 1e-9)
        #expect(!fling.isDone(at: crossing.time + 0.1))
        #expect(fling.isDone(at: crossing.time + 2))
    }

    @Test func aFlingThatStaysInsideRestsOnTheCoastsRestPoint() {
        // From 2090 at 1500 pt/s: 2090 + 1500/2.0020027 = 2839.249750, inside 0…9200.
        let inside = BouncingFlingSimulation(
            start: 2090, velocity: 1500, rate: .normal, range: 0...9200, band: RubberBand(dimension: 800))
        #expect(inside.crossing == nil)
        expectClose(inside.restPosition, 2839.249750, tolerance: 1e-6)
        #expect(inside.position(at: 0.3) == inside.deceleration.position(at: 0.3))
    }
}

/// The album scene's constant-speed drift.
@Suite struct AutoScrollDriftTests {
    @Test func driftsAtItsSpeedUntilItsEnd() {
        let drift = AutoScrollDrift(start: 0, speed: 20, within: 0...100)
        #expect(drift.end == 100)
        #expect(drift.position(at: 1) == 20 && drift.velocity(at: 1) == 20)
        // 100 pt at 20 pt/s: five seconds.
        #expect(!drift.isDone(at: 4.99) && drift.isDone(at: 5))
        #expect(drift.restPosition == 100)
    }

    @Test func aNegativeSpeedDriftsToTheStart() {
        let drift = AutoScrollDrift(start: 50, speed: -10, within: 0...100)
        #expect(drift.end == 0)
        #expect(!drift.isDone(at: 4.9) && drift.isDone(at: 5))
        #expect(!AutoScrollDrift(start: 50, speed: 0, end: 0).isDone(at: 100), "no speed, no end")
    }
}

/// Every motion comes to rest where its closed form said it would.
@Suite struct ScrollSimulationRestTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var simulation: any ScrollSimulation
        /// How close to the rest point a finished motion may be (its own threshold).
        var tolerance: Double
    }

    static let cases: [Case] = [
        Case(description: "deceleration", simulation: DecelerationSimulation(start: 0, initialVelocity: 1000), tolerance: 0.5),
        Case(description: "spring", simulation: SpringSimulation(start: -80, target: 0, initialVelocity: 300), tolerance: 0.5),
        Case(description: "bounce", simulation: BounceSimulation(from: -160, toEdge: 0, velocity: -400, band: RubberBand(dimension: 800)), tolerance: 0.5),
        Case(description: "fling over the edge", simulation: BouncingFlingSimulation(start: 8950, velocity: 3000, rate: .normal, range: 0...9200, band: RubberBand(dimension: 800)), tolerance: 0.5),
        Case(description: "smooth scroll", simulation: SmoothScrollAnimation(from: 0, to: 120, initialVelocity: 500, duration: 0.15), tolerance: 0),
        Case(description: "drift", simulation: AutoScrollDrift(start: 0, speed: 20, within: 0...100), tolerance: 0),
    ]

    @Test(arguments: cases)
    func endsWhereItSaysItRests(_ c: Case) throws {
        let sim = c.simulation
        #expect(!sim.isDone(at: 0))
        let frames = (1...(60 * 30)).map { Double($0) / 60 }
        let end = try #require(frames.first { sim.isDone(at: $0) }, "it comes to rest within 30 s")
        expectClose(sim.position(at: end), sim.restPosition, tolerance: c.tolerance)
    }
}
