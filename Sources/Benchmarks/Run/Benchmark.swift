import FileOutput
import Foundation
import ParallaxKit
import RunHarness
import SDLBackend

/// The whole benchmark: runs the plan's sections, prints the table, writes the files.
public enum Benchmark {
    /// Runs `plan` with the bundled images in `resources` and the fonts in `fonts`; the table
    /// goes to standard output, progress to standard error. `command` is recorded in the JSON.
    /// `photos`, `photosWithoutThumbnails` and `bigPhotos` are the photo-library section's folders.
    @discardableResult
    public static func run(plan: BenchPlan, resources: String, fonts: FontFiles, outputs: BenchOutputs, command: String,
                           photos: String? = nil, photosWithoutThumbnails: String? = nil, bigPhotos: String? = nil) throws -> BenchReport {
        var machine = MachineFacts.read()
        if machine.build != "release" {
            FileHandle.standardError.write(Data("note: a debug build; numbers are for checking the benchmark, not for reading (swift build -c release)\n".utf8))
        }
        let script = BuiltinScript.bench
        let timerOverhead = TimerOverhead.nanoseconds()
        let sections = plan.sections
        let cells = sections.contains(.strategyCost) ? plan.cells : []
        let replayUnits = cells.map(BenchPlan.weight).reduce(0, +)
        let frameScenes = sections.contains(.frameCost) ? plan.scenes : []
        let launches = sections.contains(.startup) ? plan.launches : 0
        let instructionCells = sections.contains(.instructions) ? plan.instructionCells : []
        let progress = BenchProgress(totalUnits: replayUnits * Double(plan.repeats * BenchPlan.cheapRunFactor + 2)
            + Double(frameScenes.count * (plan.frameRepeats + 1)) * 20 + Double(launches) + Double(instructionCells.count)
            + (sections.contains(.window) ? WindowFramesMeasurement.units(plan: plan) : 0)
            + (sections.contains(.recordingSession) ? Double(plan.launches + 1) : 0)
            + (sections.contains(.budget) ? Double(plan.scenes.count * plan.strategies.count
                * (plan.quick ? FrameBudgetMeasurement.quickItemCounts : FrameBudgetMeasurement.itemCounts).count) : 0))

        // 1. Strategy cost, with its allocation pass unless left out.
        let countAllocations = sections.contains(.allocations)
        let strategyCost = cells.isEmpty ? [] : try StrategyCostSection.run(
            plan: plan, script: script.script, countAllocations: countAllocations, progress: progress)

        // 2a. In a real window, before the headless SDL below starts (one SDL at a time).
        let window = sections.contains(.window)
            ? try WindowFramesMeasurement.measure(plan: plan, resources: resources, fonts: fonts, script: script.script, progress: progress)
            : nil

        // 2b. Frame cost: every scene with its own strategy at 1,000 items. SDL starts only
        // when something needs it (the frame cost or the chart).
        var sdl: BenchSDL?
        func headlessSDL() throws -> BenchSDL {
            if let sdl { return sdl }
            do {
                let started = try BenchSDL(resources: resources, fonts: fonts, size: StrategyCostMeasurement.viewport)
                sdl = started
                return started
            } catch {
                throw BenchFailure(message: "cannot start headless SDL: \(error)")
            }
        }
        var frameResults: [FrameCostSceneResult] = []
        for scene in frameScenes {
            let cell = BenchCell(scene: scene, strategy: Scene.make(scene).defaultStrategy, items: 1000)
            frameResults.append(FrameCostMeasurement.measure(
                sdl: try headlessSDL(), cell: cell, script: script.script, repeats: plan.frameRepeats, frameLimit: plan.frameLimit,
                progress: progress, unitsPerRun: 20))
        }
        let frameCost = try frameScenes.isEmpty ? nil : FrameCostReport(
            results: frameResults, renderer: headlessSDL().renderer.name, videoDriver: headlessSDL().video.driverName,
            frameLimit: plan.frameLimit)

        // 3. Start-up.
        let startup = launches == 0 ? nil : try StartupMeasurement.measure(launches: launches, resources: resources, progress: progress)

        // 4. Instructions per frame, under callgrind (only when asked for: it takes minutes).
        let instructions = instructionCells.isEmpty ? nil
            : try InstructionCountMeasurement.measure(cells: instructionCells, resources: resources, progress: progress)

        // 5. The photo library (only with a folder).
        var photoLibrary: PhotoLibraryResult?
        if sections.contains(.photoLibrary) {
            guard let photos else { throw BenchFailure(message: "the photo-library section needs --photos DIR") }
            photoLibrary = try PhotoLibraryMeasurement.measure(folder: photos, folderWithoutThumbnails: photosWithoutThumbnails,
                                                               bigFolder: bigPhotos,
                                                               launches: plan.launches, progress: progress)
        }

        // 6. A physics step under each engine (a second's work in all).
        let physics = sections.contains(.physics) ? PhysicsCostMeasurement.measure(runs: plan.repeats) : nil

        // 7. Where each strategy's main thread breaks a phone's frame budget.
        let budget = sections.contains(.budget) ? FrameBudgetMeasurement.measure(plan: plan, script: script.script, progress: progress) : nil

        // 8. The R key in the real window's scripted session, with and without it.
        let recordingSession = sections.contains(.recordingSession)
            ? try RecordingSessionMeasurement.measure(launches: plan.launches, progress: progress) : nil

        machine.load_average_end = MachineFacts.loadAverage()
        var report = BenchReport(
            command: command, plan: plan, machine: machine, script: script.name, timerOverheadNanoseconds: timerOverhead,
            durationSeconds: progress.elapsedSeconds, strategyCost: strategyCost,
            allocationUnavailableReason: countAllocations ? AllocationCounter.unavailableReason : nil,
            frameCost: frameCost, startup: startup, instructions: instructions, photoLibrary: photoLibrary, window: window,
            physics: physics, recordingSession: recordingSession)
        report.budget = budget
        progress.finish()
        print(report.terminalText)

        var written: [String] = []
        if let json = outputs.json {
            try OutputFile.write(report.jsonData(), to: json)
            written.append(json)
        }
        if let csv = outputs.csv {
            try OutputFile.write(Data(report.csv.utf8), to: csv)
            written.append(csv)
        }
        if let chart = outputs.chart {
            if strategyCost.isEmpty, let budget {
                do {
                    try BudgetChart.write(budget, subtitle: "\(machine.build) build; \(machine.cpu)", video: headlessSDL().video, fonts: fonts, to: chart)
                } catch {
                    throw BenchFailure(message: "cannot write the chart to \(chart): \(error)")
                }
                written.append(chart)
            } else if strategyCost.isEmpty {
                FileHandle.standardError.write(Data("no chart: it plots the strategy cost (or the budget's main-thread work), which --only left out\n".utf8))
            } else {
                let subtitle = "median per frame of \(plan.repeats)–\(plan.repeats * BenchPlan.cheapRunFactor) runs after a warm-up, frames in which the list moved; bench script at 60 fps; 1280×800 points; \(machine.build) build; \(machine.cpu)"
                do {
                    try BenchChart.write(strategyCost, subtitle: subtitle, video: headlessSDL().video, fonts: fonts, to: chart)
                } catch {
                    throw BenchFailure(message: "cannot write the chart to \(chart): \(error)")
                }
                written.append(chart)
            }
        }
        for path in written { print("wrote \(path)") }
        return report
    }
}
