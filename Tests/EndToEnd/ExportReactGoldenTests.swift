import Foundation
import ParallaxKit
import Testing

/// The React export's source, pinned: each strategy's `ParallaxList.tsx` (the photos scene's)
/// and each scene's mapping, layout and cell are compared with the files in
/// Tests/EndToEnd/Golden/export/react/, so any change to what is generated is seen in review.
///
/// After a deliberate change, rewrite them with
///     PARALLAX_UPDATE_GOLDEN=1 swift test --filter ExportReactGoldenTests
/// (each rewritten file is reported as an issue, so that run fails), read the diff, and commit it.
@Suite(.onThreadsOfTheirOwn) struct ExportReactGoldenTests {
    static let folder = "Tests/EndToEnd/Golden/export/react"
    static var updating: Bool { ProcessInfo.processInfo.environment["PARALLAX_UPDATE_GOLDEN"] == "1" }

    /// `generated` against the golden file `relative`; with PARALLAX_UPDATE_GOLDEN=1, rewrites it.
    static func expectGolden(_ generated: URL, _ relative: String) throws {
        let text = try String(contentsOf: generated, encoding: .utf8)
        let golden = try repositoryRoot().appendingPathComponent(folder).appendingPathComponent(relative)
        if updating {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(folder)/\(relative): run again without PARALLAX_UPDATE_GOLDEN to check it")
            return
        }
        let pinned = try String(contentsOf: golden, encoding: .utf8)
        guard text != pinned else { return }
        let generatedLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let pinnedLines = pinned.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(generatedLines.count, pinnedLines.count)).first { generatedLines[$0] != pinnedLines[$0] } ?? min(generatedLines.count, pinnedLines.count)
        let now = first < generatedLines.count ? String(generatedLines[first]) : "(end of file)"
        let was = first < pinnedLines.count ? String(pinnedLines[first]) : "(end of file)"
        Issue.record("""
            \(relative) differs from its golden file at line \(first + 1):
              generated: \(now)
              golden:    \(was)
            (a deliberate change: PARALLAX_UPDATE_GOLDEN=1 swift test --filter ExportReactGoldenTests)
            """)
    }

    @Test(arguments: ParallaxStrategy.allCases)
    func eachStrategysListIsPinned(strategy: ParallaxStrategy) throws {
        let (out, export) = try exportReact(scene: .photos, strategy: strategy, itemCount: 4)
        try #require(export.status == 0, "\(export.stderr)")
        try Self.expectGolden(out.appendingPathComponent("ParallaxList.tsx"), "\(strategy.name)/ParallaxList.tsx")
        if strategy == .cachedLayout {
            try Self.expectGolden(out.appendingPathComponent("hooks.ts"), "hooks.ts")
        }
    }

    @Test(arguments: SceneID.allCases)
    func eachScenesMappingLayoutAndCellArePinned(scene id: SceneID) throws {
        let (out, export) = try exportReact(scene: id, strategy: .cachedLayout, itemCount: 4)
        try #require(export.status == 0, "\(export.stderr)")
        for file in ["tunedParallax.ts", "layout.ts", "ParallaxCell.tsx"] {
            try Self.expectGolden(out.appendingPathComponent(file), "\(id.name)/\(file)")
        }
    }

    /// Only the list differs between strategies: the other files are the same for every one.
    @Test func theStrategiesShareEveryOtherFile() throws {
        let exports = try [ParallaxStrategy.scrollCallback, .off].map { strategy in
            let (out, export) = try exportReact(scene: .captions, strategy: strategy, itemCount: 4)
            try #require(export.status == 0, "\(export.stderr)")
            return out
        }
        for file in ["tunedParallax.ts", "layout.ts", "hooks.ts", "ParallaxCell.tsx", "parallax.css", "tsconfig.json"] {
            let texts = try exports.map { try String(contentsOf: $0.appendingPathComponent(file), encoding: .utf8) }
            #expect(texts[0] == texts[1], "\(file) differs between strategies")
        }
        let lists = try exports.map { try String(contentsOf: $0.appendingPathComponent("ParallaxList.tsx"), encoding: .utf8) }
        #expect(lists[0] != lists[1])
    }
}
