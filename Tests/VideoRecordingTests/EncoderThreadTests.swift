import Foundation
import ParallaxKit
import Testing
import VideoFormats
import VideoRecording

/// The R key's writer hands its buffers back for the window to fill and keeps them for the
/// recording, and makes some ready before the first frame: a window that had to allocate a
/// fresh frame buffer whenever the queue grew paid its page faults on its own frames.
@Suite struct EncoderThreadTests {
    static let size = PixelSize(width: 64, height: 48)

    private func writer(capacity: Int) throws -> EncoderThread {
        let ffmpeg = try FFmpegProgram.locate(explicit: nil)
        let encoder = try VideoEncoder(ffmpeg: ffmpeg, size: Self.size, framesPerSecond: 60, pixelFormat: "bgr0",
                                       output: ["-f", "null", "-"])
        return EncoderThread(encoder: encoder, capacity: capacity)
    }

    /// Waits for `condition`, failing after 20 s (a state, not a sleep, decides).
    private func waitFor(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("waited 20 s for \(what)")
                throw CancellationError()
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func buffersAreReadyBeforeTheFirstFrameAndComeBackAfterIt() throws {
        let thread = try writer(capacity: 40)
        let bytes = Self.size.width * Self.size.height * 4
        var first: [UInt8] = []
        try waitFor("a buffer made ready") { first = thread.spareBuffer(); return !first.isEmpty }
        #expect(first.count == bytes)

        // 30 frames, each read into a spare when one is there, as the window does.
        var buffer = first
        for k in 0..<30 {
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: bytes) }
            buffer[0] = UInt8(k)
            #expect(try thread.offer(buffer, copies: 1))
            buffer = thread.spareBuffer()
        }
        try waitFor("the frames written") {
            if case .writing(let left) = thread.state { return left == 0 }
            return true
        }
        // Every buffer but the one written last comes back: at least the 15 made ready and
        // handed over again, where a writer that kept two spares gave back two.
        var back = buffer.isEmpty ? 0 : 1
        while !thread.spareBuffer().isEmpty { back += 1 }
        #expect(back >= EncoderThread.buffersMadeReady, "\(back) buffers came back")
        try thread.finish()
    }
}
