/// The scroll engines of the platforms, each written from its own source's formulas and
/// constants: a fling (with what the platform does at the content's edges), a drag past an
/// edge, and the way back from past an edge, as pure values of the time passed in.
///
/// Units: 1 point = 1 Android dp = 1 Flutter logical pixel = 1 CSS px. Android's constants are
/// taken at density 1 (ppi 160), Flutter's tolerances at a device pixel ratio of 1, and
/// Chromium's and GTK's pixels are CSS / application pixels at scale 1.
///
/// | engine | source |
/// | --- | --- |
/// | `uikit` | this project's UIScrollView model (`BouncingFlingSimulation`, `RubberBand`, `BounceSimulation`) |
/// | `android` | AOSP `OverScroller.java` (`SplineOverScroller`), flung as `RecyclerView` flings it |
/// | `flutter-ios` | Flutter `scroll_simulation.dart` `BouncingScrollSimulation`, `scroll_physics.dart` `BouncingScrollPhysics` |
/// | `flutter-android` | Flutter `ClampingScrollSimulation` (after flutter/flutter#120420), `ClampingScrollPhysics` |
/// | `chromium` | Chromium `ui/events/gestures/fling_curve.cc` (Linux: no elastic overscroll) |
/// | `gtk` | GTK 4 `gtk/gtkkineticscrolling.c` with `gtk/gtkscrolledwindow.c`'s constants |
///
/// `compose` is accepted as another name for `android`: Jetpack Compose's `SplineBasedDecay`
/// (`FlingCalculator`, `AndroidFlingSpline`) has OverScroller's constants and spline to the
/// last digit, and `LazyColumn` stops at the edge as `RecyclerView` does.
public enum ScrollEngineName: String, CaseIterable, Hashable, Sendable {
    case uikit
    case android
    case flutterIOS = "flutter-ios"
    case flutterAndroid = "flutter-android"
    case chromium
    case gtk

    /// Other names an engine answers to.
    public static let aliases: [String: ScrollEngineName] = ["compose": .android]

    /// An engine by its name or an alias ("compose").
    public init?(name: String) {
        if let engine = ScrollEngineName(rawValue: name) {
            self = engine
        } else if let engine = ScrollEngineName.aliases[name] {
            self = engine
        } else {
            return nil
        }
    }

    /// The engine's name for people: the panel's picker, toasts, captions.
    public var title: String {
        switch self {
        case .uikit: "UIKit"
        case .android: "Android"
        case .flutterIOS: "Flutter (iOS)"
        case .flutterAndroid: "Flutter (Android)"
        case .chromium: "Chromium"
        case .gtk: "GTK"
        }
    }

    /// The engine's coast as a formula, with its platform's constants (the explain card).
    public var formula: String {
        switch self {
        case .uikit: "x(t) = x0 + v0·(0.998^(1000t) − 1)/(1000·ln 0.998), a spring at the edges"
        case .android: "spline: distance 0.015·c·e^(r/(r−1)·ln(0.35|v0|/(0.015·c))), c = 9.80665·39.37·160·0.84, r = ln 0.78/ln 0.9"
        case .flutterIOS: "x(t) = x0 + v0·(0.135^t − 1)/ln 0.135, a spring (0.5, 100, ζ 1.1) past the edges"
        case .flutterAndroid: "x(t) = x0 + D·(1 − (1 − t/T)^r): Android's distance D in 0.35·r of its time"
        case .chromium: "x(t) = α·e^(−γt) − β·t − α from where the slope is v0; α −5707.62, β 172, γ 3.7"
        case .gtk: "x(t) = x0 + v0·(1 − e^(−4t))/4, an overshoot spring (friction 20) at the edges"
        }
    }

    /// The source the engine is written from.
    public var source: String {
        switch self {
        case .uikit: "UIScrollView as measured by super-ultra/ScrollMechanics (DecelerationSimulation, RubberBand, SpringSimulation)"
        case .android: "AOSP core/java/android/widget/OverScroller.java (SplineOverScroller) as RecyclerView flings it"
        case .flutterIOS: "flutter packages/flutter/lib/src/widgets/scroll_simulation.dart BouncingScrollSimulation + scroll_physics.dart BouncingScrollPhysics"
        case .flutterAndroid: "flutter packages/flutter/lib/src/widgets/scroll_simulation.dart ClampingScrollSimulation + scroll_physics.dart ClampingScrollPhysics"
        case .chromium: "chromium ui/events/gestures/fling_curve.cc"
        case .gtk: "GTK 4 gtk/gtkkineticscrolling.c + gtk/gtkscrolledwindow.c"
        }
    }

    /// The engine with the platform's own constants.
    public var engine: ScrollEngine { ScrollEngine(self) }
}
