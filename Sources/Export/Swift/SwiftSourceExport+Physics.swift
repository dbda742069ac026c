import ParallaxKit

extension SwiftSourceExport {
    /// The scroll view's deceleration as UIKit code, and what of the physics it cannot carry.
    /// UIScrollView takes any rate as `DecelerationRate(rawValue:)` (per millisecond, like the
    /// playground's); its rubber band and bounce spring are not public, so they stay UIKit's.
    func uikitPhysicsSource() -> String {
        let rate = physics.decelerationRate.perMillisecond
        let value = rate == DecelerationRate.normal.perMillisecond ? ".normal"
            : rate == DecelerationRate.fast.perMillisecond ? ".fast" : "UIScrollView.DecelerationRate(rawValue: \(rate))"
        let other = physics.engine == .uikit ? "" : "\n// The playground ran the physics of \(physics.engine.longTitle), from \(physics.engine.source).\n"
            + "// UIScrollView runs UIKit's own and takes no other engine: this is UIKit's coast."
        return "\n/// The tuned feel, for the collection view (or any UIScrollView): UIKit's coast at the\n"
            + "/// playground's deceleration rate. The rubber band (\(physics.rubberBandCoefficient)) and the bounce spring (stiffness\n"
            + "/// \(physics.springStiffness), damping \(physics.springDampingRatio)) are UIKit's private constants: not settable." + other + "\n"
            + "enum TunedScrolling {\n"
            + "    static func apply(to scrollView: UIScrollView) {\n"
            + "        scrollView.decelerationRate = \(value)\n"
            + "    }\n"
            + "}\n"
    }
}
