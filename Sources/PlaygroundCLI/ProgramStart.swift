import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import PlaygroundCommands
import VideoFormats
import VideoRecording

/// The program's start: the command tree (PlaygroundCommands) parsed, each command run by its
/// `RunnableCommand` conformance here.
extension ParallaxPlayground {
    public static func main() {
        CommandLineProgram.prepare()
        // `help NAME` for a NAME that is no command: argument-parser would print the main help
        // and succeed; a typo deserves to be named.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help", arguments.count > 1, !arguments[1].hasPrefix("-") {
            let commands = configuration.subcommands.map { $0._commandName }
            // `help help` is argument-parser's own, and fine.
            if !commands.contains(arguments[1]) && arguments[1] != "help" {
                FileHandle.standardError.write(Data("error: no command named '\(shortened(arguments[1]))'; the commands are \(commands.joined(separator: ", "))\n".utf8))
                Foundation.exit(2)
            }
        }
        if let script = CompletionScript.requested(by: arguments) {
            print(script)
            Foundation.exit(0)
        }
        CommandLineProgram.run(Self.self)
    }
}

/// A command of PlaygroundCommands' tree whose work is done here, with the window, the
/// renderer and the encoder: the tree itself is declared below SDL, so the fuzzer parses
/// the very options the app does without linking what runs them.
protocol RunnableCommand {
    func execute() throws
}

/// How this package's programs start and end: parallax-playground, and parallax-bench, which
/// `parallax-playground bench` becomes and which must end as the bench did inside the app.
public enum CommandLineProgram {
    /// Before anything else: large buffers go back to the system when freed, and a reader that
    /// goes away (`trace | head`, a FIFO's reader closing) is a write error with a message and
    /// status 1, not a silent death by SIGPIPE.
    public static func prepare() {
        BackgroundThread.returnLargeBuffersToTheSystem()
        signal(SIGPIPE, SIG_IGN)
    }

    /// Parses the command line as `Root`'s and runs the command; any input error (unknown
    /// name, malformed value, unreadable script) prints one clear message and exits with
    /// status 2, the convention for usage errors.
    public static func run<Root: ParsableCommand>(_ root: Root.Type) -> Never {
        do {
            var command = try Root.parseAsRoot()
            if let runnable = command as? RunnableCommand { try runnable.execute() } else { try command.run() }
            Foundation.exit(0)
        } catch let error as InputError {
            FileHandle.standardError.write(Data("error: \(shortened(error.message))\n".utf8))
            Foundation.exit(2)
        } catch let error as RecordingInputError {
            FileHandle.standardError.write(Data("error: \(shortened(error.message))\n".utf8))
            Foundation.exit(2)
        } catch let error as OutputError {
            // A path that cannot take output is the user's input (2); a write that failed is not (1).
            FileHandle.standardError.write(Data("error: \(shortened(error.message))\n".utf8))
            Foundation.exit(error.kind == .refused ? 2 : 1)
        } catch {
            let code = Root.exitCode(for: error)
            let message = code == .success ? Root.fullMessage(for: error) : shortened(Root.fullMessage(for: error))
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data("\(message)\n".utf8)) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
