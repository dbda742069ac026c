import Foundation
import ParallaxKit
import Presentation

/// Everything one benchmark run found, and its three renderings: the terminal text, JSON, CSV.
struct BenchReport {
    var quick: Bool
    var command: String
    var plan: BenchPlan
    var machine: MachineFacts
    var timerOverheadNanoseconds: Double
    var durationSeconds: Double
    var strategyCost: [StrategyCostResult]
    /// Nil when `--only` left the section out.
    var frameCost: FrameCostReport?
    var startup: StartupResult?

    // MARK: Definitions (shared by the table's footer and the JSON)

    static let strategyCostDefinition =
        "per frame: the time of the model's work only — delivering the frame's script events, Playground.advancePhysics and Playground.updateLayoutAndStrategy — timed with CLOCK_MONOTONIC around exactly that; playground construction and the layout's initial preparation are outside"
    static let strategyCostStatistic =
        "p50 and p99 over the frames of one replay of the bench script (fixed 60 fps step, 1280×800 points) in which the list moved — the frames a strategy works on; idle frames (the list at rest, more of them in short lists that hit their end) are in the JSON's all_frames_* — then the median over the measured runs of each run's p50 and p99; one unmeasured warm-up replay per cell first; each round of measured runs goes over every cell in its own shuffled order, so drift and the aftermath of heavy cells spread over all of them"
    static let workDefinition =
        "attrs and cells per frame: means over the frames in which the content offset changed (StrategyWork.attributesComputed and cellsUpdated)"
    static let perItemDefinition =
        "ns per item (layout invalidation only): the median time of the frames that invalidated, divided by the item count"
    static let allocationDefinition =
        "Swift heap allocations counted through the runtime's _swift_allocObject hook (class instances, closure contexts, boxes, array/set/dictionary/string buffers: every heap allocation of the pure-Swift core); bytes are the sizes requested; mean per frame over one extra replay with the hook on, whose times are not used. C malloc (SDL) is not counted; the core makes none"

    // MARK: Targets

    struct Target: Encodable {
        var name: String
        /// nil when the run did not measure what the target needs (e.g. --quick has no 1,000,000).
        var met: Bool?
        var detail: String

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(met, forKey: .met)
            try c.encode(detail, forKey: .detail)
        }

        enum CodingKeys: String, CodingKey { case name, met, detail }
    }

    var targets: [Target] {
        var targets: [Target] = []
        for strategy in [ParallaxStrategy.scrollCallback, .cachedLayout] {
            let rows = strategyCost.filter { $0.cell.strategy == strategy }
            let scenes = SceneID.allCases.filter { s in rows.contains { $0.cell.scene == s } }
            // Scaling: 1,000,000 against 1,000.
            var ratios: [(SceneID, Double)] = []
            for scene in scenes {
                if let small = rows.first(where: { $0.cell.scene == scene && $0.cell.items == 1000 }),
                   let large = rows.first(where: { $0.cell.scene == scene && $0.cell.items == 1_000_000 }) {
                    ratios.append((scene, large.p50 / small.p50))
                }
            }
            let scalingName = "\(strategy.title): median frame at 1,000,000 items within 1.3× of 1,000, every scene"
            if ratios.isEmpty || ratios.count < scenes.count {
                targets.append(Target(name: scalingName, met: nil, detail: "not measured (needs 1,000 and 1,000,000 items)"))
            } else {
                let worst = ratios.max { $0.1 < $1.1 }!
                let all = ratios.map { "\($0.0.name) \(String(format: "%.2f", $0.1))×" }.joined(separator: ", ")
                targets.append(Target(name: scalingName, met: worst.1 <= 1.3, detail: "worst \(String(format: "%.2f", worst.1))× (\(worst.0.name)); \(all)"))
            }
            // Absolute: the median under 10 µs at every count.
            let absoluteName = "\(strategy.title): median frame < 10 µs at every item count"
            if let worst = rows.max(by: { $0.p50 < $1.p50 }) {
                targets.append(Target(
                    name: absoluteName, met: worst.p50 < 10,
                    detail: "worst \(String(format: "%.2f", worst.p50)) µs (\(worst.cell.scene.name), \(NumberFormat.count(worst.cell.items)) items)"))
            } else {
                targets.append(Target(name: absoluteName, met: nil, detail: "not measured"))
            }
        }
        // Layout invalidation: per item, at each scene's largest count.
        let invalidation = strategyCost.filter { $0.cell.strategy == .layoutInvalidation && $0.nanosecondsPerItem != nil }
        let perItemName = "layout invalidation: < 50 ns per item recomputed (each scene's largest count)"
        let largest = SceneID.allCases.compactMap { scene in
            invalidation.filter { $0.cell.scene == scene }.max { $0.cell.items < $1.cell.items }
        }
        if largest.isEmpty {
            targets.append(Target(name: perItemName, met: nil, detail: "not measured"))
        } else {
            let worst = largest.max { $0.nanosecondsPerItem! < $1.nanosecondsPerItem! }!
            let all = largest.map { "\($0.cell.scene.name) \(String(format: "%.1f", $0.nanosecondsPerItem!)) ns at \(NumberFormat.count($0.cell.items))" }
            targets.append(Target(
                name: perItemName, met: worst.nanosecondsPerItem! < 50,
                detail: "worst \(String(format: "%.1f", worst.nanosecondsPerItem!)) ns (\(worst.cell.scene.name)); " + all.joined(separator: ", ")))
        }
        // Frame cost.
        let frameName = "frame cost within 1.15× of the bare SDL loop (p50, every scene)"
        if let frameCost, !frameCost.scenes.isEmpty {
            let worst = frameCost.scenes.max { $0.ratio_p50 < $1.ratio_p50 }!
            let all = frameCost.scenes.map { "\($0.scene) \(String(format: "%.3f", $0.ratio_p50))×" }.joined(separator: ", ")
            targets.append(Target(
                name: frameName, met: worst.ratio_p50 <= 1.15,
                detail: "worst \(String(format: "%.3f", worst.ratio_p50))× (\(worst.scene)); all scenes \(String(format: "%.3f", frameCost.all.ratio_p50))×; \(all)"))
        } else {
            targets.append(Target(name: frameName, met: nil, detail: "not measured"))
        }
        return targets
    }

    // MARK: Terminal

    var terminalText: String {
        var out: [String] = []
        if !strategyCost.isEmpty { out.append(strategyCostText) }
        if let frameCost {
            if !out.isEmpty { out.append("") }
            out.append(frameCost.terminalText)
        }
        if let startup {
            if !out.isEmpty { out.append("") }
            out.append(Self.startupText(startup))
        }
        out.append("")
        out.append("Targets")
        for target in targets {
            let mark = switch target.met {
            case .some(true): "[met]     "
            case .some(false): "[MISSED]  "
            case .none: "[n/a]     "
            }
            out.append(wrapped(mark + target.name + ": " + target.detail, hanging: "            "))
        }
        out.append("")
        out.append(wrapped("Machine: \(machine.cpu), \(machine.logical_cpus) logical CPUs; \(machine.build) build; load average \(machine.load_average_start) at start, \(machine.load_average_end) at end; \(String(format: "%.0f", durationSeconds)) s in all.", indent: ""))
        if machine.build != "release" {
            out.append("Note: a debug build; for representative numbers build with `swift build -c release` (make bench does).")
        }
        return out.joined(separator: "\n")
    }

    var strategyCostText: String {
        var out: [String] = []
        let runsText = plan.repeatsDescription
        out.append("Strategy cost per frame: model tick + strategy, headless, bench script at 60 fps, 1280×800 points (\(runsText))")
        let header = padRight("scene", 9) + padRight("strategy", 20) + padLeft("items", 10) + padLeft("frames", 9) + padLeft("p50 µs", 11) + padLeft("p99 µs", 11)
            + padLeft("attrs/frame", 13) + padLeft("cells/frame", 12) + padLeft("ns/item", 9) + padLeft("alloc B/frame", 15) + padLeft("allocs/frame", 14)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        var previous: (SceneID, ParallaxStrategy)?
        for row in strategyCost {
            if let previous, previous.0 != row.cell.scene { out.append("") }
            let sameGroup = previous.map { $0 == (row.cell.scene, row.cell.strategy) } ?? false
            previous = (row.cell.scene, row.cell.strategy)
            out.append(
                padRight(sameGroup ? "" : row.cell.scene.name, 9) + padRight(sameGroup ? "" : row.cell.strategy.title, 20)
                    + padLeft(NumberFormat.count(row.cell.items), 10) + padLeft("\(row.movingFrames)/\(row.frames)", 9) + column(row.p50, 2, width: 11) + column(row.p99, 2, width: 11)
                    + column(row.attributesPerFrame, 1, width: 13) + column(row.cellsPerFrame, 1, width: 12)
                    + column(row.nanosecondsPerItem, 2, width: 9)
                    + column(row.allocations?.bytesPerFrame, 0, width: 15) + column(row.allocations?.countPerFrame, 1, width: 14))
        }
        out.append("")
        out.append(wrapped("frames: moving/all frames of the replay. p50/p99: " + Self.strategyCostStatistic + "."))
        out.append(wrapped("time " + Self.strategyCostDefinition + String(format: "; it includes about %.0f ns of clock reads per frame.", timerOverheadNanoseconds)))
        out.append(wrapped(Self.workDefinition + "; " + Self.perItemDefinition + "."))
        if let reason = SwiftAllocationCounter.unavailableReason {
            out.append(wrapped("alloc: n/a — \(reason)."))
        } else {
            out.append(wrapped("alloc: " + Self.allocationDefinition + "."))
        }

        return out.joined(separator: "\n")
    }

    static func startupText(_ startup: StartupResult) -> String {
        var out: [String] = []
        out.append("Start-up: from spawning the binary to its frames (photos scene, dummy driver, software renderer, vsync off; median of \(startup.launches.count) launch\(startup.launches.count == 1 ? "" : "es"))")
        let m = { (values: [Double]) in String(format: "%8.1f ms", median(values)) }
        out.append("  spawn → first presented frame                         " + m(startup.launches.map(\.first_frame_ms)))
        out.append("  spawn → first frame with every visible image drawn    " + m(startup.launches.map(\.all_images_ms))
            + (startup.launches.allSatisfy { $0.all_images_frame == 1 }
                ? "  (the first frame: every image is loaded before it)"
                : "  (frame \(startup.launches.map(\.all_images_frame).max() ?? 0) at the latest)"))
        out.append("  of which: spawn → main " + String(format: "%.1f", median(startup.launches.map(\.spawn_to_main_ms)))
            + " ms, → SDL window and renderer " + String(format: "%.1f", median(startup.launches.map(\.spawn_to_video_ms)))
            + " ms, → images, font and playground ready " + String(format: "%.1f", median(startup.launches.map(\.spawn_to_ready_ms))) + " ms")

        return out.joined(separator: "\n")
    }

    // MARK: JSON

    struct StrategyCostJSON: Encodable {
        var unit = "µs per frame"
        var definition = BenchReport.strategyCostDefinition
        var statistic = BenchReport.strategyCostStatistic
        var work = BenchReport.workDefinition
        var ns_per_item = BenchReport.perItemDefinition
        var allocation_measure: String?
        var allocation_unavailable_reason: String?
        var timer_overhead_ns: Double
        var cells: [CellJSON]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(unit, forKey: .unit)
            try c.encode(definition, forKey: .definition)
            try c.encode(statistic, forKey: .statistic)
            try c.encode(work, forKey: .work)
            try c.encode(ns_per_item, forKey: .ns_per_item)
            try c.encode(allocation_measure, forKey: .allocation_measure)
            try c.encode(allocation_unavailable_reason, forKey: .allocation_unavailable_reason)
            try c.encode(timer_overhead_ns, forKey: .timer_overhead_ns)
            try c.encode(cells, forKey: .cells)
        }

        enum CodingKeys: String, CodingKey {
            case unit, definition, statistic, work, ns_per_item, allocation_measure, allocation_unavailable_reason, timer_overhead_ns, cells
        }
    }

    struct CellJSON: Encodable {
        var scene: String
        var strategy: String
        var items: Int
        var frames: Int
        var moving_frames: Int
        var invalidating_frames: Int
        var runs: Int
        var p50_us: Double
        var p99_us: Double
        var all_frames_p50_us: Double
        var all_frames_p99_us: Double
        var run_p50_us: [Double]
        var attrs_per_frame: Double
        var cells_per_frame: Double
        var invalidations_per_frame: Double
        var ns_per_item: Double?
        var alloc_bytes_per_frame: Double?
        var allocs_per_frame: Double?
        var alloc_max_bytes_in_a_frame: Double?

        init(_ r: StrategyCostResult) {
            scene = r.cell.scene.name
            strategy = r.cell.strategy.name
            items = r.cell.items
            frames = r.frames
            moving_frames = r.movingFrames
            invalidating_frames = r.invalidatingFrames
            runs = r.runP50s.count
            p50_us = roundTo(r.p50)
            p99_us = roundTo(r.p99)
            all_frames_p50_us = roundTo(r.allFramesP50)
            all_frames_p99_us = roundTo(r.allFramesP99)
            run_p50_us = r.runP50s.map { roundTo($0) }
            attrs_per_frame = roundTo(r.attributesPerFrame)
            cells_per_frame = roundTo(r.cellsPerFrame)
            invalidations_per_frame = roundTo(r.invalidationsPerFrame)
            ns_per_item = r.nanosecondsPerItem.map { roundTo($0) }
            alloc_bytes_per_frame = r.allocations.map { roundTo($0.bytesPerFrame, 1) }
            allocs_per_frame = r.allocations.map { roundTo($0.countPerFrame) }
            alloc_max_bytes_in_a_frame = r.allocations.map(\.maxBytesInAFrame)
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scene, forKey: .scene)
            try c.encode(strategy, forKey: .strategy)
            try c.encode(items, forKey: .items)
            try c.encode(frames, forKey: .frames)
            try c.encode(moving_frames, forKey: .moving_frames)
            try c.encode(invalidating_frames, forKey: .invalidating_frames)
            try c.encode(runs, forKey: .runs)
            try c.encode(p50_us, forKey: .p50_us)
            try c.encode(p99_us, forKey: .p99_us)
            try c.encode(all_frames_p50_us, forKey: .all_frames_p50_us)
            try c.encode(all_frames_p99_us, forKey: .all_frames_p99_us)
            try c.encode(run_p50_us, forKey: .run_p50_us)
            try c.encode(attrs_per_frame, forKey: .attrs_per_frame)
            try c.encode(cells_per_frame, forKey: .cells_per_frame)
            try c.encode(invalidations_per_frame, forKey: .invalidations_per_frame)
            // Explicit nulls: a reader sees the field exists and was not measurable here.
            try c.encode(ns_per_item, forKey: .ns_per_item)
            try c.encode(alloc_bytes_per_frame, forKey: .alloc_bytes_per_frame)
            try c.encode(allocs_per_frame, forKey: .allocs_per_frame)
            try c.encode(alloc_max_bytes_in_a_frame, forKey: .alloc_max_bytes_in_a_frame)
        }

        enum CodingKeys: String, CodingKey {
            case scene, strategy, items, frames, moving_frames, invalidating_frames, runs, p50_us, p99_us, all_frames_p50_us,
                 all_frames_p99_us, run_p50_us, attrs_per_frame, cells_per_frame, invalidations_per_frame, ns_per_item,
                 alloc_bytes_per_frame, allocs_per_frame, alloc_max_bytes_in_a_frame
        }
    }

    struct StartupJSON: Encodable {
        var method: String
        var scene = "photos"
        var launches: Int
        var first_frame_ms: Double
        var all_images_ms: Double
        var runs: [StartupResult.Launch]
    }

    struct ConfigJSON: Encodable {
        var script = BuiltinScript.bench.name
        var fps = StrategyCostBench.framesPerSecond
        var viewport = "1280x800"
        var scenes: [String]
        var strategies: [String]
        var items: [Int]
        var sections: [String]
        var warmup_replays_per_cell = 1
        var runs_per_cell: Int
        /// Cells whose replay takes under `cheap_replay_ms` get more runs (each cell's `runs` says how many).
        var runs_per_cheap_cell: Int
        var cheap_replay_ms = BenchPlan.cheapReplaySeconds * 1000
        var runs_per_cell_note: String
    }

    struct JSON: Encodable {
        var benchmark = "parallax-playground bench"
        var version = 1
        var quick: Bool
        var command: String
        var duration_s: Double
        var config: ConfigJSON
        var machine: MachineFacts
        var strategy_cost: StrategyCostJSON
        /// Null when `--only` left the section out.
        var frame_cost: FrameCostReport?
        var startup: StartupJSON?
        var targets: [Target]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(benchmark, forKey: .benchmark)
            try c.encode(version, forKey: .version)
            try c.encode(quick, forKey: .quick)
            try c.encode(command, forKey: .command)
            try c.encode(duration_s, forKey: .duration_s)
            try c.encode(config, forKey: .config)
            try c.encode(machine, forKey: .machine)
            try c.encode(strategy_cost, forKey: .strategy_cost)
            try c.encode(frame_cost, forKey: .frame_cost)
            try c.encode(startup, forKey: .startup)
            try c.encode(targets, forKey: .targets)
        }

        enum CodingKeys: String, CodingKey {
            case benchmark, version, quick, command, duration_s, config, machine, strategy_cost, frame_cost, startup, targets
        }
    }

    var json: JSON {
        JSON(
            quick: quick, command: command, duration_s: roundTo(durationSeconds, 1),
            config: ConfigJSON(
                scenes: plan.scenes.map(\.name), strategies: plan.strategies.map(\.name), items: plan.items,
                sections: BenchSection.allCases.filter(plan.sections.contains).map(\.rawValue),
                runs_per_cell: plan.repeats, runs_per_cheap_cell: plan.repeats * BenchPlan.cheapRunFactor,
                runs_per_cell_note: plan.repeatsDescription),
            machine: machine,
            strategy_cost: StrategyCostJSON(
                allocation_measure: SwiftAllocationCounter.unavailableReason == nil ? Self.allocationDefinition : nil,
                allocation_unavailable_reason: SwiftAllocationCounter.unavailableReason,
                timer_overhead_ns: roundTo(timerOverheadNanoseconds, 1),
                cells: strategyCost.map(CellJSON.init)),
            frame_cost: frameCost,
            startup: startup.map { startup in StartupJSON(
                method: "the parent reads CLOCK_MONOTONIC just before spawning the window command itself (`parallax-playground --startup-report FILE --no-vsync` with SDL_VIDEODRIVER=dummy: the software renderer, overlay on); the window writes CLOCK_MONOTONIC of each milestone and quits after the first complete frame; median over launches",
                launches: startup.launches.count, first_frame_ms: roundTo(startup.firstFrame), all_images_ms: roundTo(startup.allImages),
                runs: startup.launches) },
            targets: targets)
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(json).write(to: URL(fileURLWithPath: path))
    }

    // MARK: CSV

    static let csvHeader = "scene,strategy,items,frames,moving_frames,runs,p50_us,p99_us,all_frames_p50_us,all_frames_p99_us,attrs_per_frame,cells_per_frame,invalidations_per_frame,ns_per_item,alloc_bytes_per_frame,allocs_per_frame"

    var csv: String {
        var lines = [Self.csvHeader]
        for r in strategyCost.map(CellJSON.init) {
            func n(_ v: Double?) -> String { v.map { "\($0)" } ?? "" }
            lines.append([
                r.scene, r.strategy, "\(r.items)", "\(r.frames)", "\(r.moving_frames)", "\(r.runs)", n(r.p50_us), n(r.p99_us),
                n(r.all_frames_p50_us), n(r.all_frames_p99_us), n(r.attrs_per_frame), n(r.cells_per_frame), n(r.invalidations_per_frame),
                n(r.ns_per_item), n(r.alloc_bytes_per_frame), n(r.allocs_per_frame),
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The frame-cost section, as written to JSON and printed.
struct FrameCostReport: Encodable {
    struct Scene: Encodable {
        var scene: String
        var strategy: String
        var items: Int
        var frames: Int
        var runs: Int
        var draw_calls_per_frame: Double
        var texture_copies_per_frame: Double
        var app: LoopTimes
        var bare: LoopTimes
        var ratio_p50: Double
        var ratio_p99: Double
        /// The app's own work before its first SDL drawing call, per frame (median over runs
        /// of each run's p50): SDL's event queue, script events, physics, strategy, draw list.
        var app_work_before_sdl_p50_us: Double
        /// Each run's p50, to show the spread.
        var app_run_p50_ms: [Double]
        var bare_run_p50_ms: [Double]
        /// Pixels that differ between the app's frame and the bare loop's replay of it.
        var bare_frame_differing_pixels: Int
        var compared_frame: Int
    }

    struct All: Encodable {
        var app: LoopTimes
        var bare: LoopTimes
        var ratio_p50: Double
        var ratio_p99: Double
    }

    var resolution = "1280x800"
    var renderer: String
    var video_driver: String
    var vsync = false
    var overlay = false
    var method =
        "app frame: drain SDL events, deliver the script's due events, physics, strategy, build the scene's DrawList (overlay off), clear, execute with DrawListExecutor, present; bare frame: clear, the exact SDL calls the executor issued for that frame (recorded in the warm-up), present; wall time per frame with CLOCK_MONOTONIC; in each run app and bare frames interleave one by one (app first on even frames, bare first on odd ones); p50/p99 are medians over runs of each run's quantile; ratios app/bare"
    var frame_limit: Int?
    var scenes: [Scene]
    var all: All

    init(results: [FrameCostSceneResult], renderer: String, videoDriver: String, frameLimit: Int?) {
        self.renderer = renderer
        video_driver = videoDriver
        frame_limit = frameLimit
        scenes = results.map { r in
            let app = LoopTimes(runs: r.appRuns), bare = LoopTimes(runs: r.bareRuns)
            return Scene(
                scene: r.cell.scene.name, strategy: r.cell.strategy.name, items: r.cell.items, frames: r.frames, runs: r.appRuns.count,
                draw_calls_per_frame: roundTo(r.drawCallsPerFrame, 1), texture_copies_per_frame: roundTo(r.textureCopiesPerFrame, 1),
                app: app.rounded, bare: bare.rounded, ratio_p50: roundTo(app.p50_ms / bare.p50_ms), ratio_p99: roundTo(app.p99_ms / bare.p99_ms),
                app_work_before_sdl_p50_us: roundTo(median(r.appWorkRuns.map { Percentiles.of($0, 0.5) / 1000 }), 2),
                app_run_p50_ms: r.appRuns.map { roundTo(Percentiles.of($0, 0.5) / 1e6, 4) },
                bare_run_p50_ms: r.bareRuns.map { roundTo(Percentiles.of($0, 0.5) / 1e6, 4) },
                bare_frame_differing_pixels: r.differingPixels, compared_frame: r.comparedFrame)
        }
        // All scenes: each run's frames of every scene pooled, then as for one scene.
        let runs = results.map(\.appRuns.count).min() ?? 0
        let appPooled = (0..<runs).map { i in results.flatMap { $0.appRuns[i] } }
        let barePooled = (0..<runs).map { i in results.flatMap { $0.bareRuns[i] } }
        let app = LoopTimes(runs: appPooled), bare = LoopTimes(runs: barePooled)
        all = All(app: app.rounded, bare: bare.rounded, ratio_p50: roundTo(app.p50_ms / bare.p50_ms), ratio_p99: roundTo(app.p99_ms / bare.p99_ms))
    }

    var terminalText: String {
        var out: [String] = []
        let limit = frame_limit.map { ", first \($0) frames of the replay" } ?? ""
        out.append("Frame cost: app vs bare SDL loop, offscreen \(resolution), \(renderer) renderer, \(video_driver) driver, vsync off, overlay off, 1,000 items, scene's own strategy\(limit)")
        let header = padRight("scene", 9) + padRight("strategy", 20) + padLeft("frames", 7) + padLeft("calls/frame", 12)
            + padLeft("app p50 ms", 12) + padLeft("app p99 ms", 12) + padLeft("bare p50 ms", 13) + padLeft("bare p99 ms", 13)
            + padLeft("ratio p50", 11) + padLeft("ratio p99", 11) + padLeft("app work µs", 13)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        for s in scenes {
            out.append(
                padRight(s.scene, 9) + padRight(ParallaxStrategy(name: s.strategy)?.title ?? s.strategy, 20) + padLeft("\(s.frames)", 7)
                    + column(s.draw_calls_per_frame, 1, width: 12) + column(s.app.p50_ms, 3, width: 12) + column(s.app.p99_ms, 3, width: 12)
                    + column(s.bare.p50_ms, 3, width: 13) + column(s.bare.p99_ms, 3, width: 13)
                    + column(s.ratio_p50, 3, width: 11) + column(s.ratio_p99, 3, width: 11)
                    + column(s.app_work_before_sdl_p50_us, 1, width: 13))
        }
        out.append(
            padRight("all", 29) + padLeft("\(scenes.map(\.frames).reduce(0, +))", 7) + padLeft("", 12)
                + column(all.app.p50_ms, 3, width: 12) + column(all.app.p99_ms, 3, width: 12)
                + column(all.bare.p50_ms, 3, width: 13) + column(all.bare.p99_ms, 3, width: 13)
                + column(all.ratio_p50, 3, width: 11) + column(all.ratio_p99, 3, width: 11))
        out.append("")
        let runs = scenes.map(\.runs).min() ?? 0
        out.append("  \(runs) run\(runs == 1 ? "" : "s") per scene after a warm-up, app and bare frames interleaved one by one (app first on even frames,")
        out.append("  bare first on odd ones); p50/p99 are medians over runs of each run's p50/p99.")
        out.append("  app: SDL events, the script's events, physics, strategy, scene DrawList, clear, DrawListExecutor, present;")
        out.append("    app work: the part before its first SDL drawing call (all of the above up to the DrawList), p50 per frame.")
        out.append("  bare: clear, the same SDL calls the executor issued for that frame (recorded in the warm-up), present.")
        let mismatched = scenes.filter { $0.bare_frame_differing_pixels != 0 }
        out.append(mismatched.isEmpty
            ? "  The bare loop's replay of a mid-replay frame matched the app's frame pixel for pixel in every scene."
            : "  WARNING: the bare loop's frame differs from the app's in " + mismatched.map { "\($0.scene) (\($0.bare_frame_differing_pixels) px)" }.joined(separator: ", ") + ".")
        return out.joined(separator: "\n")
    }
}

extension LoopTimes {
    var rounded: LoopTimes {
        var copy = self
        copy.p50_ms = roundTo(p50_ms, 4)
        copy.p99_ms = roundTo(p99_ms, 4)
        return copy
    }
}
