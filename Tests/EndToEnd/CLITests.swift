import Foundation
import ParallaxKit
import RunHarness
import SpawnIsolation
import Testing

/// The built `parallax-playground` binary: `PARALLAX_PLAYGROUND` if set, else next to this
/// test bundle (SwiftPM builds every product into the same folder).
func playgroundBinary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["PARALLAX_PLAYGROUND"] { return URL(fileURLWithPath: path) }
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidate = bundleDir.appendingPathComponent("parallax-playground")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
        throw BinaryMissing(path: candidate.path)
    }
    return candidate
}

struct BinaryMissing: Error, CustomStringConvertible {
    var path: String
    var description: String { "no parallax-playground binary at \(path): run `swift build` first (make test does)" }
}

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the binary with `arguments` and collects its output.
func run(_ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
    let result = try runProcess(try playgroundBinary(), arguments, environment: environment)
    return RunResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
}

/// Runs `executable` with `arguments` in folders of its own (see `Isolated`): its status,
/// standard output and standard error.
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, stdout: Data, stderr: String)
{
    try Isolated.run(executable, arguments, environment: environment)
}

func temporaryFile(_ name: String, contents: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try contents.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite(.onThreadsOfTheirOwn) struct TraceCommandTests {
    @Test func flingTraceCoastsOnTheDecelerationCurve() throws {
        let result = try run(["trace", "--scene", "photos", "--script", "fling"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == Substring(TraceWriter.header))
        var offsets: [Int: Double] = [:]
        for line in lines.dropFirst() {
            let c = line.split(separator: ",")
            if c[4] == "decelerating" { offsets[Int(c[0])!] = Double(c[3])! }
        }
        let frames = offsets.keys.sorted()
        #expect(frames.count > 30)
        // Each frame's step is 0.998^(1000/60) of the previous one.
        let ratio = Foundation.pow(0.998, 1000.0 / 60)
        for f in frames.dropLast(2) where offsets[f + 2] != nil {
            let r = (offsets[f + 2]! - offsets[f + 1]!) / (offsets[f + 1]! - offsets[f]!)
            #expect(abs(r - ratio) < 1e-6, "frame \(f): step ratio \(r)")
        }
    }

    @Test func writesToAFileWithOut() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).csv").path
        let result = try run(["trace", "--scene", "albums", "--strategy", "cached-layout", "--script", "wheel", "--out", path, "--fps", "30"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(TraceWriter.header + "\n"))
        #expect(text.split(separator: "\n").count > 50)
    }

    @Test func zeroItemsTraceAnEmptyList() throws {
        let result = try run(["trace", "--items", "0"])
        #expect(result.status == 0)
        #expect(result.stdout == TraceWriter.header + "\n")
    }

    @Test func aScriptFileIsReplayed() throws {
        let path = try temporaryFile("down.txt", contents: "key pagedown\nwait 1\n")
        let result = try run(["trace", "--scene", "table", "--script", path])
        #expect(result.status == 0, "\(result.stderr)")
        let last = result.stdout.split(separator: "\n").last!.split(separator: ",")
        #expect(Double(last[3]) == 0.875 * 800, "a page is 87.5 % of the 800 pt viewport")
    }

    struct BadInput: Sendable, CustomStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var description: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadInput(arguments: ["trace", "--scene", "sky"], mentions: ["sky", "photos", "captions", "table", "quilt", "albums"]),
        BadInput(arguments: ["trace", "--strategy", "fast"], mentions: ["fast", "scroll-callback", "layout-invalidation", "cached-layout", "off"]),
        BadInput(arguments: ["trace", "--viewport", "0x800"], mentions: ["positive"]),
        BadInput(arguments: ["trace", "--viewport", "-5x10"], mentions: ["positive"]),
        BadInput(arguments: ["trace", "--fps", "-60"], mentions: ["--fps must be from 1 to 1000, got -60"]),
        BadInput(arguments: ["trace", "--viewport", "wide"], mentions: ["WIDTHxHEIGHT"]),
        BadInput(arguments: ["trace", "--items", "-3"], mentions: ["--items takes a whole number from 0 to 1000000, got '-3'"]),
        BadInput(arguments: ["trace", "--items", "2000000"], mentions: ["--items takes a whole number from 0 to 1000000, got '2000000'"]),
        BadInput(arguments: ["trace", "--fps", "0"], mentions: ["--fps"]),
        BadInput(arguments: ["trace", "--script", "no-such-script"], mentions: ["no-such-script", "fling", "drag-past-edge"]),
        BadInput(arguments: ["trace", "--bogus"], mentions: ["--bogus"]),
        BadInput(arguments: ["--scene", "sky"], mentions: ["sky", "photos", "albums"]),
        BadInput(arguments: ["--items", "-1"], mentions: ["--items takes a whole number from 0 to 1000000, got '-1'"]),
        BadInput(arguments: ["--size", "0x0"], mentions: ["positive"]),
        BadInput(arguments: ["--exit-after", "0"], mentions: ["--exit-after"]),
        BadInput(arguments: ["--script", "nope"], mentions: ["nope", "fling"]),
        // Numbers out of what SDL and the layout can hold are refused, not trapped on.
        BadInput(arguments: ["shot", "--size", "2147483648x10", "--out", "/tmp/never.png"], mentions: ["16384"]),
        BadInput(arguments: ["shot", "--size", "3000000000x1", "--out", "/tmp/never.png"], mentions: ["16384"]),
        BadInput(arguments: ["--size", "1e12x1"], mentions: ["16384"]),
        BadInput(arguments: ["trace", "--viewport", "1e20x1e20"], mentions: ["16384"]),
        BadInput(arguments: ["trace", "--viewport", "1000000000000x1000000000000"], mentions: ["16384"]),
        BadInput(arguments: ["shot", "--out", "/tmp/never.png", "--parallax", "inf"], mentions: ["--parallax", "1000"]),
        BadInput(arguments: ["shot", "--out", "/tmp/never.png", "--parallax", "1e9"], mentions: ["--parallax", "1000"]),
        BadInput(arguments: ["--exit-after", "1e9"], mentions: ["--exit-after", "86400"]),
        BadInput(arguments: ["trace", "--fps", "1e6"], mentions: ["--fps", "1000"]),
        BadInput(arguments: ["monkey", "--frames", "0"], mentions: ["--frames must be from 1 to 10,000,000"]),
        BadInput(arguments: ["monkey", "--frames", "20000000"], mentions: ["--frames must be from 1 to 10,000,000"]),
        BadInput(arguments: ["monkey", "--seconds", "nan"], mentions: ["--seconds must be from 1 to 86400"]),
        BadInput(arguments: ["monkey", "--seconds", "5", "--frames", "300"], mentions: ["--seconds or --frames, not both"]),
    ])
    func badInputExitsWith2AndSaysWhatIsValid(_ bad: BadInput) throws {
        let result = try run(bad.arguments)
        #expect(result.status == 2)
        for word in bad.mentions { #expect(result.stderr.contains(word), "stderr lacks '\(word)': \(result.stderr)") }
        #expect(result.stdout.isEmpty)
    }

    /// The window reads a folder's first screen of headers on a thread of its own while SDL
    /// starts: a folder it cannot show is still an input error, said before any frame.
    @Test func aFolderTheWindowCannotShowIsAnInputError() throws {
        let unreadable = try temporaryFile("IMG_0001.jpg", contents: "not a JPEG")
        let folder = URL(fileURLWithPath: unreadable).deletingLastPathComponent().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 }
        for (photos, said) in [(folder, "none of the 1 image file(s)"), (folder + "/missing", "--photos")] {
            let result = try run(["--no-settings", "--photos", photos, "--exit-after", "5"], environment: environment)
            #expect(result.status == 2, "\(photos): \(result.stderr)")
            #expect(result.stderr.contains(said), "\(result.stderr)")
        }
    }

    /// Scripts that would run for ever are refused with their line, by every command.
    @Test(arguments: [
        (["trace"], "drag 100 400 100 100 1e9", "at most 60 seconds"), (["shot", "--out", "/tmp/never.png"], "drag 100 400 100 100 1e9", "at most 60 seconds"),
        (["trace"], "wait 1e9", "at most 600"), (["shot", "--out", "/tmp/never.png"], "wait 1e9", "at most 600"),
        (["--exit-after", "5"], "wait 1e9", "at most 600"),
    ])
    func endlessScriptsAreRefused(command: [String], line: String, reason: String) throws {
        let path = try temporaryFile("endless.txt", contents: "wait 0.1\n\(line)\n")
        let result = try run(command + ["--script", path], environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path):2:") && result.stderr.contains(reason), "\(result.stderr)")
    }

    /// A bad token is quoted, not echoed whole.
    @Test func aLongBadTokenIsQuotedShort() throws {
        let token = String(repeating: "y", count: 20_000)
        for arguments in [["trace", "--scene", token], ["trace", "--script", token], ["trace", "--viewport", token]] {
            let result = try run(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.count < 2_000, "\(result.stderr.count) characters of error")
            // ArgumentParser's own quoting keeps 80 characters; a setting's sentence 40.
            #expect(result.stderr.contains(String(repeating: "y", count: 40) + "…"))
        }
    }

    @Test func aMalformedScriptNamesFileLineAndReason() throws {
        let path = try temporaryFile("bad.txt", contents: "wait 0.1\n\nwheel dy=1.5\n")
        let result = try run(["trace", "--script", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("precise"))
    }

    @Test func helpListsTheOptions() throws {
        let result = try run(["trace", "--help"])
        #expect(result.status == 0)
        for option in ["--scene", "--strategy", "--items", "--viewport", "--fps", "--script", "--out"] {
            #expect(result.stdout.contains(option))
        }
    }
}

/// What the command line says when asked for help, or when it cannot do what was asked.
@Suite(.onThreadsOfTheirOwn) struct CommandLineHelpTests {
    static let commands = ["window", "shot", "record", "trace", "bench", "monkey"]

    @Test func helpForAnUnknownCommandNamesItAndFails() throws {
        let result = try run(["help", "nonsense"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'nonsense'") && result.stderr.contains("shot"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "no main help printed as if all was well")
        #expect(try run(["help", "shot"]).status == 0)
    }

    /// Help speaks to users: no issue numbers; options a command ignores are not listed;
    /// sizes state their defaults; the trace's text wraps into whole lines.
    @Test(arguments: CommandLineHelpTests.commands)
    func helpTextsSpeakToUsers(command: String) throws {
        let help = try run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.firstMatch(of: /[Ii]ssue \d/) == nil, "\(command) --help names an issue")
        #expect(help.stdout.contains("--disk-cache-mb") == ["window", "monkey"].contains(command),
                "--disk-cache-mb is listed only where it is used")
        if help.stdout.contains("--size <size>") { #expect(help.stdout.contains("default: 1280x800")) }
        if help.stdout.contains("--viewport <viewport>") { #expect(help.stdout.contains("default: 1280x800")) }
        // A word stranded on a line of its own in mid-sentence (the next line goes on in lower case).
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let stranded = zip(lines, lines.dropFirst()).filter { line, next in
            !line.contains(" ") && !line.isEmpty && next.first?.isLowercase == true
        }.map(\.0)
        #expect(stranded.isEmpty, "\(command) --help strands words: \(stranded)")
    }

    /// Without a display the window says so once, in its own words, before SDL adds its own.
    @Test func theWindowWithoutADisplaySaysSoOnce() throws {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        let result = try run(["--exit-after", "1"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: "no display").count == 2, "said once: \(result.stderr)")
        #expect(result.stderr.contains("parallax-playground shot"))
        #expect(!result.stderr.contains("XDG_RUNTIME_DIR"), "\(result.stderr)")
    }
}
