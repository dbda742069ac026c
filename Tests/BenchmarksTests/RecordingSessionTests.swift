@testable import Benchmarks
import Testing

/// The recording session is judged from the moving frames of launches with and without R:
/// the medians, within 2 points, and the share of frames the video got.
@Suite struct RecordingSessionTests {
    private func run(moving: Int, over: Int, recorded: Int? = nil, notCaptured: Int = 0) -> RecordingSessionReport.Run {
        RecordingSessionReport.Run(frames: moving + 40, frames_over_16_7_ms: over + 3, moving_frames: moving,
                                   moving_frames_over_budget: over, recording_window_frames: recorded,
                                   frames_captured: recorded.map { Double($0 - notCaptured) / Double($0) })
    }

    @Test func theTargetComparesMediansOfMovingFramesAndTheCapturedShare() {
        let plain = [run(moving: 200, over: 10), run(moving: 200, over: 12), run(moving: 200, over: 60)]
        // 6 %, 7 % and 30 %: the median is 7 %, one slow launch does not decide.
        let close = [run(moving: 200, over: 12, recorded: 300), run(moving: 200, over: 14, recorded: 300),
                     run(moving: 200, over: 80, recorded: 300)]
        let report = RecordingSessionReport(with_r: close, without_r: plain)
        #expect(report.moving_over_budget_percent_without_r == 6)
        #expect(report.moving_over_budget_percent_with_r == 7)
        #expect(report.target.met == true, "\(report.target.detail)")

        let late = [run(moving: 200, over: 20, recorded: 300), run(moving: 200, over: 20, recorded: 300)]
        #expect(RecordingSessionReport(with_r: late, without_r: plain).target.met == false)

        let dropped = [run(moving: 200, over: 12, recorded: 300, notCaptured: 30)]
        #expect(RecordingSessionReport(with_r: dropped, without_r: plain).frames_captured == 0.9)
        #expect(RecordingSessionReport(with_r: dropped, without_r: plain).target.met == false)

        // A recorded launch whose recording never saw a frame counts as capturing nothing.
        #expect(RecordingSessionReport(with_r: [run(moving: 200, over: 12)], without_r: plain).target.met == false)
        #expect(RecordingSessionReport(with_r: [], without_r: plain).target.met == nil)
    }

    @Test func theSessionWithoutRIsTheSameInputAtTheSameTimes() {
        let recorded = RecordingSessionMeasurement.recordedScript.split(separator: "\n")
        let plain = RecordingSessionMeasurement.plainScript.split(separator: "\n")
        #expect(recorded.filter { $0 == "key r" }.count == 2)
        #expect(!plain.contains("key r"))
        #expect(recorded.filter { $0 != "key r" } == plain)
    }
}
