import Foundation
import ParallaxKit

/// What of the playground's scroll physics (`--physics`, the deceleration knob) another
/// platform's code can carry, shared by the Kotlin and Dart exports.
///
/// Three engines coast exponentially, the velocity keeping a fixed share of itself per second:
/// UIKit (`decelerationRate` per millisecond, so rate^1000 a second), Flutter's iOS physics
/// (`FrictionSimulation` drag 0.135, scroll_simulation.dart) and GTK (friction 4 in
/// gtkkineticscrolling.c: e^−4 a second). Such a coast is exactly Compose's `exponentialDecay`,
/// androidx.dynamicanimation's `FlingAnimation` and Flutter's `FrictionSimulation`, each with the
/// right constant. Android's spline (OverScroller, Compose's `SplineBasedDecay`), Flutter's
/// clamping simulation and Chromium's two fling curves (FlingCurve, and the desktop's Bézier) are
/// not exponential.
struct ExportedCoast {
    var physics: ScrollPhysics

    var engine: ScrollEngineName { physics.engine }

    /// The share of the velocity kept per second, for the engines that coast exponentially.
    var retainedPerSecond: Double? {
        switch engine {
        case .uikit: pow(physics.decelerationRate.perMillisecond, 1000)
        case .flutterIOS: FlutterIOSScrollEngine.drag
        case .gtk: exp(-GTKScrollEngine.decelerationFriction)
        case .android, .flutterAndroid, .chromeDesktop, .chromium: nil
        }
    }

    /// Compose's `exponentialDecay(frictionMultiplier)` and `FlingAnimation.setFriction` both
    /// decay the velocity as e^(−4.2·m·t) (`ExponentialDecayFriction` in Compose's
    /// FloatDecayAnimationSpec.kt, `DragForce.DEFAULT_FRICTION` in androidx.dynamicanimation's
    /// FlingAnimation.java): m = −ln(kept per second) / 4.2.
    static let androidExponentialFriction = 4.2

    var androidFrictionMultiplier: Double? {
        retainedPerSecond.map { -log($0) / Self.androidExponentialFriction }
    }

    /// Where the engine came from, for comments ("UIKit's coast at 0.998 per ms").
    var coastDescription: String {
        switch engine {
        case .uikit: "UIKit's coast at \(physics.decelerationRate.perMillisecond) of the velocity kept per millisecond"
        case .flutterIOS: "Flutter's iOS coast, FrictionSimulation drag 0.135 (scroll_simulation.dart BouncingScrollSimulation)"
        case .gtk: "GTK 4's coast, deceleration friction 4 (gtkkineticscrolling.c, gtkscrolledwindow.c)"
        case .android: "Android's fling (OverScroller's spline, friction 0.015)"
        case .flutterAndroid: "Flutter's Android fling (ClampingScrollSimulation: Android's distance in 0.825 of its time)"
        case .chromium: "Chromium's fling curve (fling_curve.cc: α −5707.62, β 172, γ 3.7)"
        case .chromeDesktop: "Chrome's desktop fling (physics_based_fling_curve.cc: a Bézier over at most 2 s, v²/(2·0.0026457 px/ms²) capped at 3 viewports)"
        }
    }

    /// A number for source code, written so the language reads it back as the same double.
    static func literal(_ value: Double) -> String { value.written(pointOnWholeNumbers: true) }
}
