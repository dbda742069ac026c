import BenchOptions
import Foundation

/// Counts the model's instructions per frame with valgrind's callgrind: the bench binary
/// runs itself (`parallax-bench --only strategy-cost`, one cell, one measured round) under
/// callgrind, counting only inside `StrategyCostMeasurement.modelFrame`.
enum InstructionCountMeasurement {
    /// Why the count cannot be taken here, or nil.
    static func unavailableReason() -> String? {
        if valgrindPath == nil { return "valgrind is not installed (apt-get install valgrind)" }
        if objcopyPath == nil { return "objcopy is not installed (apt-get install binutils)" }
        return nil
    }

    static var valgrindPath: String? { programOnPath("valgrind") }

    static var objcopyPath: String? { programOnPath("objcopy") }

    private static func programOnPath(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A copy of `binary` without debug information in `folder`, beside copies of the shared
    /// libraries built with it (found through its RUNPATH's $ORIGIN), stripped the same way.
    /// valgrind 3.19 (Debian 12's) cannot read the DWARF 5 that Swift 6's clang writes for the C
    /// targets: "unhandled dwarf2 abbrev form code 0x25", then it gives up on the whole run.
    /// Callgrind needs only the symbol table, which the copy keeps: --toggle-collect finds the
    /// measured function by its name there.
    static func copyWithoutDebugInformation(of binary: String, into folder: URL, objcopy: String) throws -> String {
        let source = URL(fileURLWithPath: binary).deletingLastPathComponent()
        let libraries = try FileManager.default.contentsOfDirectory(atPath: source.path)
            .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }
        let name = URL(fileURLWithPath: binary).lastPathComponent
        for file in [name] + libraries {
            let result = try ChildProcess(
                executable: URL(fileURLWithPath: objcopy),
                arguments: ["--strip-debug", source.appendingPathComponent(file).path, folder.appendingPathComponent(file).path],
                environment: ProcessInfo.processInfo.environment).run()
            guard result.status == 0 else {
                throw BenchFailure(message: "objcopy --strip-debug \(file) failed (status \(result.status)): \(result.standardError.suffix(2000))")
            }
        }
        return folder.appendingPathComponent(name).path
    }

    static func measure(cells: [BenchCell], resources: String, progress: BenchProgress) throws -> InstructionCountReport {
        guard let valgrind = valgrindPath, let objcopy = objcopyPath else {
            return InstructionCountReport(cells: [], unavailableReason: unavailableReason())
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-callgrind-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try copyWithoutDebugInformation(
            of: BesideThisProgram.this.path, into: folder, objcopy: objcopy)
        var counts: [InstructionCount] = []
        // Swift seeds its hashing per process; a fixed seed makes Set and Dictionary probe the
        // same way every run, so the count repeats to the instruction.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        for (i, cell) in cells.enumerated() {
            progress.show("instructions · \(cell.label) (callgrind)")
            let profile = folder.appendingPathComponent("callgrind.\(i).out").path
            let json = folder.appendingPathComponent("cell.\(i).json").path
            let child = ChildProcess(
                executable: URL(fileURLWithPath: valgrind),
                arguments: [
                    "--tool=callgrind", "--callgrind-out-file=\(profile)", "--collect-atstart=no",
                    "--toggle-collect=\(StrategyCostMeasurement.modelFrameSymbolPattern)",
                    binary, "--only", BenchSection.strategyCost.rawValue, "--repeats", "1",
                    "--scenes", cell.scene.name, "--strategies", cell.strategy.name, "--items", "\(cell.items)",
                    "--resources", resources, "--json", json,
                ],
                environment: environment)
            let result = try child.run()
            guard result.status == 0 else {
                throw BenchFailure(message: "callgrind run of \(cell.label) failed (status \(result.status)): \(result.standardError.suffix(2000))")
            }
            let text = try String(contentsOfFile: profile, encoding: .utf8)
            guard let instructions = CallgrindProfile.collectedInstructions(in: text[...]), instructions > 0 else {
                throw BenchFailure(message: "callgrind counted nothing inside \(StrategyCostMeasurement.modelFrameSymbolPattern) for \(cell.label): is the symbol there?")
            }
            let report = try JSONDecoder().decode(BenchJSON.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
            guard let measured = report.strategy_cost?.cells.first else {
                throw BenchFailure(message: "the callgrind run of \(cell.label) wrote no strategy-cost cell")
            }
            counts.append(InstructionCount(
                scene: cell.scene.name, strategy: cell.strategy.name, items: cell.items,
                frames: measured.frames, runs: measured.runs, instructions: instructions))
            progress.advance(by: 1)
        }
        return InstructionCountReport(cells: counts)
    }
}
