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
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("parallax-bench-child-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
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
            standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
