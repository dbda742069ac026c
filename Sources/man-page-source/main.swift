import FileOutput
import Foundation
import Presentation

// The source of `make install`'s man pages (scripts/install.sh runs both steps):
//
//   generate-manual BUILD/man-page-source --multi-page --output-directory DIR ...
//       swift-argument-parser's generate-manual runs this program with --experimental-dump-help
//       and gets parallax-playground's own description (run from beside this program),
//       rewritten as below.
//   man-page-source --finish DIR
//       completes the pages generate-manual wrote into DIR.
//
// What generate-manual (1.8.2) cannot do alone:
// - `man parallax-playground` would list only --help and the subcommands, though the command
//   without a subcommand is the window (argument-parser's default subcommand): the root's
//   page gets the default subcommand's options and says so.
// - Neither page would list the window's keys: the root's and the window's pages get a KEYS
//   section made from `KeyHelp.lines`, the list the window's H help panel shows.
// - It drops every character beyond ASCII (the "…" of `--compare axis=a,b,…`, bench's
//   "scene × strategy"): they cross it as ASCII placeholders that --finish turns into roff's
//   \[uXXXX] escapes.

/// A problem that stops the pages from being made: printed, then status 1.
struct ManualSourceError: Error, CustomStringConvertible {
    var description: String
}

/// A non-ASCII character as it crosses generate-manual: `@U+2026@`. Only letters, digits and
/// signs generate-manual copies as they are (no backslash, quote, space or leading dot).
enum Placeholder {
    static func encode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII { out.unicodeScalars.append(scalar) } else { out += "@U+\(hex(scalar))@" }
        }
        return out
    }

    /// Every placeholder in a generated page as roff's escape for its character.
    static func restore(_ page: String) -> String {
        page.replacing(/@U\+([0-9A-F]{4,6})@/) { match in "\\[u\(match.output.1)]" }
    }

    /// What groff draws for characters its ASCII output has no glyph for (man in the C
    /// locale), where the pages use them; groff's own fallbacks cover the others (– · × −).
    static let asciiFallbacks = ["2026": "...", "21E7": "Shift-"]

    /// groff requests that define those fallbacks for the characters `page` uses (`.fchar`
    /// applies only where the output device lacks the glyph; other formatters skip the lines).
    static func fallbackRequests(for page: String) -> [String] {
        asciiFallbacks.keys.sorted().filter { page.contains("\\[u\($0)]") }
            .map { ".if \\n(.g .fchar \\[u\($0)] \(asciiFallbacks[$0]!)" }
    }

    /// Four hexadecimal digits at least, upper case: groff's `\[uXXXX]` form.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Text for mdoc, written here rather than by generate-manual: its escapes.
enum Roff {
    /// A text line: backslashes as `\e`, a leading dot or apostrophe (a request otherwise)
    /// behind `\&`, characters beyond ASCII as `\[uXXXX]`.
    static func textLine(_ text: String) -> String {
        let escaped = escapedCharacters(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// A quoted macro argument: quotes inside as `\(dq`; quoting also keeps words that are
    /// macro names (No, Op, Ar…) from being called.
    static func quotedArgument(_ text: String) -> String {
        "\"" + escapedCharacters(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }

    private static func escapedCharacters(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\e"
            } else if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\[u\(Placeholder.hex(scalar))]"
            }
        }
        return out
    }
}

/// parallax-playground's description (its `--experimental-dump-help`) and what is made of it.
struct CommandDescription {
    var json: [String: Any]

    /// The program's name, its default subcommand's name, and that subcommand.
    var rootName: String
    var defaultName: String
    var defaultCommand: [String: Any]

    /// Runs `binary --experimental-dump-help`.
    init(of binary: URL) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--experimental-dump-help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ManualSourceError(description: "\(binary.path) --experimental-dump-help exited with status \(process.terminationStatus)")
        }
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let root = json["command"] as? [String: Any], let rootName = root["commandName"] as? String,
              let defaultName = root["defaultSubcommand"] as? String,
              let defaultCommand = (root["subcommands"] as? [[String: Any]])?.first(where: { $0["commandName"] as? String == defaultName })
        else {
            throw ManualSourceError(description: "\(binary.path) --experimental-dump-help: no command with a default subcommand in its answer")
        }
        self.json = json
        self.rootName = rootName
        self.defaultName = defaultName
        self.defaultCommand = defaultCommand
    }

    /// What generate-manual is given: the root with its default subcommand's arguments (and its
    /// own that the subcommand lacks), every string's non-ASCII characters as placeholders.
    var forGenerateManual: [String: Any] {
        var json = json
        var root = json["command"] as? [String: Any] ?? [:]
        let own = root["arguments"] as? [[String: Any]] ?? []
        let borrowed = defaultCommand["arguments"] as? [[String: Any]] ?? []
        let borrowedKeys = Set(borrowed.map(Self.key))
        root["arguments"] = borrowed + own.filter { !borrowedKeys.contains(Self.key($0)) }
        var discussion = "Without a subcommand, \(rootName) is \(rootName) \(defaultName): it takes the options below, and KEYS lists the keys."
        if let more = defaultCommand["discussion"] as? String { discussion += " " + more }
        root["discussion"] = discussion
        json["command"] = root
        return Self.placeholders(in: json) as? [String: Any] ?? json
    }

    /// An argument by kind and preferred name (or value name, for a positional one).
    private static func key(_ argument: [String: Any]) -> String {
        let name = (argument["preferredName"] as? [String: Any])?["name"] as? String ?? argument["valueName"] as? String ?? ""
        return "\(argument["kind"] as? String ?? "")/\(name)"
    }

    private static func placeholders(in value: Any) -> Any {
        switch value {
        case let text as String: Placeholder.encode(text)
        case let list as [Any]: list.map(placeholders)
        case let object as [String: Any]: object.mapValues(placeholders)
        default: value
        }
    }

    /// The pages that describe the window: the root's (the command without a subcommand) and
    /// the default subcommand's, as generate-manual names them.
    var pagesWithKeys: [String] { ["\(rootName).1", "\(rootName).\(defaultName).1"] }
}

/// The KEYS section: `KeyHelp.lines`, the help panel's own list, in the panel's order.
func keysSection() -> String {
    var lines = [".Sh KEYS", Roff.textLine("In the window (H or ? shows the same list there):"), ".Bl -tag -width 6n"]
    for (keys, action) in KeyHelp.lines {
        lines.append(".It Sy " + Roff.quotedArgument(keys))
        lines.append(Roff.textLine(action))
    }
    lines.append(".El")
    return lines.joined(separator: "\n")
}

/// Restores the placeholders of every page in `folder` (with groff's ASCII fallbacks after the
/// prologue's `.Os`) and adds KEYS before EXIT STATUS to the window's pages; each page is
/// written whole.
func finish(folder: URL, description: CommandDescription) throws {
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".1") }
    for name in description.pagesWithKeys where !pages.contains(name) {
        throw ManualSourceError(description: "no \(name) in \(folder.path): did generate-manual run with --multi-page?")
    }
    for name in pages {
        let path = folder.appendingPathComponent(name).path
        var page = Placeholder.restore(try String(contentsOfFile: path, encoding: .utf8))
        if description.pagesWithKeys.contains(name) {
            let exitStatus = "\n.Sh \"EXIT STATUS\"\n"
            guard let at = page.range(of: exitStatus) else {
                throw ManualSourceError(description: "\(name) has no EXIT STATUS section to put KEYS before")
            }
            page.insert(contentsOf: "\n" + keysSection(), at: at.lowerBound)
        }
        let fallbacks = Placeholder.fallbackRequests(for: page)
        if !fallbacks.isEmpty {
            guard let prologueEnd = page.range(of: "\n.Os\n") else { throw ManualSourceError(description: "\(name) has no .Os line") }
            page.insert(contentsOf: fallbacks.joined(separator: "\n") + "\n", at: prologueEnd.upperBound)
        }
        try OutputFile.write(Data(page.utf8), to: path)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    guard let executable = Bundle.main.executableURL else { throw ManualSourceError(description: "cannot tell where this program is") }
    // parallax-playground is built into the same folder.
    let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("parallax-playground")
    switch arguments.first {
    case "--experimental-dump-help" where arguments.count == 1:
        let data = try JSONSerialization.data(withJSONObject: try CommandDescription(of: binary).forGenerateManual, options: [.sortedKeys])
        FileHandle.standardOutput.write(data)
    case "--finish" where arguments.count == 2:
        try finish(folder: URL(fileURLWithPath: arguments[1]), description: CommandDescription(of: binary))
    default:
        FileHandle.standardError.write(Data("usage: man-page-source --experimental-dump-help | --finish FOLDER\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("man-page-source: \(error)\n".utf8))
    exit(1)
}
