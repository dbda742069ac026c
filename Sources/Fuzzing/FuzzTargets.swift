import ArgumentParser
import ParallaxKit
import PlaygroundCommands
import RunHarness

/// What the fuzzer feeds: arbitrary bytes into the script parser and into the command line's
/// parsing and validation. Each target returns normally for any input; a trap, a hang or
/// unbounded memory is a finding. The regression tests run every kept input through the same
/// functions, so a crash found once stays fixed.
public enum FuzzTargets {
    /// Where fuzzing starts: every built-in script, and command lines of every command with
    /// good and bad values. The first byte of each is its target's selector.
    public static var seeds: [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = BuiltinScript.allCases.map { ("script-\($0.name)", [0] + Array($0.text.utf8)) }
        let commandLines = [
            "trace\n--scene\nquilt\n--strategy\ncached-layout\n--items\n1000\n--viewport\n1024x768\n--fps\n120",
            "shot\n--scene\nalbums\n--offset\n1200\n--size\n640x400\n--parallax\n55\n--out\nx.png",
            "--scene\ntable\n--size\n1e12x1\n--exit-after\n3",
            "monkey\n--seconds\n30\n--seed\n7\n--max-memory-growth\n5",
            "bench\n--quick\n--only\nstrategy-cost\n--items\n50,1000",
            "trace\n--viewport\n-5x10\n--items\n-3",
        ]
        out += commandLines.enumerated().map { ("options-\($0.offset)", [1] + Array($0.element.utf8)) }
        return out
    }

    /// The first byte picks the target (even: script, odd: options); the rest is the input.
    public static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        if selector % 2 == 0 { script(input) } else { options(input) }
    }

    /// Parses `bytes` as a script; a script that parses must keep its stated limits and
    /// replay its first seconds without breaking the playground's invariants.
    public static func script(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let script = try? Script.parse(text, file: "fuzz") else { return }
        precondition(script.duration <= ScriptLimits.totalSeconds, "a parsed script runs past the limit")
        precondition(script.events.count <= ScriptLimits.events + 10_000, "a parsed script has too many events")
        precondition(zip(script.events, script.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "events out of time order")
        // A short replay, checked every frame: the first half second at 60 fps and a quarter
        // second to settle, enough to reach every command's handling while keeping thousands
        // of inputs a minute.
        var short = script
        short.events = short.events.filter { $0.time <= 0.5 }
        short.duration = min(short.duration, 0.5)
        let playground = Playground(scene: SceneID.allCases[bytes.count % SceneID.allCases.count], viewportSize: Size(width: 640, height: 400))
        Replay(script: short, settleLimit: 0.25).run(on: playground) { frame, playground in
            if let broken = PlaygroundInvariants.violations(of: playground).first {
                preconditionFailure("frame \(frame.index): \(broken)")
            }
        }
    }

    /// Splits `bytes` at newlines and NULs into arguments and parses them as the command line
    /// would (parsing and validation, never running a command).
    public static func options(_ bytes: [UInt8]) {
        let arguments = bytes.split(whereSeparator: { $0 == 0 || $0 == 10 }).map { String(decoding: $0, as: UTF8.self) }
        guard arguments.count <= 64 else { return }
        do {
            _ = try ParallaxPlayground.parseAsRoot(arguments)
        } catch {
            // Building the message a user would read must not trap either.
            _ = shortened(ParallaxPlayground.fullMessage(for: error))
            _ = ParallaxPlayground.exitCode(for: error)
        }
    }
}
