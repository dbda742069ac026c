import FileOutput
import ChildProcesses
import Foundation
import ParallaxKit
import SDLBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an encoder could not start or finish; `message` says what to do about it.
public struct EncoderError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

/// A recording asked for something that cannot be (an --out name of no known format, a --ffmpeg
/// that is no program): the user's input, reported like every input error, with exit status 2.
public struct RecordingInputError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

/// Finds the `ffmpeg` program and checks that it has the encoders a format needs.
public enum FFmpegProgram {
    /// The environment variable naming the ffmpeg binary, for a build of ffmpeg outside PATH.
    public static let environmentVariable = "PARALLAX_FFMPEG"

    /// What to install when ffmpeg or one of its encoders is missing: Debian's `ffmpeg` has
    /// libx264, libwebp_anim, gif and png (bookworm's 5.1, checked with `ffmpeg -encoders`).
    public static let installHint = "install Debian's ffmpeg package (sudo apt-get install ffmpeg)"

    /// `explicit` (from `--ffmpeg`), else `$PARALLAX_FFMPEG`, else `ffmpeg` on PATH. A path the
    /// user named that does not exist is an input error; no ffmpeg on PATH is a missing program.
    public static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let named = explicit ?? environment[environmentVariable] {
            let source = explicit != nil ? "--ffmpeg" : "$\(environmentVariable)"
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw RecordingInputError(message: "\(source) '\(named)' is not an executable file; \(installHint), or point \(source) at an ffmpeg binary")
            }
            return named
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let found = folders.map({ $0 + "/ffmpeg" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
            return found
        }
        throw EncoderError(message: "no ffmpeg program on PATH: recording needs it; \(installHint)")
    }

    /// Fails unless `ffmpeg -encoders` lists `encoder`.
    public static func require(encoder: String, of ffmpeg: String) throws(EncoderError) {
        let listing: String
        do { listing = try SpawnedProcess.output(of: ffmpeg, ["-hide_banner", "-encoders"]).text } catch {
            throw EncoderError(message: "\(error); \(installHint)")
        }
        // Each line: flags, the encoder's name, its description.
        let names = listing.split(separator: "\n").compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
        guard names.contains(where: { $0 == encoder }) else {
            throw EncoderError(message: "\(ffmpeg) has no \(encoder) encoder (see `ffmpeg -encoders`); \(installHint)")
        }
    }
}

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
        #if os(Linux)
        // SCHED_IDLE from <sched.h> (Linux 2.6.23), a GNU extension Swift's Glibc does not import.
        let schedIdle: Int32 = 5
        var parameters = sched_param(sched_priority: 0)
        if sched_setscheduler(process.processIdentifier, schedIdle, &parameters) == 0 { return }
        #endif
        lowerPriority(to: 19)
    }

    /// The frame rate as ffmpeg reads it: a whole number when it is one.
    public static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

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
