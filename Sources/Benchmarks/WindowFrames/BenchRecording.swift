import FileOutput
import Foundation
import MonotonicTime
import SDLBackend
import VideoRecording

/// The window's R key inside a bench run (`photos+R`): the same `WindowRecorder` capturing
/// every frame after it is drawn and before it is presented, on the wall clock as the window's
/// does, into an MP4 in a scratch folder that is removed afterwards. What it reports is the
/// recording's measure: the share of the window's frames that reached the encoder.
final class BenchRecording {
    private let recorder = WindowRecorder()
    private let folder: String
    private var started = false
    private(set) var capturedShare: Double?

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-bench-recording-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        recorder.folder = folder
        recorder.announces = false
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private var now: Double { Double(monotonicNanoseconds()) / 1e9 }

    /// Reads back the frame drawn so far (the recorder starts with the first one).
    func capture(_ renderer: Renderer) {
        if !started {
            started = true
            recorder.toggle(named: "bench", at: now)
        }
        recorder.capture(renderer, at: now)
        _ = recorder.poll(at: now)
    }

    /// Stops and waits for the encoder, then notes the share of frames captured.
    func finish() {
        guard started else { return }
        recorder.finishAll(at: now)
        let frames = recorder.windowFramesWhileRecording
        capturedShare = frames > 0 ? Double(frames - recorder.framesNotCaptured) / Double(frames) : nil
    }
}
