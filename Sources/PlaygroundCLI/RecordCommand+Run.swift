import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import PlaygroundCommands
import PlaygroundWindow
import Presentation
import RunHarness
import SDLBackend
import VideoFormats
import VideoRecording

extension RecordCommand: RunnableCommand {
    func execute() throws {
        let format = try VideoFormat(path: out)
        let budget = budgetOptions.budget(preset: display.model.preset)
        // Frames step at the run's refresh rate when one is given (a display's frames), when
        // the format can play it (a GIF at most 50 fps keeps its own default).
        let framesPerSecond = fps ?? budget.refreshHertz.flatMap { $0 <= format.largestFramesPerSecond ? $0 : nil } ?? format.defaultFramesPerSecond
        guard framesPerSecond <= format.largestFramesPerSecond else {
            throw InputError(message: "--fps \(VideoEncoder.rate(framesPerSecond)): a GIF plays at most \(Int(format.largestFramesPerSecond)) fps (its delays are hundredths of a second); use 50 or less, or .mp4/.webp")
        }
        if crf != nil, format != .mp4 { throw InputError(message: "--crf is for .mp4 only") }
        if quality != nil, format != .webp { throw InputError(message: "--quality is for .webp only") }
        let scriptName = display.script ?? BuiltinScript.fling.name
        let script = try loadScript(scriptName)
        guard !script.events.isEmpty else {
            throw InputError(message: "script '\(scriptName)' has no events: nothing to record")
        }
        let size = try frameSize(format: format)

        let ffmpegPath: String
        do {
            ffmpegPath = try FFmpegProgram.locate(explicit: ffmpeg)
            try FFmpegProgram.require(encoder: format.encoder, of: ffmpegPath)
        } catch let error as EncoderError {
            printError(error.message)
            throw ExitCode(1)
        }
        // Signals are heard from before the temporary file exists until the command ends.
        let interrupts = InterruptWatch()
        let output = try RecordingOutput(path: out, format: format)
        do {
            let frames = try record(script: script, paneSize: size.pane, framesPerSecond: framesPerSecond,
                                    ffmpeg: ffmpegPath, output: output, interrupts: interrupts)
            let bytes = output.bytesWritten
            let files = try output.commit()
            let seconds = Double(frames) / framesPerSecond
            let what = format == .pngSequence ? "\(files) PNG files" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
            FileHandle.standardError.write(Data("recorded \(frames) frames (\(String(format: "%.2f", seconds)) s at \(VideoEncoder.rate(framesPerSecond)) fps, \(size.frame.width)x\(size.frame.height)): \(what)\n".utf8))
            print(out)
        } catch let error as EncoderError {
            output.discard()
            if let signal = interrupts.heard { throw interrupted(by: signal) }
            printError(error.message + "; nothing written")
            throw ExitCode(1)
        } catch {
            output.discard()
            throw error
        }
    }

    /// The video's and each pane's size in pixels, checked against the format's needs.
    private func frameSize(format: VideoFormat) throws -> (frame: PixelSize, pane: Size) {
        let size = display.requestedSize ?? (format == .gif ? Self.gifSize : DisplayOptions.defaultSize)
        let width: Int = size.size.width.clampedInteger(rounding: .towardZero), height: Int = size.size.height.clampedInteger(rounding: .towardZero)
        let count = comparing.compare?.values.count ?? 1
        // Panes of whole pixels side by side: the frame is as wide as they are together.
        guard let surface = PaneLayout.wholePixelSurface(count: count, size: Size(width: Double(width), height: Double(height))) else {
            throw InputError(message: PaneLayout.tooNarrowMessage(count: count))
        }
        let frame = PixelSize(width: surface.width.clampedInteger(), height: height)
        if format.needsEvenSize, frame.width % 2 != 0 || frame.height % 2 != 0 {
            throw InputError(message: "--size \(size): an .mp4 needs an even width and height (H.264's 4:2:0 colour covers 2x2 pixels)")
        }
        return (frame, Size(width: Double(frame.width), height: Double(height)))
    }

    /// Renders and encodes every frame; returns the number of frames.
    private func record(script: Script, paneSize: Size, framesPerSecond: Double, ffmpeg: String,
                        output: RecordingOutput, interrupts: InterruptWatch) throws -> Int {
        let folder = try display.model.folder.load()
        let canvas = try OffscreenCanvas.open(display: display, size: paneSize, folder: folder)
        let replay = ReplayPanes(base: display.model.settings(folder: folder), comparison: comparing.compare,
                                 surfaceSize: canvas.viewportSize, replay: Replay(script: script, framesPerSecond: framesPerSecond),
                                 decorations: FrameDecorations(debugOutlines: debugOutlines, overlay: overlay ? .panel : .hidden),
                                 rendererName: canvas.renderer.name, budget: budgetOptions.budget(preset: display.model.preset))
        // Counted on a model-only twin, before anything is drawn: "frame k of n" from the start.
        let replayFrames = replay.frameCount
        // --duration cuts at a whole frame: the frames whose times fall before it.
        let total = duration.map { min(replayFrames, max(1, ($0 * framesPerSecond).clampedInteger(Int.self, rounding: .up))) } ?? replayFrames
        var settings = VideoQuality()
        settings.crf = crf ?? settings.crf
        settings.webpQuality = quality
        let arguments = output.format.outputArguments(destination: output.encoderDestination, quality: settings)
        var encoder: VideoEncoder?
        var progress = RecordingProgress(total: total, label: "recording \(out)")
        for done in 1...max(total, 1) {
            if let signal = interrupts.heard {
                encoder?.cancel()
                throw interrupted(by: signal)
            }
            guard let drawn = replay.nextFrame() else { break }
            let frame: RGBAImage
            do { frame = try canvas.render(drawn, at: replay.run.lastFrameTime) } catch {
                throw EncoderError(message: "cannot read the frame back: \(error)")
            }
            // Offscreen the panes share one execution; each panel shows its share.
            replay.noteRendered(milliseconds: canvas.lastExecuteMilliseconds)
            if encoder == nil {
                encoder = try VideoEncoder(ffmpeg: ffmpeg, size: frame.size, framesPerSecond: framesPerSecond, output: arguments)
            }
            try encoder?.write(frame)
            progress.show(done: done)
        }
        try encoder?.finish()
        return total
    }

    /// Ends the command after a signal, the recording removed: status 128 + the signal, as a
    /// shell reports a process it killed.
    private func interrupted(by signal: Int32) -> ExitCode {
        printError("interrupted by signal \(signal): the recording was not written")
        return ExitCode(128 + signal)
    }
}
