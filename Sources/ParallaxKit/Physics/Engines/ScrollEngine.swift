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

/// A drag as an engine sees it: the finger's unresisted offset and what the content shows.
public struct EngineDrag: Hashable, Sendable, BitwiseCopyable {
    /// The offset the finger asks for: where the drag started plus every delta, unresisted.
    public var raw: Double
    /// The content's offset as the platform shows it (past an edge only on bouncing engines).
    public var position: Double
    /// How far past the edge the platform's own offset lies while the content shows the edge:
    /// GTK keeps an unclamped value and draws its excess as an overshoot indicator instead of
    /// moving the content. 0 on every other engine.
    public var overshoot: Double

    public init(raw: Double, position: Double, overshoot: Double = 0) {
        self.raw = raw
        self.position = position
        self.overshoot = overshoot
    }

    /// The platform's own offset (GTK's unclamped value): where a release starts from.
    public var enginePosition: Double { position + overshoot }
}

/// One of the platforms' scroll engines, with its constants.
public enum ScrollEngine: Hashable, Sendable {
    case uikit(UIKitScrollEngine)
    case android(AndroidScrollEngine)
    case flutterIOS(FlutterIOSScrollEngine)
    case flutterAndroid(FlutterAndroidScrollEngine)
    case chromium(ChromiumScrollEngine)
    case gtk(GTKScrollEngine)

    /// The named engine with its platform's constants.
    public init(_ name: ScrollEngineName) {
        switch name {
        case .uikit: self = .uikit(UIKitScrollEngine())
        case .android: self = .android(AndroidScrollEngine())
        case .flutterIOS: self = .flutterIOS(FlutterIOSScrollEngine())
        case .flutterAndroid: self = .flutterAndroid(FlutterAndroidScrollEngine())
        case .chromium: self = .chromium(ChromiumScrollEngine())
        case .gtk: self = .gtk(GTKScrollEngine())
        }
    }

    public var name: ScrollEngineName {
        switch self {
        case .uikit: .uikit
        case .android: .android
        case .flutterIOS: .flutterIOS
        case .flutterAndroid: .flutterAndroid
        case .chromium: .chromium
        case .gtk: .gtk
        }
    }

    /// A fling from `start` at `velocity` (points per second, the direction the offset moves)
    /// with the content resting within `range`, including what the platform does at an edge.
    /// A `start` past an edge is a release from there (`release(from:velocity:range:viewportExtent:)`).
    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        switch self {
        case .uikit(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .android(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .flutterIOS(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .flutterAndroid(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .chromium(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .gtk(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        }
    }

    /// What a release at `velocity` from `position` (the platform's own offset, which may lie
    /// past an edge: `EngineDrag.enginePosition`) does: the way back to the edge for a position
    /// past it, else a fling.
    public func release(from position: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        fling(from: position, velocity: velocity, range: range, viewportExtent: viewportExtent)
    }

    /// A finger taking hold of content shown at `position` (with `overshoot` for GTK): the drag
    /// state from which moves continue without a jump.
    public func beginDrag(at position: Double, overshoot: Double = 0, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        switch self {
        case .uikit(let e): e.beginDrag(at: position, range: range, viewportExtent: viewportExtent)
        case .android, .flutterAndroid, .chromium:
            EngineDrag(raw: EngineInput.clamp(EngineInput.position(position), EngineInput.bounds(range)),
                       position: EngineInput.clamp(EngineInput.position(position), EngineInput.bounds(range)))
        case .flutterIOS:
            EngineDrag(raw: EngineInput.position(position), position: EngineInput.position(position))
        case .gtk(let e): e.beginDrag(at: position, overshoot: overshoot, range: range)
        }
    }

    /// The drag moved by `delta` (the change of offset the finger asks for): what shows.
    /// UIKit's rubber band is a function of the whole pull (`raw`); Flutter's friction is
    /// applied to each delta in turn, so its result depends on the path; the clamping engines
    /// hold the content at the edge; GTK's unclamped value goes up to 100 px past the edge.
    public func drag(_ drag: EngineDrag, by delta: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        let d = EngineInput.delta(delta)
        switch self {
        case .uikit(let e): return e.drag(drag, by: d, range: range, viewportExtent: viewportExtent)
        case .android, .flutterAndroid, .chromium:
            let b = EngineInput.bounds(range)
            return EngineDrag(raw: EngineInput.position(drag.raw + d), position: EngineInput.clamp(EngineInput.position(drag.position + d), b))
        case .flutterIOS(let e): return e.drag(drag, by: d, range: range, viewportExtent: viewportExtent)
        case .gtk(let e): return e.drag(drag, by: d, range: range)
        }
    }

    /// The fling velocity the platform's gesture layer makes of a measured release velocity:
    /// zero under its minimum fling velocity, clamped to its maximum.
    public func releaseVelocity(_ measured: Double) -> Double {
        let v = EngineInput.velocity(measured)
        switch self {
        case .uikit: return v
        case .android(let e): return e.releaseVelocity(v)
        case .flutterIOS(let e): return e.releaseVelocity(v)
        case .flutterAndroid(let e): return e.releaseVelocity(v)
        case .chromium, .gtk: return v
        }
    }
}

/// A fling or a way back of one engine: one case per engine's simulation, so no existential
/// and no allocation (every case is a plain value: `_isPOD`). Every case is a closed form of the
/// time since the start, exact at any t; a time that is NaN counts as 0 and one past 10⁶ s as
/// 10⁶ s, so no time yields NaN.
public enum EngineFling: ScrollSimulation, Hashable, Sendable {
    /// The time every case is evaluated at: t within [0, 10⁶] s.
    @inline(__always)
    static func time(_ t: Double) -> Double { t.isNaN ? 0 : min(max(t, 0), 1e6) }

    case uikit(BouncingFlingSimulation)
    case uikitBounce(BounceSimulation)
    case android(AndroidFling)
    case androidSpringBack(AndroidSpringBack)
    case flutterIOS(FlutterBouncingFling)
    case flutterAndroid(FlutterClampingFling)
    case flutterSpring(FlutterScrollSpring)
    case chromium(ChromiumFling)
    case gtk(GTKFling)

    public func position(at t: Double) -> Double {
        let t = EngineFling.time(t)
        return switch self {
        case .uikit(let s): s.position(at: t)
        case .uikitBounce(let s): s.position(at: t)
        case .android(let s): s.position(at: t)
        case .androidSpringBack(let s): s.position(at: t)
        case .flutterIOS(let s): s.position(at: t)
        case .flutterAndroid(let s): s.position(at: t)
        case .flutterSpring(let s): s.position(at: t)
        case .chromium(let s): s.position(at: t)
        case .gtk(let s): s.position(at: t)
        }
    }

    public func velocity(at t: Double) -> Double {
        let t = EngineFling.time(t)
        return switch self {
        case .uikit(let s): s.velocity(at: t)
        case .uikitBounce(let s): s.velocity(at: t)
        case .android(let s): s.velocity(at: t)
        case .androidSpringBack(let s): s.velocity(at: t)
        case .flutterIOS(let s): s.velocity(at: t)
        case .flutterAndroid(let s): s.velocity(at: t)
        case .flutterSpring(let s): s.velocity(at: t)
        case .chromium(let s): s.velocity(at: t)
        case .gtk(let s): s.velocity(at: t)
        }
    }

    public func isDone(at t: Double) -> Bool {
        let t = EngineFling.time(t)
        return switch self {
        case .uikit(let s): s.isDone(at: t)
        case .uikitBounce(let s): s.isDone(at: t)
        case .android(let s): s.isDone(at: t)
        case .androidSpringBack(let s): s.isDone(at: t)
        case .flutterIOS(let s): s.isDone(at: t)
        case .flutterAndroid(let s): s.isDone(at: t)
        case .flutterSpring(let s): s.isDone(at: t)
        case .chromium(let s): s.isDone(at: t)
        case .gtk(let s): s.isDone(at: t)
        }
    }

    public var restPosition: Double {
        switch self {
        case .uikit(let s): s.restPosition
        case .uikitBounce(let s): s.restPosition
        case .android(let s): s.restPosition
        case .androidSpringBack(let s): s.restPosition
        case .flutterIOS(let s): s.restPosition
        case .flutterAndroid(let s): s.restPosition
        case .flutterSpring(let s): s.restPosition
        case .chromium(let s): s.restPosition
        case .gtk(let s): s.restPosition
        }
    }

    /// Seconds from the start until `isDone`: the time to rest.
    public var duration: Double {
        switch self {
        case .uikit(let s):
            if let crossing = s.crossing { return crossing.time + firstTime(until: 30) { crossing.bounce.isDone(at: $0) } }
            return s.deceleration.duration
        case .uikitBounce(let s): return firstTime(until: 30) { s.isDone(at: $0) }
        case .android(let s): return s.duration
        case .androidSpringBack(let s): return s.duration
        case .flutterIOS(let s): return s.duration
        case .flutterAndroid(let s): return s.duration
        case .flutterSpring(let s): return s.duration
        case .chromium(let s): return s.duration
        case .gtk(let s): return s.duration
        }
    }

    /// How far past the edge the platform's motion goes while the content shows the edge: GTK
    /// draws it as its overshoot indicator (at most 100 px). 0 for every other engine, whose
    /// excursions past an edge are in `position(at:)` or (Android's glow, Chromium) not motion.
    public func overshoot(at t: Double) -> Double {
        if case .gtk(let s) = self { return s.overshoot(at: EngineFling.time(t)) }
        return 0
    }
}

/// Inputs made finite and bounded, so that no engine traps or yields NaN: a non-finite or huge
/// offset, velocity or extent is brought back to a value every formula handles.
enum EngineInput {
    /// A million points per second: far above any hand (platforms cap flings at 8,000–20,000).
    static let maximumSpeed = 1e6
    /// Offsets beyond ±10¹² points are taken as ±10¹².
    static let maximumOffset = 1e12

    static func velocity(_ v: Double) -> Double {
        v.isFinite ? min(max(v, -maximumSpeed), maximumSpeed) : 0
    }

    static func position(_ x: Double) -> Double {
        x.isFinite ? min(max(x, -maximumOffset), maximumOffset) : 0
    }

    static func delta(_ d: Double) -> Double {
        d.isFinite ? min(max(d, -maximumOffset), maximumOffset) : 0
    }

    /// The viewport's extent: positive and finite (1 point when it is not).
    static func extent(_ d: Double) -> Double {
        d.isFinite && d > 0 ? min(d, maximumOffset) : 1
    }

    /// The range's ends, each finite.
    static func bounds(_ range: ClosedRange<Double>) -> (lower: Double, upper: Double) {
        let lower = range.lowerBound.isNaN ? 0 : min(max(range.lowerBound, -maximumOffset), maximumOffset)
        let upper = range.upperBound.isNaN ? lower : min(max(range.upperBound, lower), maximumOffset)
        return (lower, upper)
    }

    static func clamp(_ x: Double, _ b: (lower: Double, upper: Double)) -> Double {
        min(max(x, b.lower), b.upper)
    }
}

/// The first time in [0, limit] at which `done` holds, to 10⁻⁶ s, for a condition that stays true
/// once it holds: scanned in 5 ms steps, then bisected. `limit` if it never holds.
func firstTime(until limit: Double, _ done: (Double) -> Bool) -> Double {
    if done(0) { return 0 }
    var previous = 0.0
    var t = 0.005
    while t <= limit {
        if done(t) {
            var lo = previous, hi = t
            while hi - lo > 1e-7 {
                let mid = (lo + hi) / 2
                if done(mid) { hi = mid } else { lo = mid }
            }
            return hi
        }
        previous = t
        t += 0.005
    }
    return limit
}
