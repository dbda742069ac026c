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
    case chromeDesktop(ChromeDesktopFling)
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
        case .chromeDesktop(let s): s.position(at: t)
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
        case .chromeDesktop(let s): s.velocity(at: t)
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
        case .chromeDesktop(let s): s.isDone(at: t)
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
        case .chromeDesktop(let s): s.restPosition
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
        case .chromeDesktop(let s): return s.duration
        case .chromium(let s): return s.duration
        case .gtk(let s): return s.duration
        }
    }

    /// How far past the edge the platform's motion goes while the content shows the edge: GTK
    /// draws it as its overshoot indicator (at most 100 px). 0 for every other engine, whose
    /// excursions past an edge are in `position(at:)` or (Android's glow, Chrome) not motion.
    public func overshoot(at t: Double) -> Double {
        if case .gtk(let s) = self { return s.overshoot(at: EngineFling.time(t)) }
        return 0
    }
}
