import RealModule

/// Android's fling as `RecyclerView` runs it: AOSP `OverScroller.java`'s `SplineOverScroller`
/// flung with no bounds (`fling(…, Integer.MIN_VALUE, Integer.MAX_VALUE, …)`), stopped by
/// `RecyclerView`'s `ViewFlinger` on the frame its scroll is not consumed (the edge), which
/// then shows an `EdgeEffect` (a glow, or a stretch since Android 12): a drawing, not motion.
/// So the content stops dead at an edge, while dragging and while flinging.
///
/// Constants (density 1, so ppi = 160 and 1 px = 1 dp = 1 pt), each the source's float:
/// `DECELERATION_RATE` = ln 0.78 / ln 0.9 = 2.3582017; `INFLEXION` 0.35; `START_TENSION` 0.5;
/// `END_TENSION` 1.0; scroll friction `ViewConfiguration.getScrollFriction()` = 0.015;
/// `mPhysicalCoeff` = `SensorManager.GRAVITY_EARTH` 9.80665 × 39.37 (in/m) × 160 (ppi) × 0.84
/// = 51,890.199 px/s². For a velocity v: l = ln(0.35·|v| / (0.015·coeff));
/// distance = 0.015·coeff·e^(l·r/(r − 1)); duration = e^(l/(r − 1)) s; the offset at t is the
/// distance times `SPLINE_POSITION` interpolated linearly at t/duration (100 samples, the
/// table built as the source's static block builds it, in float).
///
/// Exact: the spline, the distance, the duration and the stop at the edge. Not modelled:
/// Android's integers (the distance and the position are truncated/rounded to whole pixels and
/// the duration to whole milliseconds: 3,177 px and 1,815 ms for 5,000 dp/s, where this gives
/// 3,177.6 and 1,815.8), and the EdgeEffect's drawing.
///
/// Jetpack Compose's `SplineBasedDecay` is the same: `FlingCalculator` has the same gravity,
/// inches per metre, 160 dpi, 0.84, friction (the platform's), `DecelerationRate` and
/// `AndroidFlingSpline` (the same table built the same way); it keeps the distance in float
/// (3,177.6) and the duration in whole milliseconds (1,815), and `LazyColumn` stops its fling
/// when a scroll is not consumed. So `compose` is this engine.
public struct AndroidScrollEngine: Hashable, Sendable, BitwiseCopyable {
    /// `ViewConfiguration.getScrollFriction()` (`SCROLL_FRICTION` = 0.015).
    public var friction: Double

    public init(friction: Double = Double(Float(0.015))) {
        self.friction = friction.isFinite && friction > 0 ? friction : Double(Float(0.015))
    }

    /// `ViewConfiguration`'s `MINIMUM_FLING_VELOCITY` (50 dp/s): `RecyclerView.fling` drops a
    /// slower release.
    public static let minimumFlingVelocity = 50.0
    /// `MAXIMUM_FLING_VELOCITY` (8,000 dp/s): `RecyclerView.fling` clamps to it.
    public static let maximumFlingVelocity = 8000.0

    /// `RecyclerView.fling`: below the minimum no fling, else clamped to the maximum.
    public func releaseVelocity(_ v: Double) -> Double {
        abs(v) < Self.minimumFlingVelocity ? 0 : min(max(v, -Self.maximumFlingVelocity), Self.maximumFlingVelocity)
    }

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        let x = EngineInput.position(start), v = EngineInput.velocity(velocity)
        if x < b.lower || x > b.upper {
            // RecyclerView never lies past an edge; OverScroller's own way back is springBack.
            return .androidSpringBack(AndroidSpringBack(start: x, edge: x < b.lower ? b.lower : b.upper))
        }
        return .android(AndroidFling(start: x, velocity: v, lower: b.lower, upper: b.upper, friction: friction))
    }

    /// The spline's distance (points, unsigned) for a velocity: `getSplineFlingDistance`.
    public func flingDistance(velocity: Double) -> Double {
        AndroidFling.splineDistanceAndDuration(speed: abs(EngineInput.velocity(velocity)), friction: friction).distance
    }

    /// The spline's duration (seconds) for a velocity: `getSplineFlingDuration`, not truncated.
    public func flingDuration(velocity: Double) -> Double {
        AndroidFling.splineDistanceAndDuration(speed: abs(EngineInput.velocity(velocity)), friction: friction).duration
    }
}

/// `SplineOverScroller`'s curve: `SPLINE_POSITION`, the fraction of the distance covered at
/// each hundredth of the duration.
public enum AndroidSpline {
    public static let samples = 100
    public static let inflexion = Double(Float(0.35))
    public static let startTension = Double(Float(0.5))
    public static let endTension = Double(Float(1.0))
    /// `DECELERATION_RATE` = (float)(ln 0.78 / ln 0.9).
    public static let decelerationRate = Double(Float(Double.log(0.78) / Double.log(0.9)))
    /// `mPhysicalCoeff` at ppi 160: the float product 9.80665f × 39.37f × 160f × 0.84f.
    public static let physicalCoefficient = Double(Float(9.80665) * Float(39.37) * Float(160) * Float(0.84))

    /// `SPLINE_POSITION[0…100]`, made as the source's static block makes it: for each α = i/100
    /// the x in [x_min, 1] whose tension curve 3x(1−x)((1−x)·P1 + x·P2) + x³ lies within 10⁻⁵
    /// of α, found by halving (x_min carried from one α to the next), gives
    /// 3x(1−x)((1−x)·START_TENSION + x) + x³; the last entry is 1. Float arithmetic throughout,
    /// as in Java, so the table is the platform's own.
    public static let positions: [Double] = {
        let inflexion = Float(0.35), start = Float(0.5), end = Float(1.0)
        let p1 = start * inflexion
        let p2 = Float(1) - end * (Float(1) - inflexion)
        var table = [Double](repeating: 1, count: samples + 1)
        var xMin = Float(0)
        for i in 0..<samples {
            let alpha = Float(i) / Float(samples)
            var xMax = Float(1)
            var x = Float(0), coef = Float(0)
            // Halving converges in about 17 steps; 64 bound it whatever the arithmetic does.
            for _ in 0..<64 {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if Double(abs(tx - alpha)) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = Double(coef * ((1 - x) * start + x) + x * x * x)
        }
        table[samples] = 1
        return table
    }()

    /// The fraction of the distance covered and its rate (per unit of u) at u = t/duration:
    /// linear between samples, (1, 0) from u = 1 on (`update()`'s SPLINE case).
    @inline(__always)
    static func sample(_ u: Double) -> (distance: Double, rate: Double) {
        guard u < 1 else { return (1, 0) }
        let scaled = Double(samples) * max(u, 0)
        let index = Int(scaled)
        guard index < samples else { return (1, 0) }
        return positions.withUnsafeBufferPointer { p in
            let lo = p[index], hi = p[index + 1]
            let rate = (hi - lo) * Double(samples)
            return (lo + (u - Double(index) / Double(samples)) * rate, rate)
        }
    }

    /// The u in [0, 1] at which the curve first covers `fraction` of the distance.
    static func time(toCover fraction: Double) -> Double {
        if fraction <= positions[0] { return 0 }
        if fraction >= 1 { return 1 }
        var index = 0
        while index < samples - 1 && positions[index + 1] < fraction { index += 1 }
        let lo = positions[index], hi = positions[index + 1]
        guard hi > lo else { return Double(index) / Double(samples) }
        return (Double(index) + (fraction - lo) / (hi - lo)) / Double(samples)
    }
}

/// One `SplineOverScroller` fling as `RecyclerView` shows it: the spline from `start`, stopped
/// on the edge it reaches (the frame whose scroll is not consumed ends the fling).
public struct AndroidFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    public var start: Double
    /// The release velocity (points per second, signed).
    public var initialVelocity: Double
    /// `mSplineDistance`, signed (not truncated to whole pixels).
    public var distance: Double
    /// `mSplineDuration`, seconds (not truncated to whole milliseconds).
    public var splineDuration: Double
    public var lower: Double
    public var upper: Double
    /// When the spline reaches an edge, if it does before its end: the fling stops there.
    public var edgeTime: Double?

    public init(start: Double, velocity: Double, lower: Double, upper: Double, friction: Double = Double(Float(0.015))) {
        self.start = start
        self.lower = lower
        self.upper = upper
        initialVelocity = velocity
        let spline = Self.splineDistanceAndDuration(speed: abs(velocity), friction: friction)
        distance = velocity < 0 ? -spline.distance : spline.distance
        splineDuration = spline.duration
        edgeTime = nil
        let end = start + distance
        if end < lower || end > upper {
            let edge = end < lower ? lower : upper
            edgeTime = AndroidSpline.time(toCover: (edge - start) / distance) * splineDuration
        }
    }

    /// `getSplineFlingDistance` and `getSplineFlingDuration` (seconds) for a speed ≥ 0.
    static func splineDistanceAndDuration(speed: Double, friction: Double) -> (distance: Double, duration: Double) {
        guard speed > 0 else { return (0, 0) }
        let r = AndroidSpline.decelerationRate
        let reference = friction * AndroidSpline.physicalCoefficient
        let l = Double.log(AndroidSpline.inflexion * speed / reference)
        return (reference * Double.exp(r / (r - 1) * l), Double.exp(l / (r - 1)))
    }

    /// Seconds until the fling stops: at the edge, or at the spline's end.
    public var duration: Double { edgeTime ?? splineDuration }

    /// The spline's offset at t, unclamped (`update()` keeps the start at t = 0).
    public func splinePosition(at t: Double) -> Double {
        guard t > 0, splineDuration > 0 else { return start }
        return start + distance * AndroidSpline.sample(t / splineDuration).distance
    }

    public func position(at t: Double) -> Double {
        if t >= duration { return restPosition }
        return min(max(splinePosition(at: t), lower), upper)
    }

    /// `mCurrVelocity`: the spline's slope between samples; 0 once stopped.
    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < duration, splineDuration > 0 else { return 0 }
        return AndroidSpline.sample(t / splineDuration).rate * distance / splineDuration
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    public var restPosition: Double {
        guard edgeTime != nil else { return start + distance }
        return distance < 0 ? lower : upper
    }
}

/// `OverScroller.springBack`: from past an edge back to it along 3u² − 2u³ (the CUBIC state)
/// over √(2·|overshoot| / 2000) s (`GRAVITY` 2000); the release velocity is ignored, as the
/// source's "TODO take velocity into account" says. `RecyclerView` is never past an edge; this
/// is only for a position put there from outside.
public struct AndroidSpringBack: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    public var start: Double
    public var edge: Double
    /// Seconds.
    public var duration: Double

    public init(start: Double, edge: Double) {
        self.start = start
        self.edge = edge
        duration = (2 * abs(start - edge) / 2000).squareRoot()
    }

    public func position(at t: Double) -> Double {
        guard t > 0 else { return start }
        guard t < duration else { return edge }
        let u = t / duration
        return start + (edge - start) * (3 * u * u - 2 * u * u * u)
    }

    public func velocity(at t: Double) -> Double {
        guard t > 0, t < duration else { return 0 }
        let u = t / duration
        return (edge - start) * 6 * (u - u * u) / duration
    }

    public func isDone(at t: Double) -> Bool { t >= duration }
    public var restPosition: Double { edge }
}
