import Foundation
import Testing

/// `--preset`: a saved name or a file stands for its options, and a bad one is an input error.
@Suite(.onThreadsOfTheirOwn) struct PresetEndToEndTests {
    @Test func aShotWithAPresetIsTheShotWithItsOptions() throws {
        let folder = try recordingFolder("preset-shot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config"
        try FileManager.default.createDirectory(atPath: config + "/parallax-playground/presets", withIntermediateDirectories: true)
        try Data(#"{"scene": "table", "strategy": "cached-layout", "parallax": 45, "items": 80}"#.utf8)
            .write(to: URL(fileURLWithPath: config + "/parallax-playground/presets/deep.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config
        let common = ["shot", "--script", "fling", "--size", "240x200"]
        let byName = try run(common + ["--preset", "deep", "--out", folder + "/name.png"], environment: environment)
        let byFile = try run(common + ["--preset", config + "/parallax-playground/presets/deep.json", "--out", folder + "/file.png"])
        let byOptions = try run(common + ["--scene", "table", "--strategy", "cached-layout", "--parallax", "45", "--items", "80",
                                          "--out", folder + "/options.png"])
        let plain = try run(common + ["--scene", "table", "--out", folder + "/plain.png"])
        for result in [byName, byFile, byOptions, plain] { #expect(result.status == 0, "\(result.stderr)") }
        let options = try Data(contentsOf: URL(fileURLWithPath: folder + "/options.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/name.png")) == options)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/file.png")) == options)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/plain.png")) != options, "the preset changed the picture")
        // An option beside the preset wins.
        let overridden = try run(common + ["--preset", "deep", "--parallax", "10", "--out", folder + "/over.png"], environment: environment)
        let ten = try run(common + ["--scene", "table", "--strategy", "cached-layout", "--parallax", "10", "--items", "80",
                                    "--out", folder + "/ten.png"])
        #expect(overridden.status == 0 && ten.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/over.png")) == Data(contentsOf: URL(fileURLWithPath: folder + "/ten.png")))
    }

    @Test func aBadPresetIsAnInputErrorNamingTheKey() throws {
        let folder = try recordingFolder("preset-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/bad.json"
        try Data(#"{"scene": "photos", "speed": 3}"#.utf8).write(to: URL(fileURLWithPath: file))
        for command in [["shot", "--out", folder + "/x.png"], ["trace", "--script", "fling"], ["record", "--out", folder + "/x.mp4"]] {
            let result = try run(command + ["--preset", file])
            #expect(result.status == 2, "\(command): an input error")
            #expect(result.stderr.contains("unknown setting 'speed'"), "\(command): \(result.stderr)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder
        let missing = try run(["shot", "--preset", "nothing", "--out", folder + "/y.png"], environment: environment)
        #expect(missing.status == 2 && missing.stderr.contains("no preset named 'nothing'"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png") && !FileManager.default.fileExists(atPath: folder + "/y.png"))
    }
}
