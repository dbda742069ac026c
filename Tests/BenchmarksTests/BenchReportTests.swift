import Foundation
import ParallaxKit
import RunHarness
import Testing
@testable import Benchmarks

/// The report's targets, JSON and CSV, from hand-made results.
@Suite struct BenchReportTests {
    struct ScalingCase: Sendable, CustomStringConvertible {
        var small: Double
        var large: Double
        var met: Bool
        var description: String { "\(small) → \(large) µs" }
    }

    /// 1,000,000 items against 1,000 within 1.3×: 1.2 → 1.5 µs is 1.25×, 1.0 → 1.6 µs is 1.6×.
    @Test(arguments: [
        ScalingCase(small: 1.2, large: 1.5, met: true),
        ScalingCase(small: 1.0, large: 1.3, met: true),
        ScalingCase(small: 1.0, large: 1.6, met: false),
    ])
    func scalingTarget(_ c: ScalingCase) {
        let rows = [
            result(.photos, .cachedLayout, items: 1000, p50: c.small),
            result(.photos, .cachedLayout, items: 1_000_000, p50: c.large),
            result(.table, .cachedLayout, items: 1000, p50: 1),
            result(.table, .cachedLayout, items: 1_000_000, p50: 1.1),
        ]
        let target = BenchTargets.scaling(.cachedLayout, rows: rows)
        #expect(target.met == c.met)
        #expect(target.detail.contains(String(format: "photos %.2f×", c.large / c.small)))
    }

    @Test func scalingNeedsBothCountsInEveryScene() {
        let rows = [
            result(.photos, .cachedLayout, items: 1000, p50: 1),
            result(.photos, .cachedLayout, items: 1_000_000, p50: 1),
            result(.table, .cachedLayout, items: 1000, p50: 1),
        ]
        #expect(BenchTargets.scaling(.cachedLayout, rows: rows).met == nil)
    }

    /// 7 ms at 1,000,000 items is 7 ns per item: under 50.
    @Test func perItemTargetUsesEachScenesLargestCount() {
        var small = result(.photos, .layoutInvalidation, items: 1000, p50: 60)
        small.nanosecondsPerItem = 60
        var large = result(.photos, .layoutInvalidation, items: 1_000_000, p50: 7000)
        large.nanosecondsPerItem = 7
        let target = BenchTargets.perItem([small, large])
        #expect(target.met == true)
        #expect(target.detail.hasPrefix("worst 7.0 ns (photos)"))
    }

    static func report(allocations: AllocationMeasurement?) -> BenchReport {
        var cell = result(.photos, .cachedLayout, items: 1000, p50: 1.25)
        cell.allocations = allocations
        let machine = MachineFacts(cpu: "test CPU", logical_cpus: 2, load_average_start: "0.5", load_average_end: "0.6", build: "release")
        return BenchReport(
            command: "parallax-playground bench", plan: plan([.strategyCost, .allocations]), machine: machine, script: "bench",
            timerOverheadNanoseconds: 30, durationSeconds: 1.26, strategyCost: [cell], allocationUnavailableReason: nil,
            frameCost: nil, startup: nil, instructions: nil)
    }

    @Test func jsonRoundTripsAndWritesExplicitNulls() throws {
        let report = Self.report(allocations: AllocationMeasurement(countPerFrame: 3.7, bytesPerFrame: 756, maxBytesInAFrame: 1024))
        let data = try report.jsonData()
        let decoded = try JSONDecoder().decode(BenchJSON.self, from: data)
        #expect(decoded == report.json)
        #expect(decoded.duration_s == 1.3)
        #expect(decoded.config.sections == ["strategy-cost", "allocations"])
        let cell = try #require(decoded.strategy_cost?.cells.first)
        #expect(cell.p50_us == 1.25)
        #expect(cell.allocs_per_frame == 3.7)
        #expect(cell.alloc_bytes_per_frame == 756)
        let text = String(decoding: data, as: UTF8.self)
        // Not measured here, and said so: the keys are present with null.
        #expect(text.contains("\"ns_per_item\" : null"))
        #expect(text.contains("\"frame_cost\" : null"))
        #expect(text.contains("\"instructions\" : null"))
        #expect(text.contains("\"allocation_unavailable_reason\" : null"))
    }

    @Test func csvHasAHeaderAndARowPerCellWithEmptyFieldsForTheUnmeasured() {
        let lines = Self.report(allocations: nil).csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0] == Substring(BenchReport.csvHeader))
        #expect(lines[1] == "photos,cached-layout,1000,1,1,1,1.25,1.25,1.25,1.25,0.0,0.0,0.0,,,")
        #expect(lines[2] == "")
    }

    @Test func leftOutSectionsAreNullAndSaySo() throws {
        var report = Self.report(allocations: nil)
        report.plan = plan([.frameCost])
        report.strategyCost = []
        let json = report.json
        #expect(json.strategy_cost == nil)
        #expect(json.startup == nil)
        #expect(!report.terminalText.contains("Strategy cost per frame"))
        #expect(report.terminalText.contains("Targets"))
    }

    @Test func startupTimesFromTheWindowsStamps() throws {
        // The startup block of the window's stats file (`RunReport.Startup`).
        let startup = try JSONDecoder().decode(RunReport.Startup.self, from: Data("""
            {"main_ns": 1020000000, "first_frame_ns": 1196500000, "complete_frame_ns": 1200000000, "complete_frame_number": 2}
            """.utf8))
        let stamps = try #require(WindowStartupStamps(startup))
        let launch = StartupLaunch(stamps: stamps, spawnedAt: 1_000_000_000)
        #expect(launch == StartupLaunch(spawn_to_main_ms: 20, first_frame_ms: 196.5, all_images_ms: 200, all_images_frame: 2))

        let incomplete = try #require(WindowStartupStamps(JSONDecoder().decode(RunReport.Startup.self, from: Data("""
            {"main_ns": 5, "first_frame_ns": 9, "complete_frame_ns": null, "complete_frame_number": null}
            """.utf8))))
        #expect(WindowStartupStamps(RunReport.Startup()) == nil, "no first frame, no stamps")
        #expect(StartupLaunch(stamps: incomplete, spawnedAt: 0).all_images_ms == nil)
        // The median start-up: 196.5 and 100 and 300 → 196.5; no "all images" unless every launch had one.
        let result = StartupResult(launches: [
            launch,
            StartupLaunch(spawn_to_main_ms: 10, first_frame_ms: 100, all_images_ms: 110, all_images_frame: 1),
            StartupLaunch(spawn_to_main_ms: 30, first_frame_ms: 300, all_images_ms: nil, all_images_frame: nil),
        ])
        #expect(result.firstFrame == 196.5)
        #expect(result.spawnToMain == 20)
        #expect(result.allImages == nil)
    }
}
