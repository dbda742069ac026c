import Foundation
import ParallaxKit
import Testing
import VideoFormats
@testable import VideoRecording
#if canImport(Glibc)
import Glibc
#endif

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

    #if os(Linux)
    /// A live recording's writer and ffmpeg run under SCHED_IDLE; once R stops it, both go to
    /// the ordinary policy at `finishingNiceness`, so a busy program beside the window cannot
    /// hold the file back for minutes. The "ffmpeg" here never reads its pipe, so both stay
    /// alive to be looked at: it fills, and the writer waits in its write.
    @Test(.timeLimit(.minutes(1)))
    func aStoppedRecordingLeavesIdleScheduling() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-scheduling-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Written through a descriptor that closes on exec: one a program started meanwhile
        // (this suite's other test starts ffmpeg) inherited would make running it fail with
        // ETXTBSY, a file open for writing.
        let notReading = folder + "/ffmpeg"
        let script = Array("#!/bin/sh\nexec sleep 60\n".utf8)
        let descriptor = open(notReading, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0, "cannot write \(notReading): \(String(cString: strerror(errno)))")
        let written = script.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == script.count)
        let encoder = try VideoEncoder(ffmpeg: notReading, size: Self.size, framesPerSecond: 60, pixelFormat: "bgr0",
                                       output: ["-f", "null", "-"])
        encoder.runOnlyWhenIdle()
        let ffmpeg = encoder.processIdentifier
        defer { kill(ffmpeg, SIGKILL) }
        let thread = EncoderThread(encoder: encoder, capacity: 200)
        // 150 frames of 12 KB: more than the 1 MB pipe holds.
        let bytes = [UInt8](repeating: 7, count: Self.size.width * Self.size.height * 4)
        for _ in 0..<150 { #expect(try thread.offer(bytes, copies: 1)) }
        var writer: pid_t = 0
        try waitFor("the writer under SCHED_IDLE") {
            guard let id = thread.writerThreadIdentifier else { return false }
            writer = id
            return true
        }
        func scheduling(_ id: pid_t) -> (policy: Int32, niceness: Int32) {
            (sched_getscheduler(id), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id)))
        }
        #expect(scheduling(ffmpeg).policy == SchedulingPolicy.idle)
        #expect(scheduling(writer).policy == SchedulingPolicy.idle)

        thread.close(repeatingLast: 0)
        guard case .writing(let left) = thread.state, left > 0 else {
            Issue.record("the writer should still be waiting on the full pipe, with frames left")
            return
        }
        for (name, id) in [("ffmpeg", ffmpeg), ("the writer", writer)] {
            let now = scheduling(id)
            #expect(now.policy == SchedulingPolicy.ordinary && now.niceness == EncoderThread.finishingNiceness,
                    "\(name) runs under policy \(now.policy) at nice \(now.niceness) after the recording stopped")
        }
        // ffmpeg's end fails the writer's write: the thread stops.
        kill(ffmpeg, SIGKILL)
        try waitFor("the writer to stop") {
            if case .failed = thread.state { return true }
            return false
        }
    }
    #endif
}
