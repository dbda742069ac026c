import Foundation
import SpawnIsolation
import Testing

/// A program SwiftPM built beside `parallax-playground` (parallax-bench, parallax-fuzz…).
func builtProgram(_ name: String) throws -> URL {
    let program = try playgroundBinary().deletingLastPathComponent().appendingPathComponent(name)
    try #require(FileManager.default.isExecutableFile(atPath: program.path), "no \(program.path): run `swift build` first (make test does)")
    return program
}

/// A fresh folder holding a copy of the built `parallax-playground` and nothing else: no
/// `parallax-bench` beside it, nor any library.
private func playgroundAlone(_ label: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: try playgroundBinary(), to: folder.appendingPathComponent("parallax-playground"))
    return folder
}

/// The product apart from the lab: the app neither links the benchmark's measuring nor the
/// malloc interposer that counts its allocations (every malloc of the window went through that
/// shim when it did); `parallax-playground bench` becomes the `parallax-bench` beside it.
@Suite(.onThreadsOfTheirOwn) struct BenchHandOverTests {
    /// What the dynamic loader would load for `program`, as `ldd` lists it.
    private func loadedLibraries(_ program: URL) throws -> String {
        let listed = try Isolated.run(URL(fileURLWithPath: "/usr/bin/ldd"), [program.path])
        try #require(listed.status == 0, "ldd \(program.path): \(listed.stderr)")
        return String(decoding: listed.stdout, as: UTF8.self)
    }

    /// Whether `program`'s bytes hold a symbol of the Swift module `module` (its mangled
    /// names carry the name's length before it: `10Benchmarks`).
    private func holdsModule(_ program: URL, _ module: String) throws -> Bool {
        let bytes = try Data(contentsOf: program)
        return bytes.range(of: Data("\(module.utf8.count)\(module)".utf8)) != nil
    }

    /// The app and the fuzzer load no libMallocInterposerSwift and hold no code of the
    /// Benchmarks module or of hdrhistogram's; parallax-bench holds all three (so the checks
    /// can see them).
    @Test func theAppAndTheFuzzerLinkNoneOfTheBenchmark() throws {
        for name in ["parallax-playground", "parallax-fuzz"] {
            let program = try builtProgram(name)
            let libraries = try loadedLibraries(program)
            #expect(!libraries.contains("libMallocInterposerSwift"), "\(name) loads the malloc interposer:\n\(libraries)")
            #expect(!libraries.contains("not found"), "\(name):\n\(libraries)")
            for module in ["Benchmarks", "Histogram"] {
                #expect(try !holdsModule(program, module), "\(name) holds the \(module) module")
            }
        }
        let bench = try builtProgram("parallax-bench")
        #expect(try loadedLibraries(bench).contains("libMallocInterposerSwift"))
        for module in ["Benchmarks", "Histogram"] {
            #expect(try holdsModule(bench, module), "parallax-bench lacks the \(module) module")
        }
    }

    /// Without `parallax-bench` beside it, `bench` says what to build or install (status 1);
    /// its help and its options' checks still answer, from the app's own parsing.
    @Test func withoutParallaxBenchTheBenchSaysWhatToBuild() throws {
        let folder = try playgroundAlone("no-bench")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("parallax-playground")
        let alone = try Isolated.run(app, ["bench", "--only", "strategy-cost", "--scenes", "table", "--strategies", "cached-layout",
                                           "--items", "50", "--repeats", "1"])
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(alone.stdout.isEmpty, "nothing measured: \(String(decoding: alone.stdout, as: UTF8.self))")
        for words in [folder.appendingPathComponent("parallax-bench").path, "swift build -c release --product parallax-bench", "make install-bench"] {
            #expect(alone.stderr.contains(words), "\(alone.stderr)")
        }
        let help = try Isolated.run(app, ["bench", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--photos-without-thumbnails"))
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--big-photos"))
        let stray = try Isolated.run(app, ["bench", "--big-photos", folder.path])
        #expect(stray.status == 2 && stray.stderr.contains("--big-photos goes with the photo-library section"), "\(stray.stderr)")
        let bad = try Isolated.run(app, ["bench", "--repeats", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--repeats must be 1 or more"), "\(bad.stderr)")
    }

    /// `bench ARGS` becomes `parallax-bench ARGS`: the same process (exec, not a child), the
    /// words after `bench` as given, its output and its status. A stand-in bench, a shell
    /// script, records what it was given.
    @Test func theBenchBecomesParallaxBenchWithTheSameArguments() throws {
        let folder = try playgroundAlone("stand-in")
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("given.txt").path
        let standIn = folder.appendingPathComponent("parallax-bench")
        try """
            #!/bin/sh
            printf '%s\\n' "$$" "$0" "$@" > "$GIVEN"
            echo "stand-in bench"
            exit 7
            """.write(to: standIn, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        let arguments = ["--only", "strategy-cost,startup", "--json", folder.path + "/a b.json", "--items", "50,1_000", "--quick"]
        var environment = ProcessInfo.processInfo.environment
        environment["GIVEN"] = record
        let app = Isolated.process(folder.appendingPathComponent("parallax-playground"), ["bench"] + arguments, environment: environment)
        let out = Pipe()
        app.standardOutput = out
        app.standardError = FileHandle.nullDevice
        try app.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        app.waitUntilExit()
        defer { Isolated.removeFolder(of: app) }
        #expect(app.terminationStatus == 7)
        #expect(printed == "stand-in bench\n")
        let given = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(given == ["\(app.processIdentifier)", standIn.path] + arguments + [""], "\(given)")
    }
}
