import Foundation
import ParallaxKit
import Testing

/// `export --format react` into a fresh folder: the folder.
func exportReact(scene: SceneID, strategy: ParallaxStrategy, itemCount: Int, environment: [String: String]? = nil,
                 extra: [String] = []) throws -> (folder: URL, result: RunResult) {
    let out = try temporaryFolder().appendingPathComponent("react")
    let result = try run(["export", "--format", "react", "--scene", scene.name, "--strategy", strategy.name, "--items", "\(itemCount)",
                          "--size", "640x400", "--out", out.path] + extra, environment: environment)
    return (out, result)
}

/// The React export's demo in Chromium against the model, as `ExportPageInChromiumTests` checks
/// the web page: the same probe (`scripts/browser-probe.py`), the same hooks, the same comparison.
@Suite(.serialized, .needsChromium, .needsEsbuild) struct ExportReactInChromiumTests {
    /// How far the demo may be from the model, in CSS px (the web page's test allows 0.5: the
    /// scroll-callback shape computes from frames the browser reports, in its 1/64 px units).
    static let tolerance = 0.75

    /// The demo in `folder` measured at each plan's window size and content offsets.
    static func probe(_ folder: URL, plans: [(Size, [Double])], reducedMotion: Bool = false) throws -> [BrowserProbe.Run] {
        let arguments = plans.map { size, offsets in
            "--run=\(Int(size.width))x\(Int(size.height))=" + offsets.map { String($0) }.joined(separator: ",")
        }
        let probe = try runPython(try repositoryRoot().appendingPathComponent("scripts/browser-probe.py").path,
                                  [folder.appendingPathComponent("demo/index.html").path, "--engines", "react"]
                                    + (reducedMotion ? ["--reduced-motion"] : []) + arguments)
        try #require(probe.status == 0, "browser-probe failed: \(probe.stderr)")
        return try JSONDecoder().decode(BrowserProbe.self, from: probe.stdout).runs
    }

    /// Every scene with every moving strategy: each shape's glue differs (a scroll listener with
    /// an IntersectionObserver, a re-render per scroll, a kept layout searched by bisection).
    @Test(arguments: SceneID.allCases, [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout])
    func demoMatchesTheModelInChromium(scene id: SceneID, strategy: ParallaxStrategy) throws {
        let scene = Scene.make(id)
        let itemCount = min(scene.defaultItemCount, 60)
        let (out, export) = try exportReact(scene: id, strategy: strategy, itemCount: itemCount)
        try #require(export.status == 0, "\(export.stderr)")
        #expect(!export.stderr.contains("not bundled"), "esbuild is installed: the demo is bundled")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("demo/demo.js").path))
        let plans = ExportPageInChromiumTests.sizes.map { size in
            (size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))
        }
        let runs = try Self.probe(out, plans: plans)
        #expect(runs.count == plans.count)
        for run in runs {
            #expect(run.engine == "react", "the demo ran: \(strategy.name)")
            ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance)
        }
    }

    /// Under `prefers-reduced-motion: reduce` every moving strategy moves the images as the model
    /// does at the reduced amount (a fifth), and keeps them centred without one.
    @Test(arguments: [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout])
    func reducedMotionMovesByTheReducedAmount(strategy: ParallaxStrategy) throws {
        let scene = Scene.make(.photos)
        let itemCount = 30
        let size = ExportPageInChromiumTests.sizes[0]
        let plans = [(size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))]
        let (reduced, export) = try exportReact(scene: .photos, strategy: strategy, itemCount: itemCount, extra: ["--reduced-amount", "0.2"])
        try #require(export.status == 0, "\(export.stderr)")
        for run in try Self.probe(reduced, plans: plans, reducedMotion: true) {
            ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance,
                                                         amount: scene.defaultParallaxAmount * 0.2)
        }
        let (still, stillExport) = try exportReact(scene: .photos, strategy: strategy, itemCount: itemCount)
        try #require(stillExport.status == 0, "\(stillExport.stderr)")
        for run in try Self.probe(still, plans: plans, reducedMotion: true) {
            ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance, still: true)
        }
    }

    /// `--strategy off`: the still list, every image centred wherever the list is scrolled.
    @Test(arguments: SceneID.allCases)
    func aStillDemoKeepsEveryImageCentred(scene id: SceneID) throws {
        let scene = Scene.make(id)
        let itemCount = 30
        let (out, export) = try exportReact(scene: id, strategy: .off, itemCount: itemCount)
        try #require(export.status == 0, "\(export.stderr)")
        let size = ExportPageInChromiumTests.sizes[0]
        let offsets = ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size)
        let runs = try Self.probe(out, plans: [(size, offsets)])
        #expect(runs.count == 1)
        for run in runs {
            ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance, still: true)
        }
    }
}

/// Every file of the React export type-checks with Debian's TypeScript, strictly, against
/// Debian's React 18 types: those types are real (a wrong use of a ref is an error).
@Suite(.needsTypeScript) struct ExportReactTypeCheckTests {
    /// tsc with the export's own tsconfig.json, told where Debian installs React's types
    /// (/usr/share/nodejs, which module resolution does not search by itself).
    static func typeCheck(_ folder: URL) throws -> (status: Int32, output: String) {
        let config = """
            { "extends": "./tsconfig.json",
              "compilerOptions": { "baseUrl": "/usr/share/nodejs", "paths": { "*": ["*", "@types/*"] },
                                   "typeRoots": ["/usr/share/nodejs/@types"], "types": [] } }
            """
        try config.write(to: folder.appendingPathComponent("tsconfig.debian.json"), atomically: true, encoding: .utf8)
        let tsc = try runProcess(URL(fileURLWithPath: "/usr/bin/tsc"), ["-p", folder.appendingPathComponent("tsconfig.debian.json").path, "--strict", "--noEmit"])
        return (tsc.status, String(decoding: tsc.stdout, as: UTF8.self) + tsc.stderr)
    }

    @Test(arguments: SceneID.allCases, ParallaxStrategy.allCases)
    func everyFileTypeChecks(scene id: SceneID, strategy: ParallaxStrategy) throws {
        let (out, export) = try exportReact(scene: id, strategy: strategy, itemCount: 6)
        try #require(export.status == 0, "\(export.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files.contains("tunedParallax.ts") && files.contains("ParallaxList.tsx"))
        let checked = try Self.typeCheck(out)
        #expect(checked.status == 0, "tsc: \(checked.output)")
    }

    /// The check has teeth: a strict error in a file beside the export fails it, and React's own
    /// types are read (a ref's `current` may be null).
    @Test func aTypeErrorFailsTheCheck() throws {
        let (out, export) = try exportReact(scene: .photos, strategy: .cachedLayout, itemCount: 6)
        try #require(export.status == 0, "\(export.stderr)")
        try """
            import { useRef } from "react";
            import { TunedParallax } from "./tunedParallax";
            export function useTop(): number {
              const ref = useRef<HTMLDivElement>(null);
              return ref.current.scrollTop + TunedParallax.displacement(0, 0, 10, 10, 0, 0, 100);
            }
            """.write(to: out.appendingPathComponent("wrong.tsx"), atomically: true, encoding: .utf8)
        let checked = try Self.typeCheck(out)
        #expect(checked.status != 0)
        #expect(checked.output.contains("wrong.tsx") && checked.output.contains("possibly 'null'"), "\(checked.output)")
        #expect(checked.output.contains("Expected 8-9 arguments, but got 7"), "\(checked.output)")
    }
}
