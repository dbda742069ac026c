import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import PlaygroundWindow
import Presentation
import SDLBackend
import VideoRecording

/// `parallax-playground shot`: one frame rendered without a display, saved as PNG.
struct ShotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shot",
        abstract: "Render one frame without a display (software renderer) and save it as PNG.",
        discussion: "The scene is scrolled to --offset, or, with --script, replayed at --fps (60) until the script ends and the list rests; with --at, the replay's frame at that time, as `record` draws it."
    )

    @OptionGroup var display: DisplayOptions

    @Option(parsing: .unconditional, help: "Content offset along the scene's axis, in points (clamped to the content).")
    var offset: Double = 0

    @Option(help: "The PNG file to write (- for standard output).")
    var out: String

    @Option(parsing: .unconditional, help: "Parallax amount in points, 0 to \(Int(Playground.largestParallaxAmount)). Default: the scene's own.")
    var parallax: Double?

    @Option(parsing: .unconditional, help: "With --script: the frame at this time of the replay, in seconds (the frame nearest at * fps), as `record` draws it.")
    var at: Double?

    @Option(parsing: .unconditional, help: "With --script: frames per second of the replay's fixed step, 1 to 1000.")
    var fps: Double = 60

    @Flag(help: "Draw cell and image outlines (the D key).")
    var debugOutlines = false

    @Flag(help: "Draw the help panel (the H key).")
    var helpPanel = false

    @OptionGroup var comparing: CompareOptions

    func validate() throws {
        guard offset.isFinite else { throw ValidationError("--offset must be a number") }
        if let parallax, !(parallax >= 0 && parallax <= Playground.largestParallaxAmount) {
            throw ValidationError("--parallax must be from 0 to \(Int(Playground.largestParallaxAmount)) points")
        }
        try comparing.check(strategy: display.model.strategy, parallax: parallax, scene: display.model.sceneChoice, technique: display.model.technique)
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be from 1 to 1000, got \(fps)") }
        if let at {
            guard display.script != nil else { throw ValidationError("--at picks a time in a replay: give --script too") }
            guard at.isFinite, at >= 0 else { throw ValidationError("--at must be 0 or more seconds, got \(at)") }
        }
    }

    func run() throws {
        // Checked before anything is drawn: a folder, a read-only file or a missing folder is
        // an input error now. A link keeps being a link; a FIFO or a device is written to.
        let file = try OutputFile(path: out, producer: .path)
        let script = try display.script.map(loadScript)
        let folder = try display.model.folder.load()
        let canvas = try OffscreenCanvas.open(display: display, size: try surfaceSize(), folder: folder)
        do {
            let base = display.model.settings(folder: folder, parallaxAmount: parallax)
            let settings = comparing.panes(base: base, surface: canvas.viewportSize)
            // Every pane's replay runs as long as the longest, so they show one moment.
            let longest = comparing.compare == nil ? nil : script.map { script in
                settings.map { ReplayRun(Replay(script: script, framesPerSecond: fps), on: Playground($0.settings, viewportSize: $0.frame.size)).frameCount }.max() ?? 0
            }
            var panes: [PaneFrame] = []
            for setting in settings {
                let playground = Playground(setting.settings, viewportSize: setting.frame.size)
                let decorations = FrameDecorations(scrollIndicator: script != nil, debugOutlines: debugOutlines, help: helpPanel,
                                                   caption: setting.caption)
                let list: DrawList
                if let at, let script {
                    list = try ShotCommand.frame(of: playground, script: script, at: at, framesPerSecond: fps,
                                                 decorations: decorations, rendererName: canvas.renderer.name, replayFrames: longest)
                } else {
                    list = ShotCommand.frame(of: playground, offset: offset, script: script, framesPerSecond: fps, decorations: decorations,
                                             replayFrames: longest)
                }
                panes.append(PaneFrame(playground: playground, drawList: list, frame: setting.frame))
            }
            // The same command gives the same pixels: every visible photo and cover at the
            // size its cell needs, however long this machine takes to decode them.
            var over = DrawList()
            if helpPanel && panes.count > 1 { FrameComposer.drawHelp(overPanesOf: canvas.viewportSize, into: &over) }
            try canvas.render(panes, over: over).savePNG(to: file)
            try file.commit()
            // The PNG itself went to standard output: no name after it.
            if out != "-" { print(out) }
        } catch let error as InputError {
            throw error
        } catch let error as OutputError {
            throw error
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }

    /// The canvas: the window's size, or with `--compare` the panes' whole pixels together
    /// (as `record` makes its frames).
    private func surfaceSize() throws -> Size {
        let size = display.size.size
        guard let count = comparing.compare?.values.count else { return size }
        let paneWidth = (size.width / Double(count)).rounded(.down)
        guard paneWidth >= 1 else { throw InputError(message: "--compare with \(count) panes needs a width of at least \(count)") }
        return Size(width: paneWidth * Double(count), height: size.height)
    }

    /// Frame `at × fps` (rounded to the nearest) of the script's replay, drawn as `record`
    /// draws its frames; an input error past the replay's last frame (of `replayFrames`
    /// frames: compared panes run as long as the longest of them).
    static func frame(of playground: Playground, script: Script, at: Double, framesPerSecond: Double,
                      decorations: FrameDecorations, rendererName: String, replayFrames: Int? = nil) throws -> DrawList {
        let replay = Replay(script: script, framesPerSecond: framesPerSecond)
        let pane = ReplayPane(playground: playground, replay: replay, decorations: decorations, rendererName: rendererName)
        let index: Int = (at * framesPerSecond).clampedInteger()
        let frames = replayFrames ?? pane.run.frameCount
        guard index < frames else {
            let last = replay.time(ofFrame: frames - 1)
            throw InputError(message: "--at \(at) is past the replay's end: its frames run from 0 to \(String(format: "%.3f", last)) s (\(frames) frames at \(VideoEncoder.rate(framesPerSecond)) fps)")
        }
        var list = DrawList()
        for _ in 0...index { list = pane.nextFrame() }
        return list
    }

    /// The draw list of the frame to save: the last frame of the script's replay (with the
    /// scroll indicator as the window, `record` and `shot --at` show it at that moment), or
    /// one still frame scrolled to `offset` (never scrolled, so no indicator). With
    /// `replayFrames`, the replay runs that many frames (compared panes end together).
    static func frame(of playground: Playground, offset: Double, script: Script?, framesPerSecond: Double = 60,
                      decorations: FrameDecorations, replayFrames: Int? = nil) -> DrawList {
        let composer = FrameComposer(decorations: decorations)
        let draw = { (frame: FrameReport, playground: Playground, list: inout DrawList) in
            composer.compose(frame, of: playground, statistics: FrameStatistics(),
                             surface: SurfaceFacts(rendererName: "", vsync: false), into: &list)
        }
        if let script {
            let run = ReplayRun(Replay(script: script, framesPerSecond: framesPerSecond), on: playground)
            run.step.drawer = draw
            if let replayFrames {
                // Past its own end a pane goes on at the fixed step, at rest, as in `record`.
                while run.framesRun < replayFrames {
                    if run.next() == nil { run.step.run(at: run.nextFrameTime) }
                }
            } else {
                run.finish()
            }
            return run.step.drawList
        }
        playground.scroll(to: offset)
        let step = FrameStep(playground)
        step.drawer = draw
        step.run(at: 0)
        return step.drawList
    }
}
