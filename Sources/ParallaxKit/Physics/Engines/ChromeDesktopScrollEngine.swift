/// Chrome's desktop fling: `ui/events/gestures/physics_based_fling_curve.cc` (`PhysicsBasedFlingCurve`,
/// read at chromium/chromium be5cd41eea3ed2f989f430d623877d27f7779501), the curve a touchscreen
/// fling runs in Chrome and Edge on Windows and Linux, where `ui/base/ui_base_features.cc`
/// enables `ExperimentalFlingAnimation` by default (`WebGestureCurveImpl` picks it over
/// `FlingCurve` then).
///
/// At release speed v (px/s) with deceleration a = ppi × 2.7559e-5 px/ms² (`kDefaultPhysicalDeceleration`,
/// inches per ms²; 0.0026457 px/ms² at 96 ppi) the distance is v·T − a·T²/2 with T = v/a, that is
/// v²/(2a), capped at 3 × the viewport's extent along the fling (`kDefaultBoundsMultiplier`,
/// the floored size). The fling lasts min(2 s, v / 2300 px/s) (`kMaxCurveDurationForFling`,
/// `kDefaultPixelDeceleration`) and follows the cubic Bézier from (0, 0) to (1, 1) with control
/// points (0.2, 1.0) and (0.55, 1.0), of which the first is moved so the curve starts at the
/// release speed: with slope s = v·duration/distance, p1 = (0.2, 0.2·s) while 0.2·s < 1, else
/// (1/s, 1). The offset at t is distance × y where the curve's x is t / duration. The source
/// computes distance, duration and the control point in floats; so does this engine.
///
/// Pixels per inch: 96, Chrome's `kDefaultPixelsPerInch`, which `FlingScheduler::GetPixelsPerInch`
/// returns on Linux (Windows asks the screen) and its unit test uses, so a = 0.0026457 px/ms².
/// The bound follows the viewport passed in (the pane's), as Chrome's follows the root
/// widget's viewport (`FlingController::UpdateCurrentFlingState`).
///
/// Like `ChromiumScrollEngine`: no elastic overscroll on Windows' and Linux's default (the
/// scroll offset is clamped at the edge), so the fling stops where it reaches an edge.
///
/// Exact: the curve at any t, including its unit test's figures (physics_based_fling_curve_unittest.cc:
/// 5,000 px/s in a 1920×1080 viewport: steps of 98, 923 and 2,218 px vertically, capped at 3,240; 99,
/// 1,054 and 3,571 horizontally; the control points for 5,000 and 15,000 px/s). Not modelled:
/// fling boosting of successive flings (`FlingBooster`, which also scales the bound), and the
/// float rounding of each offset.
public struct ChromeDesktopScrollEngine: Hashable, Sendable, BitwiseCopyable {
    /// Chrome's pixels per inch at scale 1.
    public static let pixelsPerInch = 96.0

    public init() {}

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        // No overscroll on Windows and Linux: a position past an edge is clamped to it.
        let x = EngineInput.clamp(EngineInput.position(start), b)
        return .chromeDesktop(ChromeDesktopFling(start: x, velocity: EngineInput.velocity(velocity), lower: b.lower, upper: b.upper,
                                                 viewportExtent: EngineInput.extent(viewportExtent)))
    }
}

/// One `PhysicsBasedFlingCurve` from `start`, stopped at an edge (see `ChromeDesktopScrollEngine`).
public struct ChromeDesktopFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    /// `kDefaultP1X`, `kDefaultP1Y`, `kDefaultP2X`, `kDefaultP2Y`.
    public static let defaultP1 = (x: Float(0.2), y: Float(1.0))
    public static let p2 = (x: Double(Float(0.55)), y: 1.0)
    /// `kDefaultPixelDeceleration`, px/s: the duration is v over it.
    public static let pixelDeceleration = Float(2300)
    /// `kMaxCurveDurationForFling`, seconds.
    public static let maximumDuration = Float(2)
    /// `kDefaultPhysicalDeceleration`, inches per ms².
    public static let physicalDeceleration = Float(2.7559e-5)
    /// `kDefaultBoundsMultiplier`: the distance is at most this many viewports.
    public static let boundsMultiplier = 3.0

    /// The deceleration in px/ms² at `ChromeDesktopScrollEngine.pixelsPerInch`, as a float.
    public static let deceleration = Float(ChromeDesktopScrollEngine.pixelsPerInch) * physicalDeceleration

    /// `CalculateEndPoint` along one axis: |v|²/(2a) in floats (v in px/s), at most `bound`.
    public static func distance(speed: Double, bound: Double) -> Double {
        let v = Float(speed) * (1 / Float(1000))
        let duration = abs(v / deceleration)
        // The source multiplies in double, then stores a float.
        let offset = Float((Double(v) - Double(deceleration * duration) * 0.5) * Double(duration))
        return Double(min(offset, Float(bound)))
    }

    public var start: Double
    public var lower: Double
    public var upper: Double
    /// `distance_`, signed: where the curve ends, relative to `start`.
    public var distance: Double
    /// `curve_duration_`, seconds.
    public var curveDuration: Double
    /// The first control point after `CalculateDurationAndConfigureControlPoints`.
    public var p1x: Double
    public var p1y: Double
    /// When the offset reaches an edge, if before the curve ends: the fling stops there.
    public var edgeTime: Double?

    public init(start: Double, velocity: Double, lower: Double, upper: Double, viewportExtent: Double) {
        self.start = start
        self.lower = lower
        self.upper = upper
        edgeTime = nil
        let speed = abs(velocity)
        // `ScaleToFlooredSize(bounding_size, 3)`.
        let bound = (viewportExtent * Self.boundsMultiplier).rounded(.down)
        let reach = Self.distance(speed: speed, bound: bound)
        guard velocity != 0, reach > 0 else {
            distance = 0
            curveDuration = 0
            p1x = Double(Self.defaultP1.x)
            p1y = Double(Self.defaultP1.y)
            return
        }
        distance = velocity < 0 ? -reach : reach
        let duration = min(Self.maximumDuration, Float(speed) / Self.pixelDeceleration)
        curveDuration = Double(duration)
        let slope = abs(Float(speed) * duration / Float(reach))
        if slope * Self.defaultP1.x < 1 {
            p1x = Double(Self.defaultP1.x)
            p1y = Double(Self.defaultP1.x * slope)
        } else {
            p1x = Double(Self.defaultP1.y / slope)
            p1y = Double(Self.defaultP1.y)
        }
        let end = start + distance
        if end < lower || end > upper {
            // The progress grows monotonically in t: halve to the crossing.
            let target = ((end < lower ? lower : upper) - start) / distance
            var lo = 0.0, hi = curveDuration
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if progress(at: mid) < target { lo = mid } else { hi = mid }
            }
            edgeTime = hi
        }
    }

    /// The Bézier's parameter u at which its x is `x` (x in [0, 1]): Newton's method from
    /// u = x, then halving where it strays (the curve's x grows monotonically in u).
    func parameter(atX x: Double) -> Double {
        let cx = 3 * p1x, bx = 3 * (Self.p2.x - p1x) - cx, ax = 1 - cx - bx
        func curveX(_ u: Double) -> Double { ((ax * u + bx) * u + cx) * u }
        var u = x
        for _ in 0..<8 {
            let error = curveX(u) - x
            if abs(error) < 1e-12 { return u }
            let slope = (3 * ax * u + 2 * bx) * u + cx
            if abs(slope) < 1e-9 { break }
            u -= error / slope
        }
        var lo = 0.0, hi = 1.0
        u = min(max(u, 0), 1)
        for _ in 0..<60 {
            let value = curveX(u)
            if abs(value - x) < 1e-12 { return u }
            if value < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return u
    }

    /// The Bézier's y at parameter u, and dy/du and dx/du.
    func curve(at u: Double) -> (y: Double, dy: Double, dx: Double) {
        let cx = 3 * p1x, bx = 3 * (Self.p2.x - p1x) - cx, ax = 1 - cx - bx
        let cy = 3 * p1y, by = 3 * (Self.p2.y - p1y) - cy, ay = 1 - cy - by
        return (((ay * u + by) * u + cy) * u, (3 * ay * u + 2 * by) * u + cy, (3 * ax * u + 2 * bx) * u + cx)
    }

    /// `bezier_.Solve(t / duration)`: the share of `distance` covered at t.
    public func progress(at t: Double) -> Double {
        guard curveDuration > 0, t > 0 else { return 0 }
        guard t < curveDuration else { return 1 }
        return curve(at: parameter(atX: t / curveDuration)).y
    }

    public var duration: Double { edgeTime ?? curveDuration }

    public func position(at t: Double) -> Double {
        t >= duration ? restPosition : min(max(start + distance * progress(at: t), lower), upper)
    }

    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < duration, curveDuration > 0 else { return 0 }
        let c = curve(at: parameter(atX: t / curveDuration))
        guard c.dx > 0 else { return 0 }
        return distance * c.dy / c.dx / curveDuration
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    public var restPosition: Double {
        guard edgeTime != nil else { return start + distance }
        return distance < 0 ? lower : upper
    }
}
