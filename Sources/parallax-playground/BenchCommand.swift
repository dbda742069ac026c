import ArgumentParser
import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// The three parts of the benchmark.
enum BenchSection: String, CaseIterable {
    case strategyCost = "strategy-cost"
    case frameCost = "frame-cost"
    case startup

    static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What one benchmark run covers.
struct BenchPlan {
    var sections: Set<BenchSection>
    var scenes: [SceneID]
    var strategies: [ParallaxStrategy]
    var items: [Int]
    /// Measured replays per matrix cell (after one warm-up).
    var repeats: Int
    /// Runs of each loop per scene in the frame-cost section.
    var frameRepeats: Int
    /// The frame-cost replays stop after this many frames (--quick), or run to the end.
    var frameLimit: Int?
    var launches: Int

    var cells: [BenchCell] {
        scenes.flatMap { scene in strategies.flatMap { strategy in items.map { BenchCell(scene: scene, strategy: strategy, items: $0) } } }
    }

    /// Cells whose warm-up replay took less than this get `cheapRunFactor` times the runs:
    /// small numbers suffer most from an interruption, and their runs cost next to nothing.
    static let cheapReplaySeconds = 0.05
    static let cheapRunFactor = 3

    var repeatsDescription: String {
        "median of \(repeats) measured run\(repeats == 1 ? "" : "s") per cell after a warm-up, "
            + "\(repeats * Self.cheapRunFactor) for cells whose replay takes under \(Int(Self.cheapReplaySeconds * 1000)) ms"
    }
}

/// `parallax-playground bench`: what each parallax strategy costs as the list grows, the
/// app's frame against a bare SDL loop, and start-up time.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the strategies as the list grows, the frame against a bare SDL loop, and start-up.",
        discussion: """
            1. Strategy cost: every scene × strategy × item count replays the built-in `bench` script \
            (drag, fling to rest, wheel notches, a page key) at a fixed 60 fps step without SDL, timing \
            each frame's model work (events, physics, layout and strategy); p50/p99 per frame, the work \
            done, Swift heap allocations.
            2. Frame cost: the same replay rendered offscreen at 1280x800 with SDL's software renderer, \
            against a bare loop that issues the very SDL calls the app made and nothing else.
            3. Start-up: spawn to first presented frame and to the first frame with every visible image.
            The table goes to standard output, progress to standard error. Build with -c release for \
            representative numbers (make bench does).
            """
    )

    static let fullItems = [50, 1000, 100_000, 1_000_000]
    static let quickItems = [50, 1000]

    @Flag(help: "A reduced matrix for CI: 50 and 1,000 items, one run after the warm-up, a short frame-cost replay, one launch.")
    var quick = false

    @Option(help: "Measured runs per cell after the warm-up. Default: 5 (1 with --quick).")
    var repeats: Int?

    @Option(help: "Comma-separated scenes (\(SceneID.validNames)). Default: all.", transform: { try parseList($0, SceneID.init(name:), valid: SceneID.validNames) })
    var scenes: [SceneID]?

    @Option(help: "Comma-separated strategies (\(ParallaxStrategy.validNames)). Default: all.", transform: { try parseList($0, ParallaxStrategy.init(name:), valid: ParallaxStrategy.validNames) })
    var strategies: [ParallaxStrategy]?

    @Option(help: "Comma-separated item counts, 1 to 1000000. Default: 50,1000,100000,1000000 (50,1000 with --quick).", transform: parseItems)
    var items: [Int]?

    @Option(help: "Comma-separated sections to run (\(BenchSection.validNames)). Default: all.", transform: { try parseList($0, BenchSection.init(rawValue:), valid: BenchSection.validNames) })
    var only: [BenchSection]?

    @Option(help: "Start-up launches. Default: 5 (1 with --quick).")
    var launches: Int?

    @Option(help: "Write every number as JSON here.")
    var json: String?

    @Option(help: "Write the strategy-cost matrix as CSV here.")
    var csv: String?

    @Option(help: "Draw strategy cost against item count (log–log, a panel per scene) as PNG here.")
    var chart: String?

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    var resources: String?

    @Option(help: "A TrueType font. Default: DejaVu Sans from Debian's fonts-dejavu-core.")
    var font: String?

    func validate() throws {
        if let repeats, repeats < 1 { throw ValidationError("--repeats must be 1 or more, got \(repeats)") }
        if let launches, launches < 1 { throw ValidationError("--launches must be 1 or more, got \(launches)") }
    }

    var plan: BenchPlan {
        BenchPlan(
            sections: Set(only ?? BenchSection.allCases),
            scenes: scenes ?? SceneID.allCases, strategies: strategies ?? ParallaxStrategy.allCases,
            items: items ?? (quick ? Self.quickItems : Self.fullItems), repeats: repeats ?? (quick ? 1 : 5),
            frameRepeats: quick ? 1 : 5, frameLimit: quick ? 20 : nil, launches: launches ?? (quick ? 1 : 5))
    }

    func run() throws {
        let plan = self.plan
        // Everything the user could get wrong fails now, not after minutes of measuring.
        let resources = try locateResources(resources)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: font) } catch { throw InputError(message: "\(error)") }
        for path in [json, csv, chart].compactMap({ $0 }) { try Self.prepareOutput(path) }

        var machine = MachineFacts.read()
        if machine.build != "release" {
            FileHandle.standardError.write(Data("note: a debug build; numbers are for checking the benchmark, not for reading (swift build -c release)\n".utf8))
        }
        let script = BuiltinScript.bench.script
        let timerOverhead = timerOverheadNanoseconds()
        let cells = plan.sections.contains(.strategyCost) ? plan.cells : []
        let replayUnits = cells.map(Self.weight).reduce(0, +)
        let frameScenes = plan.sections.contains(.frameCost) ? plan.scenes : []
        let launches = plan.sections.contains(.startup) ? plan.launches : 0
        let progress = BenchProgress(totalUnits: replayUnits * Double(plan.repeats * BenchPlan.cheapRunFactor + 2)
            + Double(frameScenes.count * (plan.frameRepeats + 1)) * 20 + Double(launches))

        // 1. Strategy cost. Round 0 warms every cell up through ParallaxKit's own Replay; the
        // measured rounds then go over all cells again and again, each round in its own
        // shuffled order (seeded, so runs repeat): a slow drift of the machine, or the
        // aftermath of a heavy cell (a million items allocate and free megabytes a frame), then
        // lands on different cells each round, and the median drops it. Cheap cells (a replay
        // under 50 ms) take part in every round, the others in every third.
        var references: [BenchCell: (frames: Int, finalOffset: Point)] = [:]
        var cheap: Set<BenchCell> = []
        for cell in cells {
            progress.show("strategy cost · warm-up · \(cell.label)")
            let start = monotonicNanoseconds()
            references[cell] = StrategyCostBench.warmUp(cell, script: script)
            if Double(monotonicNanoseconds() - start) / 1e9 < BenchPlan.cheapReplaySeconds { cheap.insert(cell) }
            // A heavy cell skips two rounds in three: its share of the bar is done here instead.
            progress.advance(by: Self.weight(cell) * Double(cheap.contains(cell) ? 1 : 1 + 2 * plan.repeats))
        }
        var runs: [BenchCell: [ReplayMeasurement]] = [:]
        let rounds = plan.repeats * BenchPlan.cheapRunFactor
        for round in 1...rounds where !cells.isEmpty {
            var generator = SplitMix64(seed: UInt64(round))
            let heavyCellsRun = (round - 1) % BenchPlan.cheapRunFactor == 0
            for cell in cells.shuffled(using: &generator) where heavyCellsRun || cheap.contains(cell) {
                progress.show("strategy cost · round \(round)/\(rounds) · \(cell.label)")
                let run = StrategyCostBench.measure(cell, script: script)
                let reference = references[cell]!
                // The measured loop mirrors Replay.run; it must play the same frames to the same end.
                guard run.frameCount == reference.frames, run.finalOffset == reference.finalOffset else {
                    throw BenchFailure(message: "the measured replay of \(cell.label) diverged from Replay: \(run.frameCount) frames ending at \(run.finalOffset), Replay: \(reference.frames) ending at \(reference.finalOffset)")
                }
                runs[cell, default: []].append(run)
                progress.advance(by: Self.weight(cell))
            }
        }
        var strategyCost: [StrategyCostResult] = []
        for cell in cells {
            progress.show("strategy cost · allocations · \(cell.label)")
            strategyCost.append(StrategyCostResult(
                cell: cell, runs: runs[cell] ?? [], allocations: StrategyCostBench.countAllocations(cell, script: script)))
            runs[cell] = nil
            progress.advance(by: Self.weight(cell))
        }

        // 2. Frame cost: every scene with its own strategy at 1,000 items. SDL starts only
        // when something needs it (the frame cost or the chart).
        var sdl: BenchSDL?
        func headlessSDL() throws -> BenchSDL {
            if let sdl { return sdl }
            do {
                let started = try BenchSDL(resources: resources, fonts: fonts, size: StrategyCostBench.viewport)
                sdl = started
                return started
            } catch {
                throw BenchFailure(message: "cannot start headless SDL: \(error)")
            }
        }
        var frameResults: [FrameCostSceneResult] = []
        for scene in frameScenes {
            let cell = BenchCell(scene: scene, strategy: Scene.make(scene).defaultStrategy, items: 1000)
            frameResults.append(FrameCostBench.measure(
                sdl: try headlessSDL(), cell: cell, script: script, repeats: plan.frameRepeats, frameLimit: plan.frameLimit,
                progress: progress, unitsPerRun: 20))
        }
        let frameCost = try frameScenes.isEmpty ? nil : FrameCostReport(
            results: frameResults, renderer: headlessSDL().renderer.name, videoDriver: headlessSDL().video.driverName,
            frameLimit: plan.frameLimit)

        // 3. Start-up.
        let startup = launches == 0 ? nil : try StartupResult.measure(launches: launches, resources: resources, progress: progress)

        machine.load_average_end = MachineFacts.loadAverage()
        let report = BenchReport(
            quick: quick, command: CommandLine.arguments.joined(separator: " "), plan: plan, machine: machine,
            timerOverheadNanoseconds: timerOverhead, durationSeconds: progress.elapsedSeconds,
            strategyCost: strategyCost, frameCost: frameCost, startup: startup)
        progress.finish()
        print(report.terminalText)

        if let json { try report.writeJSON(to: json) }
        if let csv { try Data(report.csv.utf8).write(to: URL(fileURLWithPath: csv)) }
        if let chart, !strategyCost.isEmpty {
            let subtitle = "median per frame of \(plan.repeats)–\(plan.repeats * BenchPlan.cheapRunFactor) runs after a warm-up, frames in which the list moved; bench script at 60 fps; 1280×800 points; \(machine.build) build; \(machine.cpu)"
            do {
                try BenchChart.write(strategyCost, subtitle: subtitle, video: headlessSDL().video, fonts: fonts, to: chart)
            } catch {
                throw BenchFailure(message: "cannot write the chart to \(chart): \(error)")
            }
        }
        for path in [json, csv, strategyCost.isEmpty ? nil : chart].compactMap({ $0 }) { print("wrote \(path)") }
        if chart != nil && strategyCost.isEmpty { printError("no chart: it plots the strategy cost, which --only left out") }
    }

    /// A replay's rough cost, for the progress bar: layout invalidation is O(items) a frame.
    static func weight(_ cell: BenchCell) -> Double {
        cell.strategy == .layoutInvalidation ? 1 + Double(cell.items) / 20_000 : 1
    }

    /// Creates the file's folder and checks the file can be written.
    static func prepareOutput(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError(message: "cannot create the folder \(folder.path) for '\(path)'")
        }
        let existed = FileManager.default.fileExists(atPath: path)
        guard let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) else {
            throw InputError(message: "cannot write to '\(path)'")
        }
        try? handle.close()
        if !existed { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// "a,b,c" → values, or a validation error naming the bad one and the valid names.
func parseList<T>(_ text: String, _ make: (String) -> T?, valid: String) throws -> [T] {
    let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("expected a comma-separated list of: \(valid)") }
    return try names.map { name in
        guard let value = make(name) else { throw ValidationError("unknown name '\(name)'; valid: \(valid)") }
        return value
    }
}

/// "50,1000" → [50, 1000]: each 1…1,000,000, sorted, without repeats.
func parseItems(_ text: String) throws -> [Int] {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "") }
    guard !parts.isEmpty else { throw ValidationError("expected comma-separated item counts, e.g. 50,1000") }
    let range = Playground.itemCountRange
    let counts = try parts.map { part in
        guard let n = Int(part), range.contains(n) else {
            throw ValidationError("item counts must be whole numbers from \(range.lowerBound) to \(NumberFormat.count(range.upperBound)), got '\(part)'")
        }
        return n
    }
    return Array(Set(counts)).sorted()
}
