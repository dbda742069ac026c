import Foundation
import ParallaxKit
import RunHarness
import Testing

/// The tuning panel's presets in the real window (SDL's dummy driver at 1280×800, a script's
/// pointer and typing as a person's): a preset named in the field, a second save of that name
/// that asks before it replaces, a pick from the list that hangs past the panel's edge, and Esc
/// that closes the panel before it quits. The panel's rows at this size (points): the name
/// field at y 630 (x 20–246), Save at x 296; the load list at y 655, its names from y 700 one
/// every 19 points; the question's Replace at (210, 680) and Cancel at (274, 680).
@Suite(.onThreadsOfTheirOwn) struct PresetPanelEndToEndTests {
    /// Runs the window on `script` with `home` as HOME and its XDG folders; returns its stats.
    private func window(_ script: String, home: String, exitAfter: Double) throws -> RunReport {
        let run = home + "/run-\(UUID().uuidString)"
        try runHeadlessWindow(home: home, run: run, script: script,
                              arguments: ["--size", "1280x800", "--exit-after", String(exitAfter), "--stats-json", run + "/stats.json"])
        return try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: run + "/stats.json")))
    }

    private func savedParallax(_ name: String, home: String) throws -> Double? {
        let data = try Data(contentsOf: URL(fileURLWithPath: home + "/config/parallax-playground/presets/\(name).json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["parallax"] as? Double
    }

    @Test(.timeLimit(.minutes(1)))
    func aNamedPresetIsReplacedOnlyWhenThePersonSaysSoAndLoadsFromTheList() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pp-presets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }

        // Save "first" at 30 pt; at 50 pt Save again under the same name, and Cancel; Esc.
        let first = try window("""
            wait 0.4
            key t
            wait 0.3
            click 120 630
            wait 0.2
            type first
            key enter
            wait 0.3
            set parallax 50
            wait 0.2
            click 296 630
            wait 0.3
            click 274 680
            wait 0.3
            key escape
            wait 0.5
            """, home: home, exitAfter: 3.5)
        #expect(try savedParallax("first", home: home) == 30, "Save of a saved name asked, and Cancel wrote nothing")
        #expect(first.tuning_panel_open == false, "Esc closed the panel")
        #expect((first.ended_at_seconds ?? 0) >= 3.4, "and did not quit: the run went on to --exit-after")

        // At 45 pt: Save "first" again and say Replace; then at 20 pt pick "first" from the list
        // (the pointer hovers over the list's first name on its way, over the photos behind it).
        let second = try window("""
            wait 0.3
            set parallax 45
            key t
            wait 0.3
            click 120 630
            wait 0.2
            type first
            wait 0.1
            click 296 630
            wait 0.3
            click 210 680
            wait 0.3
            set parallax 20
            wait 0.2
            click 140 655
            wait 0.3
            hover 60 660
            wait 0.2
            hover 60 675
            wait 0.3
            click 60 700
            wait 0.5
            """, home: home, exitAfter: 3.5)
        #expect(try savedParallax("first", home: home) == 45, "Replace wrote the preset")
        #expect(second.final_parallax == 45, "the pick from the list loaded it")
        #expect(second.tuning_panel_open == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func escapeClosesThePanelThenQuits() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pp-escape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let report = try window("wait 0.3\nkey t\nwait 0.3\nkey escape\nwait 0.3\nkey escape\nwait 3\n", home: home, exitAfter: 3.5)
        #expect(report.tuning_panel_open == false)
        let ended = try #require(report.ended_at_seconds)
        #expect(ended >= 0.85 && ended < 1.5, "the second Esc quit at 0.9 s, not at --exit-after: \(ended)")
    }

    @Test(.timeLimit(.minutes(1)))
    func fiveQuickClicksAreFiveClicks() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pp-clicks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The "reduce motion" checkbox at (30, 151), clicked five times, each press and release
        // at one instant (xdotool's click; a touchpad's tap).
        // The window gives each press and each release a frame of its own, ten frames for the
        // five: the run lasts 3.4 s past them (a loaded fresh clone's, with 0.9 s, ended after
        // an even number of toggles), and the verdict is the state at its end.
        let clicks = String(repeating: "click 30 151\n", count: 5)
        let report = try window("wait 0.3\nkey t\nwait 0.3\n" + clicks + "wait 0.5\n", home: home, exitAfter: 4)
        #expect(report.final_reduce_motion == true, "five clicks toggled it five times: on")
    }
}
