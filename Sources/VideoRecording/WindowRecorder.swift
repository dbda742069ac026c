import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import SDLBackend
import VideoFormats

/// The window's R key: what the window shows, recorded to an MP4 in the user's videos folder
/// (`UserFolder.videos`: xdg-user-dir's, else ~/Videos, made if needed), until R is pressed
/// again or the window closes. The window runs on the wall clock, so each presented frame is
/// written as many times as the 60 fps timeline has advanced since the last: the video plays
/// at the speed it was seen. The window only copies each frame back into a recycled buffer; an
/// `EncoderThread` queues up to 2 s of frames for ffmpeg, which runs only on what the window
/// leaves idle; a frame that finds the queue full is dropped and counted. R again ends the
/// recording without waiting: the queue drains while the window goes on, a toast counting the
/// frames left, and the file is put in place when ffmpeg is done. Written whole like every
/// file (see `RecordingOutput`).
public final class WindowRecorder {
    public static let framesPerSecond = 60.0
    /// x264's fastest preset: a live window shares two cores with the encoder, where
    /// `record` (offscreen, never late) can afford "medium". Measured in a 1280×800 window under
    /// Xvfb (release build, a script pressing R, flinging twice, pressing R; 3 runs each):
    /// "veryfast" captured 33–52 % of the frames, "ultrafast" 81–96 %, at a larger file.
    public static let preset = "ultrafast"

    /// `--record-size`: the video's largest size; the frame is scaled down to fit it (by
    /// ffmpeg, in the same pass as its colour conversion). Nil: the frame's own size.
    public var largestVideoSize: PixelSize?

    /// The video's size for frames of `frame`: `frame` scaled to fit within `largest`, keeping
    /// its shape, each side even (H.264's 4:2:0), never larger than the frame's (even) size.
    public static func videoSize(frame: PixelSize, largest: PixelSize?) -> PixelSize {
        let evenFrame = PixelSize(width: max(2, frame.width / 2 * 2), height: max(2, frame.height / 2 * 2))
        guard let largest, largest.width < frame.width || largest.height < frame.height else { return evenFrame }
        let scale = min(Double(largest.width) / Double(frame.width), Double(largest.height) / Double(frame.height))
        func even(_ side: Int) -> Int { max(2, min((Double(side) * scale / 2).clampedInteger(Int.self, rounding: .down), Int.max / 4) * 2) }
        return PixelSize(width: min(even(frame.width), evenFrame.width), height: min(even(frame.height), evenFrame.height))
    }

    private var encoder: EncoderThread?
    private var output: RecordingOutput?
    private var startTime = 0.0
    private var framesWritten = 0
    /// The buffer the next frame is read into: a spare one handed back by the encoder's
    /// writer, or the last frame when the queue was full.
    private var buffer: [UInt8] = []
    /// Window frames that could not be captured (the encoder's queue was full, or the pixels
    /// could not be read), over every recording of the run; the next captured frame fills
    /// their place in the video, which keeps the speed it was seen at.
    public private(set) var framesNotCaptured = 0
    /// Window frames drawn while recording, captured or not, over every recording of the run.
    public private(set) var windowFramesWhileRecording = 0

    /// A recording stopped whose encoder is still writing what it queued (see
    /// WindowRecorder+Finishing.swift).
    struct Finishing {
        let encoder: EncoderThread
        let output: RecordingOutput
        /// Where it goes, for the toast's words.
        let folder: SaveFolder
        let seconds: Double
        var shownAt: Double
    }
    var finishing: [Finishing] = []

    public var isRecording: Bool { output != nil }

    /// Why the recording running stopped by itself (its encoder could not start or failed), for
    /// the next `poll` to show.
    var failure: String?

    /// What the last start or stop said (the window shows it as a toast).
    public private(set) var lastMessage: String?

    /// Seconds since the recording's first frame, at the window's time `time`.
    public func elapsed(at time: Double) -> Double { startTime.isNaN ? 0 : time - startTime }

    /// Where recordings go; nil: the videos folder (`UserFolder.videos`), asked at each R.
    /// The window bench's recording case writes to a scratch folder.
    public var folder: String?
    /// Where the recording running goes.
    private var saveFolder = SaveFolder(path: "")
    /// Whether starting, writing and saving are told on standard output and error (the
    /// window's user reads them; the bench's table must not be interleaved with them).
    public var announces = true

    public init() {}

    /// Starts a recording to `stem`.mp4 in the videos folder (the window names it for what it
    /// shows, see `timestamp`), or stops the one running.
    public func toggle(named stem: String, at time: Double) {
        lastMessage = nil
        if isRecording { stop(at: time); return }
        let name = stem + ".mp4"
        do {
            // Whether it has libx264 is asked on the encoder's thread (see `offer`).
            let ffmpeg = try FFmpegProgram.locate(explicit: nil)
            saveFolder = folder.map { SaveFolder(path: $0) } ?? UserFolder.videos.folder()
            if announces, let problem = saveFolder.problem { printWarning("no videos folder (\(problem)); recording into the current directory") }
            output = try RecordingOutput(path: saveFolder.path + "/" + name, format: .mp4)
            pendingFFmpeg = ffmpeg
            framesWritten = 0
            startTime = .nan
            if announces { FileHandle.standardError.write(Data("recording to \(output?.path ?? name) (R again to stop)\n".utf8)) }
            lastMessage = saveFolder.toast("Recording to ", output?.path ?? name, " — R to stop")
        } catch {
            printError("cannot record: \(error)")
            lastMessage = "Cannot record: \(error)"
            output = nil
        }
    }

    /// The ffmpeg to start at the first frame, when the frame's size is known.
    private var pendingFFmpeg: String?

    /// The OpenGL renderer's read-back (at once, or a frame late: see `FrameReadback`), made
    /// at a recording's first frame; nil with other renderers (the frame is then read through
    /// SDL) or between recordings.
    private var readback: FrameReadback?
    /// `PARALLAX_READBACK=a-frame-late` makes the read-back a frame late whoever draws, so the
    /// GPU's path is tested on machines without one; unset, the read-back picks for itself.
    private static let readbackTiming: FrameReadback.Timing? =
        ProcessInfo.processInfo.environment["PARALLAX_READBACK"] == "a-frame-late" ? .aFrameLate : nil
    /// Timeline frames the frame queued in `readback` stands for, not yet offered.
    private var pendingCopies = 0

    /// A frame now in `buffer`: its size, whether its rows run bottom-up (OpenGL's order, turned
    /// over by ffmpeg), and the timeline frames it stands for. Its bytes are B, G, R and an
    /// alpha to ignore (ffmpeg's "bgr0") whichever way it was read.
    private struct ReadFrame {
        var size: PixelSize
        var rowsBottomUp: Bool
        var copies: Int
    }

    /// Reads the frame drawn so far into `buffer` (or, through a read-back a frame late, queues
    /// it and takes the one before); nil when no frame is there yet.
    private func readFrame(_ renderer: Renderer, copies: Int, first: Bool) throws(SDLError) -> ReadFrame? {
        if first { readback = FrameReadback(renderer: renderer, timing: Self.readbackTiming) }
        guard let readback else { return ReadFrame(size: try renderer.readPixelsBGRA(into: &buffer), rowsBottomUp: false, copies: copies) }
        if readback.timing == .atOnce { return ReadFrame(size: readback.readNow(into: &buffer), rowsBottomUp: true, copies: copies) }
        let previous = pendingCopies
        pendingCopies = copies
        guard let size = readback.queueAndTakePrevious(into: &buffer) else { return nil }
        return ReadFrame(size: size, rowsBottomUp: false, copies: previous)
    }

    /// Reads the frame drawn so far (call before presenting), at the window's time `time`, and
    /// queues it, or the frame before it, for the encoder.
    public func capture(_ renderer: Renderer, at time: Double) {
        guard output != nil else { return }
        windowFramesWhileRecording += 1
        let first = startTime.isNaN
        if first { startTime = time }
        let due = ((time - startTime) * Self.framesPerSecond).clampedInteger(Int.self, rounding: .down) &+ 1
        // Each frame of the timeline up to now, at least one: the frame on screen fills them.
        let copies = max(1, due - framesWritten - pendingCopies)
        let read: ReadFrame?
        do { read = try readFrame(renderer, copies: copies, first: first) } catch {
            framesNotCaptured += 1
            return
        }
        guard let frame = read else { return }
        if !offer(frame) {
            printWarning("the window changed size: recording stopped")
            stop(at: time)
        }
    }

    /// Hands the frame in `buffer` to the encoder, starting it with the first frame; false
    /// when the frame's size is not the recording's (the window was resized).
    private func offer(_ frame: ReadFrame) -> Bool {
        do {
            if encoder == nil, let ffmpeg = pendingFFmpeg, let output {
                var quality = VideoQuality()
                quality.preset = Self.preset
                quality.fastConversion = true
                quality.inputRowsBottomUp = frame.rowsBottomUp
                let videoSize = Self.videoSize(frame: frame.size, largest: largestVideoSize)
                if videoSize != PixelSize(width: frame.size.width / 2 * 2, height: frame.size.height / 2 * 2) {
                    quality.scaledSize = (videoSize.width, videoSize.height)
                }
                let size = frame.size, arguments = output.format.outputArguments(destination: output.encoderDestination, quality: quality)
                // `ffmpeg -encoders` and the spawn happen on the encoder's thread: the check took
                // 100–170 ms (strace of an R press under Xvfb), a frame the window drew that late.
                encoder = EncoderThread(
                    size: size, capacity: EncoderThread.capacity(frameBytes: buffer.count, framesPerSecond: Self.framesPerSecond)
                ) { () throws(EncoderError) -> VideoEncoder in
                    try FFmpegChecks.requireLibx264(ffmpeg)
                    let video = try VideoEncoder(ffmpeg: ffmpeg, size: size, framesPerSecond: Self.framesPerSecond,
                                                 pixelFormat: "bgr0", output: arguments)
                    video.runOnlyWhenIdle()
                    return video
                }
                pendingFFmpeg = nil
            }
            guard let encoder else { return true }
            guard frame.size == encoder.size else { return false }
            if try encoder.offer(buffer, copies: frame.copies) {
                framesWritten += frame.copies
                buffer = encoder.spareBuffer()
            } else {
                framesNotCaptured += 1
            }
        } catch {
            printError("recording failed: \(error); nothing written")
            failure = "Recording failed: \(error)"
            encoder?.cancel()
            encoder = nil
            output?.discard()
            output = nil
            readback = nil
            pendingCopies = 0
        }
        return true
    }

    /// Ends the recording at the window's time `time` without waiting for the encoder: frames
    /// dropped at the end are filled with the last one queued, so the video lasts as long as
    /// the recording did; `poll` puts the file in place when ffmpeg is done.
    public func stop(at time: Double) {
        guard let output else { return }
        defer {
            encoder = nil
            self.output = nil
            pendingFFmpeg = nil
        }
        // The frame still queued in the read-back is the recording's last.
        if let readback, let size = readback.takePending(into: &buffer) {
            self.readback = nil
            _ = offer(ReadFrame(size: size, rowsBottomUp: false, copies: pendingCopies))
        }
        readback = nil
        pendingCopies = 0
        guard let encoder else { output.discard(); return }
        let due = startTime.isNaN ? 0 : ((time - startTime) * Self.framesPerSecond).clampedInteger(Int.self, rounding: .down) &+ 1
        let missing = max(0, due - framesWritten)
        encoder.close(repeatingLast: missing)
        framesWritten += missing
        finishing.append(Finishing(encoder: encoder, output: output, folder: saveFolder, seconds: Double(framesWritten) / Self.framesPerSecond, shownAt: time))
        if let said = poll(at: time, force: true) { lastMessage = said }
    }
}
