import ChildProcesses
import Foundation

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
