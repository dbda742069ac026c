import Foundation
import SpawnIsolation
import Testing

/// The install these tests check: `scripts/install.sh` (what `make install` and then
/// `make install-bench` run) with the build beside this test bundle, PREFIX /usr, into
/// a temporary DESTDIR: made by the
/// first test that asks, once per test process (the others wait for it), and removed when the
/// process exits. The tests need no `make install-check` before them.
enum InstallStage {
    /// What install.sh needs built in `folder` that is not there, or nil. generate-manual is
    /// argument-parser's tool: `swift build` builds only this package's products, so a plain
    /// `swift build && swift test` lacks it (`make test` builds it).
    static func missingTool(in folder: URL) -> String? {
        let tool = folder.appendingPathComponent("generate-manual")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            return "no \(tool.path) to make the man pages with: `swift build --product generate-manual` (make test does) builds it"
        }
        return nil
    }

    /// The build's folder beside this test bundle: where the tests find parallax-playground.
    static var buildFolder: URL? { try? playgroundBinary().deletingLastPathComponent() }

    /// Why the install cannot be staged here (a skipped test says it), or nil.
    static var cannotStage: String? {
        guard let buildFolder else { return "no parallax-playground built: run `swift build` first (make test does)" }
        return missingTool(in: buildFolder)
    }

    /// The stage's DESTDIR.
    static let destination: String = FileManager.default.temporaryDirectory
        .appendingPathComponent("parallax-install-stage-\(ProcessInfo.processInfo.processIdentifier)").path

    /// What lib/parallax-playground held after `install` alone, before `install-bench`.
    nonisolated(unsafe) private(set) static var appOnlyLibrary: [String] = []

    /// install.sh's runs, once: the staged PREFIX (its `usr` folder), or what install.sh said.
    private static let staged: Result<URL, InstallStageFailure> = {
        guard let buildFolder else { return .failure(InstallStageFailure(message: "no parallax-playground built")) }
        try? FileManager.default.removeItem(atPath: destination)
        atexit { try? FileManager.default.removeItem(atPath: InstallStage.destination) }
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = destination
        environment["PREFIX"] = "/usr"
        let script = checkoutRoot.appendingPathComponent("scripts/install.sh").path
        let library = URL(fileURLWithPath: destination).appendingPathComponent("usr/lib/parallax-playground").path
        do {
            for action in ["install", "install-bench"] {
                let installed = try runTool("/bin/bash", [script, action, buildFolder.path], environment: environment)
                guard installed.status == 0 else {
                    return .failure(InstallStageFailure(message: "scripts/install.sh \(action) failed (status \(installed.status)): \(installed.output)"))
                }
                if action == "install" { appOnlyLibrary = ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []).sorted() }
            }
        } catch {
            return .failure(InstallStageFailure(message: "scripts/install.sh did not start: \(error)"))
        }
        return .success(URL(fileURLWithPath: destination).appendingPathComponent("usr"))
    }()

    /// The staged PREFIX, staging it first if no test has yet.
    static func prefix() throws -> URL {
        try staged.get()
    }
}

struct InstallStageFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where the install can be staged; else skips it, saying what to build.
    static var needsInstallStage: Self {
        .enabled(if: InstallStage.cannotStage == nil, Comment(rawValue: InstallStage.cannotStage ?? ""))
    }
}

/// The staged install's `usr` folder (see `InstallStage`).
func installedPrefix() throws -> URL {
    try InstallStage.prefix()
}

struct ToolResult {
    var status: Int32
    var output: String
}

/// Runs `executable` with `arguments` in `directory`, standard output and error together.
func runTool(_ executable: String, _ arguments: [String], in directory: String = "/",
                     environment: [String: String]? = nil) throws -> ToolResult {
    let process = Isolated.process(URL(fileURLWithPath: executable), arguments, environment: environment,
                                   currentDirectory: URL(fileURLWithPath: directory))
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    Isolated.removeFolder(of: process)
    return ToolResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// A Debian tool `make test` installs; its absence fails with the package to install.
func debianTool(_ name: String, package: String) throws -> String {
    let path = "/usr/bin/\(name)"
    try #require(FileManager.default.isExecutableFile(atPath: path), "\(name) is missing: install Debian's \(package) (make test does)")
    return path
}

/// A man page as man-db shows it (`man -l`), `width` columns wide, warnings included.
func renderedManPage(_ page: URL, width: Int, locale: String) throws -> ToolResult {
    try runTool(try debianTool("man", package: "man-db"), ["--warnings", "-l", page.path],
                environment: ["MANPAGER": "cat", "MANWIDTH": "\(width)", "PATH": "/usr/bin:/bin", "LANG": locale])
}

/// `text` with every run of white space as one space.
func collapsed(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// A rendered man page's section (from its heading, at the line's start, to the next
/// heading), its white space collapsed; nil if there is none.
func section(_ heading: String, of page: String) -> String? {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
    let body = lines[(start + 1)...].prefix { $0.isEmpty || $0.first?.isWhitespace == true }
    return collapsed(body.joined(separator: "\n"))
}

/// What Tab offers after `line` with the installed bash completion, as bash-completion asks:
/// the line split into words (a trailing space starts an empty word), then the function
/// `complete -F` registered for the command, given the command, the current and the previous word.
func bashCompletions(of line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let script = try installedPrefix()
        .appendingPathComponent("share/bash-completion/completions/parallax-playground").path
    var words = line.split(separator: " ").map(String.init)
    if line.hasSuffix(" ") { words.append("") }
    // Single-quoted for bash; the words here have no quotes of their own.
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let session = """
        shopt -s extglob
        source '\(script)'
        function=$(complete -p parallax-playground | sed -E 's/.* -F ([^ ]+) .*/\\1/')
        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        "$function" parallax-playground "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
    let completed = try runTool("/bin/bash", ["-c", session])
    #expect(completed.status == 0, "\(line): \(completed.output)", sourceLocation: sourceLocation)
    return completed.output.split(separator: "\n").map(String.init)
}

func temporaryFolder(_ label: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}
