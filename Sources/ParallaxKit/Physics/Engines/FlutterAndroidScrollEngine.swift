import RealModule

/// Flutter on Android: `ClampingScrollPhysics`.
///
/// The fling is `ClampingScrollSimulation` as re-derived for flutter/flutter#119875
/// (flutter/flutter#120420): Android's spline replaced by a closed form that travels exactly
/// Android's distance. With r = ln 0.78/ln 0.9, Android's duration T_a =
/// (|v|/v_ref)^(1/(r − 1)), v_ref = 0.015·(9.80665·39.37·160·0.84)/0.35 = 2,223.87 px/s, it
/// lasts T = r·0.35·T_a (0.825·T_a), covers D = v·T/r, and
/// x(t) = x0 + D·(1 − (1 − t/T)^r), v(t) = v0·(1 − t/T)^(r − 1): ballistic (the deceleration
/// depends only on the velocity), starting at exactly the release velocity, ending at Android's
/// place 17.5 % sooner. No fling under the tolerance (20 px/s) or towards an edge it stands on.
/// `applyBoundaryConditions` stops the content at an edge, and a ballistic activity whose move
/// overflows goes idle: the fling stops there (the glow is drawing, not motion). A position
/// past an edge (never reached by dragging) goes back on `ScrollSpringSimulation` with
/// velocity min(0, v), as the source writes it.
///
/// Exact: all of the above at any t, in double precision as in Dart.
public struct FlutterAndroidScrollEngine: Hashable, Sendable, BitwiseCopyable {
    /// `ClampingScrollSimulation.friction`'s default.
    public var friction: Double

    public init(friction: Double = 0.015) {
        self.friction = friction.isFinite && friction > 0 ? friction : 0.015
    }

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        let x = EngineInput.position(start), v = EngineInput.velocity(velocity)
        if x < b.lower || x > b.upper {
            return .flutterSpring(FlutterScrollSpring(start: x, end: x < b.lower ? b.lower : b.upper, velocity: min(0, v)))
        }
        return .flutterAndroid(FlutterClampingFling(start: x, velocity: v, lower: b.lower, upper: b.upper, friction: friction))
    }

    /// The drag recognizer's fling velocity: more than `kMinFlingVelocity` (50), clamped to
    /// `kMaxFlingVelocity` (8,000).
    public func releaseVelocity(_ v: Double) -> Double {
        abs(v) <= FlutterTolerance.minimumFlingVelocity ? 0
            : min(max(v, -FlutterTolerance.maximumFlingVelocity), FlutterTolerance.maximumFlingVelocity)
    }
}

/// `ClampingScrollSimulation`, stopped at the edge (see `FlutterAndroidScrollEngine`).
public struct FlutterClampingFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    /// `_kDecelerationRate` = ln 0.78 / ln 0.9 (double).
    public static let decelerationRate = Double.log(0.78) / Double.log(0.9)
    /// `_kInflexion`.
    public static let inflexion = 0.35
    /// `_physicalCoeff` = 9.80665 × 39.37 × 160 × 0.84 logical px/s².
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84

    public var start: Double
    public var initialVelocity: Double
    /// T, seconds (0: no fling).
    public var simulationDuration: Double
    /// D, signed.
    public var distance: Double
    public var lower: Double
    public var upper: Double
    /// When x reaches an edge, if before T: the fling stops there.
    public var edgeTime: Double?

    public init(start: Double, velocity: Double, lower: Double, upper: Double, friction: Double = 0.015) {
        self.start = start
        self.lower = lower
        self.upper = upper
        initialVelocity = velocity
        simulationDuration = 0
        distance = 0
        edgeTime = nil
        let towardsEdge = (velocity > 0 && start >= upper) || (velocity < 0 && start <= lower)
        guard abs(velocity) >= FlutterTolerance.velocity, !towardsEdge else { return }
        let r = Self.decelerationRate
        let reference = friction * Self.physicalCoefficient / Self.inflexion
        let androidDuration = Double.pow(abs(velocity) / reference, 1 / (r - 1))
        simulationDuration = r * Self.inflexion * androidDuration
        distance = velocity * simulationDuration / r
        let end = start + distance
        if end < lower || end > upper {
            // 1 − (1 − u)^r = f  ⇒  u = 1 − (1 − f)^(1/r).
            let f = ((end < lower ? lower : upper) - start) / distance
            edgeTime = simulationDuration * (1 - Double.pow(1 - min(max(f, 0), 1), 1 / r))
        }
    }

    public func unclampedPosition(at t: Double) -> Double {
        guard simulationDuration > 0 else { return start }
        let u = min(max(t / simulationDuration, 0), 1)
        return start + distance * (1 - Double.pow(1 - u, Self.decelerationRate))
    }

    public var duration: Double { edgeTime ?? simulationDuration }

    public func position(at t: Double) -> Double {
        t >= duration ? restPosition : min(max(unclampedPosition(at: t), lower), upper)
    }

    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < duration, simulationDuration > 0 else { return 0 }
        return initialVelocity * Double.pow(1 - t / simulationDuration, Self.decelerationRate - 1)
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    public var restPosition: Double {
        guard edgeTime != nil else { return start + distance }
        return distance < 0 ? lower : upper
    }
}
