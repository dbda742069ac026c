/// The scroll engines of the platforms, each written from its own source's formulas and
/// constants: a fling (with what the platform does at the content's edges), a drag past an
/// edge, and the way back from past an edge, as pure values of the time passed in.
///
/// Units: 1 point = 1 Android dp = 1 Flutter logical pixel = 1 CSS px. Android's constants are
/// taken at density 1 (ppi 160), Flutter's tolerances at a device pixel ratio of 1, and
/// Chromium's and GTK's pixels are CSS / application pixels at scale 1.
///
/// | engine | source | where it ships |
/// | --- | --- | --- |
/// | `uikit` | this project's UIScrollView model (`BouncingFlingSimulation`, `RubberBand`, `BounceSimulation`) | iOS and iPadOS apps |
/// | `android` | AOSP `OverScroller.java` (`SplineOverScroller`), flung as `RecyclerView` flings it | Android apps (RecyclerView; Compose lists) |
/// | `flutter-ios` | Flutter `scroll_simulation.dart` `BouncingScrollSimulation`, `scroll_physics.dart` `BouncingScrollPhysics` | Flutter apps on iOS and macOS |
/// | `flutter-android` | Flutter `ClampingScrollSimulation` (after flutter/flutter#120420), `ClampingScrollPhysics` | Flutter apps on Android, Windows, Linux |
/// | `chrome-desktop` | Chromium `ui/events/gestures/physics_based_fling_curve.cc` | Chrome and Edge on Windows and Linux |
/// | `chromium` | Chromium `ui/events/gestures/fling_curve.cc` (no elastic overscroll) | ChromeOS; Chrome with ExperimentalFlingAnimation off |
/// | `gtk` | GTK 4 `gtk/gtkkineticscrolling.c` with `gtk/gtkscrolledwindow.c`'s constants | GTK 3 and 4 apps on a touchscreen |
///
/// `chromium` keeps its meaning (FlingCurve) in presets and settings written before
/// `chrome-desktop` existed.
///
/// `compose` is accepted as another name for `android`: Jetpack Compose's `SplineBasedDecay`
/// (`FlingCalculator`, `AndroidFlingSpline`) has OverScroller's constants and spline to the
/// last digit, and `LazyColumn` stops at the edge as `RecyclerView` does.
public enum ScrollEngineName: String, CaseIterable, Hashable, Sendable {
    case uikit
    case android
    case flutterIOS = "flutter-ios"
    case flutterAndroid = "flutter-android"
    case chromeDesktop = "chrome-desktop"
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

    /// The engine's short name for people, by where it ships: toasts, captions, the compare
    /// strip (the picker and the explain card say more: `longTitle`).
    public var title: String {
        switch self {
        case .uikit: "UIKit"
        case .android: "Android"
        case .flutterIOS: "Flutter (iOS)"
        case .flutterAndroid: "Flutter (Android)"
        case .chromeDesktop: "Chrome desktop"
        case .chromium: "ChromeOS (FlingCurve)"
        case .gtk: "GTK"
        }
    }

    /// Where people feel this engine today.
    public var shipsIn: String {
        switch self {
        case .uikit: "iOS and iPadOS apps"
        case .android: "Android apps: RecyclerView, Compose lists"
        case .flutterIOS: "Flutter apps on iOS and macOS"
        case .flutterAndroid: "Flutter apps on Android, Windows, Linux"
        case .chromeDesktop: "Chrome and Edge on Windows and Linux"
        case .chromium: "ChromeOS; Chrome with ExperimentalFlingAnimation off"
        case .gtk: "GTK 3 and 4 apps on a touchscreen"
        }
    }

    /// The engine by what it is and where it ships: the panel's picker, the explain card, help.
    public var longTitle: String {
        switch self {
        case .uikit: "UIKit's UIScrollView (\(shipsIn))"
        case .android: "Android's OverScroller (\(shipsIn))"
        case .flutterIOS: "Flutter's BouncingScrollPhysics (\(shipsIn))"
        case .flutterAndroid: "Flutter's ClampingScrollPhysics (\(shipsIn))"
        case .chromeDesktop: "Chromium's PhysicsBasedFlingCurve (\(shipsIn))"
        case .chromium: "Chromium's FlingCurve (\(shipsIn))"
        case .gtk: "GTK's kinetic scrolling (\(shipsIn))"
        }
    }

    /// The engine's coast in words, short enough for a line of the compare strip: why its
    /// curve differs from the others'.
    public var rule: String {
        switch self {
        case .uikit: "keeps 0.998 of its speed per ms"
        case .android: "a spline; its distance grows as v^1.74"
        case .flutterIOS: "keeps 0.135 per s; stops under 20 pt/s"
        case .flutterAndroid: "Android's distance in 0.825 of its time"
        case .chromeDesktop: "a 2 s Bézier, capped at 3 viewports"
        case .chromium: "an exponential, at most 1.3 s"
        case .gtk: "friction 4; stops at a step under 1 px"
        }
    }

    /// The engine's coast as a formula, with its platform's constants (the explain card).
    public var formula: String {
        switch self {
        case .uikit: "x(t) = x0 + v0·(0.998^(1000t) − 1)/(1000·ln 0.998), a spring at the edges"
        case .android: "spline: distance 0.015·c·e^(r/(r−1)·ln(0.35|v0|/(0.015·c))), c = 9.80665·39.37·160·0.84, r = ln 0.78/ln 0.9"
        case .flutterIOS: "x(t) = x0 + v0·(0.135^t − 1)/ln 0.135, a spring (0.5, 100, ζ 1.1) past the edges"
        case .flutterAndroid: "x(t) = x0 + D·(1 − (1 − t/T)^r): Android's distance D in 0.35·r of its time"
        case .chromeDesktop: "x(t) = x0 + D·B(t/T): B the cubic Bézier with control points (0.2, 0.2·s) (or (1/s, 1) when 0.2·s ≥ 1) and (0.55, 1), s = v0·T/D so it starts at v0; D = v0²/(2·0.0026457 px/ms²), at most 3 viewports; T = min(2 s, v0/2300)"
        case .chromium: "x(t) = α·e^(−γt) − β·t − α from where the slope is v0; α −5707.62, β 172, γ 3.7"
        case .gtk: "x(t) = x0 + v0·(1 − e^(−4t))/4 until a frame's step is under 1 px, rounded; an overshoot spring (friction 20) at the edges"
        }
    }

    /// The source the engine is written from, with the version read.
    public var source: String {
        switch self {
        case .uikit: "UIScrollView as measured by super-ultra/ScrollMechanics (DecelerationTimingParameters, RubberBand, SpringTimingParameters at d0a36d68)"
        case .android: "AOSP core/java/android/widget/OverScroller.java (SplineOverScroller, aosp-mirror/platform_frameworks_base 050275cd) as RecyclerView flings it"
        case .flutterIOS: "flutter packages/flutter/lib/src/widgets/scroll_simulation.dart BouncingScrollSimulation + scroll_physics.dart BouncingScrollPhysics (flutter/flutter b2ce50a4)"
        case .flutterAndroid: "flutter packages/flutter/lib/src/widgets/scroll_simulation.dart ClampingScrollSimulation + scroll_physics.dart ClampingScrollPhysics (flutter/flutter b2ce50a4)"
        case .chromeDesktop: "chromium ui/events/gestures/physics_based_fling_curve.cc (chromium/chromium be5cd41e), 96 pixels per inch"
        case .chromium: "chromium ui/events/gestures/fling_curve.cc (chromium/chromium be5cd41e)"
        case .gtk: "GTK 4 gtk/gtkkineticscrolling.c (GNOME/gtk 1e9e7bf0) + gtk/gtkscrolledwindow.c"
        }
    }

    /// The engine with the platform's own constants.
    public var engine: ScrollEngine { ScrollEngine(self) }
}
