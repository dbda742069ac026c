import Foundation
import ParallaxKit
import Testing

/// `export --format react` into `out` (by default a fresh folder): the folder. The tests that
/// check geometry or types, not pixels, pass `smallImages`: at 320x200 the bundled photos are
/// shrunk for both of a page's densities, where 640x400's 2x images are scaled up, which
/// took each export about 1.1 s more CPU.
func exportReact(scene: SceneID, strategy: ParallaxStrategy, itemCount: Int, environment: [String: String]? = nil,
                 extra: [String] = [], into out: URL? = nil, smallImages: Bool = false) throws -> (folder: URL, result: RunResult) {
    let out = try out ?? temporaryFolder().appendingPathComponent("react")
    let result = try run(["export", "--format", "react", "--scene", scene.name, "--strategy", strategy.name, "--items", "\(itemCount)",
                          "--size", smallImages ? ExportPageInChromiumTests.smallImagesSize : "640x400", "--out", out.path] + extra,
                         environment: environment)
    return (out, result)
}

/// The React export's demo in Chromium against the model, as `ExportPageInChromiumTests` checks
/// the web page: the same probe (`scripts/browser-probe.py`), the same hooks, the same comparison.
@Suite(.onThreadsOfTheirOwn, .serialized, .needsChromium, .needsEsbuild) struct ExportReactInChromiumTests {
    /// How far the demo may be from the model, in CSS px (the web page's test allows 0.5: the
    /// scroll-callback shape computes from frames the browser reports, in its 1/64 px units).
    static let tolerance = 0.75

    /// The demo in `folder` as one page of a `BrowserProbe.measure` plan: each size with its offsets.
    static func page(_ folder: URL, plans: [(Size, [Double])], reducedMotion: Bool = false) -> ProbedPage {
        ProbedPage(page: folder.appendingPathComponent("demo/index.html").path, runs: plans.map { BrowserProbe.run($0.0, $0.1) },
                   engines: "react", reduced_motion: reducedMotion)
    }

    /// Every scene with every moving strategy, all in one browser: each shape's glue differs (a
    /// scroll listener with an IntersectionObserver, a re-render per scroll, a kept layout
    /// searched by bisection).
    @Test func everyDemoMatchesTheModelInChromium() throws {
        var demos: [(scene: Scene, strategy: ParallaxStrategy, itemCount: Int, probed: ProbedPage)] = []
        for id in SceneID.allCases {
            for strategy in [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout] {
                let scene = Scene.make(id)
                let itemCount = min(scene.defaultItemCount, 60)
                let (out, export) = try exportReact(scene: id, strategy: strategy, itemCount: itemCount, smallImages: true)
                try #require(export.status == 0, "\(export.stderr)")
                #expect(!export.stderr.contains("not bundled"), "esbuild is installed: the demo is bundled")
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("demo/demo.js").path))
                let plans = ExportPageInChromiumTests.sizes.map { size in
                    (size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))
                }
                demos.append((scene, strategy, itemCount, Self.page(out, plans: plans)))
            }
        }
        for (demo, runs) in zip(demos, try BrowserProbe.measure(demos.map(\.probed))) {
            #expect(runs.count == ExportPageInChromiumTests.sizes.count)
            for run in runs {
                #expect(run.engine == "react", "the demo ran: \(demo.scene.id.name), \(demo.strategy.name)")
                ExportPageInChromiumTests.expectMatchesModel(run, scene: demo.scene, itemCount: demo.itemCount, tolerance: Self.tolerance)
            }
        }
    }

    /// Under `prefers-reduced-motion: reduce` every moving strategy moves the images as the model
    /// does at the reduced amount (a fifth), and keeps them centred without one.
    @Test func reducedMotionMovesByTheReducedAmount() throws {
        let scene = Scene.make(.photos)
        let itemCount = 30
        let size = ExportPageInChromiumTests.sizes[0]
        let plans = [(size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))]
        var pages: [(strategy: ParallaxStrategy, still: Bool, probed: ProbedPage)] = []
        for strategy in [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout] {
            let (reduced, export) = try exportReact(scene: .photos, strategy: strategy, itemCount: itemCount, extra: ["--reduced-amount", "0.2"],
                                                      smallImages: true)
            try #require(export.status == 0, "\(export.stderr)")
            let (still, stillExport) = try exportReact(scene: .photos, strategy: strategy, itemCount: itemCount, smallImages: true)
            try #require(stillExport.status == 0, "\(stillExport.stderr)")
            pages += [(strategy, false, Self.page(reduced, plans: plans, reducedMotion: true)),
                      (strategy, true, Self.page(still, plans: plans, reducedMotion: true))]
        }
        for (page, runs) in zip(pages, try BrowserProbe.measure(pages.map(\.probed))) {
            #expect(!runs.isEmpty, "\(page.strategy.name)")
            for run in runs {
                if page.still {
                    ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance, still: true)
                } else {
                    ExportPageInChromiumTests.expectMatchesModel(run, scene: scene, itemCount: itemCount, tolerance: Self.tolerance,
                                                                 amount: scene.defaultParallaxAmount * 0.2)
                }
            }
        }
    }

    /// `--strategy off`: the still list, every image centred wherever the list is scrolled.
    @Test func aStillDemoKeepsEveryImageCentred() throws {
        let itemCount = 30
        let size = ExportPageInChromiumTests.sizes[0]
        var demos: [(scene: Scene, probed: ProbedPage)] = []
        for id in SceneID.allCases {
            let scene = Scene.make(id)
            let (out, export) = try exportReact(scene: id, strategy: .off, itemCount: itemCount, smallImages: true)
            try #require(export.status == 0, "\(export.stderr)")
            demos.append((scene, Self.page(out, plans: [(size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))])))
        }
        for (demo, runs) in zip(demos, try BrowserProbe.measure(demos.map(\.probed))) {
            #expect(runs.count == 1, "\(demo.scene.id.name)")
            for run in runs {
                ExportPageInChromiumTests.expectMatchesModel(run, scene: demo.scene, itemCount: itemCount, tolerance: Self.tolerance, still: true)
            }
        }
    }
}

/// Every file of the React export type-checks with Debian's TypeScript, strictly, against
/// Debian's React 18 types: those types are real (a wrong use of a ref is an error).
@Suite(.onThreadsOfTheirOwn, .needsTypeScript) struct ExportReactTypeCheckTests {
    /// tsc with the export's own tsconfig.json, told where Debian installs React's types
    /// (/usr/share/nodejs, which module resolution does not search by itself). With
    /// `include`, `folder` holds exports in folders of their own and gets a tsconfig.json
    /// of its own: the first export's options over the files `include` names.
    static func typeCheck(_ folder: URL, include: [String]? = nil, listingFiles: Bool = false) throws -> (status: Int32, output: String) {
        if let include {
            let first = try #require(include.first?.split(separator: "/").first, "a folder to take the options from")
            let list = include.map { "\"\($0)\"" }.joined(separator: ", ")
            try #"{ "extends": "./\#(first)/tsconfig.json", "include": [\#(list)] }"#
                .write(to: folder.appendingPathComponent("tsconfig.json"), atomically: true, encoding: .utf8)
        }
        let config = """
            { "extends": "./tsconfig.json",
              "compilerOptions": { "baseUrl": "/usr/share/nodejs", "paths": { "*": ["*", "@types/*"] },
                                   "typeRoots": ["/usr/share/nodejs/@types"], "types": [] } }
            """
        try config.write(to: folder.appendingPathComponent("tsconfig.debian.json"), atomically: true, encoding: .utf8)
        let tsc = try runProcess(URL(fileURLWithPath: "/usr/bin/tsc"), ["-p", folder.appendingPathComponent("tsconfig.debian.json").path, "--strict", "--noEmit"]
                                                                           + (listingFiles ? ["--listFiles"] : []))
        return (tsc.status, String(decoding: tsc.stdout, as: UTF8.self) + tsc.stderr)
    }

    /// Every scene with every strategy, checked by one tsc over the twenty exports (tsc reads
    /// the DOM's and React's types once, most of a run's 8 s of CPU). One run checks each file
    /// under its own folder's options only because every export writes the same tsconfig.json,
    /// which the test checks; an error names the file, and so the scene and strategy.
    @Test func everyFileOfEveryShapeTypeChecks() throws {
        let root = try temporaryFolder()
        var configs: Set<String> = []
        var include: [String] = []
        var sources: [String] = []
        for id in SceneID.allCases {
            for strategy in ParallaxStrategy.allCases {
                let name = "\(id.name)-\(strategy.name)"
                let (out, export) = try exportReact(scene: id, strategy: strategy, itemCount: 6, into: root.appendingPathComponent(name),
                                                   smallImages: true)
                try #require(export.status == 0, "\(name): \(export.stderr)")
                let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
                #expect(files.contains("tunedParallax.ts") && files.contains("ParallaxList.tsx"), "\(name): \(files)")
                configs.insert(try String(contentsOf: out.appendingPathComponent("tsconfig.json"), encoding: .utf8))
                include += ["\(name)/*.ts", "\(name)/*.tsx", "\(name)/demo/*.tsx"]
                for folder in [out, out.appendingPathComponent("demo")] {
                    sources += try FileManager.default.contentsOfDirectory(atPath: folder.path)
                        .filter { $0.hasSuffix(".ts") || $0.hasSuffix(".tsx") }.map { folder.appendingPathComponent($0).path }
                }
            }
        }
        #expect(configs.count == 1, "every export's tsconfig.json is the same")
        let checked = try Self.typeCheck(root, include: include, listingFiles: true)
        #expect(checked.status == 0, "tsc: \(checked.output)")
        // The check read every file of every export: none was left out of the one run.
        let read = Set(checked.output.split(separator: "\n").map(String.init))
        #expect(sources.count >= 20 * 6)
        for source in sources { #expect(read.contains(source), "tsc read \(source)") }
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
