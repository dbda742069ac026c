import Foundation
import VideoFormats

/// Which ffmpeg programs have been seen to list libx264, across recordings and threads: the
/// check runs once per program, on the first recording's encoder thread.
enum FFmpegChecks {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var withLibx264: Set<String> = []

    static func requireLibx264(_ ffmpeg: String) throws(EncoderError) {
        if lock.withLock({ withLibx264.contains(ffmpeg) }) { return }
        try FFmpegProgram.require(encoder: VideoFormat.mp4.encoder, of: ffmpeg)
        lock.withLock { _ = withLibx264.insert(ffmpeg) }
    }
}
