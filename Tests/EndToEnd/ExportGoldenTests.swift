import Foundation
import ParallaxKit
import Testing

/// Every source format's files, for each strategy, as committed under
/// Tests/EndToEnd/Golden/export/FORMAT/CASE: a change to any generated line fails here until the
/// golden files are made again, on purpose, with
///
///     PARALLAX_UPDATE_GOLDEN=1 swift test --filter ExportGoldenTests
///
/// (which rewrites the folders from the current binary; review the diff before committing).
/// The glue for Android, Compose, Flutter, UIKit and SwiftUI cannot be compiled here, so this is
/// what keeps it from changing unseen.
@Suite(.onThreadsOfTheirOwn) struct ExportGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var format: String
        var name: String
        var arguments: [String]
        /// The files pinned; nil for every file the export writes.
        var files: [String]?

        var testDescription: String { "\(format)/\(name)" }
    }

    static let strategies = ["scroll-callback", "layout-invalidation", "cached-layout"]
    static let sourceFormats = ["uikit", "swiftui", "compose", "android-view", "flutter"]
    /// Each format's physics file, pinned per engine.
    static let physicsFiles = ["compose": "TunedFling.kt", "android-view": "TunedFling.kt", "flutter": "tuned_scroll_physics.dart"]

    static let cases: [Case] = {
        var cases: [Case] = []
        // Every format × strategy, on the photos scene (a vertical list) with UIKit's physics.
        for format in sourceFormats {
            for strategy in strategies {
                cases.append(Case(format: format, name: strategy, arguments: ["--scene", "photos", "--strategy", strategy]))
            }
        }
        // A reduced amount under the viewer's reduce-motion setting (a fifth), in every format: the
        // files it changes (the mapping's constant, the README's words); the glue reads the constant.
        let mappingFiles = ["uikit": "TunedParallax.swift", "swiftui": "TunedParallax.swift", "compose": "TunedParallax.kt",
                            "android-view": "TunedParallax.kt", "flutter": "tuned_parallax.dart"]
        for format in sourceFormats {
            cases.append(Case(format: format, name: "reduced-amount",
                              arguments: ["--scene", "photos", "--strategy", "scroll-callback", "--reduced-amount", "0.2"],
                              files: [mappingFiles[format]!, "README.md"]))
        }
        // A horizontal list (the albums) in the native formats' two shapes of code.
        for format in ["compose", "android-view", "flutter"] {
            for strategy in ["scroll-callback", "layout-invalidation"] {
                cases.append(Case(format: format, name: "albums-\(strategy)", arguments: ["--scene", "albums", "--strategy", strategy]))
            }
        }
        // The physics file for every other engine.
        for (format, file) in physicsFiles.sorted(by: { $0.key < $1.key }) {
            for engine in ScrollEngineName.allCases where engine != .uikit {
                cases.append(Case(format: format, name: "physics-\(engine.rawValue)",
                                  arguments: ["--scene", "photos", "--physics", engine.rawValue], files: [file]))
            }
        }
        return cases
    }()

    static var goldenRoot: URL {
        get throws { try repositoryRoot().appendingPathComponent("Tests/EndToEnd/Golden/export") }
    }

    @Test(arguments: cases)
    func theExportIsTheGoldenOne(_ golden: Case) throws {
        let out = try temporaryFolder().appendingPathComponent("export")
        let export = try run(["export", "--format", golden.format, "--out", out.path] + golden.arguments)
        try #require(export.status == 0, "\(export.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let pinned = golden.files ?? written
        let folder = try Self.goldenRoot.appendingPathComponent(golden.format).appendingPathComponent(golden.name)
        if ProcessInfo.processInfo.environment["PARALLAX_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in pinned {
                try FileManager.default.copyItem(at: out.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
        }
        let regenerate = "if the change is meant: PARALLAX_UPDATE_GOLDEN=1 swift test --filter ExportGoldenTests"
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        #expect(kept == pinned.sorted(), "\(golden.testDescription): golden files \(kept), written \(pinned); \(regenerate)")
        for name in pinned {
            let made = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            let expected = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(made == expected, "\(golden.testDescription)/\(name) differs from its golden file; \(regenerate)")
        }
    }
}
