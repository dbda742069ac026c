import DesktopSettings
import Foundation
import ParallaxKit
import Testing

/// One table of knobs: every `ScrollPhysics.Knob` and `CellLayout.Knob` has an option, a
/// preset key and a `set` line of its descriptor's name, and all three say the descriptor's one
/// sentence of a value out of range. A knob added to an enum without its `@Option` line (or
/// its pair in `physicsOptions`/`cellLayoutOptions`), or a message written again by hand in
/// one place, fails here.
@Suite(.onThreadsOfTheirOwn) struct KnobTableTests {
    /// A knob of either kind, with what the three places should make of it.
    struct Knob: Sendable, CustomTestStringConvertible {
        var descriptor: KnobDescriptor
        /// The command a valid `set` line gives.
        var command: AppCommand
        /// Whether a preset that sets it to `valid` holds it.
        var presetHolds: @Sendable (Preset) -> Bool
        var testDescription: String { descriptor.name }

        var name: String { descriptor.name }
        /// The range's lower end: always taken.
        var valid: String { KnobDescriptor.number(descriptor.range.lowerBound) }
        /// One past the upper end, written so a preset's number reads back the same text.
        var outOfRange: String { KnobDescriptor.number(descriptor.range.upperBound + 1) }
    }

    static let knobs: [Knob] =
        ScrollPhysics.Knob.allCases.map { knob in
            let v = knob.range.lowerBound
            return Knob(descriptor: knob.descriptor, command: .setPhysics(knob, v), presetHolds: { $0.knobs[knob] == v })
        }
        + CellLayout.Knob.allCases.map { knob in
            let v = knob.range.lowerBound
            return Knob(descriptor: knob.descriptor, command: .setCellLayout(knob, v), presetHolds: { $0.cellLayout[knob] == v })
        }
        + [Knob(descriptor: Playground.reducedAmountKnob, command: .setReducedAmount(0), presetHolds: { $0.reducedAmount == 0 }),
           Knob(descriptor: ViewingGeometry.distanceKnob, command: .setViewingDistance(10), presetHolds: { $0.viewingDistance == 10 }),
           Knob(descriptor: ViewingGeometry.densityKnob, command: .setDisplayDensity(30), presetHolds: { $0.displayDensity == 30 })]

    @Test func theTableHasEveryKnobOnce() {
        #expect(Self.knobs.count == ScrollPhysics.Knob.allCases.count + CellLayout.Knob.allCases.count + 3)
        #expect(Set(Self.knobs.map(\.name)).count == Self.knobs.count, "no two knobs share a name")
    }

    @Test func everyKnobHasAnOptionExplainedByItsDescriptor() throws {
        let result = try run(["trace", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        // ArgumentParser wraps help at spaces; joined again, each descriptor's help reads whole.
        let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for knob in Self.knobs {
            #expect(help.contains("--\(knob.name) <\(knob.descriptor.valueName)>"), "no --\(knob.name) in trace --help")
            #expect(help.contains(knob.descriptor.help), "--\(knob.name)'s help is not its descriptor's")
        }
    }

    @Test(arguments: knobs)
    func everyKnobHasASetLineAndAPresetKey(knob: Knob) throws {
        #expect(try ScriptSetting.command(knob.name, knob.valid) == knob.command)
        let preset = try Preset(decoding: Data(#"{"\#(knob.name)": \#(knob.valid)}"#.utf8), source: "p.json")
        #expect(knob.presetHolds(preset), "the preset key \(knob.name) did not set the knob")
    }

    @Test(arguments: knobs)
    func optionSetLineAndPresetSayOneSentenceOfAValueOutOfRange(knob: Knob) throws {
        let sentence = knob.descriptor.rangeMessage(got: knob.outOfRange)

        let option = try run(["trace", "--script", "fling", "--\(knob.name)", knob.outOfRange])
        #expect(option.status == 2)
        let optionLine = option.stderr.split(separator: "\n").first.map(String.init) ?? ""

        var setProblem = ""
        do { _ = try ScriptSetting.command(knob.name, knob.outOfRange) } catch { setProblem = error.reason }

        var presetError = ""
        do { _ = try Preset(decoding: Data(#"{"\#(knob.name)": \#(knob.outOfRange)}"#.utf8), source: "p.json") } catch {
            presetError = error.message
        }

        // Each place puts only its own way of pointing at the knob's value before the sentence.
        #expect(optionLine == "Error: --" + sentence)
        #expect(setProblem == sentence)
        #expect(presetError == "p.json: " + sentence)
    }

    /// The reduced amount is an option of every command that builds a playground: each refuses a
    /// value outside 0…1 with the descriptor's sentence, status 2, and writes nothing.
    @Test(arguments: [["shot", "--out"], ["record", "--out"], ["export", "--out"], ["export", "--format", "uikit", "--out"],
                      ["trace", "--script", "fling", "--out"]])
    func theReducedAmountIsRefusedEverywhereWithOneSentence(command: [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reduced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("never").path
        let result = try run(command + [out, "--reduced-amount", "1.5"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init)
                == "Error: --" + Playground.reducedAmountKnob.rangeMessage(got: "1.5"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
    }

    /// The viewing geometry is an option of every command that builds a playground: each
    /// refuses zero, a negative, NaN, infinity and an absurd value with the knob's one
    /// sentence, status 2, and writes nothing; a preset and a `set` line say the same sentence.
    @Test(arguments: [ViewingGeometry.distanceKnob, ViewingGeometry.densityKnob])
    func theViewingGeometryIsRefusedEverywhereWithOneSentence(knob: KnobDescriptor) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geometry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let commands = [["window", "--stats-json", dir.appendingPathComponent("never.json").path],
                        ["shot", "--out", dir.appendingPathComponent("never.png").path],
                        ["record", "--script", "fling", "--out", dir.appendingPathComponent("never.mp4").path],
                        ["trace", "--script", "fling", "--out", dir.appendingPathComponent("never.csv").path],
                        ["monkey", "--seconds", "1"]]
        for got in ["0", "-5", "nan", "inf", "100000"] {
            let sentence = knob.rangeMessage(got: got)
            for command in commands {
                let result = try run(command + ["--\(knob.name)", got])
                #expect(result.status == 2, "\(command[0]) --\(knob.name) \(got)")
                #expect(result.stderr.split(separator: "\n").first.map(String.init) == "Error: --" + sentence, "\(command[0])")
            }
            let setProblem = #expect(throws: ScriptSetting.Problem.self) { try ScriptSetting.command(knob.name, got) }
            #expect(setProblem?.reason == sentence)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing written")
        // JSON has no NaN or infinity: a preset's zero, negative and absurd numbers, and a string.
        for (json, got) in [("0", "0"), ("-5", "-5"), ("100000", "100000"), ("1e308", KnobDescriptor.number(1e308)), ("\"50\"", "50")] {
            let presetError = #expect(throws: PresetError.self) { try Preset(decoding: Data(#"{"\#(knob.name)": \#(json)}"#.utf8), source: "p.json") }
            #expect(presetError?.message == "p.json: " + knob.rangeMessage(got: got))
        }
    }

    /// The parallax amount is an option of every command that builds a playground, the window
    /// included: each of its places says its descriptor's one sentence.
    @Test(arguments: [["shot", "--out", "never.png"], ["record", "--out", "never.mp4"], ["export", "--out", "never-page"],
                      ["window"], ["trace", "--script", "fling"], ["monkey"]])
    func theParallaxAmountSaysOneSentenceEverywhere(command: [String]) throws {
        let knob = Playground.parallaxAmountKnob
        let sentence = knob.rangeMessage(got: "1001")
        let option = try run(command + ["--parallax", "1001"])
        #expect(option.status == 2)
        #expect(option.stderr.split(separator: "\n").first.map(String.init) == "Error: --" + sentence)
        let setProblem = #expect(throws: ScriptSetting.Problem.self) { try ScriptSetting.command("parallax", "1001") }
        #expect(setProblem?.reason == sentence)
        let presetError = #expect(throws: PresetError.self) { try Preset(decoding: Data(#"{"parallax": 1001}"#.utf8), source: "p.json") }
        #expect(presetError?.message == "p.json: " + sentence)
    }

    /// The run's frame budget (`RunBudget`): settings of the run, not of the model, on the
    /// window and `record`; each says its descriptor's one sentence in all three places, of a
    /// number out of range and of text that is no number.
    @Test(arguments: [RunBudget.cpuSlowdownKnob, RunBudget.refreshKnob])
    func theBudgetsKnobsSayOneSentenceEverywhere(knob: KnobDescriptor) throws {
        for got in [KnobDescriptor.number(knob.range.upperBound + 1), "0", "fast"] {
            let sentence = knob.rangeMessage(got: got)
            for command in [["record", "--out", "never.mp4"], ["window"]] {
                let option = try run(command + ["--\(knob.name)", got])
                #expect(option.status == 2, "\(command) --\(knob.name) \(got)")
                #expect(option.stderr.split(separator: "\n").first.map(String.init) == "Error: --" + sentence)
            }
            let setProblem = #expect(throws: ScriptSetting.Problem.self) { try ScriptSetting.command(knob.name, got) }
            #expect(setProblem?.reason == sentence)
            let json = Double(got) != nil ? got : "\"\(got)\""
            let presetError = #expect(throws: PresetError.self) { try Preset(decoding: Data(#"{"\#(knob.name)": \#(json)}"#.utf8), source: "p.json") }
            #expect(presetError?.message == "p.json: " + sentence)
        }
    }

    @Test func theBudgetsKnobsHaveASetLineAndAPresetKey() throws {
        #expect(try ScriptSetting.command("cpu-slowdown", "4") == .setCPUSlowdown(4))
        #expect(try ScriptSetting.command("cpu-slowdown", "low-tier-mobile") == .setCPUSlowdown(6))
        #expect(try ScriptSetting.command("refresh", "120") == .setRefresh(120))
        #expect(try ScriptSetting.command("refresh", "display") == .setRefresh(nil))
        let preset = try Preset(decoding: Data(#"{"cpu-slowdown": "mid-tier-mobile", "refresh": 144}"#.utf8), source: "p.json")
        #expect(preset.cpuSlowdown == 4 && preset.refresh == .some(144))
        #expect(try Preset(decoding: preset.encoded(), source: "again.json") == preset, "what the panel saves reads back the same")
        #expect(preset.commands.suffix(2) == [.setCPUSlowdown(4), .setRefresh(144)])
        let help = try run(["record", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for knob in [RunBudget.cpuSlowdownKnob, RunBudget.refreshKnob] {
            #expect(help.contains("--\(knob.name) <\(knob.valueName)>") && help.contains(knob.help), "record --help explains --\(knob.name)")
        }
        #expect(help.contains("rendering and presenting stand for the GPU and the compositor and are not slowed"))
    }
}
