import Foundation
import SpawnIsolation
import Testing
@testable import Benchmarks

/// The start-up measurement's child process. (The benchmark's files are written by
/// `FileOutput.OutputFile`, tested in FileOutputTests.)
@Suite struct ChildProcessTests {
    /// 1 MB on standard error before a word on standard output: through pipes read one after
    /// the other, the child would block on a full stderr pipe while the parent waits for stdout.
    @Test func aChildFillingStandardErrorDoesNotStall() throws {
        let child = ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "head -c 1000000 /dev/zero >&2; echo done; exit 3"],
            environment: Isolated.environment(["PATH": "/usr/bin:/bin"]))
        let result = try child.run()
        #expect(result.status == 3)
        #expect(result.standardOutput == "done\n")
        #expect(result.standardError.count == 1_000_000)
    }
}
