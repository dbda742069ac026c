import Foundation
import Testing

/// The feel's options: `--deceleration-rate` and the rest give the trace a script's `set`
/// lines give, a preset's keys too, and a bad value is an input error naming the option.
@Suite(.onThreadsOfTheirOwn) struct PhysicsOptionsTests {
    @Test func optionsPresetsAndSetLinesTuneAlike() throws {
        let folder = try recordingFolder("physics")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tuned = ["--deceleration-rate", "fast", "--rubber-band", "0.3", "--spring-stiffness", "300", "--spring-damping", "0.5", "--wheel-line", "70"]
        let script = folder + "/fling.txt"
        let fling = "drag 100 700 100 300 0.1\nwait 2\nwheel dy=-2\nwait 1\ndrag 100 100 100 700 0.1\nwait 3\n"
        try fling.write(toFile: script, atomically: true, encoding: .utf8)
        let setScript = folder + "/set.txt"
        try ("set deceleration-rate fast\nset rubber-band 0.3\nset spring-stiffness 300\nset spring-damping 0.5\nset wheel-line 70\n" + fling)
            .write(toFile: setScript, atomically: true, encoding: .utf8)
        let preset = folder + "/feel.json"
        try #"{"deceleration-rate": "fast", "rubber-band": 0.3, "spring-stiffness": 300, "spring-damping": 0.5, "wheel-line": 70}"#
            .write(toFile: preset, atomically: true, encoding: .utf8)
        let byOptions = try run(["trace", "--script", script] + tuned)
        let bySet = try run(["trace", "--script", setScript])
        let byPreset = try run(["trace", "--script", script, "--preset", preset])
        let plain = try run(["trace", "--script", script])
        for result in [byOptions, bySet, byPreset, plain] { #expect(result.status == 0, "\(result.stderr)") }
        #expect(!byOptions.stdout.isEmpty && byOptions.stdout == bySet.stdout, "options and set lines give one trace")
        #expect(byOptions.stdout == byPreset.stdout, "and a preset with the same keys")
        #expect(byOptions.stdout != plain.stdout, "the knobs changed the motion")
    }

    /// Chrome's desktop fling is an engine wherever one can be named: the option, a script's
    /// `set physics`, a preset's key give one trace, and the help says where each engine ships.
    @Test func chromeDesktopIsNamedEverywhereAnEngineIs() throws {
        let folder = try recordingFolder("chrome-desktop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fling = "drag 100 700 100 300 0.1\nwait 3\n"
        let script = folder + "/fling.txt", setScript = folder + "/set.txt", preset = folder + "/chrome.json"
        try fling.write(toFile: script, atomically: true, encoding: .utf8)
        try ("set physics chrome-desktop\n" + fling).write(toFile: setScript, atomically: true, encoding: .utf8)
        try #"{"physics": "chrome-desktop"}"#.write(toFile: preset, atomically: true, encoding: .utf8)
        let byOption = try run(["trace", "--script", script, "--physics", "chrome-desktop"])
        let bySet = try run(["trace", "--script", setScript])
        let byPreset = try run(["trace", "--script", script, "--preset", preset])
        let flingCurve = try run(["trace", "--script", script, "--physics", "chromium"])
        for result in [byOption, bySet, byPreset, flingCurve] { #expect(result.status == 0, "\(result.stderr)") }
        #expect(!byOption.stdout.isEmpty && byOption.stdout == bySet.stdout && byOption.stdout == byPreset.stdout)
        #expect(byOption.stdout != flingCurve.stdout, "chromium keeps meaning FlingCurve")
        let help = try run(["trace", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("chrome-desktop (Chrome and Edge on Windows and Linux)"), "\(text)")
        #expect(text.contains("chromium (ChromeOS; Chrome with ExperimentalFlingAnimation off)"))
    }

    @Test(arguments: [(["--spring-damping", "0"], "--spring-damping takes a number from 0.1 to 4, got '0'"),
                      (["--deceleration-rate", "1.5"], "--deceleration-rate takes a number from 0.9 to 0.9999, normal or fast, got '1.5'"),
                      (["--wheel-line", "nan"], "--wheel-line takes a number")])
    func aBadKnobIsAnInputError(arguments: [String], says: String) throws {
        let result = try run(["trace", "--script", "fling"] + arguments)
        #expect(result.status == 2 && result.stderr.contains(says), "\(result.stderr)")
    }
}

/// The cells' shape options: `--cell-spacing`, `--cell-height` and `--image-overscan` give
/// the frame a script's `set` lines give, and a preset's keys too; bad values are input errors.
@Suite(.onThreadsOfTheirOwn) struct CellLayoutOptionsTests {
    @Test func optionsPresetsAndSetLinesShapeAlike() throws {
        let folder = try recordingFolder("cells")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = ["--cell-spacing", "16", "--cell-height", "180", "--image-overscan", "4"]
        let setScript = folder + "/set.txt"
        try "set cell-spacing 16\nset cell-height 180\nset image-overscan 4\ndrag 300 600 300 450 0.3\nwait 0.5\n"
            .write(toFile: setScript, atomically: true, encoding: .utf8)
        let plainScript = folder + "/plain.txt"
        try "drag 300 600 300 450 0.3\nwait 0.5\n".write(toFile: plainScript, atomically: true, encoding: .utf8)
        let preset = folder + "/cells.json"
        try #"{"cell-spacing": 16, "cell-height": 180, "image-overscan": 4}"#.write(toFile: preset, atomically: true, encoding: .utf8)
        var outputs: [String] = []
        for (k, arguments) in [options + ["--script", plainScript], ["--script", setScript],
                               ["--preset", preset, "--script", plainScript], ["--script", plainScript]].enumerated() {
            let out = folder + "/shot\(k).png"
            let result = try run(["shot", "--size", "640x400", "--out", out] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(out)
        }
        let shots = try outputs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(shots[0] == shots[1], "options and set lines give one frame")
        #expect(shots[0] == shots[2], "and a preset with the same keys")
        #expect(shots[0] != shots[3], "the knobs changed the frame")
    }

    @Test(arguments: [(["--cell-height", "39"], "--cell-height takes a number from 40 to 1200 points or auto, got '39'"),
                      (["--cell-spacing", "-2"], "--cell-spacing takes a number from 0 to 200 points"),
                      (["--image-overscan", "inf"], "--image-overscan takes a number from 0 to 1000 points")])
    func aBadShapeIsAnInputError(arguments: [String], says: String) throws {
        let result = try run(["trace", "--script", "fling"] + arguments)
        #expect(result.status == 2 && result.stderr.contains(says), "\(result.stderr)")
    }
}
