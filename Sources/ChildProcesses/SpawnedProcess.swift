#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn`, its standard streams each sent to /dev/null, a pipe,
/// or a file descriptor.
///
/// Why not Foundation's `Process`: starting a program with it took about 60 ms here, every
/// time (swift-corelibs-foundation 6.3, measured 2026-11-25: `gsettings` through `Process`
/// 58 ms, through `posix_spawn` 6 ms), and the window starts programs on the thread that draws:
/// the desktop's reduce-motion answer before the first frame, and for the R key
/// `xdg-user-dir`, `ffmpeg -encoders` and ffmpeg itself, each a stalled frame.
public final class SpawnedProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A pipe: the parent writes the child's input, or reads its output.
        case pipe
        /// This open file descriptor (the child gets a copy; the caller keeps and closes it).
        case descriptor(Int32)
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var succeeded: Bool { self == .exited(0) }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    public let processIdentifier: pid_t
    /// The parent's end of the child's standard input, when it is a pipe (-1 once closed).
    public private(set) var inputDescriptor: Int32 = -1
    /// The parent's end of the child's standard output, when it is a pipe (-1 once closed).
    public private(set) var outputDescriptor: Int32 = -1
    private var ended: Termination?

    /// Starts `program` (a path) with `arguments` and `environment` ("NAME=value" entries;
    /// nil: this process's environment).
    public init(program: String, arguments: [String], input: Stream = .null, output: Stream = .null,
                error: Stream = .null, environment: [String]? = nil) throws(SpawnError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Pipes' parent ends close on exec, so no other child inherits them (a second holder of
        // an input pipe's write end would keep its reader from ever seeing the end).
        var childEnds: [Int32] = []
        defer { for fd in childEnds { close(fd) } }
        func plan(_ stream: Stream, onto target: Int32, childReads: Bool) throws(SpawnError) -> Int32 {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0)
                return -1
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
                return -1
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw SpawnError(program: program, code: errno) }
                for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                return parentEnd
            }
        }
        let inputEnd = try plan(input, onto: 0, childReads: true)
        let outputEnd: Int32
        do { outputEnd = try plan(output, onto: 1, childReads: false) } catch {
            if inputEnd >= 0 { close(inputEnd) }
            throw error
        }
        do { _ = try plan(error, onto: 2, childReads: false) } catch {
            for fd in [inputEnd, outputEnd] where fd >= 0 { close(fd) }
            throw error
        }
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        // The child starts with no signal blocked and every signal's default action, as a
        // program expects: the window ignores SIGPIPE and SIGHUP, and a blocked or ignored
        // SIGTERM would outlive exec and make `terminate` do nothing.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), everySignal = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cEnvironment: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let code = cEnvironment == nil
            ? posix_spawn(&pid, program, &actions, &attributes, &cArguments, environ)
            : posix_spawn(&pid, program, &actions, &attributes, &cArguments, &cEnvironment!)
        guard code == 0 else {
            for fd in [inputEnd, outputEnd] where fd >= 0 { close(fd) }
            throw SpawnError(program: program, code: code)
        }
        processIdentifier = pid
        inputDescriptor = inputEnd
        outputDescriptor = outputEnd
    }

    deinit {
        closeInput()
        closeOutput()
    }

    /// Closes the parent's end of the input pipe: the child reads the end of its input.
    public func closeInput() {
        if inputDescriptor >= 0 { close(inputDescriptor) }
        inputDescriptor = -1
    }

    public func closeOutput() {
        if outputDescriptor >= 0 { close(outputDescriptor) }
        outputDescriptor = -1
    }

    /// Everything the child writes to its output pipe, until it closes it (empty without one).
    public func readOutputToEnd() -> [UInt8] {
        guard outputDescriptor >= 0 else { return [] }
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            collected += chunk[0..<n]
        }
        closeOutput()
        return collected
    }

    /// Waits for the child to end (at once if it has).
    @discardableResult
    public func wait() -> Termination {
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0, errno == EINTR {}
        return record(status)
    }

    /// Whether the child still runs (reaping it when it has ended).
    public var isRunning: Bool {
        guard ended == nil else { return false }
        var status: Int32 = 0
        guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else { return true }
        record(status)
        return false
    }

    /// Asks the child to end (SIGTERM) if it still runs.
    public func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    @discardableResult
    private func record(_ status: Int32) -> Termination {
        // <sys/wait.h>'s macros, which Swift does not import: the low 7 bits are the signal
        // that ended the child (0 when it exited), bits 8–15 its exit status.
        let signal = status & 0x7F
        let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        ended = termination
        return termination
    }

    /// Runs `program` to its end and returns how it ended and what it printed (trimmed of
    /// the whitespace around it); throws when it could not be started.
    public static func output(of program: String, _ arguments: [String]) throws(SpawnError) -> (termination: Termination, text: String) {
        let child = try SpawnedProcess(program: program, arguments: arguments, output: .pipe)
        let bytes = child.readOutputToEnd()
        let termination = child.wait()
        let text = String(decoding: bytes, as: UTF8.self)
        return (termination, String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
    }
}

/// A program that could not be started, with the system's reason.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public var program: String
    public var code: Int32

    public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
}
