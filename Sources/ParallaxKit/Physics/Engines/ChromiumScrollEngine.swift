import RealModule

/// Chromium's fling: `ui/events/gestures/fling_curve.cc`, the curve Aura (Linux, ChromeOS,
/// Windows) flings with.
///
/// x(t) = α·e^(−γt) − β·t − α with α = −5,707.62, β = 172, γ = 3.7 (floats in the source), so
/// v(t) = −α·γ·e^(−γt) − β, which reaches 0 at T = −ln(β/(−αγ))/γ = 1.3001 s. A fling at speed s
/// enters the curve at t0 = −ln((s + β)/(−αγ))/γ, where the curve's slope is s, and the offset
/// is x(t0 + t) − x(t0) until t0 + t reaches T. The speed taken is at most v(0) = 20,946 px/s;
/// a faster release scales the whole displacement by v/v(0) (`displacement_ratio_`), and the
/// sign of the velocity gives the direction.
///
/// Linux has no elastic overscroll (the mac rubber band is WebKit's
/// ScrollElasticityController): the scroll offset is clamped at the edge, so the content stops
/// there, while dragging and while flinging.
///
/// Exact: the curve at any t, including its unit test's figures for 5,000 px/s (steps of 96,
/// 705 and 392 px, 1,193 px in all, within 1 px), and the stop at the edge. Not modelled:
/// fling boosting of successive flings, and the float rounding of each offset.
public struct ChromiumScrollEngine: Hashable, Sendable, BitwiseCopyable {
    public init() {}

    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        let b = EngineInput.bounds(range)
        // No overscroll on Linux: a position past an edge is clamped to it.
        let x = EngineInput.clamp(EngineInput.position(start), b)
        return .chromium(ChromiumFling(start: x, velocity: EngineInput.velocity(velocity), lower: b.lower, upper: b.upper))
    }
}

/// One `FlingCurve` from `start`, stopped at an edge (see `ChromiumScrollEngine`).
public struct ChromiumFling: ScrollSimulation, Hashable, Sendable, BitwiseCopyable {
    /// `kDefaultAlpha`, `kDefaultBeta`, `kDefaultGamma` as the floats they are in the source.
    public static let alpha = Double(Float(-5.70762e+03))
    public static let beta = Double(Float(1.72e+02))
    public static let gamma = Double(Float(3.7))
    /// −α·γ, a float product in the source.
    static let alphaGamma = Double(-Float(-5.70762e+03) * Float(3.7))

    /// The curve's x(t).
    public static func curvePosition(at t: Double) -> Double {
        alpha * Double.exp(-gamma * t) - beta * t - alpha
    }

    /// The curve's v(t).
    public static func curveVelocity(at t: Double) -> Double {
        alphaGamma * Double.exp(-gamma * t) - beta
    }

    /// The curve's time at which its velocity is `v`.
    public static func curveTime(atVelocity v: Double) -> Double {
        -Double.log((v + beta) / alphaGamma) / gamma
    }

    /// Where the curve's velocity reaches 0: `curve_duration_`, 1.3001 s.
    public static let curveDuration = curveTime(atVelocity: 0)
    /// v(0) = 20,946 px/s: the fastest entry into the curve.
    public static let maximumStartSpeed = curveVelocity(at: 0)

    public var start: Double
    public var lower: Double
    public var upper: Double
    /// The signed scale of the curve's displacement: v / min(|v|, v(0)); 0 for no fling.
    public var displacementRatio: Double
    /// `time_offset_`: where on the curve the fling enters.
    public var timeOffset: Double
    /// `position_offset_`: x(t0).
    public var positionOffset: Double
    /// When the offset reaches an edge, if before the curve ends: the fling stops there.
    public var edgeTime: Double?

    public init(start: Double, velocity: Double, lower: Double, upper: Double) {
        self.start = start
        self.lower = lower
        self.upper = upper
        edgeTime = nil
        guard velocity != 0 else {
            displacementRatio = 0
            timeOffset = Self.curveDuration
            positionOffset = Self.curvePosition(at: Self.curveDuration)
            return
        }
        let speed = min(abs(velocity), Self.maximumStartSpeed)
        displacementRatio = velocity / speed
        timeOffset = Self.curveTime(atVelocity: speed)
        positionOffset = Self.curvePosition(at: timeOffset)
        let end = start + totalDistance
        if end < lower || end > upper {
            // The displacement grows monotonically on [0, T − t0]: halve to the crossing.
            let target = ((end < lower ? lower : upper) - start) / displacementRatio
            var lo = 0.0, hi = curveRemaining
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if Self.curvePosition(at: timeOffset + mid) - positionOffset < target { lo = mid } else { hi = mid }
            }
            edgeTime = hi
        }
    }

    /// T − t0: how long the curve runs from the entry.
    public var curveRemaining: Double { max(Self.curveDuration - timeOffset, 0) }

    /// The whole displacement, signed: 1,193.1 px for 5,000 px/s.
    public var totalDistance: Double {
        displacementRatio * (Self.curvePosition(at: Self.curveDuration) - positionOffset)
    }

    /// `ComputeScrollOffset`'s offset at t, unclamped.
    public func offset(at t: Double) -> Double {
        guard t > 0, displacementRatio != 0 else { return 0 }
        return displacementRatio * (Self.curvePosition(at: min(t + timeOffset, Self.curveDuration)) - positionOffset)
    }

    public var duration: Double { edgeTime ?? (displacementRatio == 0 ? 0 : curveRemaining) }

    public func position(at t: Double) -> Double {
        t >= duration ? restPosition : min(max(start + offset(at: t), lower), upper)
    }

    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < duration else { return 0 }
        return displacementRatio * Self.curveVelocity(at: t + timeOffset)
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    public var restPosition: Double {
        guard edgeTime != nil else { return start + totalDistance }
        return displacementRatio < 0 ? lower : upper
    }
}
