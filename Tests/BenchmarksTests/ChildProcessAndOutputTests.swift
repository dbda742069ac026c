import Foundation
import Testing
@testable import Benchmarks

/// The start-up measurement's child process and the files the benchmark writes.
@Suite struct ChildProcessAndOutputTests {
    /// 1 MB on standard error before a word on standard output: through pipes read one after
    /// the other, the child would block on a full stderr pipe while the parent waits for stdout.
    @Test func aChildFillingStandardErrorDoesNotStall() throws {
        let child = ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "head -c 1000000 /dev/zero >&2; echo done; exit 3"],
            environment: ["PATH": "/usr/bin:/bin"])
        let result = try child.run()
        #expect(result.status == 3)
        #expect(result.standardOutput == "done\n")
        #expect(result.standardError.count == 1_000_000)
    }

    @Test func outputFilesAreReplacedWholeAndLeaveNoTemporaryBehind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.json").path
        try OutputFile.write(Data("old".utf8), to: path)
        try OutputFile.write(Data("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        // A producer that fails leaves the previous file as it was, and no temporary file.
        #expect(throws: BenchFailure.self) {
            try OutputFile.writing(to: path) { temporary in
                try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
                throw BenchFailure(message: "failed half-way")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    }
}
