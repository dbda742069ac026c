import FileOutput
import Foundation

/// Runs a program to its end with its standard output and error going to files, never to
/// pipes: a child that writes more than a pipe holds to one stream while the parent waits on
/// the other would stall both.
struct ChildProcess {
    var executable: URL
    var arguments: [String]
    var environment: [String: String]

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Starts the child; `spawned` runs just before the spawn (to read a clock there).
    func run(spawned: () -> Void = {}) throws -> Result {
        let (outPath, out) = try OutputFile.scratchFile(prefix: "parallax-bench-child.stdout")
        let (errPath, err) = try OutputFile.scratchFile(prefix: "parallax-bench-child.stderr")
        defer {
            try? out.close()
            try? err.close()
            unlink(outPath)
            unlink(errPath)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        spawned()
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
