import DesktopSettings
import Foundation
import ParallaxKit
import Testing

/// One table of every setting (`PlaygroundSetting`): every command that builds a playground
/// takes every one as an option, and the option, the preset key and the `set` line read it
/// alike and say its one sentence of a value it does not take.
@Suite(.onThreadsOfTheirOwn) struct SettingsTableTests {
    /// The model's settings; `cpu-slowdown` and `refresh` are the run's (the window's and
    /// `record`'s, `KnobTableTests`).
    static let modelSettings = PlaygroundSetting.allCases.filter { $0 != .cpuSlowdown && $0 != .refresh }

    static let commands = ["window", "shot", "record", "trace", "monkey", "export"]

    @Test(arguments: commands)
    func everyCommandThatBuildsAPlaygroundTakesEverySetting(command: String) throws {
        let result = try run([command, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        for setting in Self.modelSettings {
            #expect(result.stdout.contains("--\(setting.name)"), "\(command) has no --\(setting.name)")
        }
    }

    /// A value the setting does not take, and how a preset's JSON writes it.
    struct Refused: Sendable, CustomTestStringConvertible {
        var setting: PlaygroundSetting
        var text: String
        var json: String
        var testDescription: String { "\(setting.name) \(text)" }
    }

    static let refused: [Refused] = [
        Refused(setting: .items, text: "2.5", json: "2.5"),
        Refused(setting: .items, text: "-3", json: "-3"),
        Refused(setting: .items, text: "1000001", json: "1000001"),
        Refused(setting: .scene, text: "moon", json: #""moon""#),
        Refused(setting: .strategy, text: "fast", json: #""fast""#),
        Refused(setting: .technique, text: "smith", json: #""smith""#),
        Refused(setting: .physics, text: "windows", json: #""windows""#),
        Refused(setting: .parallax, text: "1001", json: "1001"),
    ]

    @Test(arguments: refused)
    func optionPresetAndSetLineSayOneSentence(refused: Refused) throws {
        let sentence = refused.setting.rangeMessage(got: refused.text)
        let option = try run(["trace", "--script", "fling", "--\(refused.setting.name)", refused.text])
        #expect(option.status == 2)
        #expect(option.stderr.split(separator: "\n").first.map(String.init) == "Error: --" + sentence)
        let setProblem = #expect(throws: ScriptSetting.Problem.self) { try ScriptSetting.command(refused.setting.name, refused.text) }
        #expect(setProblem?.reason == sentence)
        let presetError = #expect(throws: PresetError.self) {
            try Preset(decoding: Data(#"{"\#(refused.setting.name)": \#(refused.json)}"#.utf8), source: "p.json")
        }
        #expect(presetError?.message == "p.json: " + sentence)
    }

    /// `set technique` gives the very trace `--technique` gives, and so does a preset's
    /// `technique`; without any, the photos' own mapping gives another.
    @Test func aSetLineSetsTheTechniqueAsTheOptionDoes() throws {
        let folder = try recordingFolder("set-technique")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drag = "drag 640 700 640 200 0.3\nwait 1\n"
        let withSetLine = folder + "/technique.script", plain = folder + "/plain.script"
        try ("set technique kurutepe\n" + drag).write(toFile: withSetLine, atomically: true, encoding: .utf8)
        try drag.write(toFile: plain, atomically: true, encoding: .utf8)
        let preset = folder + "/kurutepe.json"
        try #"{"technique": "kurutepe"}"#.write(toFile: preset, atomically: true, encoding: .utf8)

        let bySetLine = try run(["trace", "--scene", "photos", "--script", withSetLine])
        let byOption = try run(["trace", "--scene", "photos", "--technique", "kurutepe", "--script", plain])
        let byPreset = try run(["trace", "--scene", "photos", "--preset", preset, "--script", plain])
        let own = try run(["trace", "--scene", "photos", "--script", plain])
        for result in [bySetLine, byOption, byPreset, own] { #expect(result.status == 0, "\(result.stderr)") }
        #expect(bySetLine.stdout == byOption.stdout, "set technique kurutepe gives the option's trace")
        #expect(byPreset.stdout == byOption.stdout, "the preset's technique is the option's")
        #expect(own.stdout != byOption.stdout, "Kurutepe's mapping moves the images otherwise than Begemann's")
    }
}
