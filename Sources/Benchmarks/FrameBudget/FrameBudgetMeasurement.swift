import MonotonicTime
import ParallaxKit
import Presentation
import RunHarness

/// One strategy's main-thread work per frame on one scene at one item count.
public struct MainThreadCost: Codable, Equatable, Sendable {
    public var strategy: String
    public var scene: String
    public var items: Int
    /// Frames timed, and how many of them moved the list (the median is over those).
    public var frames: Int
    public var moving_frames: Int
    /// The median main-thread time of a frame in which the list moved, at 1x, ms.
    public var main_thread_ms_p50: Double
}

/// Where one strategy first breaks one budget: the smallest item count measured whose
/// main-thread work, slowed, is longer than one refresh; nil when none up to the largest.
public struct BudgetBreak: Codable, Equatable, Sendable {
    public var strategy: String
    public var scene: String
    public var cpu_slowdown: Double
    public var refresh_hz: Double
    public var items_at_budget: Int?

    /// `items_at_budget` is written as null when no count broke the budget, not left out.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strategy, forKey: .strategy)
        try c.encode(scene, forKey: .scene)
        try c.encode(cpu_slowdown, forKey: .cpu_slowdown)
        try c.encode(refresh_hz, forKey: .refresh_hz)
        try c.encode(items_at_budget, forKey: .items_at_budget)
    }
}

/// The budget section: each strategy's main-thread work on each scene as the list grows, and
/// from it the item count at which it no longer fits a frame at each slowdown and rate.
public struct FrameBudgetReport: Codable, Equatable, Sendable {
    public var method = FrameBudgetMeasurement.method
    public var item_counts: [Int]
    public var costs: [MainThreadCost]
    public var breaks: [BudgetBreak]

    public init(item_counts: [Int], costs: [MainThreadCost]) {
        self.item_counts = item_counts
        self.costs = costs
        breaks = Self.breaks(of: costs)
    }

    /// For every strategy and scene measured, slowdown and rate: the first count whose median
    /// main-thread time times the slowdown exceeds 1000 / rate ms. Slowing work by N is
    /// stretching it to N times its length (`MainThreadSlowdown`, as DevTools does), so the
    /// time at N is N times the time measured at 1x: the cells are measured once, at 1x.
    static func breaks(of costs: [MainThreadCost]) -> [BudgetBreak] {
        var keys: [(strategy: String, scene: String)] = []
        for cost in costs where !keys.contains(where: { $0 == (cost.strategy, cost.scene) }) { keys.append((cost.strategy, cost.scene)) }
        return keys.flatMap { key in
            let line = costs.filter { $0.strategy == key.strategy && $0.scene == key.scene }.sorted { $0.items < $1.items }
            return FrameBudgetMeasurement.slowdowns.flatMap { slowdown in
                FrameBudgetMeasurement.refreshRates.map { hertz in
                    let budget = 1000 / hertz
                    let first = line.first { $0.main_thread_ms_p50 * slowdown > budget }
                    return BudgetBreak(strategy: key.strategy, scene: key.scene, cpu_slowdown: slowdown, refresh_hz: hertz,
                                       items_at_budget: first?.items)
                }
            }
        }
    }

    /// The table: a row per scene and strategy, a column per slowdown and rate.
    public var terminalText: String {
        let pad = TextFormatting.padLeft, padRight = TextFormatting.padRight
        var out = ["Main thread against the frame budget: items at which the median moving frame's work (events, physics, layout, strategy, draw list), slowed N times, first exceeds 1000/Hz ms (– : not up to \(NumberFormat.count(item_counts.last ?? 0)))"]
        let columns = FrameBudgetMeasurement.slowdowns.flatMap { s in FrameBudgetMeasurement.refreshRates.map { (s, $0) } }
        out.append("  " + padRight("scene", 9) + padRight("strategy", 20)
                   + columns.map { pad("\(KnobDescriptor.number($0.0))x \(KnobDescriptor.number($0.1)) Hz", 13) }.joined())
        var keys: [(String, String)] = []
        for b in breaks where !keys.contains(where: { $0 == (b.scene, b.strategy) }) { keys.append((b.scene, b.strategy)) }
        for (scene, strategy) in keys {
            let cells = columns.map { column in
                breaks.first { $0.scene == scene && $0.strategy == strategy && $0.cpu_slowdown == column.0 && $0.refresh_hz == column.1 }?
                    .items_at_budget.map(NumberFormat.count) ?? "–"
            }
            out.append("  " + padRight(scene, 9) + padRight(strategy, 20) + cells.map { pad($0, 13) }.joined())
        }
        return out.joined(separator: "\n")
    }
}

/// Times the main thread's work of the window's frame, headless: the frame session's one pane
/// with the window's composer as its drawer (events, physics, layout and the strategy, the
/// draw list), the bench script at 60 fps, one clock read around each frame.
public enum FrameBudgetMeasurement {
    /// DevTools' throttling presets this section reports (1: none; 4 "mid-tier mobile", 6
    /// "low-tier mobile"), and the refresh rates: the common display's and a 120 Hz phone's.
    public static let slowdowns: [Double] = [1, 4, 6]
    public static let refreshRates: [Double] = [60, 120]
    /// 1, 2 and 5 in every decade from 10 to 1,000,000 (the playground's largest list).
    public static let itemCounts: [Int] = (1...6).flatMap { decade -> [Int] in
        let base = Int(pow10(decade))
        return decade == 6 ? [base] : [base, 2 * base, 5 * base]
    }
    /// --quick checks that the section runs, in seconds: three counts, none so large that
    /// building its list takes the time (null there means "not up to 100,000").
    public static let quickItemCounts = [100, 3_000, 100_000]
    /// Frames timed per run: the bench script's first 4 s at 60 fps (--quick: 10).
    public static let frameLimit = 240, quickFrameLimit = 10

    static let method = "main-thread time of a window frame without rendering (the frame session's one pane, the window's composer as its drawer: events, physics, layout, the strategy, the draw list), headless at 1280×800 points, the bench script at 60 fps; the median of the frames in which the list moved; items_at_budget is the first count measured whose median times cpu_slowdown exceeds 1000/refresh_hz ms (the slowdown stretches work to that many times its length, so it is measured once, at 1x); null: not up to the largest count"

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { value, _ in value * 10 } }

    /// Measures every scene and strategy of `plan` at `counts`, stopping a line once its work
    /// exceeds the largest budget at 1x (every slowdown and rate is then broken).
    public static func measure(plan: BenchPlan, script: Script, progress: BenchProgress? = nil) -> FrameBudgetReport {
        let counts = plan.quick ? quickItemCounts : itemCounts
        let limit = plan.quick ? quickFrameLimit : frameLimit
        let runs = plan.quick ? 1 : max(1, min(plan.repeats, 3))
        let widest = 1000 / (refreshRates.min() ?? 60)
        var costs: [MainThreadCost] = []
        for scene in plan.scenes {
            for strategy in plan.strategies {
                for count in counts {
                    let cost = measureCell(scene: scene, strategy: strategy, items: count, script: script, frameLimit: limit, runs: runs)
                    costs.append(cost)
                    progress?.advance(by: 1)
                    if cost.main_thread_ms_p50 > widest { break }
                }
            }
        }
        return FrameBudgetReport(item_counts: counts, costs: costs)
    }

    /// `runs` replays of at most `frameLimit` frames on fresh playgrounds; the median over the
    /// moving frames of all of them.
    static func measureCell(scene: SceneID, strategy: ParallaxStrategy, items: Int, script: Script, frameLimit: Int, runs: Int) -> MainThreadCost {
        var moving: [Double] = [], all: [Double] = []
        var frames = 0
        for _ in 0..<runs {
            let viewport = StrategyCostMeasurement.viewport
            let playground = Playground(scene: scene, strategy: strategy, itemCount: items, viewportSize: viewport)
            let step = FrameStep(playground)
            let composer = FrameComposer()
            let statistics = FrameStatistics()
            let surface = SurfaceFacts(rendererName: "none", vsync: false)
            step.drawer = { report, playground, list in
                composer.compose(report, of: playground, statistics: statistics, surface: surface, into: &list)
            }
            let session = FrameSession(steps: [step], paneRects: [Rect(origin: .zero, size: viewport)], script: nil)
            let run = ReplayRun(Replay(script: script, framesPerSecond: StrategyCostMeasurement.framesPerSecond), session: session)
            var timed = 0
            while timed < frameLimit {
                var elapsed: UInt64 = 0
                guard let frame = run.next({ session, time in
                    let start = monotonicNanoseconds()
                    session.run(at: time)
                    elapsed = monotonicNanoseconds() &- start
                    return session.reports[0]
                }) else { break }
                let ms = Double(elapsed) / 1e6
                all.append(ms)
                if frame.moved { moving.append(ms) }
                timed += 1
            }
            frames += timed
        }
        let p50 = BenchStatistics.median(moving.isEmpty ? all : moving)
        return MainThreadCost(strategy: strategy.name, scene: scene.name, items: items, frames: frames / max(runs, 1),
                              moving_frames: moving.count / max(runs, 1), main_thread_ms_p50: TextFormatting.rounded(p50, 4))
    }
}
