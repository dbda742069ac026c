import FileOutput
import Foundation
import MonotonicTime
import ParallaxKit
import Presentation

/// What one physics step costs under each platform's engine: `ScrollView.tick(at:)` (the
/// engine's closed form evaluated at the frame's time, the offset moved, no observer) over
/// every frame of a `fling 5000` from mid-list at 60 fps until it rests, timed frame by frame
/// over several runs, and the heap allocations of one more run counted apart.
public struct PhysicsCostResult: Codable, Equatable, Sendable {
    public var engine: String
    /// Frames of one run (the coast's length at 60 fps).
    public var frames: Int
    public var runs: Int
    public var ns_per_step_p50: Double
    public var ns_per_step_p99: Double
    /// nil where this process cannot count allocations.
    public var allocations_per_step: Double?

    public init(engine: String, frames: Int, runs: Int, ns_per_step_p50: Double, ns_per_step_p99: Double, allocations_per_step: Double?) {
        self.engine = engine
        self.frames = frames
        self.runs = runs
        self.ns_per_step_p50 = ns_per_step_p50
        self.ns_per_step_p99 = ns_per_step_p99
        self.allocations_per_step = allocations_per_step
    }
}

public struct PhysicsCostReport: Codable, Equatable, Sendable {
    public var method = "ScrollView.tick(at:) per 60 fps frame of `fling 5000` from mid-list (table, 500 rows, 800×600) until the list rests; p50 and p99 over every frame of every run"
    public var target_ns_per_step = PhysicsCostMeasurement.targetNanoseconds
    public var engines: [PhysicsCostResult]

    public init(engines: [PhysicsCostResult]) { self.engines = engines }

    public var targets: [BenchTarget] {
        engines.map { r in
            let allocates = r.allocations_per_step.map { $0 > 0 }
            let met = r.ns_per_step_p50 <= PhysicsCostMeasurement.targetNanoseconds && allocates != true
            return BenchTarget(
                name: "physics step of \(r.engine) ≤ 1 µs and allocation-free", met: met,
                detail: "p50 \(NumberFormat.fixed(r.ns_per_step_p50, decimals: 0)) ns, p99 \(NumberFormat.fixed(r.ns_per_step_p99, decimals: 0)) ns, "
                    + (r.allocations_per_step.map { "\(NumberFormat.fixed($0, decimals: 2)) allocations per step" } ?? "allocations not counted"))
        }
    }

    public var terminalText: String {
        var out = ["Physics step per engine (fling 5000 at 60 fps, mid-list)",
                   "  engine            frames   p50 ns   p99 ns   allocs/step"]
        for r in engines {
            out.append("  " + TextFormatting.padRight(r.engine, 16) + TextFormatting.padLeft(String(r.frames), 8)
                       + TextFormatting.padLeft(NumberFormat.fixed(r.ns_per_step_p50, decimals: 0), 9)
                       + TextFormatting.padLeft(NumberFormat.fixed(r.ns_per_step_p99, decimals: 0), 9)
                       + TextFormatting.padLeft(r.allocations_per_step.map { NumberFormat.fixed($0, decimals: 2) } ?? "–", 14))
        }
        return out.joined(separator: "\n")
    }
}

public enum PhysicsCostMeasurement {
    /// The budget for a frame's physics under any engine: a microsecond, a sixteen-thousandth of
    /// a 60 Hz frame.
    public static let targetNanoseconds = 1_000.0
    static let viewport = Size(width: 800, height: 600)

    /// A scroll view of the table scene's size, coasting under `engine` from mid-list.
    static func coastingScrollView(_ engine: ScrollEngineName) -> ScrollView {
        let scrollView = ScrollView(axis: .vertical, viewportSize: viewport, contentSize: Size(width: 800, height: 500 * 250))
        scrollView.physics.engine = engine
        scrollView.setPosition(50_000)
        scrollView.handle(TimedEvent(time: 0, event: .fling(vx: 0, vy: 5000)))
        return scrollView
    }

    /// Times one engine's step alone: its loops tick a bare scroll view, not a playground, so
    /// they are not replays and do not go through `ReplayRun` (no script, no session, no
    /// layout: a frame's other work would drown the microsecond measured here).
    public static func measure(runs: Int, progress: BenchProgress? = nil) -> PhysicsCostReport {
        var results: [PhysicsCostResult] = []
        for engine in ScrollEngineName.allCases {
            var times: [Double] = []
            var frames = 0
            for run in 0...max(1, runs) {
                let scrollView = coastingScrollView(engine)
                var k = 1
                var runTimes: [Double] = []
                while scrollView.phase != .idle && k < 60 * 30 {
                    let t = Double(k) / 60
                    let start = monotonicNanoseconds()
                    scrollView.tick(at: t)
                    runTimes.append(Double(monotonicNanoseconds() &- start))
                    k += 1
                }
                // The first run warms the caches (and builds Android's spline table once).
                if run > 0 { times += runTimes }
                frames = runTimes.count
            }
            var allocations: Double?
            if AllocationCounter.unavailableReason == nil {
                let scrollView = coastingScrollView(engine)
                var steps = 0
                let counted = AllocationCounter.counting { () -> Int in
                    var k = 1
                    while scrollView.phase != .idle && k < 60 * 30 {
                        scrollView.tick(at: Double(k) / 60)
                        k += 1
                    }
                    steps = k - 1
                    return AllocationCounter.totals.count
                }
                allocations = steps > 0 ? Double(counted) / Double(steps) : 0
            }
            results.append(PhysicsCostResult(
                engine: engine.rawValue, frames: frames, runs: max(1, runs),
                ns_per_step_p50: BenchStatistics.quantile(nanoseconds: times, 0.5), ns_per_step_p99: BenchStatistics.quantile(nanoseconds: times, 0.99),
                allocations_per_step: allocations))
            progress?.advance(by: 1)
        }
        return PhysicsCostReport(engines: results)
    }
}
