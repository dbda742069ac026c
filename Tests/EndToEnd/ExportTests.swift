import Foundation
import ParallaxKit
import Testing

/// What `scripts/browser-probe.py` measured in headless Chromium.
struct BrowserProbe: Decodable {
    var browser: String
    var runs: [Run]

    struct Run: Decodable {
        var size: [Double]
        var requested: String
        var engine: String
        var supportsViewTimeline: Bool
        var viewport: [Double]
        var frames: [Frame]
    }

    struct Frame: Decodable {
        var offset: Double
        var scrollTop: Double
        var scrollLeft: Double
        var cells: [Cell]
    }

    struct Cell: Decodable {
        var item: Int
        var rect: [Double]
        var images: Int
        var clip: [Double]
        var image: [Double]?
        var layers: [[Double]]
    }
}

/// One page for `BrowserProbe.measure`, as scripts/browser-probe.py's --plan reads it.
struct ProbedPage: Encodable {
    var page: String
    /// "WIDTHxHEIGHT=OFFSET,OFFSET,…" each (`BrowserProbe.run`).
    var runs: [String]
    var engines = "css,js"
    var reduced_motion = false
    var iframe = false
}

extension BrowserProbe {
    /// One size's run of a plan: the window size and the content offsets to measure at it.
    static func run(_ size: Size, _ offsets: [Double]) -> String {
        "\(Int(size.width))x\(Int(size.height))=" + offsets.map { String($0) }.joined(separator: ",")
    }

    /// Measures `pages` in one browser (starting Chromium and its driver costs about as much
    /// as measuring a page): each page's runs, in the plan's order.
    static func measure(_ pages: [ProbedPage]) throws -> [[Run]] {
        struct Batch: Decodable {
            var pages: [Page]
            struct Page: Decodable { var runs: [Run] }
        }
        let plan = try temporaryFolder().appendingPathComponent("plan.json")
        try JSONEncoder().encode(pages).write(to: plan)
        let probe = try runPython(try repositoryRoot().appendingPathComponent("scripts/browser-probe.py").path, ["--plan", plan.path])
        try #require(probe.status == 0, "browser-probe failed: \(probe.stderr)")
        let batch = try JSONDecoder().decode(Batch.self, from: probe.stdout)
        try #require(batch.pages.count == pages.count, "a measurement for every page")
        return batch.pages.map(\.runs)
    }
}

/// The repository's root: the folder above `.build` that holds the test binary.
func repositoryRoot() throws -> URL {
    var dir = try playgroundBinary().deletingLastPathComponent()
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
        dir = dir.deletingLastPathComponent()
    }
    throw BinaryMissing(path: "Package.swift above the binary")
}

/// Runs Debian's python3 (with python3-selenium) on `script` with `arguments`; standard output.
/// -B: the scripts import scripts/headless_chromium.py, and a test writes no __pycache__ into
/// the checkout.
func runPython(_ script: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-B", script] + arguments)
}

func temporaryFolder() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// The page in Chromium against the model: the proof that the export moves as the app does.
@Suite(.onThreadsOfTheirOwn, .serialized, .needsChromium) struct ExportPageInChromiumTests {
    static let sizes = [Size(width: 1280, height: 800), Size(width: 800, height: 1000)]
    /// The export's `--size` where a test measures geometry, not pixels: the page lays itself
    /// out for the browser's window whatever the size its images were made for, and at
    /// 320x200 the bundled photos are only ever shrunk (at 640x400 the 2x images were scaled
    /// up, about 1.1 s more CPU per export).
    static let smallImagesSize = "320x200"
    /// Offsets measured per size and engine.
    static let offsetCount = 24
    /// How far the page may be from the model, in CSS px.
    static let tolerance = 0.5

    /// The model's content offsets to measure: evenly from the first to the last scroll position.
    static func offsets(scene: Scene, itemCount: Int, viewport: Size) -> [Double] {
        var frames: [Rect] = []
        let content = scene.geometry.computeFrames(itemCount: itemCount, viewportSize: viewport, contentInsets: scene.contentInsets, into: &frames)
        let axis = scene.axis
        let lower = -scene.contentInsets.leading(axis)
        let upper = max(lower, content[axis] + scene.contentInsets.trailing(axis) - viewport[axis])
        return (0..<offsetCount).map { (lower + (upper - lower) * Double($0) / Double(offsetCount - 1)).rounded(.down) }
    }

    /// Every scene's page at both sizes with both engines, in one browser.
    @Test func everyScenesPageMatchesTheModelInChromium() throws {
        var pages: [(scene: Scene, itemCount: Int, probed: ProbedPage)] = []
        for id in SceneID.allCases {
            let scene = Scene.make(id)
            let itemCount = min(scene.defaultItemCount, 120)
            let out = try temporaryFolder().appendingPathComponent("page")
            // Small images: this test measures geometry, not pixels.
            let export = try run(["export", "--scene", id.name, "--items", "\(itemCount)", "--size", Self.smallImagesSize, "--out", out.path])
            try #require(export.status == 0, "\(id.name): \(export.stderr)")
            // The offsets differ per size.
            let runs = Self.sizes.map { BrowserProbe.run($0, Self.offsets(scene: scene, itemCount: itemCount, viewport: $0)) }
            pages.append((scene, itemCount, ProbedPage(page: out.appendingPathComponent("index.html").path, runs: runs)))
        }
        let measured = try BrowserProbe.measure(pages.map(\.probed))
        for (page, runs) in zip(pages, measured) {
            #expect(runs.count == 4, "\(page.scene.id.name): two sizes, two engines")
            for run in runs { Self.expectMatchesModel(run, scene: page.scene, itemCount: page.itemCount) }
        }
    }

    /// A scene with its cells reshaped in the playground (spacing, height, overscan) exports a
    /// page whose cells sit where the model's do and whose images reach the tuned overscan.
    @Test func aReshapedPageMatchesTheModel() throws {
        let reshaped: [(SceneID, [String])] = [(.photos, ["--cell-spacing", "12", "--cell-height", "260", "--image-overscan", "10"]),
                                               (.albums, ["--cell-spacing", "50", "--cell-height", "280"])]
        let itemCount = 40
        var pages: [(scene: Scene, probed: ProbedPage)] = []
        for (id, knobs) in reshaped {
            var layout = CellLayout()
            for k in stride(from: 0, to: knobs.count, by: 2) {
                let knob = try #require(CellLayout.Knob(rawValue: String(knobs[k].dropFirst(2))))
                layout[knob] = try #require(knob.parse(knobs[k + 1]) ?? nil)
            }
            let scene = Scene.make(id, cellLayout: layout)
            let out = try temporaryFolder().appendingPathComponent("page")
            let export = try run(["export", "--scene", id.name, "--items", "\(itemCount)", "--size", Self.smallImagesSize, "--out", out.path] + knobs)
            try #require(export.status == 0, "\(export.stderr)")
            if let overscan = layout.imageOverscan {
                let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
                    + ((try? String(contentsOf: out.appendingPathComponent("parallax.css"), encoding: .utf8)) ?? "")
                #expect(page.contains("top: -\(Int(overscan))px; height: calc(100% + \(Int(2 * overscan))px)"), "the images reach the tuned overscan")
            }
            let size = Self.sizes[0]
            pages.append((scene, ProbedPage(page: out.appendingPathComponent("index.html").path,
                                            runs: [BrowserProbe.run(size, Self.offsets(scene: scene, itemCount: itemCount, viewport: size))],
                                            engines: "css")))
        }
        for (page, runs) in zip(pages, try BrowserProbe.measure(pages.map(\.probed))) {
            #expect(runs.count == 1)
            for run in runs { Self.expectMatchesModel(run, scene: page.scene, itemCount: itemCount) }
        }
    }

    /// The page inside an `<iframe>` on a host page lays out and moves for the frame's size.
    @Test func pageInAnIframeMatchesTheModel() throws {
        let scene = Scene.make(.captions)
        let itemCount = 20
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("page")
        let export = try run(["export", "--scene", "captions", "--items", "\(itemCount)", "--size", Self.smallImagesSize, "--out", out.path])
        try #require(export.status == 0, "\(export.stderr)")
        let size = Size(width: 800, height: 500)
        let plan = "--run=800x500=" + Self.offsets(scene: scene, itemCount: itemCount, viewport: size).map { String($0) }.joined(separator: ",")
        let probe = try runPython(try repositoryRoot().appendingPathComponent("scripts/browser-probe.py").path,
                                  [out.appendingPathComponent("index.html").path, "--iframe", plan])
        try #require(probe.status == 0, "browser-probe failed: \(probe.stderr)")
        let measured = try JSONDecoder().decode(BrowserProbe.self, from: probe.stdout).runs
        #expect(measured.count == 2)
        for run in measured { Self.expectMatchesModel(run, scene: scene, itemCount: itemCount) }
    }

    /// Every visible cell of `run` where the model puts it, its image shifted as the model shifts it
    /// (within `tolerance` CSS px; `still`: a still list's, centred).
    static func expectMatchesModel(_ run: BrowserProbe.Run, scene: Scene, itemCount: Int, tolerance: Double = Self.tolerance,
                                   still: Bool = false, amount: Double? = nil) {
        let id = scene.id
        let amount = amount ?? scene.defaultParallaxAmount
        let viewport = Size(width: run.size[0], height: run.size[1])
        // The CSS run must really be the scroll-driven animations, not the fallback.
        #expect(run.engine == run.requested)
        if run.requested == "css" { #expect(run.supportsViewTimeline) }
        #expect(run.viewport == run.size, "the scrollport is the window")
        var frames: [Rect] = []
        _ = scene.geometry.computeFrames(itemCount: itemCount, viewportSize: viewport, contentInsets: scene.contentInsets, into: &frames)
        let expectedOffsets = Self.offsets(scene: scene, itemCount: itemCount, viewport: viewport)
        #expect(run.frames.count == expectedOffsets.count)
        for (frame, wanted) in zip(run.frames, expectedOffsets) {
            let context = "\(id.name) \(run.engine) \(Int(viewport.width))x\(Int(viewport.height)) offset \(wanted)"
            let insets = scene.contentInsets
            let position = scene.axis == .vertical ? frame.scrollTop - insets.top : frame.scrollLeft - insets.left
            #expect(abs(position - wanted) < 1, "scrolled to \(position), asked \(wanted): \(context)")
            let origin = scene.axis == .vertical ? Point(x: -insets.left, y: position) : Point(x: position, y: -insets.top)
            let bounds = Rect(origin: origin, size: viewport)
            let visible = frames.indices.filter { frames[$0].intersects(bounds) }
            #expect(frame.cells.map(\.item).sorted() == visible, "visible cells: \(context)")
            for cell in frame.cells where cell.item < frames.count {
                let model = frames[cell.item]
                let r = cell.rect
                #expect(abs(r[0] - model.minX) <= tolerance && abs(r[1] - model.minY) <= tolerance
                        && abs(r[2] - model.width) <= tolerance && abs(r[3] - model.height) <= tolerance,
                        "item \(cell.item) at \(r), model \(model): \(context)")
                #expect(cell.images == 1, "one parallax-image per cell: \(context)")
                let shift = still ? Point.zero : scene.mapping.displacement(cellFrame: model, bounds: bounds, contentInsets: insets, amount: amount)
                guard let image = cell.image else { continue }
                let dx = image[0] - cell.clip[0], dy = image[1] - cell.clip[1]
                // An album's back layer also sits raised: its vertical place is checked with the layers.
                let checksY = scene.axis == .vertical
                #expect(abs(dx - shift.x) <= tolerance && (!checksY || abs(dy - shift.y) <= tolerance),
                        "item \(cell.item): image moved (\(dx), \(dy)), model \(shift): \(context)")
                if case .coverStack(let layerCount, let scaleStep, let rise) = scene.cellStyle {
                    let offsets = JensenParallax.layerOffsets(totalOffset: shift.x, layerCount: layerCount)
                    #expect(cell.layers.count == layerCount)
                    for layer in cell.layers {
                        let i = Int(layer[0])
                        let side = model.height, s = side * (1 - scaleStep * Double(i))
                        // SceneRenderer.drawCoverStack: centred, raised rise·i of the side.
                        let wantedY = -side * rise * Double(i) + s / 2 - side / 2
                        #expect(abs(layer[1] - cell.clip[0] - offsets[i]) <= tolerance
                                && abs(layer[2] - cell.clip[1] - wantedY) <= tolerance,
                                "item \(cell.item) layer \(i) at (\(layer[1] - cell.clip[0]), \(layer[2] - cell.clip[1])), model (\(offsets[i]), \(wantedY)): \(context)")
                    }
                }
            }
        }
    }
}

/// `prefers-reduced-motion: reduce` (emulated through CDP) keeps every image centred, or with
/// `--reduced-amount` moves each image as the model does at that fraction of the amount.
@Suite(.onThreadsOfTheirOwn, .needsChromium) struct ExportReducedMotionTests {
    /// Both kinds in one browser: the photos and albums pages exported with `--reduced-amount
    /// 0.2` move at that fraction, and a page exported without it keeps every image centred.
    @Test func aReducedAmountMovesAsTheModelDoesAndNoneKeepsImagesCentred() throws {
        let itemCount = 24
        var reduced: [(scene: Scene, probed: ProbedPage)] = []
        for id in [SceneID.photos, .albums] {
            let scene = Scene.make(id)
            let out = try temporaryFolder().appendingPathComponent("page")
            let export = try run(["export", "--scene", id.name, "--items", "\(itemCount)", "--size", ExportPageInChromiumTests.smallImagesSize,
                                  "--reduced-amount", "0.2", "--out", out.path])
            try #require(export.status == 0, "\(export.stderr)")
            let size = ExportPageInChromiumTests.sizes[0]
            reduced.append((scene, ProbedPage(page: out.appendingPathComponent("index.html").path,
                                              runs: [BrowserProbe.run(size, ExportPageInChromiumTests.offsets(scene: scene, itemCount: itemCount, viewport: size))],
                                              reduced_motion: true)))
        }
        let still = try temporaryFolder().appendingPathComponent("page")
        let export = try run(["export", "--scene", "photos", "--items", "12", "--size", ExportPageInChromiumTests.smallImagesSize, "--out", still.path])
        try #require(export.status == 0, "\(export.stderr)")
        let measured = try BrowserProbe.measure(reduced.map(\.probed)
            + [ProbedPage(page: still.appendingPathComponent("index.html").path, runs: ["1280x800=0,300,900"], reduced_motion: true)])

        for (page, runs) in zip(reduced, measured) {
            #expect(runs.map(\.engine) == ["css", "js"])
            for run in runs {
                ExportPageInChromiumTests.expectMatchesModel(run, scene: page.scene, itemCount: itemCount,
                                                             amount: page.scene.defaultParallaxAmount * 0.2)
            }
        }
        let stillRuns = try #require(measured.last)
        #expect(stillRuns.map(\.engine) == ["css", "js"])
        for run in stillRuns {
            for frame in run.frames {
                #expect(!frame.cells.isEmpty)
                for cell in frame.cells {
                    let image = try #require(cell.image)
                    #expect(abs(image[0] - cell.clip[0]) < 0.01 && abs(image[1] - cell.clip[1]) < 0.01,
                            "\(run.engine) offset \(frame.offset) item \(cell.item): image at \(image), cell centre \(cell.clip)")
                }
            }
        }
    }
}

/// What scrolling the page costs in script, in Chromium (`scripts/browser-scroll-cost.py`):
/// counts, not times, so the test holds on any machine; the README quotes the times.
@Suite(.onThreadsOfTheirOwn, .needsChromium) struct ExportScrollCostTests {
    struct Report: Decodable {
        var results: [Result]
        struct Result: Decodable {
            var engine: String
            var items: Int
            var scrolled: Double
            var scrollCallbacks: Int
            var animationFrames: Int
            var updates: Int
        }
    }

    @Test func cssScrollingRunsNoScriptAndTheFallbackOneUpdatePerFrame() throws {
        let out = try temporaryFolder().appendingPathComponent("page")
        let export = try run(["export", "--scene", "photos", "--items", "1000", "--size", ExportPageInChromiumTests.smallImagesSize, "--out", out.path])
        try #require(export.status == 0, "\(export.stderr)")
        let probe = try runPython(try repositoryRoot().appendingPathComponent("scripts/browser-scroll-cost.py").path,
                                  [out.appendingPathComponent("index.html").path, "--distance", "4000"])
        try #require(probe.status == 0, "browser-scroll-cost failed: \(probe.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: probe.stdout)
        let css = try #require(report.results.first { $0.engine == "css" })
        let js = try #require(report.results.first { $0.engine == "js" })
        #expect(css.items == 1000 && js.items == 1000)
        #expect(css.scrolled == 4000 && js.scrolled == 4000)
        // CSS: the page's script is not called at all while the list scrolls.
        #expect(css.scrollCallbacks == 0 && css.animationFrames == 0 && css.updates == 0)
        // The fallback: scroll events arrive, and each burst asks for one frame at most.
        #expect(js.scrollCallbacks > 0 && js.updates > 0)
        #expect(js.animationFrames <= js.scrollCallbacks && js.updates <= js.animationFrames)
    }
}
