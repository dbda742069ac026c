import Foundation
import ParallaxKit
import Testing
@testable import Benchmarks

/// The frame-cost section's ratios, per scene and over all scenes, from hand-made frame times.
@Suite struct FrameCostReportTests {
    static func scene(_ id: SceneID, app: [Double], bare: [Double]) -> FrameCostSceneResult {
        FrameCostSceneResult(
            cell: BenchCell(scene: id, strategy: .cachedLayout, items: 1000), frames: app.count, drawCallsPerFrame: 12,
            textureCopiesPerFrame: 6, appRuns: [app], bareRuns: [bare], appWorkRuns: [app.map { $0 / 10 }],
            differingPixels: 0, comparedFrame: 1)
    }

    static let report = FrameCostReport(
        results: [
            scene(.photos, app: [1000, 1500, 1200], bare: [800, 1000, 900]),
            scene(.table, app: [2000, 1800], bare: [1000, 1200]),
        ],
        renderer: "software", videoDriver: "dummy", frameLimit: nil)

    @Test func ratiosPerScene() throws {
        let photos = try #require(Self.report.scenes.first)
        // p50: 1,200 over 900 ns.
        #expect(photos.app.p50_ms == 0.0012)
        #expect(photos.bare.p50_ms == 0.0009)
        #expect(photos.ratio_p50 == 1.333)
        // p99: the slowest frame of each, 1,500 over 1,000.
        #expect(photos.ratio_p99 == 1.5)
        #expect(photos.app_work_before_sdl_p50_us == 0.12)
        let table = try #require(Self.report.scenes.last)
        // Two frames: p50 is the first by rank, 1,800 over 1,000.
        #expect(table.ratio_p50 == 1.8)
    }

    /// The JSON carries the panel's cost and the comparison (null where there is none): the
    /// window bench's `panel_ms_p50` is read from there.
    @Test func theJSONCarriesThePanelsCostAndTheComparison() throws {
        var withPanel = Self.scene(.photos, app: [1000, 1200], bare: [900, 1000])
        withPanel.cell = BenchCell(scene: .photos, strategy: .layoutInvalidation, items: 1000, tuningPanel: true)
        withPanel.panelRuns = [[250_000, 300_000, 350_000]]
        let report = FrameCostReport(results: [withPanel, Self.scene(.table, app: [1000], bare: [1000])],
                                     renderer: "opengl", videoDriver: "x11", frameLimit: nil)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"panel_ms_p50\":0.3"), "\(json)")
        #expect(json.contains("\"panel_ms_p50\":null") && json.contains("\"compare\":null"), "explicit nulls for the table")
    }

    /// All scenes pool their frames: app [1000, 1200, 1500, 1800, 2000] and bare
    /// [800, 900, 1000, 1000, 1200] have p50s 1,500 and 1,000 — not the mean of the scenes' ratios.
    @Test func overallRatioPoolsTheFrames() {
        #expect(Self.report.all.app.p50_ms == 0.0015)
        #expect(Self.report.all.bare.p50_ms == 0.001)
        #expect(Self.report.all.ratio_p50 == 1.5)
        // p99: the slowest of each, 2,000 over 1,200.
        #expect(Self.report.all.ratio_p99 == 1.667)
    }

    @Test func aBareLoopThatMeasuredNothingGivesNoRatio() {
        let report = FrameCostReport(results: [Self.scene(.photos, app: [1000], bare: [])], renderer: "software", videoDriver: "dummy", frameLimit: 20)
        #expect(report.scenes[0].ratio_p50 == nil)
        #expect(report.all.ratio_p50 == nil)
        #expect(BenchTargets.frame(report).met == nil)
    }

    @Test func theTargetIsTheWorstScene() {
        let target = BenchTargets.frame(Self.report)
        #expect(target.met == false)
        #expect(target.detail.hasPrefix("worst 1.800× (table)"))
        let fast = FrameCostReport(results: [Self.scene(.photos, app: [1000, 1100], bare: [1000, 1000])], renderer: "software", videoDriver: "dummy", frameLimit: nil)
        #expect(BenchTargets.frame(fast).met == true)
    }
}
