import Foundation
import ParallaxKit
import RunHarness
import SDLBackend
import Testing

/// The run's frame budget in the real window (SDL's dummy driver): `--cpu-slowdown` and
/// `--refresh`, a preset's and a script's `set` lines reach `--stats-json`'s budget block; the
/// frames are paced to the rate; the cost panel and its frame graph stay out of P's screenshots.
@Suite(.onThreadsOfTheirOwn) struct FrameBudgetEndToEndTests {
    private func window(_ script: String, arguments: [String], presetJSON: String? = nil) throws -> RunReport {
        let home = try recordingFolder("budget")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = home + "/run"
        var extra: [String] = []
        if let presetJSON {
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            try presetJSON.write(toFile: home + "/budget-preset.json", atomically: true, encoding: .utf8)
            extra = ["--preset", home + "/budget-preset.json"]
        }
        try runHeadlessWindow(home: home, run: run, script: script,
                              arguments: ["--disk-cache-mb", "0", "--size", "640x400", "--stats-json", run + "/stats.json"] + extra + arguments)
        return try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: run + "/stats.json")))
    }

    /// Space pages down: the list animates, so frames run back to back until it rests.
    static let scrolling = "wait 0.2\nkey space\nwait 0.5\nkey space\nwait 0.5\n"

    @Test(.timeLimit(.minutes(2)))
    func theOptionsReachTheBudgetBlock() throws {
        let report = try window(Self.scrolling, arguments: ["--cpu-slowdown", "4", "--refresh", "120", "--exit-after", "1.5"])
        let budget = try #require(report.budget)
        #expect(budget.cpu_slowdown == 4)
        #expect(budget.refresh_hz == 120)
        #expect(abs(budget.budget_ms - 1000.0 / 120) < 1e-9)
        #expect(budget.main_thread_ms_p50 > 0 && budget.main_thread_ms_p99 >= budget.main_thread_ms_p50)
        #expect(budget.frames_over_budget >= 0 && budget.frames_over_budget <= report.frames + (report.idle_waits ?? 0) + 1)
    }

    @Test(.timeLimit(.minutes(3)))
    func aPresetSetsTheBudgetAndASetLineChangesIt() throws {
        let report = try window(Self.scrolling + "set cpu-slowdown low-tier-mobile\nset refresh display\nwait 0.2\n",
                                arguments: ["--exit-after", "1.8"], presetJSON: #"{"cpu-slowdown": 2, "refresh": 90}"#)
        let budget = try #require(report.budget)
        #expect(budget.cpu_slowdown == 6, "the set line's, after the preset's 2")
        #expect(budget.refresh_hz != 90, "the display's after the set line (60 where it says none)")
        let preset = try window(Self.scrolling, arguments: ["--exit-after", "1.5"], presetJSON: #"{"cpu-slowdown": 2, "refresh": 90}"#)
        #expect(preset.budget?.cpu_slowdown == 2 && preset.budget?.refresh_hz == 90)
    }

    /// Paced to 30 Hz, the frames come no faster than that (the dummy driver has no vsync: it
    /// would draw hundreds a second). A loaded machine only makes frames slower.
    @Test(.timeLimit(.minutes(2)))
    func framesArePacedToTheRefreshRate() throws {
        let report = try window(Self.scrolling, arguments: ["--refresh", "30", "--exit-after", "1.5"])
        #expect(report.frames > 5)
        #expect(report.frame_ms_p50 >= 1000.0 / 30 * 0.95, "median frame \(report.frame_ms_p50) ms at 30 Hz")
    }

    /// The cost panel (F once: badge → panel) is the window's, like the badge: P saves the
    /// frame without it. Judged within the screenshot, on flat photos (`writeFlatPhotos`): a
    /// panel drawn into it makes rows of more than one colour.
    @Test(.timeLimit(.minutes(3)))
    func aScreenshotLeavesTheCostPanelOut() throws {
        let home = try recordingFolder("panel")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try writeFlatPhotos(into: home + "/photos")
        try runHeadlessWindow(home: home, run: home + "/run", script: "key f\nwait 1.5\nkey p\nwait 1\n",
                              arguments: ["--disk-cache-mb", "0", "--size", "640x400", "--exit-after", "3", "--photos", home + "/photos"])
        let shot = try RGBAImage.load(path: try #require(capturesSaved(under: home, suffix: ".png").first))
        let marked = rowsOfMoreThanOneColour(in: shot)
        #expect(marked == 0, "\(marked) rows of P's screenshot with the cost panel showing are more than one colour")
    }
}
