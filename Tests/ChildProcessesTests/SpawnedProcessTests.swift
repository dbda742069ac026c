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

    /// The parent ignores SIGTERM here; the child must not inherit that, or `terminate`
    /// could never end it.
    @Test func terminateEndsAChildEvenWhenTheParentIgnoresTheSignal() throws {
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        var blocked = sigset_t(), old = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let child = try SpawnedProcess(program: "/bin/sleep", arguments: ["30"])
        #expect(child.isRunning)
        child.terminate()
        #expect(child.wait() == .signalled(SIGTERM))
        #expect(!child.isRunning)
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
