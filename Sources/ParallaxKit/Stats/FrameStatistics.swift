/// Frame times over a rolling window, read the way MangoHud and Flutter's overlay read them:
/// fps = 1000 / mean frame time, "1 % low" = 1000 / the 99th-percentile frame time.
public struct FrameStatistics: Sendable {
    /// Frames kept for the graph and the rolling numbers (~4 s at 60 Hz).
    public let capacity: Int
    private var samples: [FrameSample] = []
    private var next = 0
    /// Samples still to be left out before recording starts (see `init(capacity:leavingOut:)`).
    public private(set) var samplesToLeaveOut: Int

    /// `leavingOut` samples recorded first are dropped: statistics started again because what
    /// they measure changed leave out the frame that made the change, whose one-off cost (a
    /// million frames laid out again) is neither the old setting's nor the new one's.
    public init(capacity: Int = 240, leavingOut: Int = 0) {
        self.capacity = max(1, capacity)
        samplesToLeaveOut = max(0, leavingOut)
        samples.reserveCapacity(self.capacity)
    }

    public mutating func record(_ sample: FrameSample) {
        if samplesToLeaveOut > 0 {
            samplesToLeaveOut -= 1
            return
        }
        if samples.count < capacity {
            samples.append(sample)
        } else {
            samples[next] = sample
        }
        next = (next + 1) % capacity
    }

    /// Oldest first.
    public var recent: [FrameSample] {
        samples.count < capacity ? samples : Array(samples[next...] + samples[..<next])
    }

    public var count: Int { samples.count }

    public var meanFrameMilliseconds: Double {
        samples.isEmpty ? 0 : samples.reduce(0) { $0 + $1.frameMilliseconds } / Double(samples.count)
    }

    public var framesPerSecond: Double {
        let mean = meanFrameMilliseconds
        return mean > 0 ? 1000 / mean : 0
    }

    public var onePercentLowFramesPerSecond: Double {
        let p99 = Percentiles.of(samples.map(\.frameMilliseconds), 0.99)
        return p99 > 0 ? 1000 / p99 : 0
    }

    /// The mean of each phase's CPU time over the window.
    public var meanPhases: FrameSample {
        guard !samples.isEmpty else { return FrameSample() }
        var sum = FrameSample()
        for s in samples {
            sum.frameMilliseconds += s.frameMilliseconds
            sum.inputAndPhysicsMilliseconds += s.inputAndPhysicsMilliseconds
            sum.strategyMilliseconds += s.strategyMilliseconds
            sum.drawingMilliseconds += s.drawingMilliseconds
            sum.presentMilliseconds += s.presentMilliseconds
        }
        let n = Double(samples.count)
        return FrameSample(
            frameMilliseconds: sum.frameMilliseconds / n, inputAndPhysicsMilliseconds: sum.inputAndPhysicsMilliseconds / n,
            strategyMilliseconds: sum.strategyMilliseconds / n, drawingMilliseconds: sum.drawingMilliseconds / n,
            presentMilliseconds: sum.presentMilliseconds / n)
    }
}

/// One frame's timings, in milliseconds: consecutive parts of the frame that, with `other`,
/// add up to the whole.
public struct FrameSample: Hashable, Sendable {
    /// From this frame's start to the next frame's start (what the user sees).
    public var frameMilliseconds: Double
    /// Reading the events and handing them to the model, and the physics.
    public var inputAndPhysicsMilliseconds: Double
    /// The layout and the strategy.
    public var strategyMilliseconds: Double
    /// Building the draw list and issuing it to the renderer.
    public var drawingMilliseconds: Double
    /// Presenting the frame, including any wait for vertical sync.
    public var presentMilliseconds: Double
    /// The frame graph's two parts (`RunBudget`), which overlap the parts above: the
    /// main thread's work (events, input, physics, layout, the draw list: everything before the
    /// renderer is handed the frame, slowed by the run's CPU slowdown) and rendering and
    /// presenting after it. 0 and 0 when the driver does not split the frame.
    public var mainThreadMilliseconds = 0.0
    public var renderMilliseconds = 0.0

    public init(
        frameMilliseconds: Double = 0, inputAndPhysicsMilliseconds: Double = 0, strategyMilliseconds: Double = 0,
        drawingMilliseconds: Double = 0, presentMilliseconds: Double = 0
    ) {
        self.frameMilliseconds = frameMilliseconds
        self.inputAndPhysicsMilliseconds = inputAndPhysicsMilliseconds
        self.strategyMilliseconds = strategyMilliseconds
        self.drawingMilliseconds = drawingMilliseconds
        self.presentMilliseconds = presentMilliseconds
    }

    /// The rest of the frame: bookkeeping between the phases and before the next frame.
    public var otherMilliseconds: Double {
        frameMilliseconds - inputAndPhysicsMilliseconds - strategyMilliseconds - drawingMilliseconds - presentMilliseconds
    }
}

/// Frame budgets: 60 Hz and 120 Hz.
public enum FrameBudget {
    public static let sixtyHertz = 1000.0 / 60
    public static let oneTwentyHertz = 1000.0 / 120
}

public enum Percentiles {
    /// The `p`-quantile (0…1) by linear interpolation between closest ranks; 0 for no values.
    public static func of(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = min(max(p, 0), 1) * Double(sorted.count - 1)
        let lo: Int = rank.clampedInteger(rounding: .down), hi: Int = rank.clampedInteger(rounding: .up)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
    }
}
