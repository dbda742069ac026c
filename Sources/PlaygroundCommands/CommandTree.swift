import ArgumentParser

/// The command-line entry: subcommands for the headless tools; bad input exits with 2.
public struct ParallaxPlayground: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "parallax-playground",
        abstract: "Feel and measure parallax scrolling: five techniques, four strategies, one scroll model.",
        subcommands: [WindowCommand.self, ShotCommand.self, RecordCommand.self, Trace.self, BenchCommand.self, MonkeyCommand.self, ExportCommand.self],
        defaultSubcommand: WindowCommand.self
    )

    /// Runs the command; any input error (unknown name, malformed value, unreadable script)
    /// prints one clear message and exits with status 2, the convention for usage errors.
    public init() {}
}

/// A problem with what the user asked for; reported without a stack of help text.
public struct InputError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

/// `message` with every run of more than 80 characters without a space cut to 80 and an
/// ellipsis: a megabyte-long bad value is quoted, not echoed whole.
public func shortened(_ message: String, longest: Int = 80) -> String {
    var out = ""
    var run = 0
    for c in message {
        if c.isWhitespace {
            run = 0
            out.append(c)
        } else if c == "'" || c == "\"" {
            // Quotes frame a token; they are not part of it.
            out.append(c)
        } else {
            run += 1
            if run <= longest { out.append(c) } else if run == longest + 1 { out.append("…") }
        }
    }
    return out
}
