import ArgumentParser
import BenchOptions
import FileOutput
import Foundation

/// `parallax-playground bench`: what each parallax strategy costs as the list grows, the app's
/// frame against a bare SDL loop, and start-up, measured by `parallax-bench`. The options are
/// parsed and checked here (the bench's own `BenchOptions`, so `bench --help`, the man page,
/// the completions and the fuzzer know them, and a mistake is named before anything starts);
/// then this process becomes the `parallax-bench` beside this program, with the same arguments.
/// The app itself links neither the measuring nor the malloc interposer that counts the
/// bench's allocations: every malloc of the window went through that shim when it did.
package struct BenchCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(commandName: "bench", abstract: BenchHelp.abstract, discussion: BenchHelp.discussion)

    @OptionGroup package var options: BenchOptions

    package func run() throws {
        try BenchHandOver.exec(arguments: BenchHandOver.arguments(after: CommandLine.arguments))
    }
}

/// The hand-over from `parallax-playground bench` to `parallax-bench`.
package enum BenchHandOver {
    package static let programName = "parallax-bench"

    /// The words after `bench` in `commandLine` (this process's arguments, its path first),
    /// exactly as given: the bench parses them itself.
    package static func arguments(after commandLine: [String]) -> [String] {
        guard let at = commandLine.dropFirst().firstIndex(of: BenchCommand._commandName) else { return [] }
        return Array(commandLine[(at + 1)...])
    }

    /// `parallax-bench` beside this program: SwiftPM builds every product into one folder, and
    /// `make install-bench` puts it beside the app `make install` put in
    /// PREFIX/lib/parallax-playground (bin/ holds a link to the app).
    package static var program: URL {
        #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        #endif
        return executable.deletingLastPathComponent().appendingPathComponent(programName)
    }

    /// Replaces this process with `parallax-bench` and `arguments`: the same process ID,
    /// standard streams and environment, so its output, status and signals are the bench's
    /// own. Its first argument is its full path, from which it finds the bundled images as
    /// this program does. Returns only by throwing: no bench there, or exec failed.
    package static func exec(arguments: [String]) throws -> Never {
        let path = program.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            printError("""
                the benchmark is a program of its own, \(programName), and there is none beside this one (\(path)): \
                build it with `swift build -c release --product \(programName)` (`make bench` does), or install it \
                beside the app with `make install-bench`
                """)
            throw ExitCode(1)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        printError("cannot start \(path): \(reason)")
        throw ExitCode(1)
    }
}
