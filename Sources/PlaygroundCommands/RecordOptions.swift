import ArgumentParser
import ParallaxKit
import RunHarness
import VideoFormats

/// `parallax-playground record`: a script's replay rendered offscreen at the fixed step, every
/// frame piped to ffmpeg as raw RGBA and encoded to MP4, WebP, GIF or numbered PNGs.
package struct RecordCommand: ParsableCommand, DrawsAWindow {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a script's replay to .mp4, .webp, .gif or numbered .png frames (needs ffmpeg).",
        discussion: """
            Frames are rendered without a display (software renderer) at a fixed step of 1/fps seconds, so none \
            is dropped: frame k equals `shot --script S --fps F --at k/F`. The extension of --out picks the format: \
            \(VideoFormat.extensions). The file appears only when complete.
            """
    )

    @OptionGroup package var model: ModelOptions

    @OptionGroup package var drawing: DrawingOptions

    @Option(help: "The file to write: \(VideoFormat.extensions).")
    package var out: String

    @Option(parsing: .unconditional, help: "Frames per second, 1 to 1000 (GIF: at most 50). Default: --refresh's rate when given, else 60 (GIF: 25, every frame 4/100 s).")
    package var fps: Double?

    @Option(parsing: .unconditional, help: "MP4 only: x264's constant rate factor, 0 (lossless) to 51 (worst). Default: \(VideoQuality().crf).")
    package var crf: Int?

    @Option(parsing: .unconditional, help: "WebP only: lossy quality 0 to 100. Default: lossless.")
    package var quality: Double?

    /// `--parallax` alone (a preset's amount does not clash with `--compare parallax=`).
    package var parallax: Double? { display.model.optionsGiven.parallax }

    @Option(parsing: .unconditional, help: "Stop after this many seconds of the replay (more than 0, at most \(Int(RecordCommand.longestDuration))). Default: until the script ends and the list rests.")
    package var duration: Double?

    /// A GIF's size when `--size` is not given: half the window's each way. A blog's column is
    /// 600 to 700 px wide, and a GIF's bytes grow with its area: the fling's first 4 s measured
    /// 3.0 MB at 640x400 against 9.0 MB at 1280x800 (one palette for the clip, 30 fps), and
    /// 3.4 MB at 640x400 with today's palette per frame at 25 fps (MB of 2^20 bytes).
    package static let gifSize = ViewportSize(width: 640, height: 400)

    /// Ten minutes: longer than any script may run (ScriptLimits) plus its settling.
    package static let longestDuration = 600.0

    @OptionGroup package var comparing: CompareOptions

    @OptionGroup package var budgetOptions: FrameBudgetOptions

    @Flag(help: "Draw the cost panel (the F key's overlay) with this run's measured times, in each pane: its frame graph against --refresh's budget, the main thread slowed by --cpu-slowdown.")
    package var overlay = false

    @Flag(help: "Draw cell and image outlines (the D key).")
    package var debugOutlines = false

    @Option(help: "The ffmpeg program. Default: $\(FFmpegProgram.environmentVariable), else ffmpeg on PATH.")
    package var ffmpeg: String?

    package static let crfRange = 0...51
    package static let qualityRange = 0.0...100.0

    package func validate() throws {
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
}
