import ChildProcesses
import Foundation
import Testing

/// Programs started with posix_spawn: streams, endings, signals.
@Suite struct SpawnedProcessTests {
    @Test func itsOutputAndEndingAreRead() throws {
        let said = try SpawnedProcess.output(of: "/bin/sh", ["-c", "echo '  hello there '; exit 0"])
        #expect(said.text == "hello there" && said.termination == .exited(0))
        #expect(try SpawnedProcess.output(of: "/bin/sh", ["-c", "echo x; exit 3"]).termination == .exited(3))
        let missing = #expect(throws: SpawnError.self, "a program that is not there") {
            try SpawnedProcess.output(of: "/nonexistent/program", [])
        }
        #expect(missing?.description.hasPrefix("cannot run /nonexistent/program: ") == true)
    }

    @Test func whatTheParentWritesIsTheChildsInputUntilItIsClosed() throws {
        let child = try SpawnedProcess(program: "/bin/sh", arguments: ["-c", "wc -c"], input: .pipe, output: .pipe)
        let bytes = [UInt8](repeating: 65, count: 100_000)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(child.inputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard n > 0 else { break }
                offset += n
            }
        }
        child.closeInput()
        let counted = String(decoding: child.readOutputToEnd(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(counted == "100000")
        #expect(child.wait().succeeded)
    }

    @Test func errorsGoToTheDescriptorGiven() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID().uuidString).log").path
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        let child = try SpawnedProcess(program: "/bin/sh", arguments: ["-c", "echo oops >&2"], error: .descriptor(fd))
        close(fd)
        #expect(child.wait() == .exited(0))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "oops\n")
    }

    /// A parent that ignores SIGTERM and blocks it (as the record command does while it
    /// records): the child must inherit neither, or `terminate` could never end it. Ignoring
    /// a signal is the whole process's setting, and the suites run in parallel, so the parent
    /// is a process of its own: Swift Testing's exit test runs the body in a fresh copy of
    /// this test program, which only starts the child.
    @Test func terminateEndsAChildEvenWhenTheParentIgnoresTheSignal() async {
        await #expect(processExitsWith: .success, "the child ended by SIGTERM though its parent ignored and blocked it") {
            signal(SIGTERM, SIG_IGN)
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            let child = try SpawnedProcess(program: "/bin/sleep", arguments: ["30"])
            guard child.isRunning else { exit(3) }
            child.terminate()
            // Not ended by the signal: sleep ran its 30 s and exited by itself.
            guard child.wait() == .signalled(SIGTERM) else { exit(4) }
            guard !child.isRunning else { exit(5) }
        }
    }

    @Test func theParentsPipeEndsAreNotInheritedByOtherChildren() throws {
        // A second child started while the first's input pipe is open must not hold its write
        // end: the first would then never read the end of its input.
        let reader = try SpawnedProcess(program: "/bin/cat", arguments: [], input: .pipe, output: .pipe)
        let bystander = try SpawnedProcess(program: "/bin/sleep", arguments: ["30"])
        defer { bystander.terminate(); bystander.wait() }
        reader.closeInput()
        #expect(reader.readOutputToEnd().isEmpty)
        #expect(reader.wait() == .exited(0))
    }
}
