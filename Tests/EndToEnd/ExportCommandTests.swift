import Foundation
import ParallaxKit
import SpawnIsolation
import Testing

/// `export`'s folder handling and input checks, and the Swift source it writes.
@Suite(.onThreadsOfTheirOwn) struct ExportCommandTests {
    /// The hidden temporary folders `OutputFolder` leaves beside `out` if it leaves any.
    func leftovers(beside out: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path).filter { $0.contains(".partial-") }
    }

    @Test func refusesANonEmptyFolderUnlessForced() throws {
        let out = try temporaryFolder().appendingPathComponent("page")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "mine".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let refused = try run(["export", "--out", out.path, "--items", "3"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not empty") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])

        let forced = try run(["export", "--out", out.path, "--items", "3", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(written == ["index.html", "parallax.css", "parallax.js", "images"])
        #expect(try leftovers(beside: out).isEmpty)
    }

    @Test func theUIKitExportCarriesTheDecelerationAndSaysWhatItCannot() throws {
        let out = try temporaryFolder().appendingPathComponent("physics")
        let result = try run(["export", "--format", "uikit", "--physics", "chromium", "--deceleration-rate", "0.995", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let glue = try String(contentsOf: out.appendingPathComponent("ParallaxUIKit.swift"), encoding: .utf8)
        #expect(glue.contains("scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: 0.995)"))
        #expect(glue.contains("The playground ran the physics of Chromium's FlingCurve (ChromeOS; Chrome with ExperimentalFlingAnimation off), from chromium ui/events/gestures/fling_curve.cc")
            && glue.contains("takes no other engine"), "\(glue)")
        let plain = try temporaryFolder().appendingPathComponent("plain")
        #expect(try run(["export", "--format", "uikit", "--out", plain.path]).status == 0)
        let plainGlue = try String(contentsOf: plain.appendingPathComponent("ParallaxUIKit.swift"), encoding: .utf8)
        #expect(plainGlue.contains("scrollView.decelerationRate = .normal") && !plainGlue.contains("The playground ran"))
        // A web page says plainly that the browser scrolls it.
        let page = try temporaryFolder().appendingPathComponent("page")
        let web = try run(["export", "--physics", "android", "--scene", "table", "--items", "4",
                           "--size", ExportPageInChromiumTests.smallImagesSize, "--out", page.path])
        #expect(web.status == 0 && web.stderr.contains("browser's own physics"), "\(web.stderr)")
    }

    @Test func writesIntoAnEmptyFolder() throws {
        let out = try temporaryFolder().appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Small images: the table's rows at the default 1280x800 scale the bundled photos up
        // to 2560 px for the 2x files, 7 s of CPU for a count of files.
        let result = try run(["export", "--out", out.path, "--scene", "table", "--items", "4", "--size", ExportPageInChromiumTests.smallImagesSize])
        #expect(result.status == 0, "\(result.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("images").path)
        // Each bundled photo at 1x and 2x.
        #expect(images.filter { $0.hasSuffix("@2x.jpg") }.count == PhotoSet.bundled.count)
        #expect(images.count == 2 * PhotoSet.bundled.count)
    }

    @Test(arguments: [
        (["--parallax", "-1"], "--parallax"),
        (["--parallax", "nan"], "--parallax"),
        (["--items", "20000"], "--items"),
        (["--items", "-2"], "--items"),
        (["--format", "pdf"], "--format"),
        (["--size", "0x10"], "--size"),
    ])
    func rejectsBadNumbers(arguments: [String], named option: String) throws {
        let out = try temporaryFolder().appendingPathComponent("page")
        let result = try run(["export", "--out", out.path] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(option), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try leftovers(beside: out).isEmpty)
    }

    /// `export --help`'s `--items` gives the web page's limit (10,000, which the command
    /// enforces: see rejectsBadNumbers) beside the lists' 1,000,000 (Swift source takes those);
    /// the other commands' `--items` says only the lists' limit.
    @Test func theHelpOfItemsStatesTheWebPagesLimit() throws {
        /// The `--items` entry of a command's help: its first line and the indented ones after it.
        func itemsHelp(_ command: String) throws -> String {
            let help = try run([command, "--help"])
            #expect(help.status == 0, "\(help.stderr)")
            let lines = help.stdout.split(separator: "\n")
            let start = try #require(lines.firstIndex { $0.hasPrefix("  --items ") }, "\(command) --help: \(help.stdout)")
            let rest = lines[(start + 1)...].prefix { $0.hasPrefix("      ") }
            return ([lines[start]] + rest).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        let export = try itemsHelp("export")
        #expect(export.contains("10,000 for a web page"), "\(export)")
        #expect(export.contains("0 to 1,000,000"), "\(export)")
        let shot = try itemsHelp("shot")
        #expect(shot.contains("0 to 1,000,000") && !shot.contains("10,000"), "\(shot)")
    }

    @Test func aMissingParentFolderIsAnInputError() throws {
        let out = try temporaryFolder().appendingPathComponent("no/such/page")
        let result = try run(["export", "--out", out.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
    }

    @Test func anImageThatCannotBeMadeLeavesNothing() throws {
        let resources = try temporaryFolder()
        for folder in ["photos", "covers"] {
            try FileManager.default.createDirectory(at: resources.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("not a PNG".utf8).write(to: resources.appendingPathComponent("\(folder)/broken.png"))
        }
        let out = try temporaryFolder().appendingPathComponent("page")
        let result = try run(["export", "--out", out.path, "--resources", resources.path, "--items", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.png"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try leftovers(beside: out).isEmpty)
    }

    /// A `--photos` folder's unreadable file keeps its place as a "can't show" tile, as in the
    /// window; the readable photos are exported.
    @Test func anUnreadablePhotoInAFolderBecomesACantShowTile() throws {
        let photos = try temporaryFolder()
        let root = try repositoryRoot()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Resources/photos/photo-00.png"), to: photos.appendingPathComponent("a.png"))
        try Data("not a JPEG".utf8).write(to: photos.appendingPathComponent("b.jpg"))
        let out = try temporaryFolder().appendingPathComponent("page")
        let result = try run(["export", "--photos", photos.path, "--out", out.path, "--resources", root.appendingPathComponent("Resources").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("b.jpg"), "\(result.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("images").path).sorted()
        #expect(images == ["photo-00.jpg", "photo-00@2x.jpg"])
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("can't show b.jpg"))
    }

    /// SIGTERM while the images are being made: the partial folder is removed, the
    /// destination never appears, and the status says the signal ended it.
    @Test func aSignalMidwayLeavesNothing() throws {
        let out = try temporaryFolder().appendingPathComponent("page")
        // Large images so that the export is still running when the signal comes.
        let process = Isolated.process(try playgroundBinary(), ["export", "--out", out.path, "--size", "8000x6000", "--items", "12"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the first image inside the partial folder (polling, no time limit asserted).
        var started = false
        while process.isRunning && !started {
            started = try leftovers(beside: out).contains { name in
                let images = out.deletingLastPathComponent().appendingPathComponent(name).appendingPathComponent("images").path
                return !((try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []).isEmpty
            }
            if !started { usleep(5_000) }
        }
        try #require(started, "the export finished before it could be interrupted")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try leftovers(beside: out).isEmpty)
    }
}

/// `--format uikit | swiftui`: the mapping compiled on Linux and checked against `trace`; the
/// glue parsed only (UIKit and SwiftUI do not exist here).
@Suite(.onThreadsOfTheirOwn) struct ExportSwiftSourceTests {
    static let checker = """
        import Foundation
        // Reads a trace CSV (TraceWriter.header) and checks every row's parallax against
        // TunedParallax; prints "rows maxError" and exits 1 on any row off by more than 1e-9.
        let (width, height) = (Double(CommandLine.arguments[2])!, Double(CommandLine.arguments[3])!)
        let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
        var rows = 0, worst = 0.0
        for line in text.split(separator: "\\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            let n = { (i: Int) in Double(f[i])! }
            let d = TunedParallax.displacement(cellMinX: n(6), cellMinY: n(7), cellWidth: n(8), cellHeight: n(9),
                                               boundsMinX: n(2), boundsMinY: n(3), boundsWidth: width, boundsHeight: height,
                                               amount: TunedParallax.amount(reduceMotion: REDUCE_MOTION))
            let traced = TunedParallax.isVertical ? n(11) : n(10)
            worst = max(worst, abs(d - traced))
            rows += 1
        }
        print(rows, worst)
        exit(worst <= 1e-9 && rows > 0 ? 0 : 1)
        """

    func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: SceneID.allCases)
    func mappingMatchesTheTrace(scene: SceneID) throws {
        let dir = try temporaryFolder()
        let out = dir.appendingPathComponent("uikit")
        // The scene's own amount, as the trace uses: the function's default is the exported number.
        let export = try run(["export", "--scene", scene.name, "--format", "uikit", "--out", out.path])
        try #require(export.status == 0, "\(export.stderr)")
        let trace = dir.appendingPathComponent("trace.csv").path
        let traced = try run(["trace", "--scene", scene.name, "--script", "fling", "--out", trace])
        try #require(traced.status == 0, "\(traced.stderr)")
        try checkMapping(in: out, against: trace, reduceMotion: false, scene: scene, dir: dir)

        // A tuned amount is the one written.
        let tuned = dir.appendingPathComponent("tuned")
        try #require(try run(["export", "--scene", scene.name, "--format", "swiftui", "--parallax", "23", "--out", tuned.path]).status == 0)
        let source = try String(contentsOf: tuned.appendingPathComponent("TunedParallax.swift"), encoding: .utf8)
        #expect(source.contains("public static let amount = 23.0"))
    }

    /// Under reduce motion the exported amount is the reduced one, to the last bit of the
    /// playground's own: a fifth of each scene's amount against `trace` with reduce motion on.
    @Test(arguments: SceneID.allCases)
    func reducedMappingMatchesTheReducedTrace(scene: SceneID) throws {
        let dir = try temporaryFolder()
        let out = dir.appendingPathComponent("uikit")
        let export = try run(["export", "--scene", scene.name, "--format", "uikit", "--reduced-amount", "0.2", "--out", out.path])
        try #require(export.status == 0, "\(export.stderr)")
        let preset = dir.appendingPathComponent("reduced.json")
        try Data(#"{"reduce-motion": true, "reduced-amount": 0.2}"#.utf8).write(to: preset)
        let trace = dir.appendingPathComponent("trace.csv").path
        let traced = try run(["trace", "--scene", scene.name, "--script", "fling", "--preset", preset.path, "--out", trace])
        try #require(traced.status == 0, "\(traced.stderr)")
        // The trace really moved (a fifth of the amount, not none).
        let column = Scene.make(scene).axis == .vertical ? 11 : 10
        let shifts = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst()
            .compactMap { Double($0.split(separator: ",").map(String.init)[column]) }
        #expect(shifts.contains { abs($0) > 0.5 }, "\(scene.name): the reduced trace never moved")
        try checkMapping(in: out, against: trace, reduceMotion: true, scene: scene, dir: dir)
    }

    /// Compiles the export's `TunedParallax.swift` in `out` with the checker and runs it on
    /// `trace`, at the amount the viewer's setting gives (`reduceMotion`).
    func checkMapping(in out: URL, against trace: String, reduceMotion: Bool, scene: SceneID, dir: URL) throws {
        let main = dir.appendingPathComponent("main.swift")
        try Self.checker.replacingOccurrences(of: "REDUCE_MOTION", with: "\(reduceMotion)").write(to: main, atomically: true, encoding: .utf8)
        let binary = dir.appendingPathComponent("check").path
        let built = try swiftc([out.appendingPathComponent("TunedParallax.swift").path, main.path, "-o", binary])
        try #require(built.status == 0, "\(built.output)")
        let checked = try runTool(binary, [trace, "1280", "800"])
        #expect(checked.status == 0, "\(scene.name): \(checked.output)")
    }

    @Test(arguments: [("uikit", "ParallaxUIKit.swift"), ("swiftui", "ParallaxSwiftUI.swift")])
    func glueParses(format: String, file: String) throws {
        for scene in SceneID.allCases {
            let out = try temporaryFolder().appendingPathComponent(format)
            let export = try run(["export", "--scene", scene.name, "--format", format, "--out", out.path])
            try #require(export.status == 0, "\(export.stderr)")
            let parsed = try swiftc(["-parse", out.appendingPathComponent(file).path, out.appendingPathComponent("TunedParallax.swift").path])
            #expect(parsed.status == 0, "\(scene.name) \(format): \(parsed.output)")
            let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(readme.contains("swiftc -parse"))
        }
    }

    func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Isolated.process(URL(fileURLWithPath: path), arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
