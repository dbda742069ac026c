import ParallaxKit
import Testing
@testable import Benchmarks

/// The window section's vsync figures and its two targets, from hand-made frame times.
@Suite struct WindowFramesReportTests {
    static let cell = BenchCell(scene: .quilt, strategy: .cachedLayout, items: 1000)
    static let ms = 1e6

    static func renderer(_ name: String, p99App: Double, ratioApp: Double) -> WindowFramesReport.RendererFrames {
        // 100 frames: 98 of 16 ms and two slow ones, so the p99 (rank 99) is the first slow one.
        let app = Array(repeating: 16 * ms, count: 98) + [p99App * ms, p99App * ms]
        let bare = Array(repeating: 16 * ms, count: 100)
        let off = FrameCostReport(
            results: [FrameCostReportTests.scene(.quilt, app: [ratioApp * 1000], bare: [1000])],
            renderer: name, videoDriver: "x11", frameLimit: nil, surface: .window)
        return .init(renderer: name, video_driver: "x11", vsync_off: off,
                     vsync_on: [WindowFramesReport.VsyncScene(cell: cell, appRuns: [app], bareRuns: [bare])])
    }

    @Test func vsyncFramesCountThoseOverARefreshAndThoseThatMissedOne() {
        let runs = [[10, 16, 16.8, 17, 26, 40].map { $0 * Self.ms }, [16, 16, 16, 30].map { $0 * Self.ms }]
        let scene = WindowFramesReport.VsyncScene(cell: Self.cell, appRuns: runs, bareRuns: [[16 * Self.ms, 17 * Self.ms]])
        // Over 16.7 ms: 4 in the first run, 1 in the second; median of the two runs.
        #expect(scene.frames_over_16_7_ms == 2.5)
        // Over 25 ms: 2 and 1.
        #expect(scene.frames_over_25_ms == 1.5)
        #expect(scene.bare_frames_over_16_7_ms == 1)
        #expect(scene.runs == 2 && scene.frames == 6)
        // Mean frame 20.97 ms and 19.5 ms: median 20.23 ms, 49.4 fps.
        #expect(scene.fps_mean == 49.4)
    }

    @Test func theTargetsJudgeTheOpenGLRendererOnly() {
        let late = WindowFramesReport(renderers: [Self.renderer("opengl", p99App: 20, ratioApp: 1.1),
                                                  Self.renderer("software", p99App: 16.5, ratioApp: 1.0)], unavailable: [])
        let targets = BenchTargets.windowTargets(late)
        #expect(targets.count == 5)
        #expect(targets[2].met == nil && targets[3].met == nil && targets[4].met == nil, "no compared panes, no panel, no recording measured")
        #expect(targets[0].met == false, "opengl's p99 is 20 ms")
        #expect(targets[0].detail.hasPrefix("worst 20.00 ms (quilt)"))
        #expect(targets[0].detail.contains("bare loop's p99"))
        #expect(targets[1].met == true, "1.1× is within 1.15×")

        let slow = WindowFramesReport(renderers: [Self.renderer("opengl", p99App: 16.5, ratioApp: 1.2)], unavailable: [])
        #expect(BenchTargets.windowTargets(slow).map(\.met) == [true, false, nil, nil, nil])

        let noGL = WindowFramesReport(renderers: [Self.renderer("software", p99App: 16, ratioApp: 1)],
                                      unavailable: [.init(renderer: "opengl", reason: "SDL made a software renderer instead")])
        #expect(BenchTargets.windowTargets(noGL).allSatisfy { $0.met == nil && $0.detail.contains("software renderer instead") })
        #expect(BenchTargets.windowTargets(nil).allSatisfy { $0.met == nil })
    }

    static let compared = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000,
                                    compare: "technique=begemann,leth,patel,kurutepe,jensen")

    /// An OpenGL renderer whose five compared panes run `ratio`× the bare loop with vsync off,
    /// and with vsync on have `appLate` of 100 frames over 16.7 ms against the bare loop's `bareLate`.
    static func comparing(ratio: Double, appLate: Int, bareLate: Int) -> WindowFramesReport.RendererFrames {
        func frames(late: Int) -> [Double] { Array(repeating: 16 * ms, count: 100 - late) + Array(repeating: 17 * ms, count: late) }
        let off = FrameCostReport(
            results: [FrameCostReportTests.scene(.photos, app: [1000], bare: [1000]),
                      FrameCostSceneResult(cell: compared, frames: 1, drawCallsPerFrame: 40, textureCopiesPerFrame: 20,
                                           appRuns: [[ratio * 1000]], bareRuns: [[1000]], appWorkRuns: [[100]],
                                           differingPixels: 0, comparedFrame: 0)],
            renderer: "opengl", videoDriver: "x11", frameLimit: nil, surface: .window)
        return .init(renderer: "opengl", video_driver: "x11", vsync_off: off, vsync_on: [
            WindowFramesReport.VsyncScene(cell: cell, appRuns: [frames(late: 0)], bareRuns: [frames(late: 0)]),
            WindowFramesReport.VsyncScene(cell: compared, appRuns: [frames(late: appLate)], bareRuns: [frames(late: bareLate)]),
        ])
    }

    @Test func comparedPanesAreTheirOwnRowAndTarget() throws {
        #expect(Self.compared.rowName == "photos×5")
        let within = BenchTargets.comparedPanesTarget(Self.comparing(ratio: 1.1, appLate: 3, bareLate: 1))
        #expect(within.met == true, "\(within.detail)")
        #expect(within.detail.hasPrefix("photos×5: 1.100×"))
        #expect(within.detail.contains("over 16.7 ms 3.0 % against the bare loop's 1.0 %"))
        #expect(BenchTargets.comparedPanesTarget(Self.comparing(ratio: 1.2, appLate: 0, bareLate: 0)).met == false, "1.2× is over 1.15×")
        #expect(BenchTargets.comparedPanesTarget(Self.comparing(ratio: 1.0, appLate: 4, bareLate: 1)).met == false, "3 points more late frames")
        // The compared row is not pooled into "all scenes": all is the photos row alone (1×).
        let off = Self.comparing(ratio: 1.4, appLate: 0, bareLate: 0).vsync_off
        #expect(off.scenes.map(\.scene) == ["photos", "photos×5"])
        #expect(off.scenes[1].compare == Self.compared.compare)
        #expect(off.all.ratio_p50 == 1)
    }

    /// The panel row: its build-and-draw time and the ratio judge the panel's target.
    @Test func theTuningPanelRowHasItsOwnTarget() throws {
        let cell = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000, tuningPanel: true)
        #expect(cell.rowName == "photos+T")
        func renderer(ratio: Double, panelNanoseconds: Double) -> WindowFramesReport.RendererFrames {
            var result = FrameCostSceneResult(cell: cell, frames: 1, drawCallsPerFrame: 20, textureCopiesPerFrame: 6,
                                              appRuns: [[ratio * 1000]], bareRuns: [[1000]], appWorkRuns: [[100]],
                                              differingPixels: 0, comparedFrame: 0)
            result.panelRuns = [[panelNanoseconds]]
            let off = FrameCostReport(results: [FrameCostReportTests.scene(.photos, app: [1000], bare: [1000]), result],
                                      renderer: "opengl", videoDriver: "x11", frameLimit: nil, surface: .window)
            return .init(renderer: "opengl", video_driver: "x11", vsync_off: off, vsync_on: [])
        }
        let fast = BenchTargets.tuningPanelTarget(renderer(ratio: 1.1, panelNanoseconds: 300_000))
        #expect(fast.met == true && fast.detail.contains("panel 0.300 ms"), "\(fast.detail)")
        #expect(BenchTargets.tuningPanelTarget(renderer(ratio: 1.1, panelNanoseconds: 600_000)).met == false, "0.6 ms is over 0.5")
        #expect(BenchTargets.tuningPanelTarget(renderer(ratio: 1.2, panelNanoseconds: 100_000)).met == false, "1.2× is over 1.15×")
        #expect(renderer(ratio: 1.4, panelNanoseconds: 1).vsync_off.all.ratio_p50 == 1, "not pooled into all scenes")
    }

    /// The recording row: frames over a refresh against the same replay without recording,
    /// and the share of frames the recorder captured.
    @Test func theRecordingRowHasItsOwnTarget() {
        let cell = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000, recording: true)
        #expect(cell.rowName == "photos+R" && cell.label.hasSuffix("· recording"))
        let plainCell = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000)
        func frames(late: Int) -> [Double] { Array(repeating: 16 * Self.ms, count: 100 - late) + Array(repeating: 17 * Self.ms, count: late) }
        func renderer(late: Int, captured: Double?) -> WindowFramesReport.RendererFrames {
            var recorded = WindowFramesReport.VsyncScene(cell: cell, appRuns: [frames(late: late)], bareRuns: [frames(late: 0)])
            recorded.frames_captured = captured
            let off = FrameCostReport(results: [FrameCostReportTests.scene(.photos, app: [1000], bare: [1000])],
                                      renderer: "opengl", videoDriver: "x11", frameLimit: nil, surface: .window)
            return .init(renderer: "opengl", video_driver: "x11", vsync_off: off, vsync_on: [
                WindowFramesReport.VsyncScene(cell: plainCell, appRuns: [frames(late: 10)], bareRuns: [frames(late: 0)]), recorded,
            ])
        }
        let met = BenchTargets.recordingTarget(renderer(late: 12, captured: 0.97))
        #expect(met.met == true, "\(met.detail)")
        #expect(met.detail.contains("over 16.7 ms 12.0 % against 10.0 % without recording; 97.0 % of frames captured"), "\(met.detail)")
        #expect(BenchTargets.recordingTarget(renderer(late: 13, captured: 0.99)).met == false, "3 points more late frames")
        #expect(BenchTargets.recordingTarget(renderer(late: 10, captured: 0.94)).met == false, "94 % captured")
        #expect(BenchTargets.recordingTarget(renderer(late: 10, captured: nil)).met == nil, "not measured")
        // The frame-cost ratio over every scene leaves the recording row to its own target: it
        // reads every frame back, the bare loop does not.
        let recordedOff = FrameCostSceneResult(cell: cell, frames: 1, drawCallsPerFrame: 6, textureCopiesPerFrame: 3,
                                               appRuns: [[2000]], bareRuns: [[1000]], appWorkRuns: [[100]],
                                               differingPixels: 0, comparedFrame: 0)
        let off = FrameCostReport(results: [FrameCostReportTests.scene(.photos, app: [1000], bare: [1000]), recordedOff],
                                  renderer: "opengl", videoDriver: "x11", frameLimit: nil, surface: .window)
        let both = renderer(late: 12, captured: 0.97)
        let report = WindowFramesReport(renderers: [.init(renderer: "opengl", video_driver: "x11", vsync_off: off, vsync_on: both.vsync_on)],
                                        unavailable: [])
        let ratioTarget = BenchTargets.windowTargets(report)[1]
        #expect(ratioTarget.met == true && !ratioTarget.detail.contains("+R"), "\(ratioTarget.detail)")
    }
}
