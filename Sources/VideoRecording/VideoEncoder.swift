import FileOutput
import ChildProcesses
import Foundation
import ParallaxKit
import SDLBackend
import VideoFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `ffmpeg` process reading raw RGBA frames from a pipe, as matplotlib's FFMpegWriter
/// feeds it: `-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`, then the format's own arguments.
public final class VideoEncoder {
    public let ffmpeg: String
    public let size: PixelSize
    private let process: SpawnedProcess
    /// ffmpeg's messages go to a file, so a chatty ffmpeg cannot fill a pipe and stall.
    private let logPath: String
    private var finished = false

    /// `pixelFormat` names the frames' byte order as ffmpeg's rawvideo reads it: "rgba" for
    /// `RGBAImage`s, "bgr0" for `Renderer.readPixelsBGRA` (B, G, R and an alpha to ignore).
    public init(ffmpeg: String, size: PixelSize, framesPerSecond: Double, pixelFormat: String = "rgba",
         inputs extraInputs: [String] = [], output: [String]) throws(EncoderError) {
        self.ffmpeg = ffmpeg
        self.size = size
        let log: (path: String, handle: FileHandle)
        do { log = try OutputFile.scratchFile(prefix: "parallax-ffmpeg.log") } catch {
            throw EncoderError(message: "cannot make a file for ffmpeg's messages: \(error.message)")
        }
        logPath = log.path
        // A write to a pipe whose reader died must fail with EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(size.width)x\(size.height)",
                         "-r", Self.rate(framesPerSecond), "-i", "-"] + extraInputs + output
        defer { try? log.handle.close() }
        do {
            process = try SpawnedProcess(program: ffmpeg, arguments: arguments, input: .pipe, output: .null,
                                         error: .descriptor(log.handle.fileDescriptor))
        } catch {
            unlink(logPath)
            throw EncoderError(message: "\(error); \(FFmpegProgram.installHint)")
        }
        Self.widenPipe(process.inputDescriptor)
    }

    /// Linux's pipe holds 64 KB unless asked for more: a 1280×800 frame (4 MB) then took 64
    /// writes, each waking ffmpeg to read 64 KB, about 13,000 switches between the two in a
    /// 3 s recording (`perf sched timehist`). 1 MB is what an unprivileged process may ask
    /// (/proc/sys/fs/pipe-max-size's default); where refused, the pipe stays as it was.
    static func widenPipe(_ descriptor: Int32) {
        #if os(Linux)
        // F_SETPIPE_SZ from <fcntl.h> (Linux 2.6.35), a GNU extension Swift's Glibc does not import.
        let setPipeSize: Int32 = 1031
        _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        #endif
    }

    deinit {
        if !finished { cancel() }
    }

    /// Lowers ffmpeg's priority to `niceness` (its encoding threads, started with the first
    /// frame, inherit it): a recording of the window must yield to the window's own work.
    public func lowerPriority(to niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.processIdentifier), niceness)
    }

    /// Lets ffmpeg run only on a core nothing else wants (Linux's SCHED_IDLE, which its
    /// encoding threads, started with the first frame, inherit): a live recording must never
    /// take a core from the window it records. Where that is refused (or off Linux), the
    /// lowest nice value, 19.
    public func runOnlyWhenIdle() {
        if Self.scheduleOnlyWhenIdle(process.processIdentifier) { return }
        lowerPriority(to: 19)
    }

    /// Puts `id` (a process, a thread's id, or 0 for the calling thread: Linux applies a policy
    /// per thread) under SCHED_IDLE; false where that is refused or not available.
    static func scheduleOnlyWhenIdle(_ id: pid_t) -> Bool {
        #if os(Linux)
        // SCHED_IDLE from <sched.h> (Linux 2.6.23), a GNU extension Swift's Glibc does not import.
        let schedIdle: Int32 = 5
        var parameters = sched_param(sched_priority: 0)
        return sched_setscheduler(id, schedIdle, &parameters) == 0
        #else
        return false
        #endif
    }

    /// The frame rate as ffmpeg reads it: a whole number when it is one.
    public static func rate(_ fps: Double) -> String { fps.written() }

    /// Sends one frame; fails when ffmpeg has stopped reading (it exited: see its message).
    public func write(_ frame: RGBAImage) throws(EncoderError) {
        precondition(frame.size == size, "every frame must have the encoder's size")
        try write(bytes: frame.bytes)
    }

    /// Sends one frame's bytes, in the pixel format the encoder was made with.
    public func write(bytes: [UInt8]) throws(EncoderError) {
        precondition(bytes.count == size.width * size.height * 4, "every frame must have the encoder's size")
        let fd = process.inputDescriptor
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            let reason = String(cString: strerror(failure))
            throw EncoderError(message: "ffmpeg stopped reading frames (\(reason)): \(finishAfterFailure())")
        }
    }

    /// Ends the input and waits for ffmpeg; fails with its message when it did not succeed.
    public func finish() throws(EncoderError) {
        process.closeInput()
        let ended = process.wait()
        finished = true
        let log = readLog()
        guard ended.succeeded else {
            throw EncoderError(message: "ffmpeg failed (\(ended)): \(log.isEmpty ? "no message" : log)")
        }
    }

    /// Stops ffmpeg without waiting for it to finish the file (the caller removes it).
    public func cancel() {
        guard !finished else { return }
        finished = true
        process.closeInput()
        process.terminate()
        process.wait()
        _ = readLog()
    }

    private func finishAfterFailure() -> String {
        process.closeInput()
        let ended = process.wait()
        finished = true
        let log = readLog()
        return log.isEmpty ? ended.description : log
    }

    /// ffmpeg's last lines, and the log file removed.
    private func readLog() -> String {
        defer { unlink(logPath) }
        let text = String(decoding: FileManager.default.contents(atPath: logPath) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n").suffix(4).joined(separator: " / ")
    }
}
