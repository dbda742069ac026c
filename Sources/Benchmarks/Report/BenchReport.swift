import BenchOptions
import Foundation
import ParallaxKit
import Presentation

/// Everything one benchmark run found, and its renderings: the terminal text, JSON, CSV.
public struct BenchReport: Sendable {
    public var command: String
    public var plan: BenchPlan
    public var machine: MachineFacts
    public var script: String
    public var timerOverheadNanoseconds: Double
    public var durationSeconds: Double
    /// Empty when `--only` left the section out.
    public var strategyCost: [StrategyCostResult]
    /// Nil when the allocation pass ran and worked, or did not run; else why it counted nothing.
    public var allocationUnavailableReason: String?
    public var frameCost: FrameCostReport?
    public var startup: StartupResult?
    public var instructions: InstructionCountReport?
    public var photoLibrary: PhotoLibraryResult?
    public var window: WindowFramesReport?
    public var physics: PhysicsCostReport?
    public var recordingSession: RecordingSessionReport?
    /// The budget section (`--only budget`); nil when it did not run.
    public var budget: FrameBudgetReport?

    public init(
        command: String, plan: BenchPlan, machine: MachineFacts, script: String, timerOverheadNanoseconds: Double,
        durationSeconds: Double, strategyCost: [StrategyCostResult], allocationUnavailableReason: String?,
        frameCost: FrameCostReport?, startup: StartupResult?, instructions: InstructionCountReport?,
        photoLibrary: PhotoLibraryResult? = nil, window: WindowFramesReport? = nil, physics: PhysicsCostReport? = nil,
        recordingSession: RecordingSessionReport? = nil
    ) {
        self.physics = physics
        self.recordingSession = recordingSession
        self.photoLibrary = photoLibrary
        self.window = window
        self.command = command
        self.plan = plan
        self.machine = machine
        self.script = script
        self.timerOverheadNanoseconds = timerOverheadNanoseconds
        self.durationSeconds = durationSeconds
        self.strategyCost = strategyCost
        self.allocationUnavailableReason = allocationUnavailableReason
        self.frameCost = frameCost
        self.startup = startup
        self.instructions = instructions
    }

    public var targets: [BenchTarget] {
        BenchTargets.judge(strategyCost: strategyCost, frameCost: frameCost, window: window) + (physics?.targets ?? [])
            + (recordingSession.map { [$0.target] } ?? [])
    }

    private var countsAllocations: Bool { plan.sections.contains(.allocations) && allocationUnavailableReason == nil }

    // MARK: JSON

    public var json: BenchJSON {
        let round = TextFormatting.rounded
        return BenchJSON(
            quick: plan.quick, command: command, duration_s: round(durationSeconds, 1),
            config: BenchJSON.Config(
                script: script, fps: StrategyCostMeasurement.framesPerSecond,
                scenes: plan.scenes.map(\.name), strategies: plan.strategies.map(\.name), items: plan.items,
                sections: BenchSection.allCases.filter(plan.sections.contains).map(\.rawValue),
                runs_per_cell: plan.repeats, runs_per_cheap_cell: plan.repeats * BenchPlan.cheapRunFactor,
                runs_per_cell_note: plan.repeatsDescription),
            machine: machine,
            strategy_cost: plan.sections.contains(.strategyCost) ? BenchJSON.StrategyCost(
                allocation_measure: countsAllocations ? BenchDefinitions.allocation : nil,
                allocation_unavailable_reason: plan.sections.contains(.allocations) ? allocationUnavailableReason : "the allocations section did not run (--only)",
                timer_overhead_ns: round(timerOverheadNanoseconds, 1),
                cells: strategyCost.map(StrategyCostCellJSON.init)) : nil,
            frame_cost: frameCost,
            startup: startup.map { startup in BenchJSON.Startup(
                launches: startup.launches.count, spawn_to_main_ms: round(startup.spawnToMain, 3),
                first_frame_ms: round(startup.firstFrame, 3), all_images_ms: startup.allImages.map { round($0, 3) },
                runs: startup.launches) },
            instructions: instructions,
            photo_library: photoLibrary,
            window: window,
            targets: targets,
            physics: physics,
            recording_session: recordingSession,
            budget: budget?.breaks,
            budget_main_thread: budget.map { BenchJSON.BudgetMainThread(method: $0.method, item_counts: $0.item_counts, costs: $0.costs) })
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(json)
    }

    // MARK: CSV

    public static let csvHeader = "scene,strategy,items,frames,moving_frames,runs,p50_us,p99_us,all_frames_p50_us,all_frames_p99_us,attrs_per_frame,cells_per_frame,invalidations_per_frame,ns_per_item,alloc_bytes_per_frame,allocs_per_frame"

    /// One row per strategy-cost cell; an empty field where a value was not measured.
    public var csv: String {
        var lines = [Self.csvHeader]
        for r in strategyCost.map(StrategyCostCellJSON.init) {
            func n(_ v: Double?) -> String { v.map { "\($0)" } ?? "" }
            lines.append([
                r.scene, r.strategy, "\(r.items)", "\(r.frames)", "\(r.moving_frames)", "\(r.runs)", n(r.p50_us), n(r.p99_us),
                n(r.all_frames_p50_us), n(r.all_frames_p99_us), n(r.attrs_per_frame), n(r.cells_per_frame), n(r.invalidations_per_frame),
                n(r.ns_per_item), n(r.alloc_bytes_per_frame), n(r.allocs_per_frame),
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Terminal

    public var terminalText: String {
        var parts: [String] = []
        if !strategyCost.isEmpty { parts.append(strategyCostText) }
        if let frameCost { parts.append(frameCost.terminalText) }
        if let window { parts.append(window.terminalText) }
        if let startup { parts.append(Self.startupText(startup)) }
        if let instructions { parts.append(instructions.terminalText) }
        if let photoLibrary { parts.append(photoLibrary.terminalText) }
        if let physics { parts.append(physics.terminalText) }
        if let budget { parts.append(budget.terminalText) }
        if let recordingSession { parts.append(recordingSession.terminalText) }
        var out = [parts.joined(separator: "\n\n"), "", "Targets"]
        if parts.isEmpty { out.removeFirst(2) }
        for target in targets {
            let mark = switch target.met {
            case .some(true): "[met]     "
            case .some(false): "[MISSED]  "
            case .none: "[n/a]     "
            }
            out.append(TextFormatting.wrapped(mark + target.name + ": " + target.detail, hanging: "            "))
        }
        out.append("")
        out.append(TextFormatting.wrapped("Machine: \(machine.cpu), \(machine.logical_cpus) logical CPUs; \(machine.build) build; load average \(machine.load_average_start) at start, \(machine.load_average_end) at end; \(NumberFormat.fixed(durationSeconds, decimals: 0)) s in all.", indent: ""))
        if machine.build != "release" {
            out.append("Note: a debug build; for representative numbers build with `swift build -c release` (make bench does).")
        }
        return out.joined(separator: "\n")
    }

    var strategyCostText: String {
        let pad = TextFormatting.padLeft, padRight = TextFormatting.padRight, column = TextFormatting.column
        var out: [String] = []
        out.append("Strategy cost per frame: model tick + strategy, headless, bench script at 60 fps, 1280×800 points (\(plan.repeatsDescription))")
        let header = padRight("scene", 9) + padRight("strategy", 20) + pad("items", 10) + pad("frames", 9) + pad("p50 µs", 11) + pad("p99 µs", 11)
            + pad("attrs/frame", 13) + pad("cells/frame", 12) + pad("ns/item", 9) + pad("alloc B/frame", 15) + pad("allocs/frame", 14)
        out.append(header)
        out.append(String(repeating: "─", count: header.count))
        var previous: (SceneID, ParallaxStrategy)?
        for row in strategyCost {
            if let previous, previous.0 != row.cell.scene { out.append("") }
            let sameGroup = previous.map { $0 == (row.cell.scene, row.cell.strategy) } ?? false
            previous = (row.cell.scene, row.cell.strategy)
            out.append(
                padRight(sameGroup ? "" : row.cell.scene.name, 9) + padRight(sameGroup ? "" : row.cell.strategy.title, 20)
                    + pad(NumberFormat.count(row.cell.items), 10) + pad("\(row.movingFrames)/\(row.frames)", 9) + column(row.p50, 2, 11) + column(row.p99, 2, 11)
                    + column(row.attributesPerFrame, 1, 13) + column(row.cellsPerFrame, 1, 12) + column(row.nanosecondsPerItem, 2, 9)
                    + column(row.allocations?.bytesPerFrame, 0, 15) + column(row.allocations?.countPerFrame, 1, 14))
        }
        out.append("")
        out.append(TextFormatting.wrapped("frames: moving/all frames of the replay. p50/p99: " + BenchDefinitions.strategyCostStatistic + "."))
        out.append(TextFormatting.wrapped("time " + BenchDefinitions.strategyCost + "; it includes about \(NumberFormat.fixed(timerOverheadNanoseconds, decimals: 0)) ns of clock reads per frame."))
        out.append(TextFormatting.wrapped(BenchDefinitions.work + "; " + BenchDefinitions.perItem + "."))
        if !plan.sections.contains(.allocations) {
            out.append("  alloc: not counted (the allocations section was left out).")
        } else if let reason = allocationUnavailableReason {
            out.append(TextFormatting.wrapped("alloc: n/a — \(reason)."))
        } else {
            out.append(TextFormatting.wrapped("alloc: " + BenchDefinitions.allocation + "."))
        }
        return out.joined(separator: "\n")
    }

    static func startupText(_ startup: StartupResult) -> String {
        let n = startup.launches.count
        var out = ["Start-up: from spawning the window command to its frames (photos scene, dummy driver, software renderer, vsync off; median of \(n) launch\(n == 1 ? "" : "es"))"]
        out.append("  spawn → main                                          " + TextFormatting.padLeft(NumberFormat.fixed(startup.spawnToMain, decimals: 1), 8) + " ms")
        out.append("  spawn → first presented frame                         " + TextFormatting.padLeft(NumberFormat.fixed(startup.firstFrame, decimals: 1), 8) + " ms")
        if let allImages = startup.allImages {
            let frames = startup.launches.compactMap(\.all_images_frame)
            out.append("  spawn → first frame with every visible image drawn    " + TextFormatting.padLeft(NumberFormat.fixed(allImages, decimals: 1), 8) + " ms"
                + (frames.allSatisfy { $0 == 1 } ? "  (the first frame: every image is loaded before it)" : "  (frame \(frames.max() ?? 0) at the latest)"))
        } else {
            out.append("  spawn → first frame with every visible image drawn         n/a  (some launch drew no complete frame before quitting)")
        }
        return out.joined(separator: "\n")
    }
}
