import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// What a new user reads in the first hour: the command line's help, the window's title, the
/// cost panel over busy photos.
@Suite(.onThreadsOfTheirOwn) struct FirstHourHelpTests {
    static let commands = ["window", "shot", "record", "trace", "bench", "monkey", "export"]

    /// Each option states its default once (ArgumentParser adds "(default: …)" to options
    /// with a printable default, so the text must not say it too), and every size option
    /// states one.
    @Test(arguments: FirstHourHelpTests.commands)
    func defaultsAreStatedOnceAndSizesStateTheirs(command: String) throws {
        let help = try run([command, "--help"])
        #expect(help.status == 0)
        // ArgumentParser wraps lines: join them so an option's text reads as one.
        let text = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for match in text.matches(of: /default: ([0-9A-Za-z.x]+)\)\. \(default: ([0-9A-Za-z.x]+)\)/) {
            Issue.record("\(command) --help states a default twice: \(match.output.0)")
        }
        for option in ["--size <size>", "--viewport <viewport>"] where help.stdout.contains(option) {
            // The last mention is the option's own entry (the first may be the usage line's).
            let after = try #require(text.ranges(of: option).last).upperBound
            let rest = text[after...]
            let optionText = rest[..<(rest.range(of: " --")?.lowerBound ?? rest.endIndex)]
            #expect(optionText.contains("default: 1280x800"), "\(command) \(option) states its default: \(optionText)")
        }
        #expect(help.stdout.firstMatch(of: /[Ii]ssues? #?\d/) == nil, "\(command) --help names an issue")
    }

    /// `help help` is a command's help like any other; only a name that is no command fails.
    @Test func helpForHelpIsNotATypo() throws {
        let result = try run(["help", "help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: parallax-playground help"))
        #expect(try run(["help", "helpp"]).status == 2)
    }
}

/// The fps panel over the quilt's photos: nothing behind it shows through.
@Suite(.onThreadsOfTheirOwn) struct FirstHourPanelTests {
    /// `record --overlay` draws the window's panel; its right margin (between the values'
    /// right edge and the panel's) has no text, so every pixel there is the panel's colour
    /// whatever photo lies behind. Translucent, the photos' edges drew lines through it.
    @Test(.needsFFmpeg) func thePanelHidesThePhotosBehindIt() throws {
        let folder = try recordingFolder("panel")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try run(["record", "--scene", "quilt", "--overlay", "--script", "fling", "--duration", "0.1",
                              "--size", "1280x800", "--out", folder + "/frame%05d.png"])
        try #require(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.load(path: folder + "/frame00005.png")
        // The panel: 360 wide, 12 from the top-right corner; its values end 12 inside it.
        let panelMaxX = 1280 - 12
        let margin = (panelMaxX - 10)..<(panelMaxX - 2)
        // Its rows below the graph reach y = 300 at least (the graph alone ends at 124).
        let rows = 16..<300
        // Just right of the panel: the quilt's photos, not a flat colour (else this proves nothing).
        let behind = Set(rows.map { frame[1275, $0] })
        #expect(behind.count > 20, "photos lie beside the panel: \(behind.count) colours")
        let panel = frame[margin.lowerBound, rows.lowerBound]
        var through: [(Int, Int)] = []
        for y in rows { for x in margin where frame[x, y] != panel { through.append((x, y)) } }
        let seen = through.count, first = through.prefix(3).map { "(\($0.0), \($0.1))" }.joined(separator: " ")
        #expect(seen == 0, "the scene shows through the panel at \(first)…")
        #expect(Int(panel.r) + Int(panel.g) + Int(panel.b) < 60, "the panel is dark: \(panel)")
    }
}

/// The help over compared panes: drawn once across them, not cut to each pane's width.
@Suite(.onThreadsOfTheirOwn) struct FirstHourCompareHelpTests {
    @Test func theHelpSpansComparedPanes() throws {
        let folder = try recordingFolder("compare-help")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/help.png"
        let result = try run(["shot", "--compare", "strategy=scroll-callback,layout-invalidation,cached-layout,off",
                              "--help-panel", "--size", "1280x800", "--out", out])
        try #require(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.load(path: out)
        // Four panes of 320: the help, 700 wide and centred, crosses the boundaries at 320,
        // 640 and 960. Some row of it is the help's flat colour from x = 300 to 980; drawn
        // per pane, each pane's 296-point help left the scene showing between them.
        let span = 300..<980
        let panelRow = (0..<frame.height).first { y in
            let c = frame[span.lowerBound, y]
            return Int(c.r) + Int(c.g) + Int(c.b) < 60 && span.allSatisfy { frame[$0, y] == c }
        }
        #expect(panelRow != nil, "no row of one help panel spans the panes")
    }
}

/// The window's title, as a window manager shows it.
@Suite(.onThreadsOfTheirOwn, .needsXvfb) struct FirstHourWindowTests {
    /// The title names the scene and the strategy, then what compared panes compare; it
    /// changes with Tab and with each C (the technique and the amount comparisons both have
    /// five panes). Read as window managers read it: _NET_WM_NAME, which SDL 2.26 left at
    /// its first value for titles beyond ASCII.
    @Test(.timeLimit(.minutes(2)))
    func theTitleNamesTheSceneAndWhatIsCompared() throws {
        let x = try XvfbServer()
        defer { x.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-title-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let windowed = try WindowedApp(["--no-settings", "--scene", "photos", "--strategy", "layout-invalidation", "--size", "1280x800",
                                        "--exit-after", "90"], on: x, folder: folder)
        defer { windowed.stop() }
        let app = windowed.process, window = windowed.window
        try #require(!window.isEmpty, "the window never appeared; the app said: \(windowed.said)")

        /// The title once it has become `expected` (or what it is after a few seconds).
        func title(becoming expected: String) throws -> String {
            var said = ""
            let until = Date().addingTimeInterval(8)
            repeat {
                let line = try runTool("xprop", ["-id", window, "_NET_WM_NAME"], display: x.display)
                said = line.firstMatch(of: /= "(.*)"/).map { String($0.output.1) } ?? line
                if said == expected { break }
                pause(0.1)
            } while Date() < until
            return said
        }
        #expect(try title(becoming: "Parallax Playground - Photos - layout invalidation") == "Parallax Playground - Photos - layout invalidation")
        let steps: [(key: String, title: String)] = [
            ("Tab", "Parallax Playground - Captions - layout invalidation"),
            ("c", "Parallax Playground - Captions - comparing 4 strategies"),
            ("c", "Parallax Playground - Photos - comparing 5 techniques"),
            ("c", "Parallax Playground - Photos - comparing 5 amounts"),
        ]
        for step in steps {
            try runTool("xdotool", ["key", step.key], display: x.display)
            #expect(try title(becoming: step.title) == step.title, "after \(step.key)")
        }
        try runTool("xdotool", ["key", "q"], display: x.display)
        let exitDeadline = Date().addingTimeInterval(15)
        while app.isRunning && Date() < exitDeadline { pause(0.1) }
        #expect(!app.isRunning, "Q quits")
    }
}
