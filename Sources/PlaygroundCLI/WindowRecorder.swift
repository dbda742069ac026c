import Foundation
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// The window's R key: what the window shows, recorded to an MP4 in the user's videos folder
/// (`xdg-user-dir VIDEOS`) or else the current directory, until R is pressed again or the
/// window closes. The window runs on the wall clock, so each presented frame is written as
/// many times as the 60 fps timeline has advanced since the last: the video plays at the
/// speed it was seen. The window only reads each frame back; an `EncoderThread` hands it to
/// ffmpeg, and a frame that finds its queue full is dropped and counted. Written whole like
/// every file (see `RecordingOutput`).
final class WindowRecorder {
    static let framesPerSecond = 60.0
    /// x264's fastest preset: a live window shares two cores with the encoder, where
    /// `record` (offscreen, never late) can afford "medium". Measured in a 1280×800 window under
    /// Xvfb (release build, a script pressing R, flinging twice, pressing R; 3 runs each):
    /// "veryfast" captured 33–52 % of the frames, "ultrafast" 81–96 %, at a larger file.
    static let preset = "ultrafast"

    private var encoder: EncoderThread?
    private var output: RecordingOutput?
    private var startTime = 0.0
    private var framesWritten = 0
    /// Window frames that could not be captured (the encoder's queue was full, or the pixels
    /// could not be read), over every recording of the run; the next captured frame fills
    /// their place in the video, which keeps the speed it was seen at.
    private(set) var framesNotCaptured = 0

    var isRecording: Bool { output != nil }

    /// What the last start or stop said (the window shows it as a toast).
    private(set) var lastMessage: String?

    /// Seconds since the recording's first frame, at the window's time `time`.
    func elapsed(at time: Double) -> Double { startTime.isNaN ? 0 : time - startTime }

    /// Starts a recording named for the playground's scene and strategy, or stops the one running.
    func toggle(_ playground: Playground, at time: Double) {
        lastMessage = nil
        if isRecording { stop(at: time); return }
        let name = "parallax-\(playground.scene.id.name)-\(playground.effectiveStrategy.name)-\(Self.timestamp()).mp4"
        do {
            let ffmpeg = try FFmpegProgram.locate(explicit: nil)
            try FFmpegProgram.require(encoder: VideoFormat.mp4.encoder, of: ffmpeg)
            output = try RecordingOutput(path: Self.videosFolder() + "/" + name, format: .mp4)
            pendingFFmpeg = ffmpeg
            framesWritten = 0
            startTime = .nan
            FileHandle.standardError.write(Data("recording to \(output?.path ?? name) (R again to stop)\n".utf8))
            lastMessage = "Recording to \(name) — R to stop"
        } catch {
            printError("cannot record: \(error)")
            lastMessage = "Cannot record: \(error)"
            output = nil
        }
    }

    /// The ffmpeg to start at the first frame, when the frame's size is known.
    private var pendingFFmpeg: String?

    /// Writes the frame drawn so far (call before presenting), at the window's time `time`.
    func capture(_ renderer: Renderer, at time: Double) {
        guard output != nil else { return }
        let due = startTime.isNaN ? 1 : Int(((time - startTime) * Self.framesPerSecond).rounded(.down)) + 1
        // Each frame of the timeline up to now, at least one: the frame on screen fills them.
        let copies = max(1, due - framesWritten)
        let frame: RGBAImage
        do { frame = try renderer.readPixels() } catch {
            framesNotCaptured += 1
            return
        }
        do {
            if encoder == nil, let ffmpeg = pendingFFmpeg, let output {
                var quality = VideoQuality()
                quality.preset = Self.preset
                let video = try VideoEncoder(
                    ffmpeg: ffmpeg, size: frame.size, framesPerSecond: Self.framesPerSecond,
                    output: output.format.outputArguments(destination: output.encoderDestination, quality: quality))
                // At the decode threads' nice value: x264 on every core would otherwise
                // starve the photos the window is waiting for.
                video.lowerPriority(to: BackgroundThread.niceness)
                encoder = EncoderThread(encoder: video)
                pendingFFmpeg = nil
                startTime = time
            }
            guard let encoder else { return }
            guard frame.size == encoder.size else {
                printWarning("the window changed size: recording stopped")
                stop(at: time)
                return
            }
            lastFrame = frame
            if try encoder.offer(frame, copies: copies) {
                framesWritten += copies
            } else {
                framesNotCaptured += 1
            }
        } catch {
            printError("recording failed: \(error); nothing written")
            encoder?.cancel()
            encoder = nil
            output?.discard()
            output = nil
        }
    }

    /// The last frame read back, taken or dropped: it fills the video up to the stop.
    private var lastFrame: RGBAImage?

    /// Finishes the file at the window's time `time` and puts it in place (the window calls
    /// this at exit too). Frames dropped at the end are filled with the last one read, so the
    /// video lasts as long as the recording did.
    func stop(at time: Double) {
        guard let output else { return }
        defer {
            encoder = nil
            self.output = nil
            pendingFFmpeg = nil
            lastFrame = nil
        }
        guard let encoder else { output.discard(); return }
        let due = startTime.isNaN ? 0 : Int(((time - startTime) * Self.framesPerSecond).rounded(.down)) + 1
        let missing = max(0, due - framesWritten)
        do {
            try encoder.finish(appending: lastFrame, copies: missing)
            if lastFrame != nil { framesWritten += missing }
            try output.commit()
            let seconds = Double(framesWritten) / Self.framesPerSecond
            FileHandle.standardError.write(Data("saved \(output.path) (\(String(format: "%.1f", seconds)) s)\n".utf8))
            print("saved \(output.path)")
            lastMessage = "Saved \((output.path as NSString).lastPathComponent) (\(String(format: "%.1f", seconds)) s)"
        } catch {
            output.discard()
            printError("recording failed: \(error); nothing written")
            lastMessage = "Recording failed: nothing written"
        }
    }

    /// `xdg-user-dir VIDEOS` when it names a folder other than home (its answer when none is
    /// set), else the current directory. On macOS: ~/Movies, when it exists.
    static func videosFolder() -> String {
        let current = FileManager.default.currentDirectoryPath
        #if os(macOS)
        let movies = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Movies").path
        return FileManager.default.fileExists(atPath: movies) ? movies : current
        #endif
        let candidates = ["/usr/bin/xdg-user-dir", "/bin/xdg-user-dir"]
        guard let tool = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else { return current }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["VIDEOS"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return current }
        let answer = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        var isFolder: ObjCBool = false
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        guard process.terminationStatus == 0, !answer.isEmpty, answer != home,
              FileManager.default.fileExists(atPath: answer, isDirectory: &isFolder), isFolder.boolValue
        else { return current }
        return answer
    }

    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
