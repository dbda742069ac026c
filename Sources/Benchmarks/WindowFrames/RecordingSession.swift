import FileOutput
import Foundation
import ParallaxKit
import Presentation
import RunHarness

/// The R key as a person uses it: the real window command (release build, the display's
/// default renderer, vsync on) runs a script that drags the photos twice while it records,
/// and the same script without the R presses; the two are launched in turn, so both meet the
/// same machine, and judged by their moving frames (`--stats-json`'s `moving_frames`): the
/// frames a person watches move, whatever the window did while it rested.
public enum RecordingSessionMeasurement {
    /// Two drags 1.5 s apart, R pressed before the first and after the second's coast.
    static let recordedScript = """
        wait 0.5
        key r
        drag 600 700 600 100 0.15
        wait 1.5
        drag 600 700 600 100 0.15
        wait 1.5
        key r
        wait 0.5

        """
    /// The same input at the same times, without R.
    static var plainScript: String {
        recordedScript.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "key r" }.joined(separator: "\n")
    }
    static let exitAfterSeconds = 5.0

    /// Points a recorded session's share of moving frames over budget may exceed the plain one's.
    public static let allowedExtraPoints = 2.0
    /// The least share of the window's frames that must reach the video.
    public static let leastCapturedShare = 0.95

    /// `launches` measured pairs after one warm-up pair, the first of each pair alternating.
    public static func measure(launches: Int, progress: BenchProgress) throws -> RecordingSessionReport {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("parallax-bench-recording-session-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let recorded = scratch + "/recorded.txt", plain = scratch + "/plain.txt"
        try OutputFile.write(Data(recordedScript.utf8), to: recorded)
        try OutputFile.write(Data(plainScript.utf8), to: plain)

        var withR: [RecordingSessionReport.Run] = [], withoutR: [RecordingSessionReport.Run] = []
        for pair in 0...launches {
            let recordedFirst = pair % 2 == 0
            for recording in recordedFirst ? [true, false] : [false, true] {
                progress.show("recording session · " + (pair == 0 ? "warm-up" : "pair \(pair)/\(launches)") + (recording ? " · with R" : " · without R"))
                let run = try launch(script: recording ? recorded : plain, scratch: scratch)
                guard pair > 0 else { continue }
                if recording { withR.append(run) } else { withoutR.append(run) }
            }
            progress.advance(by: 1)
        }
        return RecordingSessionReport(with_r: withR, without_r: withoutR)
    }

    /// One launch of the window with `script`, in folders of its own under `scratch` (HOME and
    /// the XDG folders: the video goes to that HOME's Videos and is removed with it).
    static func launch(script: String, scratch: String) throws -> RecordingSessionReport.Run {
        let home = scratch + "/home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        environment["XDG_DATA_HOME"] = home + "/.local/share"
        environment["XDG_CACHE_HOME"] = home + "/.cache"
        // Mesa's compiled shaders are kept between launches, as a person's machine keeps them.
        environment[BareFirstFrame.shaderCacheVariable] = scratch + "/mesa-shaders"
        let statsPath = home + "/stats.json"
        let child = ChildProcess(
            executable: try BesideThisProgram.playground(),
            arguments: ["--no-settings", "--scene", "photos", "--script", script, "--exit-after", String(exitAfterSeconds),
                        "--stats-json", statsPath],
            environment: environment)
        let result = try child.run()
        guard result.status == 0 else {
            throw BenchFailure(message: "the window's recording session failed (status \(result.status)): \(result.standardError)")
        }
        let stats: RunReport
        do {
            stats = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
        } catch {
            throw BenchFailure(message: "the window's --stats-json file is not readable: \(error)")
        }
        return RecordingSessionReport.Run(stats)
    }
}

/// What the recording session found: each launch's frames, and the medians the target judges.
public struct RecordingSessionReport: Codable, Equatable, Sendable {
    /// One launch's figures, from its `--stats-json`.
    public struct Run: Codable, Equatable, Sendable {
        public var frames: Int
        public var frames_over_16_7_ms: Int
        public var moving_frames: Int
        public var moving_frames_over_budget: Int
        /// Window frames while R recorded, and the share of them the video got; nil without R.
        public var recording_window_frames: Int?
        public var frames_captured: Double?

        public init(frames: Int, frames_over_16_7_ms: Int, moving_frames: Int, moving_frames_over_budget: Int,
                    recording_window_frames: Int?, frames_captured: Double?) {
            self.frames = frames
            self.frames_over_16_7_ms = frames_over_16_7_ms
            self.moving_frames = moving_frames
            self.moving_frames_over_budget = moving_frames_over_budget
            self.recording_window_frames = recording_window_frames
            self.frames_captured = frames_captured
        }

        init(_ stats: RunReport) {
            let recorded = stats.recording_window_frames ?? 0
            self.init(frames: stats.frames, frames_over_16_7_ms: stats.frames_over_16_7_ms, moving_frames: stats.moving_frames,
                      moving_frames_over_budget: stats.moving_frames_over_budget,
                      recording_window_frames: recorded > 0 ? recorded : nil,
                      frames_captured: recorded > 0 ? Double(recorded - stats.recording_frames_not_captured) / Double(recorded) : nil)
        }

        /// Moving frames over budget, in percent of the moving frames.
        public var movingOverBudgetPercent: Double? {
            moving_frames > 0 ? 100 * Double(moving_frames_over_budget) / Double(moving_frames) : nil
        }
    }

    public var method = "the window command (photos, the display's renderer, vsync on) with a script of two drags "
        + "(600,700 → 600,100 in 0.15 s, 1.5 s apart), R pressed at 0.5 s and after the second coast, --exit-after 5; "
        + "the same script without R launched in turn; medians over launches"
    public var with_r: [Run]
    public var without_r: [Run]
    public var moving_over_budget_percent_with_r: Double?
    public var moving_over_budget_percent_without_r: Double?
    public var frames_captured: Double?

    public init(with_r: [Run], without_r: [Run]) {
        self.with_r = with_r
        self.without_r = without_r
        func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : TextFormatting.rounded(BenchStatistics.median(values), 2) }
        moving_over_budget_percent_with_r = median(with_r.compactMap(\.movingOverBudgetPercent))
        moving_over_budget_percent_without_r = median(without_r.compactMap(\.movingOverBudgetPercent))
        // A recorded launch whose recording saw no frame captured nothing of it.
        frames_captured = with_r.isEmpty ? nil : TextFormatting.rounded(BenchStatistics.median(with_r.map { $0.frames_captured ?? 0 }), 4)
    }

    public var target: BenchTarget {
        let name = "in a real window (a scripted session, vsync on): recording (R), moving frames over 16.7 ms within "
            + "\(NumberFormat.fixed(RecordingSessionMeasurement.allowedExtraPoints, decimals: 0)) points of the same session "
            + "without it and ≥ \(NumberFormat.fixed(100 * RecordingSessionMeasurement.leastCapturedShare, decimals: 0)) % of frames captured"
        guard let with = moving_over_budget_percent_with_r, let without = moving_over_budget_percent_without_r,
              let captured = frames_captured
        else { return BenchTarget(name: name, met: nil, detail: "not measured: no moving frames") }
        let fixed = { (value: Double, decimals: Int) in NumberFormat.fixed(value, decimals: decimals) }
        return BenchTarget(
            name: name,
            met: with <= without + RecordingSessionMeasurement.allowedExtraPoints && captured >= RecordingSessionMeasurement.leastCapturedShare,
            detail: "\(fixed(with, 1)) % against \(fixed(without, 1)) % without R; \(fixed(100 * captured, 1)) % of frames captured "
                + "(medians of \(with_r.count) launches each)")
    }

    public var terminalText: String {
        var out = ["Recording (R) in a scripted window session (two drags, vsync on; launches in turn)",
                   "  launch        frames   moving   moving over 16.7 ms   captured"]
        func row(_ label: String, _ r: Run) -> String {
            "  " + TextFormatting.padRight(label, 12) + TextFormatting.padLeft(String(r.frames), 8)
                + TextFormatting.padLeft(String(r.moving_frames), 9)
                + TextFormatting.padLeft("\(r.moving_frames_over_budget) (\(r.movingOverBudgetPercent.map { NumberFormat.fixed($0, decimals: 1) } ?? "–") %)", 22)
                + TextFormatting.padLeft(r.frames_captured.map { NumberFormat.fixed(100 * $0, decimals: 1) + " %" } ?? "–", 11)
        }
        for (k, r) in with_r.enumerated() { out.append(row("with R \(k + 1)", r)) }
        for (k, r) in without_r.enumerated() { out.append(row("without \(k + 1)", r)) }
        return out.joined(separator: "\n")
    }
}
