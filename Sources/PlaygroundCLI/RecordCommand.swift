import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import PlaygroundWindow
import Presentation
import SDLBackend
import VideoRecording

/// `parallax-playground record`: a script's replay rendered offscreen at the fixed step, every
/// frame piped to ffmpeg as raw RGBA and encoded to MP4, WebP, GIF or numbered PNGs.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a script's replay to .mp4, .webp, .gif or numbered .png frames (needs ffmpeg).",
        discussion: """
            Frames are rendered without a display (software renderer) at a fixed step of 1/fps seconds, so none \
            is dropped: frame k equals `shot --script S --fps F --at k/F`. The extension of --out picks the format: \
            \(VideoFormat.extensions). The file appears only when complete.
            """
    )

    @OptionGroup var display: DisplayOptions

    @Option(help: "The file to write: \(VideoFormat.extensions).")
    var out: String

    @Option(parsing: .unconditional, help: "Frames per second, 1 to 1000 (GIF: at most 50). Default: 60 (GIF: 25, every frame 4/100 s).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "MP4 only: x264's constant rate factor, 0 (lossless) to 51 (worst). Default: \(VideoQuality().crf).")
    var crf: Int?

    @Option(parsing: .unconditional, help: "WebP only: lossy quality 0 to 100. Default: lossless.")
    var quality: Double?

    @OptionGroup var parallaxAmount: ParallaxAmountOption
    var parallax: Double? { parallaxAmount.amount }

    @Option(parsing: .unconditional, help: "Stop after this many seconds of the replay (more than 0, at most \(Int(RecordCommand.longestDuration))). Default: until the script ends and the list rests.")
    var duration: Double?

    /// A GIF's size when `--size` is not given: half the window's each way. A blog's column is
    /// 600 to 700 px wide, and a GIF's bytes grow with its area: the fling's first 4 s measured
    /// 3.0 MB at 640x400 against 9.0 MB at 1280x800 (one palette for the clip, 30 fps), and
    /// 3.4 MB at 640x400 with today's palette per frame at 25 fps (MB of 2^20 bytes).
    static let gifSize = ViewportSize(width: 640, height: 400)

    /// Ten minutes: longer than any script may run (ScriptLimits) plus its settling.
    static let longestDuration = 600.0

    @OptionGroup var comparing: CompareOptions

    @Flag(help: "Draw the cost panel (the F key's overlay) with this run's measured times, in each pane.")
    var overlay = false

    @Flag(help: "Draw cell and image outlines (the D key).")
    var debugOutlines = false

    @Option(help: "The ffmpeg program. Default: $\(FFmpegProgram.environmentVariable), else ffmpeg on PATH.")
    var ffmpeg: String?

    static let crfRange = 0...51
    static let qualityRange = 0.0...100.0

    func validate() throws {
        if let fps, !Replay.framesPerSecondRange.contains(fps) { throw ValidationError(Replay.framesPerSecondMessage(got: fps)) }
        if let crf, !Self.crfRange.contains(crf) { throw ValidationError("--crf must be from 0 to 51, got \(crf)") }
        if let quality, !(quality.isFinite && Self.qualityRange.contains(quality)) {
            throw ValidationError("--quality must be from 0 to 100, got \(quality)")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= Self.longestDuration) {
            throw ValidationError("--duration must be more than 0 and at most \(Int(Self.longestDuration)) seconds, got \(duration)")
        }
        try comparing.check(strategy: display.model.strategy, parallax: parallax, scene: display.model.sceneChoice, technique: display.model.technique)
    }

    func run() throws {
        let format = try VideoFormat(path: out)
        let framesPerSecond = fps ?? format.defaultFramesPerSecond
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
        let replay = ReplayPanes(base: display.model.settings(folder: folder, parallaxAmount: parallax), comparison: comparing.compare,
                                 surfaceSize: canvas.viewportSize, replay: Replay(script: script, framesPerSecond: framesPerSecond),
                                 decorations: FrameDecorations(debugOutlines: debugOutlines, overlay: overlay ? .panel : .hidden),
                                 rendererName: canvas.renderer.name)
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
            do { frame = try canvas.render(drawn, at: Double(done - 1) / framesPerSecond) } catch {
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
