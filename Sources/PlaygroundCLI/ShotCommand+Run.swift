import ArgumentParser
import FileOutput
import Foundation
import Panes
import ParallaxKit
import PlaygroundCommands
import PlaygroundWindow
import Presentation
import Rendering
import RunHarness
import SDLBackend
import VideoRecording

extension ShotCommand: RunnableCommand {
    func execute() throws {
        // Checked before anything is drawn: a folder, a read-only file or a missing folder is
        // an input error now. A link keeps being a link; a FIFO or a device is written to.
        let file = try OutputFile(path: out, producer: .path)
        let script = try display.script.map(loadScript)
        let folder = try display.model.folder.load()
        let canvas = try OffscreenCanvas.open(display: display, size: try surfaceSize(), folder: folder)
        do {
            let base = display.model.settings(folder: folder)
            let decorations = FrameDecorations(scrollIndicator: script != nil, debugOutlines: debugOutlines, help: helpPanel)
            let panes: [PaneFrame], over: DrawList
            if let script {
                let replay = ReplayPanes(base: base, comparison: comparing.compare, surfaceSize: canvas.viewportSize,
                                         replay: Replay(script: script, framesPerSecond: fps), decorations: decorations,
                                         rendererName: canvas.renderer.name)
                panes = try at.map { try Self.panes(atTime: $0, of: replay) } ?? replay.lastFrame()
                over = replay.group.composeOverPanes(showsStrip: false)
            } else {
                let group = Self.stillPanes(base: base, comparison: comparing.compare, surfaceSize: canvas.viewportSize,
                                            offset: offset, decorations: decorations)
                panes = group.drawnPanes
                over = group.composeOverPanes(showsStrip: false)
            }
            // The same command gives the same pixels: every visible photo and cover at the
            // size its cell needs, however long this machine takes to decode them.
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
        let count = comparing.compare?.values.count ?? 1
        guard let size = PaneLayout.wholePixelSurface(count: count, size: display.size.size) else {
            throw InputError(message: PaneLayout.tooNarrowMessage(count: count))
        }
        return size
    }

    /// Frame `at × fps` (rounded to the nearest) of the replay, drawn as `record` draws its
    /// frames; an input error past the replay's last frame.
    static func panes(atTime at: Double, of replay: ReplayPanes) throws -> [PaneFrame] {
        let framesPerSecond = replay.run.replay.framesPerSecond
        let index: Int = (at * framesPerSecond).clampedInteger()
        let frames = replay.frameCount
        guard index < frames else {
            let last = replay.run.replay.time(ofFrame: frames - 1)
            throw InputError(message: "--at \(at) is past the replay's end: its frames run from 0 to \(String(format: "%.3f", last)) s (\(frames) frames at \(VideoEncoder.rate(framesPerSecond)) fps)")
        }
        var panes: [PaneFrame] = []
        for _ in 0...index { panes = replay.nextFrame() ?? panes }
        return panes
    }

    /// One still frame, every pane scrolled to `offset` (never scrolled by a person, so no
    /// indicator).
    static func stillPanes(base: PlaygroundSettings, comparison: Comparison?, surfaceSize: Size, offset: Double,
                           decorations: FrameDecorations) -> PaneGroup {
        let group = PaneGroup(base: base, comparison: comparison, surfaceSize: surfaceSize, decorations: decorations)
        group.captionsShowCost = false
        for pane in group.panes { pane.playground.scroll(to: offset) }
        group.run(at: 0)
        return group
    }
}
