import ParallaxKit
import RunHarness
import Testing

/// The feel's constants: the damped spring's closed forms, and each knob reaching the scroll
/// view through a script's `set` line as the panel and the options give it.
@Suite struct ScrollPhysicsTests {
    /// x'' + 2ζω x' + ω²(x − target) = 0, with the start and the initial velocity kept, for
    /// every damping: the closed forms solve the spring's equation.
    @Test(arguments: [0.2, 0.7, 1.0, 1.5, 3.0])
    func theSpringSolvesItsEquation(dampingRatio: Double) {
        let spring = SpringSimulation(start: 120, target: 0, initialVelocity: -800, stiffness: 150, dampingRatio: dampingRatio)
        #expect(abs(spring.position(at: 0) - 120) < 1e-9)
        #expect(abs(spring.velocity(at: 0) + 800) < 1e-9)
        let w = 150.0.squareRoot(), h = 1e-4
        for t in stride(from: 0.05, through: 1.5, by: 0.07) {
            let x = spring.position(at: t), v = spring.velocity(at: t)
            let numericV = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
            let a = (spring.velocity(at: t + h) - spring.velocity(at: t - h)) / (2 * h)
            #expect(abs(numericV - v) < 1e-3 * max(1, abs(v)), "ζ \(dampingRatio) t \(t): velocity")
            #expect(abs(a + 2 * dampingRatio * w * v + w * w * x) < 1e-2 * max(1, abs(a)), "ζ \(dampingRatio) t \(t): the equation")
        }
        #expect(spring.isDone(at: 20), "ζ \(dampingRatio) settles")
    }

    @Test func underdampedRingsPastTheEdgeOverdampedCreeps() {
        let times = stride(from: 0.0, through: 3, by: 0.005)
        let ringing = SpringSimulation(start: 50, target: 0, initialVelocity: 0, dampingRatio: 0.3)
        #expect(times.contains { ringing.position(at: $0) < -5 }, "ζ 0.3 swings past the target")
        let creeping = SpringSimulation(start: 50, target: 0, initialVelocity: 0, dampingRatio: 2)
        #expect(times.allSatisfy { creeping.position(at: $0) >= 0 }, "ζ 2 never crosses")
        let critical = SpringSimulation(start: 50, target: 0, initialVelocity: 0)
        #expect(creeping.position(at: 0.3) > critical.position(at: 0.3), "and is slower than critical")
    }

    /// The same fling with each deceleration: `fast` stops in a shorter distance.
    @Test func aFastDecelerationStopsSooner() throws {
        func rest(_ prefix: String) throws -> Double {
            let playground = Playground(scene: .photos, itemCount: 1000, viewportSize: Size(width: 400, height: 800))
            let script = try Script.parse(prefix + BuiltinScript.fling.text, file: "t")
            _ = Replay(script: script).run(on: playground) { _, _ in }
            return playground.scrollView.contentOffset.y
        }
        let normal = try rest(""), fast = try rest("set deceleration-rate fast\n"), slow = try rest("set deceleration-rate 0.999\n")
        #expect(fast < normal && normal < slow, "fast \(fast), normal \(normal), 0.999 \(slow)")
    }

    @Test func aWheelNotchMovesOneLineOfTheTunedLength() throws {
        for line in [40.0, 90] {
            let playground = Playground(scene: .photos, itemCount: 1000, viewportSize: Size(width: 400, height: 800))
            let script = try Script.parse("set wheel-line \(line)\nwheel dy=-1\nwait 1", file: "t")
            _ = Replay(script: script).run(on: playground) { _, _ in }
            #expect(playground.scrollView.contentOffset.y == line)
        }
    }

    @Test func knobsAreClampedAndAResetGivesUIKitsFeel() {
        let playground = Playground(scene: .photos, viewportSize: Size(width: 400, height: 800))
        playground.apply(.setPhysics(.decelerationRate, 5))
        playground.apply(.setPhysics(.springDamping, .nan))
        playground.apply(.setPhysics(.wheelLine, -3))
        #expect(playground.physics.decelerationRate.perMillisecond == ScrollPhysics.decelerationRange.upperBound)
        #expect(playground.physics.springDampingRatio == 1, "a non-finite value is UIKit's")
        #expect(playground.physics.lineLength == ScrollPhysics.lineLengthRange.lowerBound)
        #expect(playground.scrollView.physics == playground.physics)
        playground.setScene(.table)
        #expect(playground.scrollView.physics == playground.physics, "a scene change keeps the feel")
        playground.apply(.resetToDefaults)
        #expect(playground.physics == .uikit && playground.scrollView.physics == .uikit)
    }

    @Test(arguments: [("set spring-damping 0", "spring-damping takes a number from 0.1 to 4, got '0'"),
                      ("set deceleration-rate 1", "deceleration-rate takes a number from 0.9 to 0.9999, normal or fast, got '1'"),
                      ("set wheel-line lots", "wheel-line takes a number")])
    func badKnobLinesAreRefused(text: String, says: String) {
        #expect { _ = try Script.parse(text, file: "t") } throws: { ($0 as? ScriptError)?.reason.contains(says) == true }
    }
}
