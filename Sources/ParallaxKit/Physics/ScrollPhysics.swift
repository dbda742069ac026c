/// The constants of a scroll view's feel that a designer tunes: how fast a fling slows, how
/// stiff the rubber band is, the spring that brings an overscroll back, and how far a wheel
/// notch or an arrow key moves. Defaults are UIKit's as ScrollMechanics measures them; the
/// ranges keep every motion finite (each is checked where it comes from outside: options,
/// presets, script `set` lines, the panel).
public struct ScrollPhysics: Hashable, Sendable {
    /// UIScrollView's `decelerationRate` (`.normal` 0.998; `.fast` 0.99).
    public var decelerationRate: DecelerationRate
    /// The rubber band's c (UIKit's 0.55, from ScrollMechanics' `RubberBand`).
    public var rubberBandCoefficient: Double
    /// The bounce-back spring's stiffness (mass 1; ScrollMechanics' 100).
    public var springStiffness: Double
    /// The spring's damping ratio: 1 is critical (ScrollMechanics' bounce-back, no overshoot),
    /// below 1 it overshoots the edge and rings, above 1 it creeps back.
    public var springDampingRatio: Double
    /// Points a wheel notch or an arrow key moves (40, as `ScrollCommand.lineLength`).
    public var lineLength: Double
    /// Whose fling, drag past an edge and way back the scroll view runs (see `ScrollEngine`).
    /// The constants above tune UIKit's engine; the others run with their platform's own.
    /// Every engine is given the same release velocity (the playground's velocity tracker), so
    /// a comparison shows physics only. Wheels, keys and touchpad deltas move alike in all.
    public var engine: ScrollEngineName = .uikit

    public init(decelerationRate: DecelerationRate = .normal, rubberBandCoefficient: Double = RubberBand.defaultCoefficient,
                springStiffness: Double = SpringSimulation.defaultStiffness, springDampingRatio: Double = 1,
                lineLength: Double = ScrollCommand.lineLength, engine: ScrollEngineName = .uikit) {
        self.engine = engine
        self.decelerationRate = decelerationRate
        self.rubberBandCoefficient = rubberBandCoefficient
        self.springStiffness = springStiffness
        self.springDampingRatio = springDampingRatio
        self.lineLength = lineLength
    }

    public static let uikit = ScrollPhysics()

    /// What each constant may be. Deceleration: from a fling that stops almost at once (0.9 a
    /// millisecond) to one that coasts for tens of seconds (0.9999). The band: from nearly
    /// rigid to loose. Stiffness and damping: springs that settle within seconds, never
    /// unbounded. A line: a few points to a quarter of a typical window.
    public static let decelerationRange = 0.9...0.9999
    public static let rubberBandRange = 0.05...2.0
    public static let stiffnessRange = 10.0...2000.0
    public static let dampingRange = 0.1...4.0
    public static let lineLengthRange = 1.0...400.0

    /// Each constant by the name of the option, preset key and script setting that sets it.
    public enum Knob: String, CaseIterable, Hashable, Sendable {
        case decelerationRate = "deceleration-rate"
        case rubberBand = "rubber-band"
        case springStiffness = "spring-stiffness"
        case springDamping = "spring-damping"
        case wheelLine = "wheel-line"

        /// Everything the option, the preset key, the `set` line and the panel's slider know
        /// of the knob (see `KnobDescriptor`).
        public var descriptor: KnobDescriptor {
            switch self {
            case .decelerationRate:
                KnobDescriptor(name: rawValue, range: ScrollPhysics.decelerationRange,
                               words: [.init("normal", DecelerationRate.normal.perMillisecond), .init("fast", DecelerationRate.fast.perMillisecond)],
                               meaning: "Fling: velocity kept per millisecond (normal \(KnobDescriptor.number(DecelerationRate.normal.perMillisecond)), fast \(KnobDescriptor.number(DecelerationRate.fast.perMillisecond)))",
                               defaultValue: "normal", valueName: "rate",
                               // The part where a fling's feel changes; below it stops at once.
                               sliderRange: 0.98...0.9995, sliderFormat: "%.4f")
            case .rubberBand:
                KnobDescriptor(name: rawValue, range: ScrollPhysics.rubberBandRange,
                               meaning: "The rubber band's constant (larger is looser)",
                               defaultValue: KnobDescriptor.number(ScrollPhysics.uikit[self]) + " (UIKit's)", valueName: "c",
                               sliderRange: 0.1...1.5, sliderFormat: "%.2f")
            case .springStiffness:
                KnobDescriptor(name: rawValue, range: ScrollPhysics.stiffnessRange,
                               meaning: "The bounce-back spring's stiffness, mass 1",
                               defaultValue: KnobDescriptor.number(ScrollPhysics.uikit[self]), valueName: "k",
                               sliderRange: 20...1000, sliderFormat: "%.0f", sliderIsLogarithmic: true)
            case .springDamping:
                KnobDescriptor(name: rawValue, range: ScrollPhysics.dampingRange,
                               meaning: "The spring's damping ratio (1: critical; below it rings, above it creeps)",
                               defaultValue: KnobDescriptor.number(ScrollPhysics.uikit[self]), valueName: "ratio",
                               sliderRange: 0.2...3, sliderFormat: "%.2f")
            case .wheelLine:
                KnobDescriptor(name: rawValue, range: ScrollPhysics.lineLengthRange, unit: "points",
                               meaning: "Points a wheel notch or an arrow key scrolls",
                               defaultValue: KnobDescriptor.number(ScrollPhysics.uikit[self]), valueName: "points",
                               sliderRange: 5...200, sliderFormat: "%.0f")
            }
        }

        public var range: ClosedRange<Double> { descriptor.range }

        /// Reads a value: a number in the range, or for the deceleration UIKit's names (no
        /// physics word means "not set", so the descriptor's `.some(nil)` cannot occur).
        public func parse(_ text: String) -> Double? {
            descriptor.parse(text) ?? nil
        }
    }

    public subscript(knob: Knob) -> Double {
        get {
            switch knob {
            case .decelerationRate: decelerationRate.perMillisecond
            case .rubberBand: rubberBandCoefficient
            case .springStiffness: springStiffness
            case .springDamping: springDampingRatio
            case .wheelLine: lineLength
            }
        }
        set {
            // Out-of-range values are clamped here, so no knob can trap (a deceleration rate
            // must lie in (0, 1)) or run away.
            let v = newValue.isFinite ? min(max(newValue, knob.range.lowerBound), knob.range.upperBound) : ScrollPhysics.uikit[knob]
            switch knob {
            case .decelerationRate: decelerationRate = DecelerationRate(perMillisecond: v)
            case .rubberBand: rubberBandCoefficient = v
            case .springStiffness: springStiffness = v
            case .springDamping: springDampingRatio = v
            case .wheelLine: lineLength = v
            }
        }
    }

    /// Every constant within its range (a non-finite one back to UIKit's).
    public var clamped: ScrollPhysics {
        func clamp(_ v: Double, _ r: ClosedRange<Double>, _ fallback: Double) -> Double { v.isFinite ? min(max(v, r.lowerBound), r.upperBound) : fallback }
        let uikit = ScrollPhysics.uikit
        return ScrollPhysics(
            decelerationRate: DecelerationRate(perMillisecond: clamp(decelerationRate.perMillisecond, Self.decelerationRange, uikit.decelerationRate.perMillisecond)),
            rubberBandCoefficient: clamp(rubberBandCoefficient, Self.rubberBandRange, uikit.rubberBandCoefficient),
            springStiffness: clamp(springStiffness, Self.stiffnessRange, uikit.springStiffness),
            springDampingRatio: clamp(springDampingRatio, Self.dampingRange, uikit.springDampingRatio),
            lineLength: clamp(lineLength, Self.lineLengthRange, uikit.lineLength), engine: engine)
    }
}
