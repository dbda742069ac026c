import Foundation
import ParallaxKit
import RunHarness
import SDLBackend
import Testing

/// `--compare`: shot, record and the window show two to five panes, each what it would show
/// alone at its size.
@Suite(.onThreadsOfTheirOwn) struct CompareEndToEndTests {
    /// Runs `shot` and loads its PNG.
    private func shot(_ arguments: [String], folder: String, name: String) throws -> RGBAImage {
        let out = folder + "/\(name).png"
        let result = try run(["shot"] + arguments + ["--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.load(path: out)
    }

    /// Pane k of a three-pane shot is, above its caption, the single shot of pane k's
    /// settings at the pane's size, pixel for pixel, on every axis; a replay's last frame and
    /// a frame of it (`--at`) both.
    @Test(arguments: [
        ("strategy=scroll-callback,off,cached-layout", [["--strategy", "scroll-callback"], ["--strategy", "off"], ["--strategy", "cached-layout"]]),
        ("technique=leth,kurutepe,jensen", [["--technique", "leth", "--parallax", "10"], ["--technique", "kurutepe", "--parallax", "30"], ["--technique", "jensen", "--parallax", "30"]]),
        ("parallax=0,12.5,60", [["--parallax", "0"], ["--parallax", "12.5"], ["--parallax", "60"]]),
        ("scene=table,quilt,captions", [["--scene", "table"], ["--scene", "quilt"], ["--scene", "captions"]]),
        ("physics=uikit,android,chromium", [["--physics", "uikit"], ["--physics", "android"], ["--physics", "chromium"]]),
    ])
    func paneKOfAShotIsTheShotOfItsSettings(compare: String, single: [[String]]) throws {
        let folder = try recordingFolder("compare-shot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for timing in [["--script", "fling"], ["--script", "fling", "--at", "0.5"]] {
            let scene = compare.hasPrefix("scene=") ? [] : ["--scene", "photos"]
            let panes = try shot(scene + timing + ["--size", "602x240", "--compare", compare], folder: folder, name: "panes")
            #expect(panes.width == 600 && panes.height == 240, "three panes of 200: \(panes.width)x\(panes.height)")
            let captionTop = 240 - 31
            for (k, settings) in single.enumerated() {
                let alone = try shot((compare.hasPrefix("scene=") ? [] : ["--scene", "photos"]) + settings + timing + ["--size", "200x240"],
                                     folder: folder, name: "alone-\(k)")
                let columns = (200 * k)..<(200 * (k + 1))
                let differing = differingPixels(rows(0..<captionTop, of: panes, columns: columns), rows(0..<captionTop, of: alone))
                #expect(differing == 0, "\(compare) pane \(k) \(timing): \(differing) pixels differ above the caption")
                #expect(differingPixels(rows(captionTop..<240, of: panes, columns: columns), rows(captionTop..<240, of: alone)) > 0,
                        "pane \(k) is captioned")
            }
        }
    }

    /// `motion=full,reduced`: the first pane is the shot with reduce motion off, the second the
    /// shot with it on (a preset's `reduce-motion`) at the reduced amount, and the two differ.
    @Test func aMotionShotsPanesAreFullAndReducedMotion() throws {
        let folder = try recordingFolder("compare-motion")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let preset = folder + "/reduced.json"
        try Data(#"{"reduce-motion": true}"#.utf8).write(to: URL(fileURLWithPath: preset))
        let common = ["--scene", "photos", "--script", "fling", "--at", "0.5", "--reduced-amount", "0.2"]
        let panes = try shot(common + ["--size", "401x240", "--compare", "motion=full,reduced"], folder: folder, name: "panes")
        #expect(panes.width == 400 && panes.height == 240, "two panes of 200: \(panes.width)x\(panes.height)")
        let captionTop = 240 - 31
        var alone: [[UInt8]] = []
        for (k, settings) in [[], ["--preset", preset]].enumerated() {
            let single = try shot(common + settings + ["--size", "200x240"], folder: folder, name: "alone-\(k)")
            let columns = (200 * k)..<(200 * (k + 1))
            alone.append(rows(0..<captionTop, of: single))
            let differing = differingPixels(rows(0..<captionTop, of: panes, columns: columns), alone[k])
            #expect(differing == 0, "motion pane \(k): \(differing) pixels differ above the caption")
        }
        #expect(differingPixels(alone[0], alone[1]) > 0, "full and reduced motion look alike at this frame")
    }

    /// How many RGBA pixels differ between two equally long runs of bytes (all, if the
    /// lengths differ): a count, not two arrays, in a failure's message.
    private func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        return stride(from: 0, to: a.count, by: 4).count { a[$0..<($0 + 4)] != b[$0..<($0 + 4)] }
    }

    @Test func badComparisonsAreRefusedBeforeAnythingIsDrawn() throws {
        let folder = try recordingFolder("compare-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [([String], String)] = [
            (["--compare", "strategy=off,cached-layout", "--strategy", "off"], "give one"),
            (["--compare", "technique=begemann,patel", "--technique", "leth"], "give one"),
            (["--compare", "scene=table,quilt", "--scene", "table"], "drop --scene"),
            (["--compare", "technique=begemann,nobody"], "technique takes one of begemann, leth, patel, kurutepe or jensen, got 'nobody'"),
            (["--technique", "nobody"], "--technique takes one of begemann, leth, patel, kurutepe or jensen, got 'nobody'"),
            (["--compare", "parallax=1,2,3,4,5,6"], "needs 2 to 5 values"),
            (["--compare", "parallax=1,2,3", "--size", "2x10"], "width of at least 3"),
        ]
        for (arguments, says) in cases {
            let result = try run(["shot", "--out", folder + "/x.png"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
        }
        #expect(contents(of: folder).isEmpty)
    }

    /// `record --compare` with three panes: frame k is the three-pane `shot --at`.
    @Test(.needsFFmpeg) func aThreePaneRecordingIsTheThreePaneShot() throws {
        let folder = try recordingFolder("compare-record")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compare = ["--compare", "technique=begemann,patel,kurutepe"]
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--size", "300x120", "--fps", "10",
                              "--duration", "1", "--out", folder + "/f%d.png"] + compare)
        #expect(result.status == 0, "\(result.stderr)")
        for k in [2, 7] {
            let frame = try RGBAImage.load(path: folder + "/f\(k).png")
            let still = try shot(["--scene", "photos", "--script", "fling", "--fps", "10", "--at", String(Double(k) / 10), "--size", "300x120"] + compare,
                                 folder: folder, name: "at-\(k)")
            #expect(frame.width == 300 && frame.height == still.height, "frame \(k): \(frame.width)x\(frame.height)")
            let differing = differingPixels(frame.bytes, still.bytes)
            #expect(differing == 0, "frame \(k): \(differing) pixels differ from shot --at")
        }
    }

    /// Three panes in a real window: a drag in the third pane moves all three alike, a click
    /// on a caption changes that pane, and the stats name each pane.
    @Test(.timeLimit(.minutes(2)), .needsXvfb)
    func aDragInOnePaneOfAThreePaneWindowMovesAllThree() throws {
        let x = try XvfbServer()
        defer { x.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let statsPath = dir.appendingPathComponent("stats.json").path
        let windowed = try WindowedApp(["--no-settings", "--size", "1280x800", "--exit-after", "60", "--stats-json", statsPath,
                                        "--compare", "strategy=scroll-callback,layout-invalidation,cached-layout"], on: x, folder: dir)
        defer { windowed.stop() }
        let app = windowed.process, window = windowed.window
        let appSaid = { windowed.said }
        try #require(!window.isEmpty, "the window never appeared; the app said: \(appSaid())")
        pause(1.5)
        func screenshot(_ name: String) throws -> RGBAImage {
            let path = dir.appendingPathComponent("\(name).png").path
            try runTool("import", ["-window", "root", path], display: x.display)
            return try RGBAImage.load(path: path)
        }
        let before = try screenshot("before")
        // A drag up in the third pane (x 852…1278), slow enough for every move to be a frame.
        try runTool("xdotool", [
            "mousemove", "1000", "700", "mousedown", "1", "sleep", "0.05",
            "mousemove", "1000", "620", "sleep", "0.04", "mousemove", "1000", "520", "sleep", "0.04",
            "mousemove", "1000", "420", "sleep", "0.04", "mousemove", "1000", "320", "mouseup", "1",
        ], display: x.display)
        // Every pane moved and came to rest (waited for, up to 15 s on a busy machine).
        let everyPane = (x: 0..<1280, y: 60..<700)
        let after = try restingPicture(within: 15, in: everyPane) {
            try picture(within: 15, { try screenshot("after") }, until: { shot in
                (0..<3).allSatisfy { k in changedShare(before, shot, in: (x: (426 * k + 20)..<(426 * k + 400), y: 60..<700)) > 0.2 } })
        }
        // Each pane's photos moved (the first pane's too, though the drag was in the third).
        for k in 0..<3 {
            let pane = (x: (426 * k + 20)..<(426 * k + 400), y: 60..<700)
            #expect(changedShare(before, after, in: pane) > 0.2, "pane \(k) moved")
        }
        // A click on the second pane's caption: it shows the next strategy no other pane shows
        // (cached layout is the third pane's: off). Q waits for a frame that shows the new
        // caption: the changed pane has run a frame since the click. (The caption's first
        // letters, 12 points into the band FrameComposer draws 31 points tall at the pane's
        // bottom: "lay" becomes "off"; the live cost after the name is left out.)
        let secondCaption = (x: 436..<472, y: 772..<798)
        try runTool("xdotool", ["mousemove", "640", "790", "click", "1"], display: x.display)
        let clicked = try picture(within: 15, { try screenshot("clicked") }, until: { changedShare(after, $0, in: secondCaption) > 0.05 })
        try #require(changedShare(after, clicked, in: secondCaption) > 0.05, "the second pane's caption never changed")
        try runTool("xdotool", ["key", "q"], display: x.display)
        windowed.waitForExit()
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "exited cleanly; the app said: \(appSaid())")

        let stats = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
        let panes = try #require(stats.panes)
        #expect(panes.map(\.strategy) == ["scroll-callback", "off", "cached-layout"])
        #expect(panes.map(\.value) == ["scroll-callback", "off", "cached-layout"])
        let offsets = panes.map(\.final_offset_y)
        #expect(offsets[0] > 100, "the drag moved the list: \(offsets)")
        #expect(Set(offsets).count == 1, "one input, one offset: \(offsets)")
        // Each pane counts the frames it ran (a clicked caption's pane since the click; the
        // window draws only a few frames a second once nothing moves, see FramePacing).
        #expect(panes.allSatisfy { $0.frames > 0 }, "\(panes.map(\.frames))")
        #expect(panes[0].cells_updated > 0 && panes[2].attributes_computed > 0, "each pane counts its own strategy's work")
        #expect(stats.final_offset_y == offsets[0])
    }
}
